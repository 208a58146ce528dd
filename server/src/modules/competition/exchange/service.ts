import {
  type AthleteBody,
  HYTEK_MAX_BYTES,
  type ImportReport,
  type Lang,
  LIF_MAX_BYTES,
  type LifImportVO,
  type LifRowVO,
  type MarkCode,
  type MeetExportVO,
  type RoundName,
  type RoundVO,
  type StartVO,
} from '@baton/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.js';
import {
  athlete,
  compHeat,
  compLog,
  compRound,
  compStart,
  delegation,
  entry,
  group,
  groupItem,
  item,
} from '../../../db/schema/index.js';
import { AppError, badInput, notFound, say } from '../../../lib/errors.js';
import { uploadedFile } from '../../../lib/excel.js';
import { nextVersion } from '../../../lib/versioned.js';
import type { CurrentUser } from '../../../plugins/auth.js';
import type { RealtimeHub } from '../../../plugins/realtime.js';
import { createEntry } from '../../apply/entries.js';
import { loadForms } from '../../apply/forms.js';
import { checkPerson, eligibilityProblem, invalid, isUpload, messageOf, RuleError } from '../../apply/rules.js';
import { type Writing, writing } from '../../apply/scope.js';
import { addAthlete, raceError } from '../../apply/service.js';
import { requireCompetition } from '../access.js';
import { announce } from '../publish.js';
import { formatTime, parseTime, roundWind } from '../results/rules/marks.js';
import { loadEvents, loadRound, loadRounds } from '../views.js';
import { type HytekAthlete, type HytekEntry, parseHytek, personKey, writeHytek } from './hytek.js';
import { type LynxHeat, type LynxPerson, parseLif, writeEvt, writePpl, writeSch } from './lynx.js';
import { joinName, splitName, textOf } from './text.js';

/**
 * Timing and data exchange of a meeting (issue 6): FinishLynx start lists out and `.lif`
 * results in, Hy-Tek entry files out and in, and the meet as JSON. Exports are for the
 * meeting's managers (the Hy-Tek file carries ID numbers, which its import needs); imports
 * need 'manage' too. Files are read from the request body only, never from a path.
 */

/** The uploaded file (multipart field `file`), with a message naming what was expected. */
function fileOf(body: unknown, zh: string, en: string): Buffer {
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
const lynxLane = (s: Pick<StartVO, 'lane' | 'position'>) => s.lane ?? s.position;
const affiliationOf = (s: Pick<StartVO, 'delegationShort' | 'delegationName'>) => s.delegationShort || s.delegationName;

/** The published heats of the timed events (results in time), in running order. */
async function timedHeats(db: DbOrTx, meetingId: number, lang: Lang) {
  const rounds = await meetingRounds(db, meetingId);
  const out: { at: string; slot: ReturnType<typeof lynxSlot>; name: string; starts: StartVO[] }[] = [];
  for (const r of rounds) {
    if (r.event.resultFormat !== 'time') continue;
    const e = r.event;
    const label = ROUND_LABEL[r.name];
    const name = `${say(lang, e.groupName, e.groupNameEn || e.groupName)} ${say(lang, e.itemName, e.itemNameEn || e.itemName)} ${say(lang, label.zh, label.en)}`;
    for (const h of r.heats) {
      if (h.status !== 'set') continue;
      out.push({ at: h.scheduledAt ?? r.scheduledAt ?? '9999', slot: lynxSlot(r, h.number), name, starts: h.starts });
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

export async function lynxExport(db: Db, u: CurrentUser, meetingId: number, file: LynxFile, lang: Lang) {
  await requireCompetition(db, u, meetingId, 'manage');
  const heats = await timedHeats(db, meetingId, lang);
  if (file === 'sch') return writeSch(heats.map((h) => h.slot));
  if (file === 'evt') {
    const evt: LynxHeat[] = heats.map((h) => ({
      ...h.slot,
      name: h.name,
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

// ─── FinishLynx .lif import ──────────────────────────────────────────────────────────────

const CODE_WORDS: Record<string, MarkCode> = { DNS: 'DNS', DNF: 'DNF', DQ: 'DQ', DSQ: 'DQ' };

const lineError = (line: number, zh: string, en: string) => badInput(`第 ${line} 行：${zh}`, `line ${line}: ${en}`);

interface LifResult {
  place: number | null;
  mark: string | null;
  value: number | null;
  code: MarkCode | null;
  reactionTime: number | null;
}

/** What one .lif row says: a place and time, or a status code; null when it says nothing. */
function lifResult(row: { line: number; place: string; time: string; reactionTime: string }): LifResult | null {
  const placeWord = row.place.toUpperCase();
  const timeWord = row.time.toUpperCase();
  const code = CODE_WORDS[placeWord] ?? CODE_WORDS[timeWord] ?? null;
  let reactionTime: number | null = null;
  if (row.reactionTime) {
    if (!/^\d(\.\d{1,3})?$/.test(row.reactionTime)) {
      throw lineError(
        row.line,
        `反应时 ${row.reactionTime.slice(0, 20)} 无效`,
        `the reaction time ${row.reactionTime.slice(0, 20)} is not valid`,
      );
    }
    reactionTime = Number(row.reactionTime);
  }
  if (code) return { place: null, mark: null, value: null, code, reactionTime };
  if (!row.time) return null;
  // The results' time parser and display (results/rules/marks.ts): a photo-finish time is fully
  // automatic, shown to 1/100 rounded up (WA TR 19.24) whatever the decimals the file gave.
  const parsed = parseTime(row.time);
  if (!parsed) {
    throw lineError(row.line, `成绩 ${row.time.slice(0, 20)} 无效`, `the time ${row.time.slice(0, 20)} is not valid`);
  }
  let place: number | null = null;
  if (row.place) {
    if (!/^\d{1,3}$/.test(row.place) || Number(row.place) < 1) {
      throw lineError(
        row.line,
        `名次 ${row.place.slice(0, 20)} 无效`,
        `the place ${row.place.slice(0, 20)} is not valid`,
      );
    }
    place = Number(row.place);
  }
  return {
    place,
    mark: formatTime(parsed.value, Math.max(2, parsed.decimals)),
    value: parsed.value,
    code: null,
    reactionTime,
  };
}

function windOf(raw: string): number | null {
  const t = raw.trim();
  if (!t || /^nwi$/i.test(t)) return null;
  if (!/^[+-]?\d{1,2}(\.\d{1,3})?$/.test(t)) {
    throw lineError(1, `风速 ${t.slice(0, 20)} 无效`, `the wind ${t.slice(0, 20)} is not valid`);
  }
  // Rounded to the next higher 0.1 m/s (WA TR 17.13, results/rules/marks.ts).
  return roundWind(Number(t));
}

/**
 * Results of one heat from its FinishLynx `.lif` file, in one transaction: every row is matched
 * to a start row of the heat by its ID (the bib), else by its lane; a row that matches nobody
 * (or the same competitor twice), a file of another heat, or a heat that is not `set` refuses
 * the whole file. Times keep 1/1000 as given (the display rounds up to 1/100, TR 19.24);
 * results stay provisional until the results referee makes them official.
 */
export async function importLif(
  db: Db,
  hub: RealtimeHub,
  u: CurrentUser,
  heatId: number,
  body: unknown,
): Promise<LifImportVO> {
  const [h0] = await db.select({ meetingId: compHeat.meetingId }).from(compHeat).where(eq(compHeat.id, heatId));
  if (!h0) throw notFound();
  await requireCompetition(db, u, h0.meetingId, 'manage');
  const bytes = fileOf(body, ' .lif 结果文件', '.lif result file');
  if (bytes.length > LIF_MAX_BYTES) throw badInput('结果文件不能超过 1 MB', 'the result file must be at most 1 MB');
  const lif = parseLif(textOf(bytes));
  const result = await db.transaction(async (tx) => {
    const [heat] = await tx.select().from(compHeat).where(eq(compHeat.id, heatId)).for('update');
    if (!heat) throw notFound();
    if (heat.status !== 'set') {
      throw badInput(
        '只有已公布出发名单且成绩未确认的组次（状态“已公布”）可以导入成绩',
        'results can be imported only into a heat whose start list is published and whose results are not official (status “set”)',
      );
    }
    const round = await loadRound(tx, heat.roundId);
    if (!round) throw notFound();
    const want = lynxSlot(round, heat.number);
    const got = lif.header;
    if (got.event !== want.event || got.round !== want.round || got.heat !== want.heat) {
      throw badInput(
        `文件是项目 ${got.event} 第 ${got.round} 轮第 ${got.heat} 组的成绩，而所选组次为 ${want.event}-${want.round}-${want.heat}`,
        `the file holds event ${got.event} round ${got.round} heat ${got.heat}, but the heat chosen is ${want.event}-${want.round}-${want.heat}`,
      );
    }
    const starts = round.heats.find((x) => x.id === heat.id)?.starts ?? [];
    const wind = round.event.windMeasured ? windOf(got.wind) : null;
    const taken = new Map<number, number>();
    const rows: (LifRowVO & { result: LifResult })[] = [];
    for (const row of lif.rows) {
      const byBib = row.id ? starts.find((s) => s.relayTeamId === null && s.bib === row.id) : undefined;
      const byLane = byBib ? undefined : row.lane !== null ? starts.find((s) => lynxLane(s) === row.lane) : undefined;
      const s = byBib ?? byLane;
      if (!s) {
        const who = [row.id && `ID ${row.id}`, row.lane !== null && `lane ${row.lane}`].filter(Boolean).join(', ');
        throw lineError(
          row.line,
          `${joinName(row.lastName, row.firstName)}（${who || '无号码、无道次'}）不在该组出发名单中`,
          `${joinName(row.lastName, row.firstName)} (${who || 'no ID, no lane'}) is not in this heat's start list`,
        );
      }
      const twice = taken.get(s.id);
      if (twice !== undefined) {
        throw lineError(row.line, `与第 ${twice} 行是同一名运动员`, `the same competitor as line ${twice}`);
      }
      taken.set(s.id, row.line);
      const result = lifResult(row);
      if (!result) continue;
      rows.push({
        line: row.line,
        startId: s.id,
        bib: s.bib,
        lane: s.lane,
        name: s.name,
        matchedBy: byBib ? 'bib' : 'lane',
        ...result,
        result,
      });
    }
    for (const r of rows) {
      const before = starts.find((s) => s.id === r.startId)!;
      await tx
        .update(compStart)
        .set({
          place: r.result.place,
          mark: r.result.mark,
          value: r.result.value,
          code: r.result.code,
          dqRule: r.result.code === 'DQ' ? before.dqRule : null,
          reactionTime: r.result.reactionTime,
          ...nextVersion(compStart),
        })
        .where(eq(compStart.id, r.startId));
    }
    await tx
      .update(compHeat)
      .set({ ...(wind !== null ? { wind } : {}), ...nextVersion(compHeat) })
      .where(eq(compHeat.id, heat.id));
    await tx.insert(compLog).values({
      meetingId: heat.meetingId,
      roundId: heat.roundId,
      heatId: heat.id,
      action: 'lif-import',
      detail: { rows: rows.length, wind, event: got.event, round: got.round, heat: got.heat, name: got.name },
      userId: u.id,
    });
    return {
      groupItemId: round.groupItemId,
      vo: {
        heatId: heat.id,
        roundId: heat.roundId,
        wind: wind ?? (round.event.windMeasured ? heat.wind : null),
        rows: rows.map(({ result: _r, ...x }) => x),
      } satisfies LifImportVO,
    };
  });
  await announce(
    hub,
    {
      meetingId: h0.meetingId,
      groupItemId: result.groupItemId,
      roundId: result.vo.roundId,
      heatId: heatId,
      change: 'results',
    },
    false,
  );
  return result.vo;
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
    idNumber: a.idNumber,
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

// ─── Hy-Tek import ───────────────────────────────────────────────────────────────────────

/** Thrown to roll an all-or-nothing import back, carrying its report. */
class RolledBack extends Error {
  constructor(readonly report: ImportReport) {
    super('import rolled back');
  }
}

/**
 * Athletes (I records) and their entries (D or E records) from a Hy-Tek entry file, into the
 * meeting's delegations (matched by name or short name), through the registration services as
 * a manager: every rule of the registration applies (person once per meeting, eligibility,
 * limits, seed mark format). One transaction, each record in a savepoint; all-or-nothing unless
 * `validOnly`; the report lists every problem by line.
 */
export async function importHytek(
  db: Db,
  u: CurrentUser,
  meetingId: number,
  body: unknown,
  validOnly: boolean,
  lang: Lang,
): Promise<ImportReport> {
  await requireCompetition(db, u, meetingId, 'manage');
  const bytes = fileOf(body, ' Hy-Tek 报名文件', 'Hy-Tek entry file');
  if (bytes.length > HYTEK_MAX_BYTES) throw badInput('文件不能超过 2 MB', 'the file must be at most 2 MB');
  const file = parseHytek(textOf(bytes));
  const errors: ImportReport['errors'] = file.problems.map((p) => ({
    row: p.line,
    field: p.field,
    message: messageOf(badInput(p.zh, p.en), lang),
  }));
  const total = file.athletes.length + file.entries.length + file.problems.length;
  try {
    return await db.transaction(async (tx) => {
      const delegations = await tx.select().from(delegation).where(eq(delegation.meetingId, meetingId));
      const byName = new Map<string, number>();
      for (const d of delegations) {
        if (d.shortName) byName.set(d.shortName.trim().toLowerCase(), d.id);
      }
      for (const d of delegations) byName.set(d.name.trim().toLowerCase(), d.id);
      const delegationOf = (p: { teamName: string; teamCode: string }) => {
        const id = byName.get(p.teamName.toLowerCase()) ?? byName.get(p.teamCode.toLowerCase());
        if (id === undefined) {
          const name = p.teamName || p.teamCode;
          throw invalid('delegation', `本赛事没有代表队 ${name}`, `the meeting has no delegation ${name}`);
        }
        return id;
      };
      const writers = new Map<number, Writing>();
      const writer = async (dId: number) => {
        let w = writers.get(dId);
        if (!w) {
          w = await writing(tx, u, dId);
          writers.set(dId, w);
        }
        return w;
      };
      const forms = await loadForms(tx, meetingId);
      const uploads = new Set(
        [...forms.athlete, ...[...forms.groupFields.values()].flat()].filter(isUpload).map((f) => f.key),
      );
      let valid = 0;
      const fail = (row: number, err: unknown) => {
        const e = raceError(err);
        if (!(e instanceof AppError)) throw e;
        errors.push({ row, field: e instanceof RuleError ? e.field : 'idNumber', message: messageOf(e, lang) });
      };

      // Athletes (I records).
      const imported = new Map<string, { athleteId: number; groupId: number } | { failedAt: number }>();
      for (const a of file.athletes) {
        const key = personKey(a);
        try {
          if (imported.has(key)) {
            throw invalid('name', '同一运动员有多条 I 记录', 'the athlete has more than one I record');
          }
          const dId = delegationOf(a);
          const w = await writer(dId);
          const body = athleteBody(a, forms, uploads);
          const athleteId = await tx.transaction((sp) => addAthlete(sp, w, forms, body));
          imported.set(key, { athleteId, groupId: body.groupId });
          valid += 1;
        } catch (err) {
          if (!imported.has(key)) imported.set(key, { failedAt: a.line });
          fail(a.line, err);
        }
      }

      // Entries (D and E records).
      const itemsOf = await tx
        .select({ id: groupItem.id, groupId: groupItem.groupId, code: item.code })
        .from(groupItem)
        .innerJoin(item, eq(item.id, groupItem.itemId))
        .innerJoin(group, eq(group.id, groupItem.groupId))
        .where(eq(group.meetingId, meetingId));
      for (const e of file.entries) {
        try {
          const dId = delegationOf(e);
          const known = imported.get(personKey(e));
          if (known && 'failedAt' in known) {
            throw invalid(
              'name',
              `该运动员未能导入（见第 ${known.failedAt} 行）`,
              `the athlete was not imported (see line ${known.failedAt})`,
            );
          }
          const who = known ?? (await registeredAthlete(tx, dId, e));
          const gi = itemsOf.find(
            (x) => x.groupId === who.groupId && x.code.toLowerCase() === e.eventCode.toLowerCase(),
          );
          if (!gi) {
            throw invalid(
              'groupItemId',
              `该运动员所在组别没有项目 ${e.eventCode}`,
              `the athlete's group has no event ${e.eventCode}`,
            );
          }
          // createEntry runs its own transaction: on a transaction it is a savepoint of this one.
          await createEntry(tx as unknown as Db, u, {
            delegationId: dId,
            athleteId: who.athleteId,
            groupItemId: gi.id,
            seedMark: e.mark || null,
          });
          valid += 1;
        } catch (err) {
          fail(e.line, err);
        }
      }
      errors.sort((a, b) => a.row - b.row);
      const report: ImportReport = {
        total,
        valid,
        invalid: new Set(errors.map((x) => x.row)).size,
        imported: 0,
        errors,
      };
      if (errors.length && !validOnly) throw new RolledBack(report);
      report.imported = valid;
      return report;
    });
  } catch (err) {
    if (err instanceof RolledBack) return err.report;
    throw err;
  }
}

/** The athlete form an I record stands for (group by name, or the one group that fits). */
function athleteBody(a: HytekAthlete, forms: Awaited<ReturnType<typeof loadForms>>, uploads: Set<string>): AthleteBody {
  const name = joinName(a.lastName, a.firstName);
  if (name.length > 50) throw invalid('name', '姓名不能超过 50 字', 'the name is longer than 50 characters');
  if (a.nameEn.length > 100) {
    throw invalid('nameEn', '英文名不能超过 100 字', 'the English name is longer than 100 characters');
  }
  const idType = a.idType || '1';
  if (idType !== '1' && idType !== '2' && idType !== '3') {
    throw invalid('idType', `证件类型 ${a.idType} 无效`, `ID type ${a.idType} is not known`);
  }
  const idNumber = a.idNumber.replace(/\s+/g, '');
  if (!/^[0-9A-Za-z()-]{5,30}$/.test(idNumber)) {
    throw invalid(
      'idNumber',
      '证件号码（第 27 项）应为 5–30 位字母或数字',
      'the ID number (field 27) should be 5–30 letters or digits',
    );
  }
  const fields = Object.fromEntries(Object.entries(a.fields).filter(([k]) => !uploads.has(k)));
  const body: AthleteBody = {
    groupId: 0,
    name,
    nameEn: a.nameEn || null,
    idType,
    idNumber,
    ...(a.gender ? { gender: a.gender } : {}),
    ...(a.birthDate ? { birthDate: a.birthDate } : {}),
    fields,
  };
  const wanted = a.group.trim().toLowerCase();
  if (wanted) {
    const g = forms.groups.find((x) => x.name.toLowerCase() === wanted || x.nameEn.toLowerCase() === wanted);
    if (!g) throw invalid('group', `组别 ${a.group} 不存在`, `group ${a.group} does not exist`);
    return { ...body, groupId: g.id };
  }
  const p = checkPerson(body);
  const fitting = forms.groups.filter((g) => !eligibilityProblem(g, p));
  if (fitting.length !== 1) {
    throw invalid(
      'group',
      fitting.length ? '有多个组别适合该运动员，请填写组别（第 29 项）' : '没有适合该运动员的组别',
      fitting.length ? 'several groups fit this athlete; name the group (field 29)' : 'no group fits this athlete',
    );
  }
  return { ...body, groupId: fitting[0]!.id };
}

/** An athlete already registered in the delegation, for a D record without an I record. */
async function registeredAthlete(tx: DbOrTx, delegationId: number, e: HytekEntry) {
  const name = joinName(e.lastName, e.firstName);
  const rows = await tx
    .select({ athleteId: athlete.id, groupId: athlete.groupId })
    .from(athlete)
    .where(
      and(
        eq(athlete.delegationId, delegationId),
        eq(athlete.name, name),
        e.gender ? eq(athlete.gender, e.gender) : undefined,
        e.birthDate ? eq(athlete.birthDate, e.birthDate) : undefined,
      ),
    )
    .limit(2);
  if (rows.length !== 1) {
    throw invalid(
      'name',
      rows.length ? `代表队中有多名运动员叫 ${name}，请加 I 记录` : `代表队中没有运动员 ${name}，且文件中没有其 I 记录`,
      rows.length
        ? `several athletes of the delegation are called ${name}; add an I record`
        : `the delegation has no athlete ${name} and the file has no I record for one`,
    );
  }
  return rows[0]!;
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
    },
    delegations,
    competitors: competitors.map(({ birthDate, ...c }) => ({ ...c, birthYear: Number(String(birthDate).slice(0, 4)) })),
    events,
    units,
    results,
  };
}
