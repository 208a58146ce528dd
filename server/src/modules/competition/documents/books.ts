import type { BookPaper, CompetitionEventVO, Lang, RoundVO, StartVO } from '@baton/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { coach, compRecord, delegation, meetingAdmin, meetingOfficial, user } from '../../../db/schema/index.js';
import type { Report } from '../../../lib/jobs.js';
import { rowsOf } from '../../../lib/sql.js';
import type { MeetingRow } from '../../meetings/access.js';
import { combinedStanding } from '../combined/service.js';
import { teamScores } from '../scores/service.js';
import { loadEvents, loadRound } from '../views.js';
import { bibAthletes } from './bibs-docs.js';
import { fileName, markText, windText } from './format.js';
import { type Words, words } from './labels.js';
import { A4, A5, ACCENT, type Column, GREY, INK, MARGIN, Pdf, type Row, RULE } from './pdf.js';
import { drawRichText, richTextBlocks } from './rich-text.js';
import { drawMedalTable, drawScoringRules, drawSportsmanship, drawTeamPoints } from './scores-docs.js';
import {
  type DocumentFile,
  drawResults,
  drawStartList,
  eventLabel,
  meetingHeader,
  now,
  resultsLegend,
} from './service.js';
import { drawTimetable, loadTimetable } from './timetable-docs.js';

/**
 * The two books of a meeting (issue 24), one PDF each, made from the live data with the drawing
 * functions of the single documents (service.ts):
 * - 秩序册 (programme): cover, contents, officials, delegations (leader, coaches, athletes with
 *   bib, gender and group; one block each, with its bib range), the timetable by session, every
 *   first round's start list or field order, the meeting records to beat;
 * - 成绩册 (results book): cover, contents, every official round in schedule order, the records
 *   broken, team scores with the scoring rules, the medal table, the sportsmanship awards, the
 *   combined events' score sheets.
 * The cover prints the meeting's name, the book's title, its dates and venue and its organisers
 * (one line each, as the committee typed them); the programme opens with the 竞赛规程 the committee
 * wrote (the meeting's rich text, rich-text.ts), and the scoring rules print with the team table.
 *
 * Contents with page numbers in one pass: the sections are known before anything is drawn (their
 * titles come from the schedule, not from what they print), so the contents' pages are counted and
 * left blank after the cover, the sections drawn recording the page each heading lands on, then
 * the contents written onto the pages kept for them. Page numbers are the PDF's own (the cover is
 * page 1), as a reader's "go to page" and the footers count.
 */

/** A book's file and its number of pages. */
export type BookFile = DocumentFile & { pages: number };

export interface BookOptions {
  lang: Lang;
  paper: BookPaper;
  /** Every heading and name in `lang`, then in the other language. */
  bilingual?: boolean;
}

interface Section {
  /** The numbered title ("3.2 Delegation"), printed alike as the heading and in the contents. */
  title: string;
  level: 1 | 2;
  draw: () => void | Promise<void>;
}

const HEAD = { 1: 15, 2: 11 } as const;
const TOC_LINE = 15;
const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Lays a book out: cover, contents pages kept blank, sections, then the contents written. */
class Book {
  private readonly sections: Section[] = [];
  private chapter = 0;
  private sub = 0;

  constructor(
    readonly pdf: Pdf,
    readonly w: Words,
    private readonly m: MeetingRow,
    private readonly bookTitle: string,
  ) {}

  /** A chapter: starts a page; its sub-sections follow. */
  chapterOf(title: string, draw: () => void | Promise<void>) {
    this.chapter += 1;
    this.sub = 0;
    this.sections.push({ title: `${this.chapter} ${title}`, level: 1, draw });
  }

  subOf(title: string, draw: () => void | Promise<void>) {
    this.sub += 1;
    this.sections.push({ title: `${this.chapter}.${this.sub} ${title}`, level: 2, draw });
  }

  get total() {
    return this.sections.length;
  }

  private header(subtitle?: string) {
    const { w, m } = this;
    return meetingHeader(w, m, this.bookTitle, subtitle, `${m.startDate} – ${m.endDate}`);
  }

  private cover() {
    const { pdf, w, m } = this;
    pdf.addPage({ bare: true });
    const cx = pdf.width / 2;
    const wide = pdf.width - 2 * MARGIN - 24;
    const scale = pdf.width / A4[0];
    let y = pdf.height * 0.72;
    const name = w.own(m.name, m.nameEn);
    for (const line of pdf.wrap(name, pdf.bold, 24 * scale, wide)) {
      pdf.text(line, cx, y, { size: 24 * scale, bold: true, align: 'center' });
      y -= 32 * scale;
    }
    const alt = w.lang === 'en' ? m.name : m.nameEn;
    if (alt && alt !== name) {
      pdf.text(alt, cx, y, { size: 12 * scale, color: GREY, align: 'center', maxWidth: wide });
      y -= 24 * scale;
    }
    y -= 40 * scale;
    pdf.text(this.bookTitle, cx, y, { size: 40 * scale, bold: true, color: ACCENT, align: 'center', maxWidth: wide });
    y -= 30 * scale;
    pdf.line(cx - 80 * scale, y, cx + 80 * scale, y, ACCENT, 1.2);
    let low = pdf.height * 0.26;
    const facts: [string, string][] = [
      [w.w('dates'), m.startDate === m.endDate ? m.startDate : `${m.startDate} – ${m.endDate}`],
      ...(m.venue ? [[w.w('venue'), m.venue] as [string, string]] : []),
    ];
    for (const [label, value] of facts) {
      pdf.text(`${label}  ${value}`, cx, low, { size: 12 * scale, align: 'center', maxWidth: wide });
      low -= 20 * scale;
    }
    // The organisers, under the facts (at most eight lines: the cover is one page).
    const organisers = m.organisers.split('\n').filter(Boolean).slice(0, 8);
    if (organisers.length) low -= 8 * scale;
    for (const line of organisers) {
      pdf.text(line, cx, low, { size: 11 * scale, align: 'center', maxWidth: wide });
      low -= 17 * scale;
    }
    pdf.text(w.w('printedAt', { t: now(w) }), cx, MARGIN + 8, { size: 8, color: GREY, align: 'center' });
  }

  /** How many contents lines a page holds (below the header and the "Contents" heading). */
  private tocCapacity(): number {
    const top = this.pdf.y - (HEAD[1] + 2 + 6 + 8);
    return Math.max(1, Math.floor((top - this.pdf.bottom) / TOC_LINE));
  }

  private heading(level: 1 | 2, title: string) {
    const { pdf } = this;
    const size = HEAD[level];
    pdf.y -= size + 2;
    pdf.text(title, MARGIN, pdf.y, { size, bold: true, color: level === 1 ? ACCENT : INK, maxWidth: pdf.inner });
    pdf.y -= level === 1 ? 8 : 6;
    if (level === 1) {
      pdf.line(MARGIN, pdf.y, pdf.width - MARGIN, pdf.y, ACCENT, 0.8);
      pdf.y -= 8;
    }
  }

  /** Draw the whole book; `report(done, total)` after each section. */
  async render(report: Report): Promise<{ bytes: Uint8Array; pages: number }> {
    const { pdf, w } = this;
    const total = this.sections.length + 1;
    // Titles cut once to what both the heading and the contents line hold.
    for (const s of this.sections) s.title = pdf.fit(s.title, pdf.bold, HEAD[s.level], pdf.inner - 72);
    this.cover();
    pdf.setHeader(this.header(w.w('contents')));
    pdf.addPage();
    const tocTop = pdf.y;
    const perPage = this.tocCapacity();
    const tocPages = [pdf.page];
    for (let n = perPage; n < this.sections.length; n += perPage) tocPages.push(pdf.addPage());
    const pageOf: number[] = [];
    for (const [i, s] of this.sections.entries()) {
      if (s.level === 1) {
        pdf.setHeader(this.header(s.title.replace(/^\d+ /, '')));
        pdf.addPage();
      } else {
        // The heading with room for a few lines under it, else on the next page.
        pdf.room(HEAD[2] + 80);
      }
      pageOf.push(pdf.pages.length);
      this.heading(s.level, s.title);
      await s.draw();
      report(i + 1, total);
      await yieldTurn();
    }
    // The contents, on the pages kept for them.
    this.sections.forEach((s, i) => {
      const at = Math.floor(i / perPage);
      pdf.page = tocPages[at]!;
      if (i % perPage === 0) {
        // Below the page header, drawn when the page was added.
        pdf.y = tocTop;
        this.heading(1, w.w('contents'));
      }
      const indent = s.level === 1 ? 0 : 16;
      const size = s.level === 1 ? 10 : 9;
      pdf.y -= TOC_LINE;
      const x = MARGIN + indent;
      const width = pdf.text(s.title, x, pdf.y, { size, bold: s.level === 1, maxWidth: pdf.inner - indent - 40 });
      const number = String(pageOf[i]);
      const right = pdf.width - MARGIN;
      const numberWidth = pdf.widthOf(pdf.regular, number, size);
      pdf.text(number, right, pdf.y, { size, align: 'right', bold: s.level === 1 });
      if (x + width + 6 < right - numberWidth - 6) {
        pdf.page.drawLine({
          start: { x: x + width + 6, y: pdf.y + 2 },
          end: { x: right - numberWidth - 6, y: pdf.y + 2 },
          color: RULE,
          thickness: 0.8,
          dashArray: [1, 2.5],
        });
      }
    });
    const bytes = await pdf.save(now(w));
    report(total, total);
    return { bytes, pages: pdf.pages.length };
  }
}

/** Paper in points. */
const PAPER: Record<BookPaper, [number, number]> = { A4, A5 };

async function newBook(m: MeetingRow, o: BookOptions, title: (w: Words) => string) {
  const w = words(o.lang, m.timeZone, o.bilingual);
  const pdf = await Pdf.create(w, meetingHeader(w, m, title(w)), PAPER[o.paper]);
  return new Book(pdf, w, m, title(w));
}

/* ---------------------------------------------------------------------------------------------
 * Programme (秩序册)
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

function roundTitle(w: Words, e: CompetitionEventVO, r: CompetitionEventVO['rounds'][number]) {
  return [eventLabel(w, e), r.discipline ?? '', w.round(r.name)].filter(Boolean).join(' · ');
}

/* ---------------------------------------------------------------------------------------------
 * Results book (成绩册)
 */

export async function resultsBook(db: DbOrTx, m: MeetingRow, o: BookOptions, report: Report): Promise<BookFile> {
  const book = await newBook(m, o, (w) => w.w('resultsBook'));
  const { pdf, w } = book;
  const events = await loadEvents(db, m.id);
  // The rounds with at least one official heat, in schedule order (then the events' order).
  const officialRounds = new Set(
    (
      await rowsOf<{ id: number }>(
        db.execute(
          sql`select distinct round_id as id from comp_heat where meeting_id = ${m.id} and status = 'official'`,
        ),
      )
    ).map((r) => Number(r.id)),
  );
  const rounds = events
    .flatMap((e, order) =>
      e.rounds
        .filter((r) => officialRounds.has(r.id))
        .map((r) => ({ e, r, order, at: r.scheduledAt ?? e.scheduledAt })),
    )
    .sort((a, b) => {
      if (a.at !== b.at) return a.at === null ? 1 : b.at === null ? -1 : a.at < b.at ? -1 : 1;
      return a.order - b.order || a.r.index - b.r.index;
    });
  const broken: { round: RoundVO; start: StartVO; wind: number | null }[] = [];
  book.chapterOf(w.w('resultsSection'), () => {
    if (rounds.length) resultsLegend(pdf, w);
    else pdf.note(w.w('noEntries'));
  });
  for (const { e, r } of rounds) {
    book.subOf(roundTitle(w, e, r), async () => {
      const round = await loadRound(db, r.id);
      if (!round) return;
      drawResults(pdf, w, round);
      for (const h of round.heats) {
        if (h.status !== 'official') continue;
        // A race's wind is the heat's (TR 29.12); a field mark's is its trial's.
        const field = round.event.kind === 'field-distance' || round.event.kind === 'field-height';
        for (const s of h.starts) if (s.record) broken.push({ round, start: s, wind: field ? s.wind : h.wind });
      }
    });
  }

  book.chapterOf(w.w('recordsBroken'), () => {
    if (!broken.length) return pdf.note(w.w('noEntries'));
    pdf.table(
      [
        { label: w.w('event'), width: 2.6 },
        { label: w.w('record'), width: 0.6, align: 'center' },
        { label: w.w('name'), width: 1.6 },
        { label: w.w('delegation'), width: 2 },
        { label: w.w('mark'), width: 0.9, align: 'right' },
        { label: w.w('wind'), width: 0.6, align: 'right' },
      ],
      broken.map(({ round, start: s, wind }) => ({
        cells: [
          { text: `${eventLabel(w, round.event)} · ${w.round(round.name)}`, bold: true },
          s.record ?? '',
          s.name,
          s.delegationName,
          { text: markText(s), bold: true },
          round.event.windMeasured ? windText(wind) : '',
        ],
      })),
    );
  });

  const scores = await teamScores(db, m.id);
  book.chapterOf(w.w('teamPoints'), () => {
    pdf.note(w.w('finished', { n: scores.finished, m: scores.events }));
    drawTeamPoints(pdf, w, scores);
    pdf.heading(w.w('scoringRules'));
    drawScoringRules(pdf, w, scores);
  });
  book.chapterOf(w.w('medalTable'), () => drawMedalTable(pdf, w, scores));
  book.chapterOf(w.w('sportsmanship'), () =>
    scores.sportsmanship.length ? drawSportsmanship(pdf, w, scores) : pdf.note(w.w('noEntries')),
  );

  // Combined events: the score sheet of each (points per discipline, the mark under them).
  const combined = events.filter((e) => e.kind === 'combined' && e.rounds.some((r) => officialRounds.has(r.id)));
  if (combined.length) {
    book.chapterOf(w.w('combined'), () => undefined);
    for (const e of combined) {
      book.subOf(eventLabel(w, e), async () => {
        const standing = await combinedStanding(db, e.groupItemId);
        const counted = standing.disciplines.filter((d) => d.counted);
        const columns: Column[] = [
          { label: w.w('place'), width: 0.5, align: 'center' },
          { label: w.w('bib'), width: 0.6, align: 'center' },
          { label: w.w('name'), width: 1.3 },
          { label: w.w('delegation'), width: 1.5 },
          ...counted.map((d) => ({ label: d.code, width: 0.62, align: 'center' as const })),
          { label: w.w('total'), width: 0.7, align: 'right' },
        ];
        const rows: Row[] = standing.rows.map((r) => ({
          cells: [
            r.place === null ? '' : String(r.place),
            { text: r.bib ?? '', bold: true },
            { text: r.name, sub: r.nameEn ?? undefined },
            r.delegationName,
            ...counted.map((d) => {
              const sc = r.scores.find((x) => x.roundId === d.roundId);
              if (!sc) return '';
              return { text: String(sc.points), sub: sc.code ?? sc.mark ?? undefined };
            }),
            { text: String(r.total), bold: true },
          ],
        }));
        pdf.table(columns, rows);
        if (!standing.final) pdf.note(w.w('combinedNotFinal'));
      });
    }
  }

  return {
    filename: fileName(w.w('resultsBook'), m.code, o.bilingual ? 'bilingual' : o.lang, o.paper),
    ...(await book.render(report)),
  };
}
