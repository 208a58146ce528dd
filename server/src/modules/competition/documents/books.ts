import type { BookPaper, CompetitionEventVO, Lang } from '@baton/contracts';
import type { Words } from './labels.js';
import { type DocumentFile, eventLabel } from './service.js';

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
 * Here: what the books share (their file, their options, a round's title); the layout (cover,
 * contents, sections): book-layout.ts; the books: programme-book.ts and results-book.ts.
 */

/** A book's file and its number of pages. */
export type BookFile = DocumentFile & { pages: number };

export interface BookOptions {
  lang: Lang;
  paper: BookPaper;
  /** Every heading and name in `lang`, then in the other language. */
  bilingual?: boolean;
}

export function roundTitle(w: Words, e: CompetitionEventVO, r: CompetitionEventVO['rounds'][number]) {
  return [eventLabel(w, e), r.discipline ?? '', w.round(r.name)].filter(Boolean).join(' · ');
}
