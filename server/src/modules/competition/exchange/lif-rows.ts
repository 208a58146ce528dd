import type { LifConflictKind, LifResolution, MarkCode, StartVO } from '@baton/contracts';
import { badInput } from '../../../lib/errors.js';
import { formatRaceTime, parseTime, roundWind, type TimedEvent, timeKey } from '../results/rules/marks.js';
import { trackPlaces } from '../results/rules/rank.js';
import type { LifRow } from './lynx.js';
import { lynxLane } from './service.js';
import { joinName } from './text.js';

/**
 * What the rows of a `.lif` file mean for a heat, as pure functions: the place words, times and
 * reaction times (to 1/10000), the wind text, the match of each row to a competitor of the heat
 * and the conflicts a person settles before anything is written. Used by the single-heat import
 * (lif-import.ts) and the review of several files (lif-review.ts).
 */

/**
 * The status words FinishLynx's help lists for the place column: DNS, DNF, DQ / DSQ, and in French
 * installations NP (non partant: did not start) and AB (abandon: did not finish).
 */
export const PLACE_WORDS: Readonly<Record<string, MarkCode>> = {
  DNS: 'DNS',
  DNF: 'DNF',
  DQ: 'DQ',
  DSQ: 'DQ',
  NP: 'DNS',
  AB: 'DNF',
};

export interface Said {
  zh: string;
  en: string;
}

export const lineError = (line: number, zh: string, en: string) =>
  badInput(`第 ${line} 行：${zh}`, `line ${line}: ${en}`);

/** A result as a row gives it (all null: the row says nothing for its competitor). */
export interface RowResult {
  place: number | null;
  mark: string | null;
  value: number | null;
  code: MarkCode | null;
  reactionTime: number | null;
}

const NOTHING: RowResult = { place: null, mark: null, value: null, code: null, reactionTime: null };

/**
 * A time as FinishLynx prints it, to 1/10000 at most. The results store 1/1000 (numeric(12,3)):
 * a fourth decimal is carried to the next 1/1000 up, so the display rounding of the results
 * gives what it gives for the reading itself — `10.8401` shows 10.85, `10.8400` 10.84. The
 * shown mark is rounded up to the step of the `event` exactly as results entry does it
 * (marks.ts `formatRaceTime`: 1/100 on the track to 10,000 m, 1/10 beyond, whole seconds
 * outside the stadium); a photo-finish time is fully automatic, so never read as a hand time.
 */
export function lifTime(text: string, event: TimedEvent): { value: number; mark: string } | null {
  const m = /^(.*\.\d{3})(\d)$/.exec(text);
  const parsed = parseTime(m ? m[1]! : text);
  if (!parsed) return null;
  const value = (Math.round(parsed.value * 1000) + (m && m[2] !== '0' ? 1 : 0)) / 1000;
  const decimals = m ? 4 : parsed.decimals;
  return { value, mark: formatRaceTime(event, value, Math.max(2, decimals)) };
}

/**
 * A reaction time (`0.145`, `0.1234`). Stored to 1/1000 cut down (never up), so that a reading
 * under the 0.100 s false-start limit stays under it (WA TR 16.6).
 */
export function lifReaction(text: string): number | null {
  if (!/^\d(\.\d{1,4})?$/.test(text)) return null;
  return Math.floor(Math.round(Number(text) * 10_000) / 10) / 1000;
}

/**
 * The heat's wind from the header's text: `+1.2`, `-0.3`, `+1.2 Manual` (a wind read by hand:
 * the number is the wind), `1.2 m/s`; `NWI` (no wind information) and blank give none. Rounded
 * to the next higher 0.1 m/s (WA TR 17.13, results/rules/marks.ts).
 */
export function lifWind(raw: string): number | null {
  const t = raw.trim();
  if (!t || /^(nwi|n\/a)$/i.test(t)) return null;
  const m = /^([+-]?\d{1,2}(?:\.\d{1,4})?)\s*(?:m\/s)?\s*(?:manual|man\.?|hand)?$/i.exec(t);
  if (!m) {
    throw lineError(
      1,
      `风速 ${t.slice(0, 20)} 无效（应为 +1.2、-0.3、+1.2 Manual、NWI 或空白）`,
      `the wind ${t.slice(0, 20)} is not valid (+1.2, -0.3, +1.2 Manual, NWI or blank)`,
    );
  }
  return roundWind(Number(m[1]));
}

/** A row's problem: the word in the place column FinishLynx does not list, or a field unread. */
export type RowProblem = ({ kind: 'unknown-word'; word: string } | { kind: 'bad-row' }) & Said;

/** What one row says, or its problem. */
export function readRow(row: LifRow, event: TimedEvent): { result: RowResult } | { problem: RowProblem } {
  const placeWord = row.place.toUpperCase();
  const timeWord = row.time.toUpperCase();
  let reactionTime: number | null = null;
  if (row.reactionTime) {
    reactionTime = lifReaction(row.reactionTime);
    if (reactionTime === null) {
      const r = row.reactionTime.slice(0, 20);
      return {
        problem: {
          kind: 'bad-row',
          zh: `反应时 ${r} 无效（应如 0.145 或 0.1234）`,
          en: `the reaction time ${r} is not valid (as 0.145 or 0.1234)`,
        },
      };
    }
  }
  const code = PLACE_WORDS[placeWord] ?? (row.place ? undefined : PLACE_WORDS[timeWord]);
  if (code) return { result: { ...NOTHING, code, reactionTime } };
  if (row.place && !/^\d+$/.test(row.place)) {
    const word = row.place.slice(0, 20);
    return {
      problem: {
        kind: 'unknown-word',
        word,
        zh: `名次栏的“${word}”不是 FinishLynx 的状态（DNS、DNF、DQ/DSQ、NP、AB）`,
        en: `“${word}” in the place column is not a FinishLynx status (DNS, DNF, DQ/DSQ, NP, AB)`,
      },
    };
  }
  const place = row.place ? Number(row.place) : null;
  if (place !== null && (place < 1 || place > 999)) {
    return { problem: { kind: 'bad-row', zh: `名次 ${row.place} 无效`, en: `the place ${row.place} is not valid` } };
  }
  if (!row.time) {
    if (place === null) return { result: { ...NOTHING, reactionTime } };
    return {
      problem: {
        kind: 'bad-row',
        zh: `有名次 ${place} 但没有成绩`,
        en: `place ${place} but no time`,
      },
    };
  }
  const time = lifTime(row.time, event);
  if (!time) {
    const t = row.time.slice(0, 20);
    return {
      problem: {
        kind: 'bad-row',
        zh: `成绩 ${t} 无效（应如 10.845、1:58.30）`,
        en: `the time ${t} is not valid (as 10.845, 1:58.30)`,
      },
    };
  }
  return { result: { place, mark: time.mark, value: time.value, code: null, reactionTime } };
}

/** Who a row is, for messages: the name when there is one, then its ID and lane. */
export function whoIs(row: Pick<LifRow, 'lastName' | 'firstName' | 'id' | 'lane'>): Said {
  const name = joinName(row.lastName, row.firstName);
  const ids = [row.id && `ID ${row.id}`, row.lane !== null && `lane ${row.lane}`].filter(Boolean).join(', ');
  const idsZh = [row.id && `ID ${row.id}`, row.lane !== null && `${row.lane} 道`].filter(Boolean).join('，');
  if (!name) return { zh: idsZh || '无号码、无道次的行', en: ids || 'a row without ID or lane' };
  return { zh: ids ? `${name}（${idsZh}）` : name, en: ids ? `${name} (${ids})` : name };
}

export interface Conflict extends Said {
  id: string;
  kind: LifConflictKind;
  line: number | null;
  options: LifResolution[];
}

export interface AssessedRow {
  row: LifRow;
  start: StartVO | null;
  matchedBy: 'bib' | 'lane' | null;
  result: RowResult;
  skipped: boolean;
}

/**
 * The rows of a file against the competitors of a heat, with the resolutions chosen so far.
 * A row is matched by its ID (the bib), else by its lane (the lane, or the start position in
 * races not in lanes). Conflicts: an ID or lane matching nobody, an ID found in another lane,
 * a competitor matched twice, an unknown place word, an unreadable field, and places that are
 * not in the order of the times. A resolution that does not fit its conflict counts as none.
 */
export function assessRows(
  rows: readonly LifRow[],
  starts: readonly StartVO[],
  resolutions: Readonly<Record<string, LifResolution>>,
  /** The round's event: decides the rounding of the times (`lifTime`). */
  event: TimedEvent,
): { rows: AssessedRow[]; conflicts: Conflict[] } {
  const conflicts: Conflict[] = [];
  const out: AssessedRow[] = [];
  const taken = new Map<number, number>();
  const add = (c: Conflict) => {
    conflicts.push(c);
    const r = resolutions[c.id];
    return r !== undefined && c.options.includes(r) ? r : null;
  };
  for (const row of rows) {
    const who = whoIs(row);
    const byBib = row.id ? starts.find((s) => s.relayTeamId === null && s.bib === row.id) : undefined;
    const byLane = row.lane !== null ? starts.find((s) => lynxLane(s) === row.lane) : undefined;
    let start: StartVO | null = null;
    let matchedBy: 'bib' | 'lane' | null = null;
    let skipped = false;
    if (row.id && !byBib) {
      const r = add({
        id: `unknown-bib:${row.line}`,
        kind: 'unknown-bib',
        line: row.line,
        zh: `${who.zh}：该组没有号码 ${row.id}${byLane ? `；${row.lane} 道是 ${byLane.name}` : ''}`,
        en: `${who.en}: nobody in this heat has ID ${row.id}${byLane ? `; lane ${row.lane} is ${byLane.name}` : ''}`,
        options: byLane ? ['trust-lane', 'skip-row'] : ['skip-row'],
      });
      if (r === 'trust-lane') [start, matchedBy] = [byLane!, 'lane'];
      else skipped = r === 'skip-row';
    } else if (!row.id && !byLane) {
      const r = add({
        id: `unknown-bib:${row.line}`,
        kind: 'unknown-bib',
        line: row.line,
        zh: `${who.zh} 不在该组出发名单中`,
        en: `${who.en} is not in this heat's start list`,
        options: ['skip-row'],
      });
      skipped = r === 'skip-row';
    } else if (byBib && row.lane !== null && lynxLane(byBib) !== row.lane) {
      const r = add({
        id: `lane-mismatch:${row.line}`,
        kind: 'lane-mismatch',
        line: row.line,
        zh: `${who.zh}：号码 ${row.id} 是 ${byBib.name}，在 ${lynxLane(byBib)} 道，而文件写的是 ${row.lane} 道${byLane ? `（${byLane.name}）` : ''}`,
        en: `${who.en}: ID ${row.id} is ${byBib.name} in lane ${lynxLane(byBib)}, the file says lane ${row.lane}${byLane ? ` (${byLane.name})` : ''}`,
        options: byLane ? ['trust-bib', 'trust-lane', 'skip-row'] : ['trust-bib', 'skip-row'],
      });
      if (r === 'trust-bib') [start, matchedBy] = [byBib, 'bib'];
      else if (r === 'trust-lane') [start, matchedBy] = [byLane!, 'lane'];
      else skipped = r === 'skip-row';
    } else {
      [start, matchedBy] = byBib ? [byBib, 'bib'] : [byLane!, 'lane'];
    }
    let result = NOTHING;
    if (!skipped) {
      const read = readRow(row, event);
      if ('problem' in read) {
        const p = read.problem;
        const r = add({
          id: `${p.kind}:${row.line}`,
          kind: p.kind,
          line: row.line,
          zh: `${who.zh}：${p.zh}`,
          en: `${who.en}: ${p.en}`,
          options: p.kind === 'unknown-word' ? ['DNS', 'DNF', 'DQ', 'skip-row'] : ['skip-row'],
        });
        if (r === 'DNS' || r === 'DNF' || r === 'DQ') {
          result = { ...NOTHING, code: r };
        } else skipped = r === 'skip-row';
      } else result = read.result;
    }
    if (start && !skipped) {
      const twice = taken.get(start.id);
      if (twice !== undefined) {
        const r = add({
          id: `same-competitor:${row.line}`,
          kind: 'same-competitor',
          line: row.line,
          zh: `${who.zh} 与第 ${twice} 行是同一名运动员（${start.name}）`,
          en: `${who.en} is the same competitor as line ${twice} (${start.name})`,
          options: ['skip-row'],
        });
        skipped = r === 'skip-row';
      } else taken.set(start.id, row.line);
    }
    if (skipped) out.push({ row, start: null, matchedBy: null, result: NOTHING, skipped: true });
    else out.push({ row, start, matchedBy, result: start ? result : NOTHING, skipped: false });
  }
  placeTime(out, add);
  return { rows: out, conflicts };
}

/** A time's order key (results/rules/marks.ts): the shown time, then the 1/1000 when given. */
function compareTimes(a: RowResult, b: RowResult): number {
  const ka = timeKey(a.mark!, a.value!);
  const kb = timeKey(b.mark!, b.value!);
  return ka.shown - kb.shown || (ka.hasThousandths && kb.hasThousandths ? ka.exact - kb.exact : 0);
}

/** Places not in the order of the times: a conflict settled by keeping them or placing by time. */
function placeTime(rows: AssessedRow[], add: (c: Conflict) => LifResolution | null) {
  const placed = rows
    .filter((r) => r.start && r.result.place !== null && r.result.value !== null)
    .sort((a, b) => a.result.place! - b.result.place! || a.row.line - b.row.line);
  const wrong: { zh: string; en: string; line: number }[] = [];
  for (let i = 1; i < placed.length; i++) {
    const a = placed[i - 1]!;
    const b = placed[i]!;
    const order = compareTimes(a.result, b.result);
    if (a.result.place === b.result.place ? order !== 0 : order > 0) {
      const [pa, pb] = [a.result.place, b.result.place];
      wrong.push({
        line: b.row.line,
        zh: `第 ${b.row.line} 行名次 ${pb}（${b.row.time}）与第 ${a.row.line} 行名次 ${pa}（${a.row.time}）`,
        en: `line ${b.row.line} place ${pb} (${b.row.time}) against line ${a.row.line} place ${pa} (${a.row.time})`,
      });
    }
  }
  if (!wrong.length) return;
  const shown = wrong.slice(0, 5);
  const more = wrong.length > 5 ? wrong.length - 5 : 0;
  const r = add({
    id: 'place-time',
    kind: 'place-time',
    line: wrong[0]!.line,
    zh: `名次与成绩顺序不一致：${shown.map((w) => w.zh).join('；')}${more ? ` 等 ${wrong.length} 处` : ''}`,
    en: `the places are not in the order of the times: ${shown.map((w) => w.en).join('; ')}${more ? ` and ${more} more` : ''}`,
    options: ['keep-places', 'by-time'],
  });
  if (r !== 'by-time') return;
  // Placed by the results' own ranking (TR 21.2), as making the heat official will.
  const ranked = rows.filter((x) => x.start && !x.skipped);
  const places = trackPlaces(ranked.map((x) => x.result));
  ranked.forEach((x, i) => {
    x.result = { ...x.result, place: places[i] ?? null };
  });
}
