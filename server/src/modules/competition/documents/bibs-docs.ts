import { BIB_LABELS_MAX, BIB_LIST_MAX, type BibDocumentQuery, type Lang } from '@baton/contracts';
import { and, asc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import {
  athlete,
  delegation,
  entry,
  group,
  groupItem,
  item,
  relayMember,
  relayTeam,
} from '../../../db/schema/index.js';
import { badInput } from '../../../lib/errors.js';
import type { CurrentUser } from '../../../plugins/auth.js';
import { requireCompetition } from '../access.js';
import { fileName } from './format.js';
import { words } from './labels.js';
import { A4, type Column, GREY, MARGIN, Pdf, RULE } from './pdf.js';
import { type DocumentFile, meetingHeader, now } from './service.js';

/* ---------------------------------------------------------------------------------------------
 * Bibs: labels with a QR code, and the list by delegation
 */

export interface BibAthlete {
  id: number;
  name: string;
  nameEn: string | null;
  gender: 'M' | 'F';
  bib: string | null;
  groupName: string;
  groupNameEn: string;
  delegationId: number;
  delegationName: string;
}

/** The meeting's athletes (submitted or approved), optionally of one delegation or group. */
export async function bibAthletes(
  db: DbOrTx,
  meetingId: number,
  q: BibDocumentQuery,
  opts: { withBib: boolean; limit: number; byDelegation: boolean },
): Promise<BibAthlete[]> {
  const where: (SQL | undefined)[] = [
    eq(athlete.meetingId, meetingId),
    inArray(athlete.status, ['submitted', 'approved']),
    opts.withBib ? isNotNull(athlete.bib) : undefined,
    q.delegationId ? eq(athlete.delegationId, q.delegationId) : undefined,
    q.groupId ? eq(athlete.groupId, q.groupId) : undefined,
  ];
  const bibOrder = [sql`length(${athlete.bib}) asc nulls last`, sql`${athlete.bib} asc nulls last`];
  return db
    .select({
      id: athlete.id,
      name: athlete.name,
      nameEn: athlete.nameEn,
      gender: athlete.gender,
      bib: athlete.bib,
      groupName: group.name,
      groupNameEn: group.nameEn,
      delegationId: delegation.id,
      delegationName: delegation.name,
    })
    .from(athlete)
    .innerJoin(group, eq(group.id, athlete.groupId))
    .innerJoin(delegation, eq(delegation.id, athlete.delegationId))
    .where(and(...where))
    .orderBy(...(opts.byDelegation ? [asc(delegation.name), asc(delegation.id)] : []), ...bibOrder, asc(athlete.name))
    .limit(opts.limit + 1);
}

export function tooMany(n: number) {
  return badInput(
    `人数超过 ${n}：请按代表队或组别分批打印`,
    `More than ${n} athletes: print by delegation or by group`,
  );
}

/**
 * Bib labels, two per A4 page (each an A5 landscape half, cut along the dashed line): the big
 * number, name, delegation and group, and a QR code of the athlete's public page
 * `<origin>/#/h5/athlete/<id>` (`origin`: see routes.ts).
 */
export async function bibsPdf(
  db: DbOrTx,
  u: CurrentUser,
  meetingId: number,
  q: BibDocumentQuery,
  origin: string,
  lang: Lang,
): Promise<DocumentFile> {
  const { meeting: m } = await requireCompetition(db, u, meetingId, 'view');
  const list = await bibAthletes(db, meetingId, q, { withBib: true, limit: BIB_LABELS_MAX, byDelegation: false });
  if (list.length > BIB_LABELS_MAX) throw tooMany(BIB_LABELS_MAX);
  if (!list.length) throw badInput('还没有分配号码', 'No bib numbers are assigned yet');
  const w = words(lang, m.timeZone);
  const pdf = await Pdf.create(w, null);
  pdf.doc.setTitle(`${w.pick(m.name, m.nameEn)} · ${w.w('bibs')}`);
  const meetingName = w.pick(m.name, m.nameEn);
  const half = A4[1] / 2;
  list.forEach((a, i) => {
    if (i % 2 === 0) pdf.addPage();
    const top = i % 2 === 0 ? A4[1] : half;
    const W = A4[0];
    if (i % 2 === 1) {
      pdf.page.drawLine({
        start: { x: 12, y: half },
        end: { x: W - 12, y: half },
        color: RULE,
        thickness: 0.6,
        dashArray: [4, 4],
      });
    }
    pdf.text(meetingName, W / 2, top - 44, { size: 13, bold: true, align: 'center', maxWidth: W - 2 * MARGIN });
    const bib = a.bib ?? '';
    const size = Math.min(150, (W - 2 * MARGIN) / Math.max(1, pdf.bold.widthOfTextAtSize(bib, 1)));
    pdf.text(bib, W / 2, top - 200, { size, bold: true, align: 'center' });
    const qrSize = 110;
    const left = MARGIN + 8;
    const maxText = W - 2 * MARGIN - qrSize - 24;
    pdf.text(a.name, left, top - 256, { size: 26, bold: true, maxWidth: maxText });
    pdf.text([a.nameEn, w.w(a.gender)].filter(Boolean).join(' · '), left, top - 276, {
      size: 11,
      color: GREY,
      maxWidth: maxText,
    });
    pdf.text(a.delegationName, left, top - 302, { size: 14, maxWidth: maxText });
    pdf.text(w.pick(a.groupName, a.groupNameEn), left, top - 322, { size: 11, color: GREY, maxWidth: maxText });
    const url = `${origin}/#/h5/athlete/${a.id}`;
    pdf.qr(url, W - MARGIN - qrSize, top - 226, qrSize);
    pdf.text(w.pick('扫码查看成绩', 'Scan for results'), W - MARGIN - qrSize / 2, top - 344, {
      size: 7,
      color: GREY,
      align: 'center',
    });
    pdf.text(url, W - MARGIN, top - 362, { size: 6, color: GREY, align: 'right', maxWidth: W - 2 * MARGIN });
  });
  const scope = await scopeName(db, q);
  return { filename: fileName(w.w('bibs'), m.code, scope), bytes: await pdf.save(now(w)) };
}

/** The delegation's or group's name for a file name. */
export async function scopeName(db: DbOrTx, q: BibDocumentQuery): Promise<string | undefined> {
  if (q.delegationId) {
    const [d] = await db.select({ n: delegation.name }).from(delegation).where(eq(delegation.id, q.delegationId));
    return d?.n;
  }
  if (q.groupId) {
    const [g] = await db.select({ n: group.name }).from(group).where(eq(group.id, q.groupId));
    return g?.n;
  }
  return undefined;
}

export async function bibListPdf(
  db: DbOrTx,
  u: CurrentUser,
  meetingId: number,
  q: BibDocumentQuery,
  lang: Lang,
): Promise<DocumentFile> {
  const { meeting: m } = await requireCompetition(db, u, meetingId, 'view');
  const list = await bibAthletes(db, meetingId, q, { withBib: false, limit: BIB_LIST_MAX, byDelegation: true });
  if (list.length > BIB_LIST_MAX) throw tooMany(BIB_LIST_MAX);
  const ids = list.map((a) => a.id);
  // Each athlete's events: individual entries and relay teams (submitted or approved), two statements.
  const events = new Map<number, string[]>();
  const add = (id: number, name: string) => events.set(id, [...(events.get(id) ?? []), name]);
  const w = words(lang, m.timeZone);
  if (ids.length) {
    const entries = await db
      .select({ id: entry.athleteId, name: item.name, nameEn: item.nameEn })
      .from(entry)
      .innerJoin(groupItem, eq(groupItem.id, entry.groupItemId))
      .innerJoin(item, eq(item.id, groupItem.itemId))
      .where(and(eq(entry.meetingId, meetingId), inArray(entry.status, ['submitted', 'approved'])))
      .orderBy(asc(item.sort), asc(item.id));
    const relays = await db
      .select({ id: relayMember.athleteId, name: item.name, nameEn: item.nameEn })
      .from(relayMember)
      .innerJoin(relayTeam, eq(relayTeam.id, relayMember.relayTeamId))
      .innerJoin(groupItem, eq(groupItem.id, relayTeam.groupItemId))
      .innerJoin(item, eq(item.id, groupItem.itemId))
      .where(and(eq(relayTeam.meetingId, meetingId), inArray(relayTeam.status, ['submitted', 'approved'])))
      .orderBy(asc(item.sort), asc(item.id));
    const wanted = new Set(ids);
    for (const r of [...entries, ...relays]) if (wanted.has(r.id)) add(r.id, w.pick(r.name, r.nameEn));
  }
  const pdf = await Pdf.create(w, meetingHeader(w, m, w.w('bibList'), undefined, `${m.startDate} – ${m.endDate}`));
  pdf.addPage();
  const columns: Column[] = [
    { label: w.w('bib'), width: 0.8, align: 'center' },
    { label: w.w('name'), width: 1.6 },
    { label: w.w('gender'), width: 0.5, align: 'center' },
    { label: w.w('group'), width: 1.3 },
    { label: w.w('events'), width: 3.2, wrap: true },
  ];
  const byDelegation = new Map<number, BibAthlete[]>();
  for (const a of list) byDelegation.set(a.delegationId, [...(byDelegation.get(a.delegationId) ?? []), a]);
  if (!byDelegation.size) pdf.note(w.w('noEntries'));
  for (const team of byDelegation.values()) {
    const title = team[0]!.delegationName;
    const right = `${team.length}`;
    pdf.heading(title, right);
    pdf.table(
      columns,
      team.map((a) => ({
        cells: [
          { text: a.bib ?? '—', bold: true },
          { text: a.name, sub: a.nameEn ?? undefined },
          w.w(a.gender),
          w.pick(a.groupName, a.groupNameEn),
          (events.get(a.id) ?? []).join('、'),
        ],
      })),
      () => pdf.heading(title, right),
    );
  }
  const scope = await scopeName(db, q);
  return { filename: fileName(w.w('bibList'), m.code, scope), bytes: await pdf.save(now(w)) };
}
