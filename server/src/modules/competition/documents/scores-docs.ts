import { CERTIFICATE_PLACES, type EventVO, type Lang, type RoundVO, type StartVO } from '@baton/contracts';
import type { DbOrTx } from '../../../db/client.js';
import { badInput, notFound } from '../../../lib/errors.js';
import type { CurrentUser } from '../../../plugins/auth.js';
import { requireCompetition } from '../access.js';
import { combinedStanding } from '../combined/service.js';
import { teamScores } from '../scores/service.js';
import { loadEvent, loadGroupItemRounds } from '../views.js';
import { byPlace, fileName, markText, windText } from './format.js';
import { type Words, words } from './labels.js';
import { A4, ACCENT, GREY, INK, Pdf, type TextOptions } from './pdf.js';
import { type DocumentFile, eventLabel, meetingHeader, now, runners } from './service.js';

/* ---------------------------------------------------------------------------------------------
 * Team scores and medal table
 */

export async function scoresPdf(db: DbOrTx, u: CurrentUser, meetingId: number, lang: Lang): Promise<DocumentFile> {
  const { meeting: m } = await requireCompetition(db, u, meetingId, 'view');
  const scores = await teamScores(db, meetingId);
  const w = words(lang, m.timeZone);
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
  pdf.heading(w.w('teamPoints'));
  drawTeamPoints(pdf, w, scores);
  pdf.heading(w.w('medalTable'));
  drawMedalTable(pdf, w, scores);
  pdf.heading(w.w('scoringRules'));
  drawScoringRules(pdf, w, scores);
  if (scores.sportsmanship.length) {
    pdf.heading(w.w('sportsmanship'));
    drawSportsmanship(pdf, w, scores);
  }
  return { filename: fileName(w.w('scores'), m.code), bytes: await pdf.save(now(w)) };
}

export type Scores = Awaited<ReturnType<typeof teamScores>>;

/** The team table (rank, delegation, points, bonus, medals), its heading repeated on each page. */
export function drawTeamPoints(pdf: Pdf, w: Words, scores: Scores) {
  const bonus = scores.options.recordBonus > 0;
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
        s.delegationName,
        { text: String(s.points), bold: true },
        ...(bonus ? [String(s.bonus)] : []),
        String(s.gold),
        String(s.silver),
        String(s.bronze),
      ],
    })),
    () => pdf.heading(w.w('teamPoints')),
  );
}

export function drawMedalTable(pdf: Pdf, w: Words, scores: Scores) {
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
        s.delegationName,
        { text: String(s.gold), bold: true },
        String(s.silver),
        String(s.bronze),
        String(s.gold + s.silver + s.bronze),
      ],
    })),
    () => pdf.heading(w.w('medalTable')),
  );
}

/** The 竞赛规程 options the table was scored with (issue 23), printed with it. */
export function drawScoringRules(pdf: Pdf, w: Words, scores: Scores) {
  for (const table of scores.tables) pdf.note(w.w('scoringTable', { list: table.join('-') }));
  const o = scores.options;
  if (o.relayDouble) pdf.note(w.w('relayDouble'));
  if (o.recordBonus > 0) pdf.note(w.w('recordBonus', { n: o.recordBonus }));
  if (o.minusOne) pdf.note(w.w('minusOne'));
  pdf.note(w.w(o.tieByPlaces ? 'tieByPlaces' : 'tieShared'));
}

export function drawSportsmanship(pdf: Pdf, w: Words, scores: Scores) {
  pdf.table(
    [
      { label: w.w('delegation'), width: 3 },
      { label: w.w('awardNote'), width: 4 },
    ],
    scores.sportsmanship.map((a) => ({ cells: [a.delegationName, a.note] })),
    () => pdf.heading(w.w('sportsmanship')),
  );
}

/* ---------------------------------------------------------------------------------------------
 * Certificates
 */

/** Better first: less is better for times, more for distances, heights and points. */
export const better = (e: EventVO) => (a: number, b: number) => (e.resultFormat === 'time' ? a - b : b - a);

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

/** A combined event's places from its standing, on each athlete's row of the last discipline. */
export async function combinedPlaced(db: DbOrTx, groupItemId: number, last: RoundVO) {
  const standing = await combinedStanding(db, groupItemId);
  if (!standing.final) return [];
  const rowOf = new Map(last.heats.flatMap((h) => h.starts).map((s) => [s.athleteId, s]));
  return standing.rows.flatMap((r) => {
    const s = rowOf.get(r.athleteId);
    return r.place === null || !s
      ? []
      : [{ place: r.place, start: { ...s, mark: String(r.total), code: null, wind: null } }];
  });
}

export const ordinal = (n: number) => {
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
  // A combined event places by its standing (TR 39.12): the total points are its mark.
  const placed = (event.kind === 'combined' ? await combinedPlaced(db, groupItemId, final) : finalPlaces(final)).filter(
    (p) => p.place <= CERTIFICATE_PLACES,
  );
  if (!placed.length) throw badInput('该项目没有获得名次的选手', 'Nobody is placed in this event');
  const w = words(lang, m.timeZone);
  const landscape: [number, number] = [A4[1], A4[0]];
  const pdf = await Pdf.create(w, null, landscape);
  pdf.doc.setTitle(`${w.pick(m.name, m.nameEn)} · ${w.w('certificates')}`);
  const relay = event.kind === 'relay';
  const zhEvent = `${event.groupName}${event.itemName}`;
  const enEvent = `${event.groupNameEn || event.groupName} ${event.itemNameEn || event.itemName}`;
  const date = w.dateTime(final.heats.map((h) => h.officialAt).find(Boolean) ?? null).slice(0, 10) || m.endDate;
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
    bytes: await pdf.save(now(w)),
  };
}
