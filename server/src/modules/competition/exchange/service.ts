import type { Lang, MeetExportVO, RoundName, RoundVO, StartVO } from '@baton/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.js';
import { athlete, compRound, delegation, entry, group, groupItem, item } from '../../../db/schema/index.js';
import { badInput, say } from '../../../lib/errors.js';
import { uploadedFile } from '../../../lib/excel.js';
import type { CurrentUser } from '../../../plugins/auth.js';
import { loadForms } from '../../apply/forms.js';
import { isUpload } from '../../apply/rules.js';
import { requireCompetition } from '../access.js';
import { loadEvents, loadRounds } from '../views.js';
import { type HytekAthlete, type HytekEntry, writeHytek } from './hytek.js';
import { type LynxPerson, writeEvt, writePpl, writeSch } from './lynx.js';
import { splitName } from './text.js';

/**
 * Timing and data exchange of a meeting (issue 6): FinishLynx start lists out and `.lif`
 * results in, Hy-Tek entry files out and in, and the meet as JSON. Exports are for the
 * meeting's managers (the Hy-Tek file carries ID numbers, which its import needs), and so is
 * the Hy-Tek import; the `.lif` imports are results entry (need 'officiate', lif-routes.ts).
 * Files are read from the request body only, never from a path.
 */

/** The uploaded file (multipart field `file`), with a message naming what was expected. */
export function fileOf(body: unknown, zh: string, en: string): Buffer {
  try {
    return uploadedFile(body);
  } catch {
    throw badInput(`请选择要导入的${zh}`, `choose the ${en} to import (form field "file")`);
  }
}

// ─── FinishLynx export ───────────────────────────────────────────────────────────────────

const ROUND_LABEL: Record<RoundName, { zh: string; en: string }> = {
  heats: { zh: '预赛', en: 'Heats' },
  semi: { zh: '半决赛', en: 'Semi-final' },
  final: { zh: '决赛', en: 'Final' },
  qualification: { zh: '及格赛', en: 'Qualification' },
};

/** Every round of a meeting through the one read model, in event and round order. */
async function meetingRounds(db: DbOrTx, meetingId: number): Promise<RoundVO[]> {
  const ids = await db
    .select({ id: compRound.id })
    .from(compRound)
    .where(eq(compRound.meetingId, meetingId))
    .orderBy(asc(compRound.groupItemId), asc(compRound.index));
  return loadRounds(
    db,
    ids.map((r) => r.id),
  );
}

/** The Lynx numbers of a heat: event = group item id, round = index + 1, heat = its number. */
export const lynxSlot = (r: Pick<RoundVO, 'groupItemId' | 'index'>, heatNumber: number) => ({
  event: r.groupItemId,
  round: r.index + 1,
  heat: heatNumber,
});

/** The Lynx "lane": the lane, or the start position in races not run in lanes. */
export const lynxLane = (s: Pick<StartVO, 'lane' | 'position'>) => s.lane ?? s.position;
const affiliationOf = (s: Pick<StartVO, 'delegationShort' | 'delegationName'>) => s.delegationShort || s.delegationName;

/** The published heats of the timed events (results in time), in running order. */
async function timedHeats(db: DbOrTx, meetingId: number, lang: Lang) {
  const rounds = await meetingRounds(db, meetingId);
  const out: {
    at: string;
    slot: ReturnType<typeof lynxSlot>;
    name: string;
    distance: number | null;
    starts: StartVO[];
  }[] = [];
  for (const r of rounds) {
    if (r.event.resultFormat !== 'time') continue;
    const e = r.event;
    const label = ROUND_LABEL[r.name];
    const name = `${say(lang, e.groupName, e.groupNameEn || e.groupName)} ${say(lang, e.itemName, e.itemNameEn || e.itemName)} ${say(lang, label.zh, label.en)}`;
    for (const h of r.heats) {
      if (h.status !== 'set') continue;
      out.push({
        at: h.scheduledAt ?? r.scheduledAt ?? '9999',
        slot: lynxSlot(r, h.number),
        name,
        distance: raceDistance(e.itemCode),
        starts: h.starts,
      });
    }
  }
  return out.sort(
    (a, b) =>
      a.at.localeCompare(b.at) ||
      a.slot.event - b.slot.event ||
      a.slot.round - b.slot.round ||
      a.slot.heat - b.slot.heat,
  );
}

export type LynxFile = 'evt' | 'ppl' | 'sch';

/**
 * The race distance in metres an item code names: `100`, `400H`, `3000SC` → 100, 400, 3000;
 * relays `4x100` → 400; null for anything else (road, combined events, field events).
 */
export function raceDistance(code: string): number | null {
  const relay = /^(\d)x(\d{2,4})$/i.exec(code);
  if (relay) return Number(relay[1]) * Number(relay[2]);
  const m = /^(\d{2,5})(H|SC)?$/i.exec(code);
  return m ? Number(m[1]) : null;
}

export async function lynxExport(db: Db, u: CurrentUser, meetingId: number, file: LynxFile, lang: Lang) {
  await requireCompetition(db, u, meetingId, 'manage');
  const heats = await timedHeats(db, meetingId, lang);
  if (file === 'sch') return writeSch(heats.map((h) => h.slot));
  if (file === 'evt') {
    const evt = heats.map((h) => ({
      ...h.slot,
      name: h.name,
      distance: h.distance,
      competitors: h.starts.map((s) => {
        const n = s.relayTeamId !== null ? { last: s.name, first: '' } : splitName(s.name);
        return {
          id: s.bib ?? '',
          lane: lynxLane(s),
          lastName: n.last,
          firstName: n.first,
          affiliation: affiliationOf(s),
        };
      }),
    }));
    return writeEvt(evt);
  }
  const people = new Map<string, LynxPerson>();
  for (const h of heats) {
    for (const s of h.starts) {
      if (!s.bib || s.relayTeamId !== null) continue;
      const n = splitName(s.name);
      people.set(s.bib, { id: s.bib, lastName: n.last, firstName: n.first, affiliation: affiliationOf(s) });
    }
  }
  return writePpl([...people.values()].sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true })));
}

// ─── Hy-Tek export ───────────────────────────────────────────────────────────────────────

/** Keys of the form fields that hold uploads (file ids mean nothing in another meeting). */
async function uploadKeys(db: DbOrTx, meetingId: number): Promise<Set<string>> {
  const forms = await loadForms(db, meetingId);
  return new Set([...forms.athlete, ...[...forms.groupFields.values()].flat()].filter(isUpload).map((f) => f.key));
}

export async function hytekExport(db: Db, u: CurrentUser, meetingId: number): Promise<string> {
  await requireCompetition(db, u, meetingId, 'manage');
  const groups = await db
    .select({ id: group.id })
    .from(group)
    .where(eq(group.meetingId, meetingId))
    .orderBy(asc(group.sort), asc(group.id));
  const division = new Map(groups.map((g, i) => [g.id, i + 1]));
  const people = await db
    .select({ a: athlete, d: delegation, groupName: group.name })
    .from(athlete)
    .innerJoin(delegation, eq(delegation.id, athlete.delegationId))
    .innerJoin(group, eq(group.id, athlete.groupId))
    .where(eq(athlete.meetingId, meetingId))
    .orderBy(asc(delegation.id), asc(athlete.name), asc(athlete.id));
  const entries = await db
    .select({ athleteId: entry.athleteId, seedMark: entry.seedMark, code: item.code, groupId: groupItem.groupId })
    .from(entry)
    .innerJoin(groupItem, eq(groupItem.id, entry.groupItemId))
    .innerJoin(item, eq(item.id, groupItem.itemId))
    .where(eq(entry.meetingId, meetingId))
    .orderBy(asc(entry.athleteId), asc(groupItem.sort), asc(groupItem.id));
  const uploads = await uploadKeys(db, meetingId);
  const person = new Map(
    people.map(({ a, d }) => {
      const n = splitName(a.name);
      return [
        a.id,
        {
          lastName: n.last,
          firstName: n.first,
          gender: a.gender,
          birthDate: a.birthDate,
          teamCode: d.shortName || d.name,
          teamName: d.name,
        },
      ] as const;
    }),
  );
  const athletes: HytekAthlete[] = people.map(({ a, groupName }) => ({
    ...person.get(a.id)!,
    idType: a.idType,
    idNumber: a.idNumber ?? '',
    nameEn: a.nameEn ?? '',
    group: groupName,
    fields: Object.fromEntries(Object.entries(a.fields).filter(([k]) => !uploads.has(k))),
  }));
  const lines: HytekEntry[] = [];
  const bibOf = new Map(people.map(({ a }) => [a.id, a.bib ?? '']));
  for (const e of entries) {
    const p = person.get(e.athleteId);
    if (!p) continue;
    lines.push({
      ...p,
      eventCode: e.code,
      mark: e.seedMark ?? '',
      measure: 'M',
      division: division.get(e.groupId) ?? null,
      bib: bibOf.get(e.athleteId) ?? '',
    });
  }
  return writeHytek(athletes, lines);
}

// ─── The meet as JSON ────────────────────────────────────────────────────────────────────

export async function meetExport(db: Db, u: CurrentUser, meetingId: number): Promise<MeetExportVO> {
  const { meeting: m } = await requireCompetition(db, u, meetingId, 'manage');
  const delegations = await db
    .select({ id: delegation.id, name: delegation.name, shortName: delegation.shortName })
    .from(delegation)
    .where(eq(delegation.meetingId, meetingId))
    .orderBy(asc(delegation.id));
  // Competitors: athletes sent to the meeting (submitted or approved), and anyone on a start list.
  const competitors = await db
    .select({
      athleteId: athlete.id,
      bib: athlete.bib,
      name: athlete.name,
      nameEn: athlete.nameEn,
      gender: athlete.gender,
      birthDate: athlete.birthDate,
      groupId: athlete.groupId,
      delegationId: athlete.delegationId,
    })
    .from(athlete)
    .where(
      and(
        eq(athlete.meetingId, meetingId),
        sql`(${athlete.status} in ('submitted', 'approved') or exists (select 1 from comp_start s where s.athlete_id = ${athlete.id}))`,
      ),
    )
    .orderBy(asc(athlete.delegationId), asc(athlete.name), asc(athlete.id));
  const events = (await loadEvents(db, meetingId)).map((e) => ({ eventNumber: e.groupItemId, ...e }));
  const units = await meetingRounds(db, meetingId);
  const results: MeetExportVO['results'] = [];
  for (const r of units) {
    for (const h of r.heats) {
      for (const s of h.starts) {
        if (s.mark === null && s.code === null) continue;
        results.push({
          eventNumber: r.groupItemId,
          roundId: r.id,
          heatId: h.id,
          heatStatus: h.status,
          startId: s.id,
          athleteId: s.athleteId,
          relayTeamId: s.relayTeamId,
          delegationId: s.delegationId,
          bib: s.bib,
          name: s.name,
          place: s.place,
          mark: s.mark,
          value: s.value,
          code: s.code,
          wind: s.wind ?? (r.event.windMeasured ? h.wind : null),
          reactionTime: s.reactionTime,
          qualifier: s.qualifier,
          points: s.points,
          record: s.record,
        });
      }
    }
  }
  return {
    format: 'baton-meet',
    version: 1,
    exportedAt: new Date().toISOString(),
    meeting: {
      id: m.id,
      code: m.code,
      name: m.name,
      nameEn: m.nameEn,
      venue: m.venue,
      startDate: String(m.startDate),
      endDate: String(m.endDate),
      timeZone: m.timeZone,
    },
    delegations,
    competitors: competitors.map(({ birthDate, ...c }) => ({ ...c, birthYear: Number(String(birthDate).slice(0, 4)) })),
    events,
    units,
    results,
  };
}
