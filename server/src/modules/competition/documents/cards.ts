import { athletesWithoutBib, type HeatVO, type Lang, type RoundVO, type StartVO } from '@baton/contracts';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { compRound, compSession } from '../../../db/schema/index.js';
import { badInput, notFound } from '../../../lib/errors.js';
import type { CurrentUser } from '../../../plugins/auth.js';
import type { MeetingRow } from '../../meetings/access.js';
import { requireCompetition, requireRound } from '../access.js';
import { loadRound, loadRounds } from '../views.js';
import { bibWarning } from './bib-warning.js';
import { fileName } from './format.js';
import { type Words, words } from './labels.js';
import { A4, type Cell, GREY, INK, MARGIN, Pdf, RULE, SHADE } from './pdf.js';
import { type DocumentFile, eventLabel, heatTitle, inLanes, isField, meetingHeader, now, runners } from './service.js';

/**
 * Judges' cards (issue 24): the sheets the officials write on during the competition, made from
 * the published start lists.
 * - Field events, one card per flight, athletes in their competition order (WA TR 25.5):
 *   horizontal jumps and throws get a trials grid (each trial, its wind where the event measures
 *   it, the best of the first trials and the place after them when the round has a cut, the
 *   best, the place); vertical jumps get a height grid (WA TR 26: per bar height three boxes for
 *   O, X or –), the announced heights printed at the top of their columns, blank columns after
 *   them for the heights still to come.
 * - Races, one sheet per heat for the timekeepers (WA TR 19): lane or order, bib, name,
 *   delegation, a time column for each of three timekeepers, the official time, the place.
 * Printed for a round, or for a session of the timetable (its rounds by time). Landscape for
 * field cards (the grids are wide), portrait for heat sheets; every heat or flight on its own
 * page, so the sheets can be handed out one by one.
 */

const LANDSCAPE: [number, number] = [A4[1], A4[0]];
/** Three timekeepers per competitor (WA TR 19.8): the chief's and two more. */
const TIMEKEEPERS = 3;
/** Height columns on one vertical-jump card; more heights continue on the next card. */
const HEIGHTS_PER_CARD = 12;
const HEAD = 24;
const ROW = 25;

const TITLES = {
  cards: ['裁判记录表', "Judges' cards"],
  field: ['田赛记录表', 'Field event card'],
  track: ['径赛计时记录表', "Timekeepers' heat sheet"],
} as const;

function says(w: Words) {
  const p = (zh: string, en: string) => w.pick(zh, en);
  return {
    p,
    title: (k: keyof typeof TITLES) => p(TITLES[k][0], TITLES[k][1]),
    timekeeper: (n: number) => p(`计时员${n}`, `Timer ${n}`),
  };
}

/* ---------------------------------------------------------------------------------------------
 * A writing grid: a table with every cell boxed and rows tall enough to write in by hand.
 */

interface GridColumn {
  label: string;
  /** A small second header line. */
  sub?: string;
  width: number;
  align?: 'left' | 'center' | 'right';
  /** Boxes inside each cell (three attempts at a bar height). */
  boxes?: number;
  /** Filled in by hand: the cells are left blank and the header shaded darker. */
  write?: boolean;
}

function grid(pdf: Pdf, columns: GridColumn[], rows: Cell[][], again: () => void) {
  const total = columns.reduce((s, c) => s + c.width, 0);
  const widths = columns.map((c) => (c.width / total) * pdf.inner);
  const xs = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((s, w) => s + w, 0));
  const right = MARGIN + pdf.inner;
  const verticals = (top: number, bottom: number, boxes: boolean) => {
    for (const x of [...xs, right]) pdf.line(x, top, x, bottom, GREY, 0.6);
    if (!boxes) return;
    columns.forEach((c, i) => {
      for (let k = 1; k < (c.boxes ?? 1); k++) {
        const x = xs[i]! + (widths[i]! * k) / c.boxes!;
        pdf.line(x, top, x, bottom, RULE, 0.4);
      }
    });
  };
  const head = () => {
    const top = pdf.y;
    pdf.page.drawRectangle({ x: MARGIN, y: top - HEAD, width: pdf.inner, height: HEAD, color: SHADE });
    columns.forEach((c, i) => {
      const cx = xs[i]! + widths[i]! / 2;
      const max = widths[i]! - 4;
      pdf.text(c.label, cx, top - (c.sub ? 10 : 14.5), { size: 8, bold: true, align: 'center', maxWidth: max });
      if (c.sub) pdf.text(c.sub, cx, top - 19.5, { size: 6.5, color: GREY, align: 'center', maxWidth: max });
    });
    pdf.line(MARGIN, top, right, top, INK, 0.8);
    pdf.line(MARGIN, top - HEAD, right, top - HEAD, INK, 0.8);
    verticals(top, top - HEAD, false);
    pdf.y = top - HEAD;
  };
  if (pdf.y - HEAD - ROW < pdf.bottom) {
    pdf.addPage();
    again();
  }
  head();
  for (const row of rows) {
    if (pdf.y - ROW < pdf.bottom) {
      pdf.addPage();
      again();
      head();
    }
    const top = pdf.y;
    row.forEach((cell, i) => {
      const c = columns[i]!;
      const text = typeof cell === 'string' ? cell : cell.text;
      const sub = typeof cell === 'string' ? undefined : cell.sub;
      const bold = typeof cell !== 'string' && cell.bold === true;
      const max = widths[i]! - 6;
      const at =
        c.align === 'center' ? xs[i]! + widths[i]! / 2 : c.align === 'right' ? xs[i]! + widths[i]! - 3 : xs[i]! + 3;
      pdf.text(text, at, top - (sub ? 11 : 15.5), { size: 9, bold, align: c.align, maxWidth: max });
      if (sub) pdf.text(sub, at, top - 20.5, { size: 6.5, color: GREY, align: c.align, maxWidth: max });
    });
    pdf.line(MARGIN, top - ROW, right, top - ROW, GREY, 0.6);
    verticals(top, top - ROW, true);
    pdf.y = top - ROW;
  }
  pdf.y -= 10;
}

/** Lines to sign at the foot of a card: "label ______" spread over the width. */
function signatures(pdf: Pdf, labels: string[]) {
  pdf.room(30);
  pdf.y -= 18;
  const step = pdf.inner / labels.length;
  labels.forEach((label, i) => {
    pdf.text(`${label}: ________________`, MARGIN + i * step, pdf.y, { size: 9, maxWidth: step - 8 });
  });
  pdf.y -= 8;
}

/* ---------------------------------------------------------------------------------------------
 * The cards of one round
 */

/** The delegation as the narrow cards print it: its short name when it has one. */
const team = (s: StartVO) => s.delegationShort || s.delegationName;

const nameCell = (s: StartVO): Cell => ({ text: s.name, sub: s.nameEn ?? undefined, bold: s.relayTeamId !== null });

/** A field card's rows: order, bib, name and team of each athlete, the columns after them blank to write in. */
const fieldRows = (starts: readonly StartVO[], columns: readonly GridColumn[]) =>
  starts.map((st): Cell[] => [
    String(st.position),
    { text: st.bib ?? '', bold: true },
    nameCell(st),
    team(st),
    ...columns.slice(4).map(() => ''),
  ]);

/** The heat's or flight's heading: its number, time and state; every page of it repeats it. */
function heatHeading(pdf: Pdf, w: Words, round: RoundVO, h: HeatVO) {
  const title = heatTitle(w, round, h);
  const right = [w.clock(h.scheduledAt ?? round.scheduledAt), w.status(h.status)].filter(Boolean).join(' · ');
  const draw = () => pdf.heading(title, right);
  draw();
  return draw;
}

/** A page for the heat or flight: the header names the event, the warning tells of missing bibs. */
function heatPage(pdf: Pdf, w: Words, m: MeetingRow, round: RoundVO, h: HeatVO, title: string) {
  pdf.setHeader(
    meetingHeader(
      w,
      m,
      title,
      `${eventLabel(w, round.event)} · ${w.round(round.name)}`,
      w.dateTime(h.scheduledAt ?? round.scheduledAt),
    ),
  );
  pdf.addPage();
  bibWarning(pdf, w, athletesWithoutBib([h]));
}

function trackSheets(pdf: Pdf, w: Words, m: MeetingRow, round: RoundVO) {
  const s = says(w);
  const e = round.event;
  const relay = e.kind === 'relay';
  const lanes = inLanes(round);
  const columns: GridColumn[] = [
    { label: w.w(lanes ? 'lane' : 'order'), width: 0.65, align: 'center' },
    ...(relay ? [] : [{ label: w.w('bib'), width: 0.8, align: 'center' as const }]),
    { label: w.w(relay ? 'team' : 'name'), width: relay ? 2.6 : 1.7 },
    { label: w.w('delegation'), width: relay ? 1.6 : 1.9 },
    ...Array.from({ length: TIMEKEEPERS }, (_, i) => ({ label: s.timekeeper(i + 1), width: 0.95, write: true })),
    { label: s.p('正式成绩', 'Result'), width: 1.05, write: true },
    { label: w.w('place'), width: 0.6, write: true },
    { label: s.p('备注', 'Notes'), width: 0.8, write: true },
  ];
  for (const h of round.heats) {
    heatPage(pdf, w, m, round, h, s.title('track'));
    const again = heatHeading(pdf, w, round, h);
    if (e.windMeasured) pdf.note(`${w.w('wind')}: ________ m/s`);
    const rows = h.starts.map((st): Cell[] => [
      String((lanes ? st.lane : st.position) ?? ''),
      ...(relay ? [] : [{ text: st.bib ?? '', bold: true }]),
      relay && st.members.length ? { text: st.name, bold: true, sub: runners(w, st) } : nameCell(st),
      team(st),
      ...columns.slice(relay ? 3 : 4).map(() => ''),
    ]);
    grid(pdf, columns, rows, again);
    signatures(pdf, [s.p('计时长', 'Chief timekeeper'), s.p('终点裁判长', 'Finish referee')]);
  }
}

function distanceCards(pdf: Pdf, w: Words, m: MeetingRow, round: RoundVO) {
  const s = says(w);
  const wind = round.event.windMeasured;
  const trials = Math.max(1, round.trials);
  // The best of the first trials and the order after them, where the round has a cut (TR 25.6).
  const cut = round.cutAfter > 0 && round.cutAfter < trials ? round.cutAfter : null;
  const trialColumns = (from: number, to: number): GridColumn[] =>
    Array.from({ length: to - from + 1 }, (_, i) => [
      { label: w.w('trial', { n: from + i }), width: 0.9, write: true },
      ...(wind ? [{ label: w.w('wind'), width: 0.6, write: true }] : []),
    ]).flat();
  const columns: GridColumn[] = [
    { label: w.w('order'), width: 0.7, align: 'center' },
    { label: w.w('bib'), width: 0.8, align: 'center' },
    { label: w.w('name'), width: 1.7 },
    { label: w.w('delegation'), width: 1.9 },
    ...trialColumns(1, cut ?? trials),
    ...(cut
      ? [
          { label: s.p(`前${cut}次最好`, `Best of ${cut}`), width: 1.05, write: true },
          { label: w.w('rank'), width: 0.7, write: true },
          ...trialColumns(cut + 1, trials),
        ]
      : []),
    { label: w.w('best'), width: 1, write: true },
    { label: w.w('place'), width: 0.7, write: true },
    { label: s.p('备注', 'Notes'), width: 0.8, write: true },
  ];
  for (const h of round.heats) {
    heatPage(pdf, w, m, round, h, s.title('field'));
    const again = heatHeading(pdf, w, round, h);
    if (cut) {
      pdf.note(
        s.p(
          `前 ${cut} 次试跳（掷）后成绩最好的 ${round.cutSize} 名运动员再进行后 ${trials - cut} 次。`,
          `After ${cut} trials the best ${round.cutSize} athletes have ${trials - cut} more (WA TR 25.6).`,
        ),
      );
    }
    grid(pdf, columns, fieldRows(h.starts, columns), again);
    pdf.note(s.p('记录：成绩（米）  X 失败  – 免跳  r 退出比赛', 'Write: the mark (m)  X failure  – pass  r retired'));
    signatures(pdf, [s.p('裁判长', 'Referee'), s.p('主裁判', 'Chief judge'), s.p('记录员', 'Recorder')]);
  }
}

function heightCards(pdf: Pdf, w: Words, m: MeetingRow, round: RoundVO) {
  const s = says(w);
  const heights = round.heights ?? [];
  // One card per twelve heights; the last (or only) one ends with blank columns to write in.
  const cards = Math.max(1, Math.ceil((heights.length + 1) / HEIGHTS_PER_CARD));
  for (const h of round.heats) {
    for (let card = 0; card < cards; card++) {
      const shown = Array.from({ length: HEIGHTS_PER_CARD }, (_, i) => heights[card * HEIGHTS_PER_CARD + i]);
      const columns: GridColumn[] = [
        { label: w.w('order'), width: 0.7, align: 'center' },
        { label: w.w('bib'), width: 0.8, align: 'center' },
        { label: w.w('name'), width: 1.7 },
        { label: w.w('delegation'), width: 1.8 },
        ...shown.map((height) => ({
          label: height === undefined ? '' : height.toFixed(2),
          sub: '1  2  3',
          width: 1.1,
          boxes: 3,
          write: true,
        })),
        { label: w.w('best'), width: 1.1, write: true },
        { label: w.w('place'), width: 0.7, write: true },
        { label: s.p('备注', 'Notes'), width: 0.7, write: true },
      ];
      heatPage(pdf, w, m, round, h, s.title('field'));
      const again = heatHeading(pdf, w, round, h);
      if (cards > 1) pdf.note(s.p(`第 ${card + 1} / ${cards} 张`, `Card ${card + 1} of ${cards}`));
      if (heights.length && card === 0) {
        // WA TR 26.1: the starting height and the raisings are announced before the competition.
        pdf.note(`${s.p('横杆高度', 'Heights')}: ${heights.map((x) => x.toFixed(2)).join('  ')}`);
      }
      grid(pdf, columns, fieldRows(h.starts, columns), again);
      pdf.note(
        s.p(
          '每个高度三格，按试跳顺序记录：O 成功  X 失败  – 免跳  r 退出比赛',
          'Three boxes a height, in the order jumped: O cleared  X failure  – pass  r retired',
        ),
      );
      signatures(pdf, [s.p('裁判长', 'Referee'), s.p('主裁判', 'Chief judge'), s.p('记录员', 'Recorder')]);
    }
  }
}

/** Every card of a round, appended to the document. */
function roundCards(pdf: Pdf, w: Words, m: MeetingRow, round: RoundVO) {
  if (round.event.kind === 'field-height') heightCards(pdf, w, m, round);
  else if (round.event.kind === 'field-distance') distanceCards(pdf, w, m, round);
  else trackSheets(pdf, w, m, round);
}

/** Landscape when the document holds a field card (the grids are wide), else portrait. */
const pageSize = (rounds: RoundVO[]) => (rounds.some((r) => isField(r.event)) ? LANDSCAPE : A4);

export async function roundCardsPdf(db: DbOrTx, u: CurrentUser, roundId: number, lang: Lang): Promise<DocumentFile> {
  const { meeting: m } = await requireRound(db, u, roundId, 'view');
  const round = await loadRound(db, roundId);
  if (!round) throw notFound();
  if (!round.heats.length) throw badInput('该赛次还没有检录单', 'This round has no start list yet');
  const w = words(lang, m.timeZone);
  const s = says(w);
  const title = s.title(isField(round.event) ? 'field' : 'track');
  const pdf = await Pdf.create(w, meetingHeader(w, m, title), pageSize([round]));
  roundCards(pdf, w, m, round);
  return {
    filename: fileName(title, eventLabel(w, round.event), w.round(round.name)),
    bytes: await pdf.save(now(w)),
  };
}

/**
 * The cards of a session of the timetable (comp_session, the half-day or day block the
 * schedule puts rounds in): its rounds with a start list, by time.
 */
export async function sessionCardsPdf(
  db: DbOrTx,
  u: CurrentUser,
  sessionId: number,
  lang: Lang,
): Promise<DocumentFile> {
  const [session] = await db.select().from(compSession).where(eq(compSession.id, sessionId));
  if (!session) throw notFound();
  const { meeting: m } = await requireCompetition(db, u, session.meetingId, 'view');
  const ids = await db
    .select({ id: compRound.id })
    .from(compRound)
    .where(eq(compRound.sessionId, sessionId))
    .orderBy(asc(compRound.id));
  const rounds = (
    await loadRounds(
      db,
      ids.map((r) => r.id),
    )
  )
    .filter((r) => r.heats.length)
    .sort((a, b) => {
      const at = (r: RoundVO) => r.scheduledAt ?? r.heats[0]?.scheduledAt ?? '9999';
      return at(a) < at(b) ? -1 : at(a) > at(b) ? 1 : a.id - b.id;
    });
  const w = words(lang, m.timeZone);
  const s = says(w);
  if (!rounds.length) throw badInput('该单元还没有检录单', 'No round of this session has a start list yet');
  const sessionName = w.pick(session.name, session.nameEn);
  const when = `${w.day(session.startsAt) || session.day} ${[w.clock(session.startsAt), w.clock(session.endsAt)].filter(Boolean).join(' – ')}`;
  const pdf = await Pdf.create(w, meetingHeader(w, m, s.title('cards'), sessionName, when), pageSize(rounds));
  // The first page lists what the pack holds, so it can be checked and handed out by round.
  pdf.addPage();
  pdf.table(
    [
      { label: w.w('time'), width: 0.8 },
      { label: w.w('event'), width: 2.6 },
      { label: w.w('round'), width: 1 },
      { label: w.w('heats'), width: 0.6, align: 'center' },
      { label: w.w('competitors'), width: 0.8, align: 'center' },
      { label: s.p('记录表', 'Card'), width: 1.8 },
      { label: w.w('status'), width: 1.3 },
    ],
    rounds.map((r) => ({
      cells: [
        w.clock(r.scheduledAt ?? r.heats[0]?.scheduledAt),
        { text: eventLabel(w, r.event), bold: true },
        w.round(r.name),
        String(r.heats.length),
        String(r.heats.reduce((n, h) => n + h.starts.length, 0)),
        s.title(isField(r.event) ? 'field' : 'track'),
        w.status(r.status),
      ],
    })),
  );
  bibWarning(pdf, w, athletesWithoutBib(rounds.flatMap((r) => r.heats)));
  for (const round of rounds) roundCards(pdf, w, m, round);
  return {
    filename: fileName(s.title('cards'), w.day(session.startsAt) || session.day, sessionName),
    bytes: await pdf.save(now(w)),
  };
}
