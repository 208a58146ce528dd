import {
  athletesWithoutBib,
  type EventVO,
  type HeatVO,
  type Lang,
  type RoundVO,
  type StartVO,
  startGroupOf,
} from '@baton/contracts';
import type { DbOrTx } from '../../../db/client.js';
import { badInput, notFound } from '../../../lib/errors.js';
import type { CurrentUser } from '../../../plugins/auth.js';
import type { MeetingRow } from '../../meetings/access.js';
import { requireRound } from '../access.js';
import { loadRound } from '../views.js';
import { bibWarning } from './bib-warning.js';
import { byPlace, fileName, heightSeries, markText, trialText, windText } from './format.js';
import { type Words, words } from './labels.js';
import { type Cell, type Column, type DocHeader, Pdf, type Row } from './pdf.js';

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

/** The moment a document is made, on its meeting's clock (the PDF's dates, "printed at"). */
export const now = (w: Words) => w.dateTime(new Date());

export function meetingHeader(w: Words, m: MeetingRow, title: string, subtitle?: string, when?: string): DocHeader {
  const name = w.own(m.name, m.nameEn);
  const alt = w.lang === 'en' ? m.name : m.nameEn;
  return { meeting: name, meetingAlt: alt || undefined, title, subtitle, when };
}

/** "U16男子组 100米"; in a bilingual edition "U16男子组 100米 U16 Boys 100m" (each language whole). */
export const eventLabel = (w: Words, e: Pick<EventVO, 'groupName' | 'groupNameEn' | 'itemName' | 'itemNameEn'>) => {
  const own = `${w.own(e.groupName, e.groupNameEn)} ${w.own(e.itemName, e.itemNameEn)}`;
  if (!w.bilingual || !e.groupNameEn || !e.itemNameEn) return own;
  const other = w.lang === 'en' ? `${e.groupName} ${e.itemName}` : `${e.groupNameEn} ${e.itemNameEn}`;
  return `${own} ${other}`;
};

export const isField = (e: EventVO) => e.kind === 'field-height' || e.kind === 'field-distance';

export const heatTitle = (w: Words, r: RoundVO, h: HeatVO) =>
  `${w.w(isField(r.event) ? 'flight' : 'heat', { n: h.number })} / ${w.w('heatsOf', { n: r.heats.length })}`;

/** "1 张三 (101) · 2 李四 (102) · Alt. 王五 (105)": a relay team's runners in leg order (WA TR 24.11). */
export function runners(w: Words, s: StartVO): string {
  return s.members.map((m) => `${m.leg ?? w.w('alternate')} ${m.name}${m.bib ? ` (${m.bib})` : ''}`).join(' · ');
}

/* ---------------------------------------------------------------------------------------------
 * Start list
 */

/** Whether a round's athletes have lanes: two per lane always, waterfalls never, else the event's. */
export const inLanes = (r: Pick<RoundVO, 'start' | 'event'>) =>
  r.start === 'two-per-lane' || (r.start === 'lanes' && r.event.usesLanes);

export async function startListPdf(db: DbOrTx, u: CurrentUser, roundId: number, lang: Lang): Promise<DocumentFile> {
  const { meeting: m } = await requireRound(db, u, roundId, 'view');
  const round = await loadRound(db, roundId);
  if (!round) throw notFound();
  if (!round.heats.length) throw badInput('该赛次还没有检录单', 'This round has no start list yet');
  const w = words(lang, m.timeZone);
  const e = round.event;
  const label = `${eventLabel(w, e)} · ${w.round(round.name)}`;
  const pdf = await Pdf.create(
    w,
    meetingHeader(w, m, w.w('startList'), label, w.dateTime(round.scheduledAt ?? round.heats[0]?.scheduledAt)),
  );
  pdf.addPage();
  drawStartList(pdf, w, round);
  return {
    filename: fileName(w.w('startList'), eventLabel(w, e), w.round(round.name)),
    bytes: await pdf.save(now(w)),
  };
}

/** A round's start list from where the page is: each heat's title, then its table (lane or order, bib, name…). */
export function drawStartList(pdf: Pdf, w: Words, round: RoundVO) {
  const e = round.event;
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
  bibWarning(pdf, w, round.missingBibs);
  if (e.kind === 'field-height' && round.heights?.length) {
    // WA TR 26.1: the starting height and the raisings are announced before the competition.
    pdf.note(`${w.pick('横杆高度', 'Heights')}: ${round.heights.map((h) => h.toFixed(2)).join('  ')}`);
  }
  for (const h of round.heats) {
    const title = heatTitle(w, round, h);
    const right = [w.clock(h.scheduledAt), w.status(h.status)].filter(Boolean).join(' · ');
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
}

/* ---------------------------------------------------------------------------------------------
 * Results
 */

export function resultColumns(
  w: Words,
  round: RoundVO,
  starts: StartVO[],
): { columns: Column[]; row: (s: StartVO) => Row } {
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
      row: (s) => ({ cells: [...headCells(s), heightSeries(s.trials, w.w('jumpOff')), best(s), ...tailCells(s)] }),
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
  const w = words(lang, m.timeZone);
  const e = round.event;
  const label = `${eventLabel(w, e)} · ${w.round(round.name)}`;
  const officialAt = heats.map((h) => h.officialAt).filter((t): t is string => !!t);
  const pdf = await Pdf.create(
    w,
    meetingHeader(w, m, w.w('results'), label, w.dateTime(officialAt.sort().at(-1) ?? round.scheduledAt)),
  );
  pdf.addPage();
  drawResults(pdf, w, round);
  resultsLegend(pdf, w);
  return {
    filename: fileName(w.w('results'), eventLabel(w, e), w.round(round.name)),
    bytes: await pdf.save(now(w)),
  };
}

/** A round's official heats from where the page is: title, wind and time, then places and marks. */
export function drawResults(pdf: Pdf, w: Words, round: RoundVO) {
  const e = round.event;
  const heats = round.heats.filter((h) => h.status === 'official');
  bibWarning(pdf, w, athletesWithoutBib(heats));
  const { columns, row } = resultColumns(
    w,
    round,
    heats.flatMap((h) => h.starts),
  );
  for (const h of heats) {
    const title = heatTitle(w, round, h);
    // WA TR 29.12: the wind of a race, in m/s to 0.1 (rounded up), printed with the heat.
    const wind = e.windMeasured && !isField(e) && h.wind !== null ? `${w.w('wind')} ${windText(h.wind)} m/s` : '';
    const right = [wind, `${w.w('official')} ${w.dateTime(h.officialAt)}`.trim()].filter(Boolean).join(' · ');
    pdf.heading(title, right);
    pdf.table(columns, [...h.starts].sort(byPlace).map(row), () => pdf.heading(title, right));
  }
}

/** What the qualifier and status codes of the results mean. */
export function resultsLegend(pdf: Pdf, w: Words) {
  pdf.note(
    w.pick(
      'Q 按名次晋级  q 按成绩晋级  qR 裁判长决定  qJ 仲裁决定  qD 抽签  DNS 未起跑  DNF 未完成  DQ 犯规（规则）  NM 无成绩  r 退出比赛  MR 大会纪录',
      'Q by place  q by time  qR by the Referee  qJ by the Jury  qD by draw  DNS did not start  DNF did not finish  DQ disqualified (rule)  NM no mark  r retired  MR meeting record',
    ),
  );
}
