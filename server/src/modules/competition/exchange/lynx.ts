import { parse } from 'csv-parse/sync';
import { badInput } from '../../../lib/errors.js';
import { intField } from './text.js';

/**
 * FinishLynx files (the photo-finish timing system, WA TR 19.13–19.24), as pure functions:
 * the meet system writes the start lists for the timer (`lynx.evt`, `lynx.ppl`, `lynx.sch`)
 * and reads the timer's result file (`.lif`) back.
 *
 * Sources: the FinishLynx file descriptions as collected in the regatta_data notes
 * (github.com/basrijn/regatta_data, "FinishLynx results format (.LIF)"), the evt page of
 * run.gokhs.org/files/evt and the connector guides of 2Timer and Roster Athletics, and
 * FinishLynx's own help ("DatabaseFiles"). Every file is comma-separated text, one record a
 * line; "a field that contains a comma is placed in double quotes" (a quote inside one is
 * doubled); lines starting with `;` are comments; rows may carry fewer or more fields than
 * listed. Records are read with csv-parse. Baton writes CRLF line ends and reads CRLF or LF;
 * the bytes become text through lib/text-file.ts (the caller's job).
 *
 * Numbering (stable whatever is added to the meeting later): event = the group item's id,
 * round = the round's index + 1, heat = the heat's number. "ID" is the athlete's bib (blank
 * for relay teams and athletes without a bib); "lane" is the lane, or for races not in lanes
 * the start position.
 *
 * lynx.evt — one event line per heat, then one line per competitor:
 *   event line:       Event, Round, Heat, Event name, (wind, wind unit, template, capture time,
 *                     capture duration: blank), Distance (metres; left off when unknown) — the
 *                     layout of FinishLynx's help, "Database Files" (help.finishlynx.com/Content/
 *                     OnlineManual/DatabaseFiles.htm). The wind mode (field 12) is left out: the
 *                     help names the field but not how it spells its values, and the operator
 *                     sets the mode per event in FinishLynx.
 *   competitor line:  (blank), ID, Lane, Last name, First name, Affiliation
 * lynx.ppl — one line per person:
 *   ID, Last name, First name, Affiliation
 * lynx.sch — the running order, one line per heat:
 *   Event, Round, Heat
 * .lif (results of one heat) — a header line, then one line per competitor:
 *   header:  Event, Round, Heat, Event name, Wind, Wind unit, (template, …, distance, start time — ignored)
 *            Event, round and heat are whole numbers of up to 9 digits (TAF writes 1000007);
 *            `0,0,0` is a file FinishLynx saved for an unnumbered event.
 *   row:     Place, ID, Lane, Last name, First name, Affiliation, Time, License, Delta time,
 *            Reaction time, (splits, user fields — ignored)
 *   Place is a number, or a status word when the competitor has no place (DNS, DNF, DQ/DSQ,
 *   and NP / AB in French installations); the time field may carry the status instead. Times
 *   as FinishLynx prints them, to 1/10000 at most: `10.8451`, `1:58.30`, `1:02:03.4`. The
 *   meaning of the words and times is lif-rows.ts'.
 */

const MAX_LINES = 20_000;

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
  /** The race distance in metres (field 10 of the event line), when known. */
  distance?: number | null;
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

/**
 * A field as FinishLynx reads it: line breaks and runs of spaces become one space; a field with
 * a comma or a double quote is placed in double quotes, its quotes doubled.
 */
function field(v: string | number | null | undefined): string {
  const t = String(v ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return /[",]/.test(t) ? `"${t.replaceAll('"', '""')}"` : t;
}
const joined = (fields: (string | number | null)[]) => fields.map(field).join(',');
const text = (lines: string[]) => (lines.length ? `${lines.join('\r\n')}\r\n` : '');

/** The records of a Lynx file with their line numbers: comment and blank lines left out, fields trimmed. */
export function records(input: string): { line: number; fields: string[] }[] {
  let lines = 1;
  for (let i = input.indexOf('\n'); i >= 0; i = input.indexOf('\n', i + 1)) {
    lines += 1;
    if (lines > MAX_LINES + 1) throw badInput(`文件超过 ${MAX_LINES} 行`, `the file has more than ${MAX_LINES} lines`);
  }
  try {
    const out = parse(input.replace(/^\uFEFF/, ''), {
      relax_column_count: true,
      relax_quotes: true,
      comment: ';',
      comment_no_infix: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return out.map((r) => ({ line: r.info.lines, fields: r.record }));
  } catch (e) {
    const line = (e as { lines?: number }).lines ?? 0;
    throw badInput(
      `第 ${line} 行：引号未闭合（含逗号的字段应整体放在双引号内，字段内的双引号写两次）`,
      `line ${line}: a quote is not closed (a field with a comma goes in double quotes, a quote inside it doubled)`,
    );
  }
}

const EVENT = { zh: '项目编号', en: 'event number' };
const ROUND = { zh: '轮次', en: 'round' };
const HEAT = { zh: '组次', en: 'heat' };
const LANE = { zh: '道次', en: 'lane' };

/** Event, round, heat: a whole number of up to 9 digits (as FinishLynx allows), or null when blank. */
function numberField(raw: string, what: { zh: string; en: string }, line: number): number | null {
  const t = raw.trim();
  if (!t) return null;
  if (!/^\d{1,9}$/.test(t)) {
    throw badInput(
      `第 ${line} 行：${what.zh} ${t.slice(0, 20)} 无效（应为不超过 9 位的整数）`,
      `line ${line}: ${what.en} ${t.slice(0, 20)} is not valid (a whole number of up to 9 digits)`,
    );
  }
  return Number(t);
}

function slot(fields: string[], line: number): LynxSlot {
  const event = numberField(fields[0] ?? '', EVENT, line);
  const round = numberField(fields[1] ?? '', ROUND, line);
  const heat = numberField(fields[2] ?? '', HEAT, line);
  if (event === null || round === null || heat === null) {
    throw badInput(`第 ${line} 行应以项目编号、轮次、组次开头`, `line ${line} should start with event, round and heat`);
  }
  return { event, round, heat };
}

export function writeEvt(heats: LynxHeat[]): string {
  const lines: string[] = [];
  for (const h of heats) {
    const distance = h.distance ? ['', '', '', '', '', h.distance] : [];
    lines.push(joined([h.event, h.round, h.heat, h.name, ...distance]));
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
