import type { RoundVO, StartVO } from '@baton/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import type { Report } from '../../../lib/jobs.js';
import { rowsOf } from '../../../lib/sql.js';
import type { MeetingRow } from '../../meetings/access.js';
import { combinedStanding } from '../combined/service.js';
import { teamScores } from '../scores/service.js';
import { loadEvents, loadRound } from '../views.js';
import { newBook } from './book-layout.js';
import { type BookFile, type BookOptions, roundTitle } from './books.js';
import { fileName, markText, windText } from './format.js';
import type { Column, Row } from './pdf.js';
import { drawMedalTable, drawScoringRules, drawSportsmanship, drawTeamPoints } from './scores-docs.js';
import { drawResults, eventLabel, resultsLegend } from './service.js';

/**
 * The results book (成绩册, issue 24; the books: books.ts): every official round in schedule
 * order, the records broken, team scores with the scoring rules, the medal table, the
 * sportsmanship awards and the combined events' score sheets.
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
