import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { coach, compRecord, delegation, meetingAdmin, meetingOfficial, user } from '../../../db/schema/index.js';
import type { Report } from '../../../lib/jobs.js';
import type { MeetingRow } from '../../meetings/access.js';
import { loadEvents, loadRound } from '../views.js';
import { bibAthletes } from './bibs-docs.js';
import { newBook } from './book-layout.js';
import { type BookFile, type BookOptions, roundTitle } from './books.js';
import { fileName, windText } from './format.js';
import type { Column, Row } from './pdf.js';
import { drawRichText, richTextBlocks } from './rich-text.js';
import { drawStartList, eventLabel } from './service.js';
import { drawTimetable, loadTimetable } from './timetable-docs.js';

/**
 * The programme (秩序册, issue 24; the books: books.ts): the 竞赛规程, the officials, the
 * timetable, the delegations, every first round's start list and the records to beat.
 */

const DUTY: Record<'referee' | 'call-room', 'dutyReferee' | 'dutyCallRoom'> = {
  referee: 'dutyReferee',
  'call-room': 'dutyCallRoom',
};
const ROLE = {
  leader: 'roleLeader',
  head_coach: 'roleHeadCoach',
  coach: 'roleCoach',
  doctor: 'roleDoctor',
  other: 'roleOther',
} as const;

/** A bib's order: shorter numbers first ("99" before "100"), then as text. */
const bibOrder = (a: string | null, b: string | null) => {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a.length - b.length || (a < b ? -1 : 1);
};

export async function programmeBook(db: DbOrTx, m: MeetingRow, o: BookOptions, report: Report): Promise<BookFile> {
  const book = await newBook(m, o, (w) => w.w('programme'));
  const { pdf, w } = book;

  // The 竞赛规程 the committee wrote, first (when there is one).
  const regulations = richTextBlocks(m.regulations ?? '');
  if (regulations.length) book.chapterOf(w.w('regulations'), () => drawRichText(pdf, regulations));

  // Officials: the committee (the meeting's administrators) and the officials by duty.
  const admins = await db
    .select({ name: user.nickname, username: user.username })
    .from(meetingAdmin)
    .innerJoin(user, eq(user.id, meetingAdmin.userId))
    .where(eq(meetingAdmin.meetingId, m.id))
    .orderBy(asc(user.id));
  const officials = await db
    .select({ name: user.nickname, username: user.username, duty: meetingOfficial.duty })
    .from(meetingOfficial)
    .innerJoin(user, eq(user.id, meetingOfficial.userId))
    .where(eq(meetingOfficial.meetingId, m.id))
    .orderBy(asc(meetingOfficial.duty), asc(user.id));
  book.chapterOf(w.w('officials'), () => {
    const rows: Row[] = [
      ...admins.map((a) => ({ cells: [w.w('committee'), { text: a.name || a.username, bold: true }] })),
      ...officials.map((a) => ({ cells: [w.w(DUTY[a.duty]), { text: a.name || a.username, bold: true }] })),
    ];
    if (!rows.length) return pdf.note(w.w('noEntries'));
    pdf.table(
      [
        { label: w.w('duty'), width: 2 },
        { label: w.w('name'), width: 4 },
      ],
      rows,
    );
  });

  // The timetable by session.
  const events = await loadEvents(db, m.id);
  const timetable = await loadTimetable(db, m.id, events);
  book.chapterOf(w.w('timetable'), () => drawTimetable(pdf, w, timetable));

  // Delegations: one block each, in bib order (a block's bibs are a range), leader and coaches.
  const athletes = await bibAthletes(
    db,
    m.id,
    {},
    { withBib: false, limit: Number.MAX_SAFE_INTEGER, byDelegation: true },
  );
  const teams = new Map<number, typeof athletes>();
  for (const a of athletes) teams.set(a.delegationId, [...(teams.get(a.delegationId) ?? []), a]);
  const staff = await db
    .select({ delegationId: coach.delegationId, name: coach.name, role: coach.role })
    .from(coach)
    .where(and(eq(coach.meetingId, m.id), inArray(coach.status, ['submitted', 'approved'])))
    .orderBy(asc(coach.id));
  const leaders = new Map(
    (
      await db
        .select({ id: delegation.id, leader: delegation.leaderName })
        .from(delegation)
        .where(eq(delegation.meetingId, m.id))
    ).map((d) => [d.id, d.leader]),
  );
  const ordered = [...teams.values()].sort(
    (a, b) => bibOrder(a[0]!.bib, b[0]!.bib) || a[0]!.delegationName.localeCompare(b[0]!.delegationName),
  );
  for (const list of ordered) list.sort((a, b) => bibOrder(a.bib, b.bib));
  const perRow = pdf.width > 500 ? 2 : 1;
  const columns: Column[] = Array.from({ length: perRow }, () => [
    { label: w.w('bib'), width: 0.8, align: 'center' as const },
    { label: w.w('name'), width: 1.6 },
    { label: w.w('gender'), width: 0.5, align: 'center' as const },
    { label: w.w('group'), width: 1.3 },
  ]).flat();
  book.chapterOf(w.w('delegations'), () => pdf.note(w.w('delegationCount', { n: ordered.length, m: athletes.length })));
  for (const list of ordered) {
    const d = list[0]!;
    book.subOf(d.delegationName, () => {
      const people = staff.filter((s) => s.delegationId === d.delegationId);
      const leader = leaders.get(d.delegationId) || people.find((p) => p.role === 'leader')?.name;
      const byRole = new Map<string, string[]>();
      for (const p of people) {
        if (p.role === 'leader' && p.name === leader) continue;
        byRole.set(p.role, [...(byRole.get(p.role) ?? []), p.name]);
      }
      const bibs = list.map((a) => a.bib).filter((b): b is string => !!b);
      const facts = [
        leader ? `${w.w('roleLeader')}: ${leader}` : '',
        ...[...byRole].map(
          ([role, names]) => `${w.w(ROLE[role as keyof typeof ROLE])}: ${names.join(w.lang === 'en' ? ', ' : '、')}`,
        ),
        bibs.length ? w.w('bibRange', { from: bibs[0]!, to: bibs.at(-1)! }) : w.w('noBibs'),
        w.w('athleteCount', { n: list.length }),
      ].filter(Boolean);
      pdf.note(facts.join('   '));
      const rows: Row[] = [];
      for (let i = 0; i < list.length; i += perRow) {
        rows.push({
          cells: list
            .slice(i, i + perRow)
            .flatMap((a) => [
              { text: a.bib ?? '—', bold: true },
              { text: a.name, sub: a.nameEn ?? undefined },
              w.w(a.gender),
              w.pick(a.groupName, a.groupNameEn),
            ]),
        });
      }
      pdf.table(columns, rows);
    });
  }

  // Every first round with a start list (track heats or field order), in schedule order.
  // A combined event's disciplines are each a first round (each has its own start list).
  const firstRounds = events.flatMap((e) =>
    e.rounds.filter((r) => r.heats > 0 && (e.kind === 'combined' || r.index === 0)).map((r) => ({ e, r })),
  );
  book.chapterOf(w.w('startLists'), () => {
    if (!firstRounds.length) pdf.note(w.w('noEntries'));
  });
  for (const { e, r } of firstRounds) {
    book.subOf(roundTitle(w, e, r), async () => {
      const round = await loadRound(db, r.id);
      if (round?.heats.length) drawStartList(pdf, w, round);
    });
  }

  // Records to beat.
  const records = await db
    .select()
    .from(compRecord)
    .where(eq(compRecord.meetingId, m.id))
    .orderBy(asc(compRecord.groupItemId), asc(compRecord.kind));
  const labelOf = new Map(events.map((e) => [e.groupItemId, eventLabel(w, e)]));
  book.chapterOf(w.w('records'), () => {
    if (!records.length) return pdf.note(w.w('noEntries'));
    pdf.table(
      [
        { label: w.w('event'), width: 2.6 },
        { label: w.w('record'), width: 0.6, align: 'center' },
        { label: w.w('mark'), width: 0.9, align: 'right' },
        { label: w.w('wind'), width: 0.6, align: 'right' },
        { label: w.w('holder'), width: 1.6 },
        { label: w.w('delegation'), width: 2 },
        { label: w.w('year'), width: 0.6, align: 'center' },
      ],
      records.map((r) => ({
        cells: [
          { text: labelOf.get(r.groupItemId) ?? '', bold: true },
          r.kind,
          { text: r.mark, bold: true },
          windText(r.wind),
          r.holder,
          r.delegationName ?? '',
          r.year ? String(r.year) : '',
        ],
      })),
    );
  });

  return {
    filename: fileName(w.w('programme'), m.code, o.bilingual ? 'bilingual' : o.lang, o.paper),
    ...(await book.render(report)),
  };
}
