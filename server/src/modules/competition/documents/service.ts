import {
  BIB_LABELS_MAX,
  BIB_LIST_MAX,
  type BibDocumentQuery,
  CERTIFICATE_PLACES,
  type CompetitionEventVO,
  type EventVO,
  type HeatVO,
  type Lang,
  type RoundVO,
  type StartVO,
  startGroupOf,
} from '@baton/contracts';
import { and, asc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import {
  athlete,
  compRound,
  compSession,
  delegation,
  entry,
  group,
  groupItem,
  item,
  relayMember,
  relayTeam,
} from '../../../db/schema/index.js';
import { badInput, notFound } from '../../../lib/errors.js';
import type { CurrentUser } from '../../../plugins/auth.js';
import type { MeetingRow } from '../../meetings/access.js';
import { requireCompetition, requireRound } from '../access.js';
import { teamScores } from '../scores/service.js';
import { loadEvent, loadEvents, loadGroupItemRounds, loadRound } from '../views.js';
import { byPlace, clock, dateTime, day, fileName, heightSeries, markText, trialText, windText } from './format.js';
import { type Words, words } from './labels.js';
import {
  A4,
  ACCENT,
  type Cell,
  type Column,
  type DocHeader,
  GREY,
  INK,
  MARGIN,
  Pdf,
  type Row,
  RULE,
  type TextOptions,
} from './pdf.js';

/**
 * The printed documents of the competition (issue 6), made from the shared read model
 * (../views.ts) after the caller's access to the meeting is checked (../access.ts, 'view').
 * Each answers a whole PDF: the work is bounded by one round, or one meeting with limits on the
 * bib documents (BIB_LABELS_MAX, BIB_LIST_MAX; print larger meetings by delegation or group).
 */

export interface DocumentFile {
  filename: string;
  bytes: Uint8Array;
}

const now = () => dateTime(new Date());

function meetingHeader(w: Words, m: MeetingRow, title: string, subtitle?: string, when?: string): DocHeader {
  const name = w.pick(m.name, m.nameEn);
  const alt = w.lang === 'en' ? m.name : m.nameEn;
  return { meeting: name, meetingAlt: alt || undefined, title, subtitle, when };
}

const eventLabel = (w: Words, e: Pick<EventVO, 'groupName' | 'groupNameEn' | 'itemName' | 'itemNameEn'>) =>
  `${w.pick(e.groupName, e.groupNameEn)} ${w.pick(e.itemName, e.itemNameEn)}`;

const isField = (e: EventVO) => e.kind === 'field-height' || e.kind === 'field-distance';

const heatTitle = (w: Words, r: RoundVO, h: HeatVO) =>
  `${w.w(isField(r.event) ? 'flight' : 'heat', { n: h.number })} / ${w.w('heatsOf', { n: r.heats.length })}`;

/** "1 张三 (101) · 2 李四 (102) · Alt. 王五 (105)": a relay team's runners in leg order (WA TR 24.11). */
function runners(w: Words, s: StartVO): string {
  return s.members.map((m) => `${m.leg ?? w.w('alternate')} ${m.name}${m.bib ? ` (${m.bib})` : ''}`).join(' · ');
}

/* ---------------------------------------------------------------------------------------------
 * Start list
 */

/** Whether a round's athletes have lanes: two per lane always, waterfalls never, else the event's. */
const inLanes = (r: Pick<RoundVO, 'start' | 'event'>) =>
  r.start === 'two-per-lane' || (r.start === 'lanes' && r.event.usesLanes);

export async function startListPdf(db: DbOrTx, u: CurrentUser, roundId: number, lang: Lang): Promise<DocumentFile> {
  const { meeting: m } = await requireRound(db, u, roundId, 'view');
  const round = await loadRound(db, roundId);
  if (!round) throw notFound();
  if (!round.heats.length) throw badInput('该赛次还没有检录单', 'This round has no start list yet');
  const w = words(lang);
  const e = round.event;
  const label = `${eventLabel(w, e)} · ${w.round(round.name)}`;
  const pdf = await Pdf.create(
    w,
    meetingHeader(w, m, w.w('startList'), label, dateTime(round.scheduledAt ?? round.heats[0]?.scheduledAt)),
  );
  const relay = e.kind === 'relay';
  const lanes = inLanes(round);
  // Waterfalls print the start position; a two-group start also each athlete's group (1 or 2).
  const waterfall = round.start === 'waterfall' || round.start === 'two-groups';
  const groups = round.start === 'two-groups';
  const columns: Column[] = [
    { label: w.w(lanes ? 'lane' : waterfall ? 'startPosition' : 'order'), width: 0.6, align: 'center' },
    ...(groups ? [{ label: w.w('startGroup'), width: 0.6, align: 'center' as const }] : []),
    ...(relay ? [] : [{ label: w.w('bib'), width: 0.8, align: 'center' as const }]),
    { label: w.w(relay ? 'team' : 'name'), width: relay ? 2.2 : 1.6 },
    { label: w.w('delegation'), width: 2.4 },
    ...(relay ? [] : [{ label: w.w('birthYear'), width: 0.7, align: 'center' as const }]),
    { label: w.w('seed'), width: 0.9, align: 'right' },
  ];
  pdf.addPage();
  if (e.kind === 'field-height' && round.heights?.length) {
    // WA TR 26.1: the starting height and the raisings are announced before the competition.
    pdf.note(`${w.pick('横杆高度', 'Heights')}: ${round.heights.map((h) => h.toFixed(2)).join('  ')}`);
  }
  for (const h of round.heats) {
    const title = heatTitle(w, round, h);
    const right = [clock(h.scheduledAt), w.status(h.status)].filter(Boolean).join(' · ');
    pdf.heading(title, right);
    const rows: Row[] = h.starts.map((s) => ({
      cells: [
        String((lanes ? s.lane : s.position) ?? ''),
        ...(groups ? [String(startGroupOf(s.position, h.starts.length))] : []),
        ...(relay ? [] : [{ text: s.bib ?? '', bold: true }]),
        relay ? { text: s.name, bold: true } : { text: s.name, sub: s.nameEn ?? undefined },
        s.delegationName,
        ...(relay ? [] : [s.birthYear ? String(s.birthYear) : '']),
        s.seedMark ?? '',
      ],
      sub: relay && s.members.length ? `${w.w('members')}: ${runners(w, s)}` : undefined,
    }));
    pdf.table(columns, rows, () => pdf.heading(title, right));
  }
  return {
    filename: fileName(w.w('startList'), eventLabel(w, e), w.round(round.name)),
    bytes: await pdf.save(now()),
  };
}

/* ---------------------------------------------------------------------------------------------
 * Results
 */

function resultColumns(w: Words, round: RoundVO, starts: StartVO[]): { columns: Column[]; row: (s: StartVO) => Row } {
  const e = round.event;
  const relay = e.kind === 'relay';
  const head: Column[] = [
    { label: w.w('place'), width: 0.55, align: 'center' },
    ...(relay ? [] : [{ label: w.w('bib'), width: 0.7, align: 'center' as const }]),
    { label: w.w(relay ? 'team' : 'name'), width: relay ? 1.9 : 1.4 },
    { label: w.w('delegation'), width: relay ? 2 : 1.8 },
  ];
  const headCells = (s: StartVO): Cell[] => [
    s.place ? String(s.place) : '',
    ...(relay ? [] : [{ text: s.bib ?? '', bold: true }]),
    { text: s.name, bold: relay },
    s.delegationName,
  ];
  const hasPoints = starts.some((s) => s.points !== null);
  const tail: Column[] = [
    { label: w.w('qualifier'), width: 0.45, align: 'center' },
    { label: w.w('record'), width: 0.55, align: 'center' },
    ...(hasPoints ? [{ label: w.w('points'), width: 0.55, align: 'right' as const }] : []),
  ];
  const tailCells = (s: StartVO): Cell[] => [
    s.qualifier ?? '',
    s.record ?? '',
    ...(hasPoints ? [s.points === null ? '' : String(s.points)] : []),
  ];
  const best = (s: StartVO): Cell => ({
    text: markText(s),
    bold: true,
    sub: e.windMeasured && s.wind !== null ? windText(s.wind) : undefined,
  });

  if (e.kind === 'field-distance') {
    // WA TR 25.5: every trial of the series is printed; the best counts (ties: TR 25.22).
    const n = Math.max(round.trials, ...starts.flatMap((s) => s.trials.map((t) => t.seq)));
    const trialCols: Column[] = Array.from({ length: n }, (_, i) => ({
      label: w.w('trial', { n: i + 1 }),
      width: 0.62,
      align: 'center',
    }));
    return {
      columns: [...head, ...trialCols, { label: w.w('best'), width: 0.8, align: 'right' }, ...tail],
      row: (s) => ({
        cells: [
          ...headCells(s),
          ...trialCols.map((_, i) => {
            const t = s.trials.find((x) => x.seq === i + 1);
            return { text: trialText(t), sub: e.windMeasured && t?.wind != null ? windText(t.wind) : undefined };
          }),
          best(s),
          ...tailCells(s),
        ],
      }),
    };
  }
  if (e.kind === 'field-height') {
    return {
      columns: [
        ...head,
        { label: w.w('series'), width: 3.4, wrap: true },
        { label: w.w('best'), width: 0.8, align: 'right' },
        ...tail,
      ],
      row: (s) => ({ cells: [...headCells(s), heightSeries(s.trials), best(s), ...tailCells(s)] }),
    };
  }
  // Track, relays, road, combined: lane, reaction time (TR 16.6, when taken), the mark.
  const lanes = inLanes(round);
  const reaction = starts.some((s) => s.reactionTime !== null);
  return {
    columns: [
      ...head.slice(0, 1),
      ...(lanes ? [{ label: w.w('lane'), width: 0.5, align: 'center' as const }] : []),
      ...head.slice(1),
      ...(reaction ? [{ label: w.w('reaction'), width: 0.7, align: 'right' as const }] : []),
      { label: w.w('mark'), width: 0.95, align: 'right' },
      ...tail,
    ],
    row: (s) => {
      const cells = headCells(s);
      return {
        cells: [
          ...cells.slice(0, 1),
          ...(lanes ? [s.lane === null ? '' : String(s.lane)] : []),
          ...cells.slice(1),
          ...(reaction ? [s.reactionTime === null ? '' : s.reactionTime.toFixed(3)] : []),
          best(s),
          ...tailCells(s),
        ],
        sub: relay && s.members.length ? `${w.w('members')}: ${runners(w, s)}` : undefined,
      };
    },
  };
}

export async function resultsPdf(db: DbOrTx, u: CurrentUser, roundId: number, lang: Lang): Promise<DocumentFile> {
  const { meeting: m } = await requireRound(db, u, roundId, 'view');
  const round = await loadRound(db, roundId);
  if (!round) throw notFound();
  const heats = round.heats.filter((h) => h.status === 'official');
  if (!heats.length) throw badInput('该赛次还没有正式成绩', 'This round has no official results yet');
  const w = words(lang);
  const e = round.event;
  const label = `${eventLabel(w, e)} · ${w.round(round.name)}`;
  const officialAt = heats.map((h) => h.officialAt).filter((t): t is string => !!t);
  const pdf = await Pdf.create(
    w,
    meetingHeader(w, m, w.w('results'), label, dateTime(officialAt.sort().at(-1) ?? round.scheduledAt)),
  );
  pdf.addPage();
  const { columns, row } = resultColumns(
    w,
    round,
    heats.flatMap((h) => h.starts),
  );
  for (const h of heats) {
    const title = heatTitle(w, round, h);
    // WA TR 29.12: the wind of a race, in m/s to 0.1 (rounded up), printed with the heat.
    const wind = e.windMeasured && !isField(e) && h.wind !== null ? `${w.w('wind')} ${windText(h.wind)} m/s` : '';
    const right = [wind, `${w.w('official')} ${dateTime(h.officialAt)}`.trim()].filter(Boolean).join(' · ');
    pdf.heading(title, right);
    pdf.table(columns, [...h.starts].sort(byPlace).map(row), () => pdf.heading(title, right));
  }
  pdf.note(
    w.pick(
      'Q 按名次晋级  q 按成绩晋级  qR 裁判长决定  qJ 仲裁决定  qD 抽签  DNS 未起跑  DNF 未完成  DQ 犯规（规则）  NM 无成绩  r 退出比赛  MR 大会纪录',
      'Q by place  q by time  qR by the Referee  qJ by the Jury  qD by draw  DNS did not start  DNF did not finish  DQ disqualified (rule)  NM no mark  r retired  MR meeting record',
    ),
  );
  return {
    filename: fileName(w.w('results'), eventLabel(w, e), w.round(round.name)),
    bytes: await pdf.save(now()),
  };
}

/* ---------------------------------------------------------------------------------------------
 * Team scores and medal table
 */

export async function scoresPdf(db: DbOrTx, u: CurrentUser, meetingId: number, lang: Lang): Promise<DocumentFile> {
  const { meeting: m } = await requireCompetition(db, u, meetingId, 'view');
  const scores = await teamScores(db, meetingId);
  const w = words(lang);
  const pdf = await Pdf.create(
    w,
    meetingHeader(
      w,
      m,
      w.w('scores'),
      w.w('finished', { n: scores.finished, m: scores.events }),
      `${m.startDate} – ${m.endDate}`,
    ),
  );
  pdf.addPage();
  const team = (s: { delegationName: string; delegationShort: string | null }) => s.delegationName;
  const bonus = scores.options.recordBonus > 0;
  pdf.heading(w.w('teamPoints'));
  pdf.table(
    [
      { label: w.w('rank'), width: 0.6, align: 'center' },
      { label: w.w('delegation'), width: 4 },
      { label: w.w('points'), width: 1, align: 'right' },
      ...(bonus ? [{ label: w.w('bonus'), width: 0.8, align: 'right' as const }] : []),
      { label: w.w('gold'), width: 0.7, align: 'center' },
      { label: w.w('silver'), width: 0.7, align: 'center' },
      { label: w.w('bronze'), width: 0.7, align: 'center' },
    ],
    scores.points.map((s) => ({
      cells: [
        String(s.rank),
        team(s),
        { text: String(s.points), bold: true },
        ...(bonus ? [String(s.bonus)] : []),
        String(s.gold),
        String(s.silver),
        String(s.bronze),
      ],
    })),
    () => pdf.heading(w.w('teamPoints')),
  );
  pdf.heading(w.w('medalTable'));
  pdf.table(
    [
      { label: w.w('rank'), width: 0.6, align: 'center' },
      { label: w.w('delegation'), width: 4 },
      { label: w.w('gold'), width: 0.7, align: 'center' },
      { label: w.w('silver'), width: 0.7, align: 'center' },
      { label: w.w('bronze'), width: 0.7, align: 'center' },
      { label: w.w('total'), width: 0.8, align: 'center' },
    ],
    scores.medals.map((s) => ({
      cells: [
        String(s.rank),
        team(s),
        { text: String(s.gold), bold: true },
        String(s.silver),
        String(s.bronze),
        String(s.gold + s.silver + s.bronze),
      ],
    })),
    () => pdf.heading(w.w('medalTable')),
  );
  // The 竞赛规程 options the table was scored with (issue 23), printed with it.
  pdf.heading(w.w('scoringRules'));
  for (const table of scores.tables) pdf.note(w.w('scoringTable', { list: table.join('-') }));
  const o = scores.options;
  if (o.relayDouble) pdf.note(w.w('relayDouble'));
  if (o.recordBonus > 0) pdf.note(w.w('recordBonus', { n: o.recordBonus }));
  if (o.minusOne) pdf.note(w.w('minusOne'));
  pdf.note(w.w(o.tieByPlaces ? 'tieByPlaces' : 'tieShared'));
  if (scores.sportsmanship.length) {
    pdf.heading(w.w('sportsmanship'));
    pdf.table(
      [
        { label: w.w('delegation'), width: 3 },
        { label: w.w('awardNote'), width: 4 },
      ],
      scores.sportsmanship.map((a) => ({ cells: [a.delegationName, a.note] })),
      () => pdf.heading(w.w('sportsmanship')),
    );
  }
  return { filename: fileName(w.w('scores'), m.code), bytes: await pdf.save(now()) };
}

/* ---------------------------------------------------------------------------------------------
 * Certificates
 */

/** Better first: less is better for times, more for distances, heights and points. */
const better = (e: EventVO) => (a: number, b: number) => (e.resultFormat === 'time' ? a - b : b - a);

/**
 * The placed competitors of a final: its places when it is one race; a final run in several
 * heats (a timed final) ranks all its finishers on their marks, equal marks sharing a place.
 */
export function finalPlaces(round: RoundVO): { place: number; start: StartVO }[] {
  if (round.heats.length === 1) {
    return round.heats[0]!.starts.filter((s) => s.place !== null && !s.code)
      .sort(byPlace)
      .map((s) => ({ place: s.place!, start: s }));
  }
  const cmp = better(round.event);
  const finishers = round.heats
    .flatMap((h) => h.starts)
    .filter((s) => s.value !== null && !s.code)
    .sort((a, b) => cmp(a.value!, b.value!));
  return finishers.map((s) => ({ place: finishers.findIndex((o) => o.value === s.value) + 1, start: s }));
}

const ordinal = (n: number) => {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
};

export async function certificatesPdf(
  db: DbOrTx,
  u: CurrentUser,
  meetingId: number,
  groupItemId: number,
  lang: Lang,
): Promise<DocumentFile> {
  const { meeting: m } = await requireCompetition(db, u, meetingId, 'view');
  const event = await loadEvent(db, groupItemId);
  if (!event || event.meetingId !== meetingId) throw notFound();
  const rounds = await loadGroupItemRounds(db, groupItemId);
  const final = rounds.at(-1);
  if (!final || final.status !== 'official') {
    throw badInput('该项目的决赛成绩尚未正式公布', 'The final of this event is not official yet');
  }
  const placed = finalPlaces(final).filter((p) => p.place <= CERTIFICATE_PLACES);
  if (!placed.length) throw badInput('该项目没有获得名次的选手', 'Nobody is placed in this event');
  const w = words(lang);
  const landscape: [number, number] = [A4[1], A4[0]];
  const pdf = await Pdf.create(w, null, landscape);
  pdf.doc.setTitle(`${w.pick(m.name, m.nameEn)} · ${w.w('certificates')}`);
  const relay = event.kind === 'relay';
  const zhEvent = `${event.groupName}${event.itemName}`;
  const enEvent = `${event.groupNameEn || event.groupName} ${event.itemNameEn || event.itemName}`;
  const date = dateTime(final.heats.map((h) => h.officialAt).find(Boolean) ?? null).slice(0, 10) || m.endDate;
  for (const { place, start: s } of placed) {
    pdf.addPage();
    const { width: W, height: H } = pdf;
    const cx = W / 2;
    pdf.page.drawRectangle({ x: 24, y: 24, width: W - 48, height: H - 48, borderColor: ACCENT, borderWidth: 3 });
    pdf.page.drawRectangle({ x: 32, y: 32, width: W - 64, height: H - 64, borderColor: ACCENT, borderWidth: 0.8 });
    const who = relay ? s.delegationName : s.name;
    const sub = relay ? runners(w, s) : [s.nameEn, s.delegationName].filter(Boolean).join(' · ');
    const mark = markText(s);
    const wind = event.windMeasured && s.wind !== null ? ` (${windText(s.wind)})` : '';
    const wide = { align: 'center' as const, maxWidth: W - 160 };
    // Each line: its text, the space above it, how it prints.
    const lines: [string, number, TextOptions][] = [
      [m.name, 0, { size: 18, bold: true, ...wide }],
      [m.nameEn, 20, { size: 11, color: GREY, ...wide }],
      ['获 奖 证 书', 62, { size: 40, bold: true, color: ACCENT, align: 'center' }],
      ['CERTIFICATE', 28, { size: 14, color: ACCENT, align: 'center' }],
      [who, 58, { size: 30, bold: true, ...wide }],
      [sub, 24, { size: 12, ...wide }],
      [`在${zhEvent}比赛中以 ${mark}${wind} 的成绩获得第 ${place} 名。`, 44, { size: 15, ...wide }],
      [`placed ${ordinal(place)} in ${enEvent} with a mark of ${mark}${wind}.`, 22, { size: 12, color: GREY, ...wide }],
    ];
    let y = H - 96;
    for (const [text, gap, opts] of lines) {
      y -= gap;
      pdf.text(text, cx, y, opts);
    }
    pdf.line(W - 300, 110, W - 90, 110, INK, 0.6);
    pdf.text(`${m.name} 组委会`, W - 195, 92, {
      size: 11,
      align: 'center',
      maxWidth: 220,
    });
    pdf.text(`Organising Committee · ${date}`, W - 195, 76, { size: 9, color: GREY, align: 'center', maxWidth: 220 });
    pdf.text(`No. ${s.bib ?? s.id}`, 90, 76, { size: 8, color: GREY });
  }
  return {
    filename: fileName(w.w('certificates'), eventLabel(w, event)),
    bytes: await pdf.save(now()),
  };
}

/* ---------------------------------------------------------------------------------------------
 * Bibs: labels with a QR code, and the list by delegation
 */

interface BibAthlete {
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
async function bibAthletes(
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

function tooMany(n: number) {
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
  const w = words(lang);
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
  return { filename: fileName(w.w('bibs'), m.code, scope), bytes: await pdf.save(now()) };
}

/** The delegation's or group's name for a file name. */
async function scopeName(db: DbOrTx, q: BibDocumentQuery): Promise<string | undefined> {
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
  const w = words(lang);
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
  return { filename: fileName(w.w('bibList'), m.code, scope), bytes: await pdf.save(now()) };
}

/* ---------------------------------------------------------------------------------------------
 * Timetable
 */

export async function timetablePdf(db: DbOrTx, u: CurrentUser, meetingId: number, lang: Lang): Promise<DocumentFile> {
  const { meeting: m } = await requireCompetition(db, u, meetingId, 'view');
  const w = words(lang);
  const sessions = await db
    .select()
    .from(compSession)
    .where(eq(compSession.meetingId, meetingId))
    .orderBy(asc(compSession.day), asc(compSession.startsAt), asc(compSession.sort), asc(compSession.id));
  const placed = await db
    .select({ id: compRound.id, sessionId: compRound.sessionId })
    .from(compRound)
    .where(eq(compRound.meetingId, meetingId));
  const sessionOf = new Map(placed.map((r) => [r.id, r.sessionId]));
  const events = await loadEvents(db, meetingId);

  interface Slot {
    at: string | null;
    event: CompetitionEventVO;
    round: CompetitionEventVO['rounds'][number] | null;
    order: number;
  }
  const bySession = new Map<number | null, Slot[]>();
  events.forEach((event, order) => {
    // An event without rounds yet is listed at its planned time (meet_group_item.scheduled_at).
    const slots = event.rounds.length
      ? event.rounds.map((round) => ({ at: round.scheduledAt ?? event.scheduledAt, event, round, order }))
      : [{ at: event.scheduledAt, event, round: null, order }];
    for (const slot of slots) {
      const sid = slot.round ? (sessionOf.get(slot.round.id) ?? null) : null;
      bySession.set(sid, [...(bySession.get(sid) ?? []), slot]);
    }
  });
  const ordered = (slots: Slot[]) =>
    [...slots].sort((a, b) => {
      if (a.at !== b.at) return a.at === null ? 1 : b.at === null ? -1 : a.at < b.at ? -1 : 1;
      return a.order - b.order || (a.round?.index ?? 0) - (b.round?.index ?? 0);
    });

  const pdf = await Pdf.create(
    w,
    meetingHeader(w, m, w.w('timetable'), m.venue || undefined, `${m.startDate} – ${m.endDate}`),
  );
  pdf.addPage();
  const columns: Column[] = [
    { label: w.w('time'), width: 1.25 },
    { label: w.w('event'), width: 2.6 },
    { label: w.w('round'), width: 0.9 },
    { label: w.w('heats'), width: 0.55, align: 'center' },
    { label: w.w('competitors'), width: 1, align: 'center' },
    { label: w.w('status'), width: 1.8 },
  ];
  const rows = (slots: Slot[], withDay: boolean): Row[] =>
    ordered(slots).map((s) => ({
      cells: [
        withDay ? dateTime(s.at) : clock(s.at),
        { text: eventLabel(w, s.event), bold: true },
        s.round ? w.round(s.round.name) : '',
        s.round ? String(s.round.heats) : '',
        String(s.round ? s.round.starts : s.event.entries),
        s.round ? w.status(s.round.status) : '',
      ],
    }));
  for (const s of sessions) {
    const title = `${day(s.startsAt) || s.day} ${w.pick(s.name, s.nameEn)}`;
    const right = [clock(s.startsAt), clock(s.endsAt)].filter(Boolean).join(' – ');
    pdf.heading(title, right);
    pdf.table(columns, rows(bySession.get(s.id) ?? [], false), () => pdf.heading(title, right));
  }
  const loose = bySession.get(null) ?? [];
  if (loose.length) {
    const title = w.w('unscheduled');
    pdf.heading(title);
    pdf.table(columns, rows(loose, true), () => pdf.heading(title));
  }
  return { filename: fileName(w.w('timetable'), m.code), bytes: await pdf.save(now()) };
}
