import { badInput } from '../../../lib/errors.js';
import { clean, intField, linesOf } from './text.js';

/**
 * FinishLynx files (the photo-finish timing system, WA TR 19.13–19.24), as pure functions:
 * the meet system writes the start lists for the timer (`lynx.evt`, `lynx.ppl`, `lynx.sch`)
 * and reads the timer's result file (`.lif`) back.
 *
 * Sources: the FinishLynx file descriptions as collected in the regatta_data notes
 * (github.com/basrijn/regatta_data, "FinishLynx results format (.LIF)"), the evt page of
 * run.gokhs.org/files/evt and the connector guides of 2Timer and Roster Athletics. Every file
 * is comma-separated text without quoting (so a comma inside a name becomes a space), one
 * record a line, lines starting with `;` are comments. Baton writes UTF-8 with CRLF line ends
 * and reads CRLF or LF.
 *
 * Numbering (stable whatever is added to the meeting later): event = the group item's id,
 * round = the round's index + 1, heat = the heat's number. "ID" is the athlete's bib (blank
 * for relay teams and athletes without a bib); "lane" is the lane, or for races not in lanes
 * the start position.
 *
 * lynx.evt — one event line per heat, then one line per competitor:
 *   event line:       Event, Round, Heat, Event name
 *   competitor line:  (blank), ID, Lane, Last name, First name, Affiliation
 * lynx.ppl — one line per person:
 *   ID, Last name, First name, Affiliation
 * lynx.sch — the running order, one line per heat:
 *   Event, Round, Heat
 * .lif (results of one heat) — a header line, then one line per competitor:
 *   header:  Event, Round, Heat, Event name, Wind, Wind unit, (template, …, distance, start time — ignored)
 *   row:     Place, ID, Lane, Last name, First name, Affiliation, Time, License, Delta time,
 *            Reaction time, (splits, user fields — ignored)
 *   Place is a number, or a status (DNS, DNF, DQ/DSQ) when the competitor has no place; the
 *   time field may carry the status instead. Times as FinishLynx prints them: `10.845`,
 *   `1:58.30`, `1:02:03.4`.
 */

const MAX_LINES = 20_000;
const MAX_NUMBER = 999_999;

export interface LynxCompetitor {
  id: string;
  lane: number | null;
  lastName: string;
  firstName: string;
  affiliation: string;
}

export interface LynxHeat {
  event: number;
  round: number;
  heat: number;
  name: string;
  competitors: LynxCompetitor[];
}

export interface LynxPerson {
  id: string;
  lastName: string;
  firstName: string;
  affiliation: string;
}

export interface LynxSlot {
  event: number;
  round: number;
  heat: number;
}

export interface LifHeader extends LynxSlot {
  name: string;
  /** As written (`+1.2`, `-0.3`, blank, `NWI`). */
  wind: string;
}

export interface LifRow {
  /** The line in the file (the header is line 1). */
  line: number;
  place: string;
  id: string;
  lane: number | null;
  lastName: string;
  firstName: string;
  affiliation: string;
  time: string;
  reactionTime: string;
}

export interface Lif {
  header: LifHeader;
  rows: LifRow[];
}

const c = (v: string | null | undefined) => clean(v, ',');
const joined = (fields: (string | number | null)[]) => fields.map((f) => c(f === null ? '' : String(f))).join(',');
const text = (lines: string[]) => (lines.length ? `${lines.join('\r\n')}\r\n` : '');

/** The records of a Lynx file: comment and blank lines left out, fields trimmed. */
function records(input: string): { line: number; fields: string[] }[] {
  return linesOf(input, MAX_LINES)
    .filter((l) => l.text.trim() && !l.text.trimStart().startsWith(';'))
    .map((l) => ({ line: l.line, fields: l.text.split(',').map((f) => f.trim()) }));
}

const EVENT = { zh: '项目编号', en: 'event number' };
const ROUND = { zh: '轮次', en: 'round' };
const HEAT = { zh: '组次', en: 'heat' };
const LANE = { zh: '道次', en: 'lane' };

function slot(fields: string[], line: number): LynxSlot {
  const event = intField(fields[0] ?? '', EVENT, line, MAX_NUMBER);
  const round = intField(fields[1] ?? '', ROUND, line, MAX_NUMBER);
  const heat = intField(fields[2] ?? '', HEAT, line, MAX_NUMBER);
  if (event === null || round === null || heat === null) {
    throw badInput(`第 ${line} 行应以项目编号、轮次、组次开头`, `line ${line} should start with event, round and heat`);
  }
  return { event, round, heat };
}

export function writeEvt(heats: LynxHeat[]): string {
  const lines: string[] = [];
  for (const h of heats) {
    lines.push(joined([h.event, h.round, h.heat, h.name]));
    for (const p of h.competitors) lines.push(joined(['', p.id, p.lane, p.lastName, p.firstName, p.affiliation]));
  }
  return text(lines);
}

export function parseEvt(input: string): LynxHeat[] {
  const heats: LynxHeat[] = [];
  for (const r of records(input)) {
    if (r.fields[0] === '') {
      const h = heats.at(-1);
      if (!h)
        throw badInput(`第 ${r.line} 行：运动员行之前没有项目行`, `line ${r.line}: a competitor before any event`);
      h.competitors.push({
        id: r.fields[1] ?? '',
        lane: intField(r.fields[2] ?? '', LANE, r.line, 99),
        lastName: r.fields[3] ?? '',
        firstName: r.fields[4] ?? '',
        affiliation: r.fields[5] ?? '',
      });
    } else {
      heats.push({ ...slot(r.fields, r.line), name: r.fields[3] ?? '', competitors: [] });
    }
  }
  return heats;
}

export function writePpl(people: LynxPerson[]): string {
  return text(people.map((p) => joined([p.id, p.lastName, p.firstName, p.affiliation])));
}

export function parsePpl(input: string): LynxPerson[] {
  return records(input).map((r) => ({
    id: r.fields[0] ?? '',
    lastName: r.fields[1] ?? '',
    firstName: r.fields[2] ?? '',
    affiliation: r.fields[3] ?? '',
  }));
}

export function writeSch(slots: LynxSlot[]): string {
  return text(slots.map((s) => joined([s.event, s.round, s.heat])));
}

export function parseSch(input: string): LynxSlot[] {
  return records(input).map((r) => slot(r.fields, r.line));
}

/** A `.lif` file (the tests make result files with it; FinishLynx writes the real ones). */
export function writeLif(lif: Lif): string {
  const h = lif.header;
  const lines = [joined([h.event, h.round, h.heat, h.name, h.wind, h.wind ? 'm/s' : ''])];
  for (const r of lif.rows) {
    lines.push(joined([r.place, r.id, r.lane, r.lastName, r.firstName, r.affiliation, r.time, '', '', r.reactionTime]));
  }
  return text(lines);
}

export function parseLif(input: string): Lif {
  const [head, ...rest] = records(input);
  if (!head) throw badInput('结果文件是空的', 'the result file is empty');
  const header: LifHeader = { ...slot(head.fields, head.line), name: head.fields[3] ?? '', wind: head.fields[4] ?? '' };
  const rows = rest.map(
    (r): LifRow => ({
      line: r.line,
      place: r.fields[0] ?? '',
      id: r.fields[1] ?? '',
      lane: intField(r.fields[2] ?? '', LANE, r.line, 99),
      lastName: r.fields[3] ?? '',
      firstName: r.fields[4] ?? '',
      affiliation: r.fields[5] ?? '',
      time: r.fields[6] ?? '',
      reactionTime: r.fields[9] ?? '',
    }),
  );
  return { header, rows };
}
