/**
 * Combined events (issue 23): decathlon, heptathlon, pentathlon, octathlon and the school
 * formats Chinese meets run (三项 / 四项全能). Each discipline of a combined event is a round of
 * its own (`comp_round.discipline`), run and scored as that event; its points come from the
 * World Athletics Scoring Tables for Combined Events (2001 edition, the tables WA TR 39.11
 * names) by their published formulae:
 *
 *   track events  P = ⌊A · (B − T)^C⌋, T the time in seconds
 *   jumps         P = ⌊A · (M − B)^C⌋, M the mark in centimetres
 *   throws        P = ⌊A · (M − B)^C⌋, M the mark in metres
 *
 * and zero when the bracket is not positive. The constants are the tables' "Formulae" page,
 * one row per event and sex; this is the only copy of them.
 */
import { type Static, Type } from 'typebox';
import { COMBINED_DISCIPLINE_NAMES } from './competition-combined-names.js';
import { Nullable } from './helpers.js';
import { Id } from './scalars.js';

/** A, B, C of one event's formula. */
export interface ScoringConstants {
  a: number;
  b: number;
  c: number;
}

export type DisciplineKind = 'track' | 'field-height' | 'field-distance';

export interface CombinedDiscipline {
  /** The item code the same event has on its own (`100`, `110H`, `LJ`): rules key on it. */
  code: string;
  name: string;
  nameEn: string;
  kind: DisciplineKind;
  resultFormat: 'time' | 'height' | 'distance';
  windMeasured: boolean;
  usesLanes: boolean;
  /** Track: seconds; jumps: centimetres; throws: metres. */
  unit: 's' | 'cm' | 'm';
  /** The formula's constants by sex (a sex the tables have no row for cannot score it). */
  table: { M?: ScoringConstants; F?: ScoringConstants };
  /**
   * Hand-timed races: the seconds added before the table is read. The Scoring Tables print a
   * separate "manual timing" column for 100 m, 200 m, 400 m and the hurdles, 0.24 s slower up to
   * 200 m and 0.14 s at 400 m; races from 800 m up have none (hand and automatic times score alike).
   */
  manual: number;
}

/** A discipline's code with its names (competition-combined-names.ts). */
const named = (code: string) => ({ code, ...COMBINED_DISCIPLINE_NAMES[code]! });

const track = (
  code: string,
  wind: boolean,
  lanes: boolean,
  manual: number,
  table: CombinedDiscipline['table'],
): CombinedDiscipline => ({
  ...named(code),
  kind: 'track',
  resultFormat: 'time',
  windMeasured: wind,
  usesLanes: lanes,
  unit: 's',
  table,
  manual,
});
const jump = (
  code: string,
  kind: 'field-height' | 'field-distance',
  wind: boolean,
  table: CombinedDiscipline['table'],
): CombinedDiscipline => ({
  ...named(code),
  kind,
  resultFormat: kind === 'field-height' ? 'height' : 'distance',
  windMeasured: wind,
  usesLanes: false,
  unit: 'cm',
  table,
  manual: 0,
});
const throwing = (code: string, table: CombinedDiscipline['table']): CombinedDiscipline => ({
  ...named(code),
  kind: 'field-distance',
  resultFormat: 'distance',
  windMeasured: false,
  usesLanes: false,
  unit: 'm',
  table,
  manual: 0,
});

/** Every discipline a combined event can hold, with its table constants (WA Scoring Tables 2001). */
export const COMBINED_DISCIPLINES: Record<string, CombinedDiscipline> = Object.fromEntries(
  [
    track('60', false, true, 0.24, {
      M: { a: 58.015, b: 11.5, c: 1.81 },
      F: { a: 46.0849, b: 13, c: 1.81 },
    }),
    track('100', true, true, 0.24, {
      M: { a: 25.4347, b: 18, c: 1.81 },
      F: { a: 17.857, b: 21, c: 1.81 },
    }),
    track('200', true, true, 0.24, {
      M: { a: 5.8425, b: 38, c: 1.81 },
      F: { a: 4.99087, b: 42.5, c: 1.81 },
    }),
    track('400', false, true, 0.14, {
      M: { a: 1.53775, b: 82, c: 1.81 },
      F: { a: 1.34285, b: 91.7, c: 1.81 },
    }),
    track('800', false, true, 0, { F: { a: 0.11193, b: 254, c: 1.88 } }),
    track('1000', false, false, 0, { M: { a: 0.08713, b: 305.5, c: 1.85 } }),
    track('1500', false, false, 0, {
      M: { a: 0.03768, b: 480, c: 1.85 },
      F: { a: 0.02883, b: 535, c: 1.88 },
    }),
    track('60H', false, true, 0.24, {
      M: { a: 20.5173, b: 15.5, c: 1.92 },
      F: { a: 20.0479, b: 17, c: 1.835 },
    }),
    track('100H', true, true, 0.24, { F: { a: 9.23076, b: 26.7, c: 1.835 } }),
    track('110H', true, true, 0.24, { M: { a: 5.74352, b: 28.5, c: 1.92 } }),
    jump('HJ', 'field-height', false, {
      M: { a: 0.8465, b: 75, c: 1.42 },
      F: { a: 1.84523, b: 75, c: 1.348 },
    }),
    jump('PV', 'field-height', false, {
      M: { a: 0.2797, b: 100, c: 1.35 },
      F: { a: 0.44125, b: 100, c: 1.35 },
    }),
    jump('LJ', 'field-distance', true, {
      M: { a: 0.14354, b: 220, c: 1.4 },
      F: { a: 0.188807, b: 210, c: 1.41 },
    }),
    throwing('SP', { M: { a: 51.39, b: 1.5, c: 1.05 }, F: { a: 56.0211, b: 1.5, c: 1.05 } }),
    throwing('DT', { M: { a: 12.91, b: 4, c: 1.1 }, F: { a: 12.3311, b: 3, c: 1.1 } }),
    throwing('JT', { M: { a: 10.14, b: 7, c: 1.08 }, F: { a: 15.9803, b: 3.8, c: 1.04 } }),
  ].map((d) => [d.code, d]),
);

export const COMBINED_DISCIPLINE_CODES = Object.keys(COMBINED_DISCIPLINES);

/**
 * The disciplines of each combined item in their order, by sex (WA TR 39.1–39.3 for the
 * decathlon, heptathlon and pentathlon; the U18 octathlon; and the Chinese school 三项 / 四项
 * formats as their usual 竞赛规程 write them). A meeting changes the list of one group item in
 * its round plan (`RoundPlan.discipline`): these are only where a new event starts.
 */
export const COMBINED_FORMATS: Record<string, { M: string[]; F: string[] }> = {
  // TR 39.1.1 men's decathlon; TR 39.3.1 women's decathlon (100 m, DT, PV, JT, 400 m / 100 mH, LJ, SP, HJ, 1500 m).
  DEC: {
    M: ['100', 'LJ', 'SP', 'HJ', '400', '110H', 'DT', 'PV', 'JT', '1500'],
    F: ['100', 'DT', 'PV', 'JT', '400', '100H', 'LJ', 'SP', 'HJ', '1500'],
  },
  // TR 39.2.1 women's heptathlon; men: the indoor heptathlon (TR 39.1.2 indoor: 60, LJ, SP, HJ / 60H, PV, 1000).
  HEP: {
    M: ['60', 'LJ', 'SP', 'HJ', '60H', 'PV', '1000'],
    F: ['100H', 'HJ', 'SP', '200', 'LJ', 'JT', '800'],
  },
  // Men: the outdoor pentathlon (LJ, JT, 200 m, DT, 1500 m); women: the indoor pentathlon (60 mH, HJ, SP, LJ, 800 m).
  PEN: {
    M: ['LJ', 'JT', '200', 'DT', '1500'],
    F: ['60H', 'HJ', 'SP', 'LJ', '800'],
  },
  OCT: {
    M: ['100', 'LJ', 'SP', '400', '110H', 'HJ', 'JT', '1000'],
    F: ['100', 'LJ', 'SP', '400', '100H', 'HJ', 'JT', '800'],
  },
  TRI: { M: ['100', 'LJ', 'SP'], F: ['100', 'LJ', 'SP'] },
  QUA: { M: ['100', 'LJ', 'SP', '400'], F: ['100', 'LJ', 'SP', '800'] },
};

/** The preset disciplines of a combined item for a group's sex (mixed groups take the men's list). */
export function combinedPreset(itemCode: string, gender: 'M' | 'F' | 'X'): string[] {
  const format = COMBINED_FORMATS[itemCode.trim().toUpperCase()];
  if (!format) return [];
  return gender === 'F' ? format.F : format.M;
}

/**
 * The points of one performance (WA Scoring Tables for Combined Events, 2001: "Formulae"):
 * `value` is the time in seconds or the mark in metres as results store them. Hand-timed
 * races add the table's manual-timing difference first. Null when the table has no row for
 * this event and sex. Jumps are read in whole centimetres, throws in whole centimetres of a
 * metre (the marks are already to the centimetre below, TR 25.17).
 */
export function combinedPoints(code: string, gender: 'M' | 'F', value: number, handTimed = false): number | null {
  const d = COMBINED_DISCIPLINES[code];
  const k = d?.table[gender];
  if (!d || !k) return null;
  let x: number;
  if (d.unit === 's') x = k.b - (value + (handTimed ? d.manual : 0));
  else if (d.unit === 'cm') x = Math.round(value * 100) - k.b;
  else x = Math.round(value * 100) / 100 - k.b;
  if (x <= 0) return 0;
  // Truncated, as the printed tables are; the epsilon keeps 999.9999999 from a float's error at 1000.
  return Math.floor(k.a * x ** k.c + 1e-9);
}

/** A competitor's points in one discipline of the standing. */
export const CombinedScoreVO = Type.Object({
  /** The discipline round. */
  roundId: Id,
  mark: Nullable(Type.String()),
  /** DNS, DNF, DQ, NM, r, or null. */
  code: Nullable(Type.String()),
  wind: Nullable(Type.Number()),
  /** Hand-timed (the manual-timing difference was added). */
  handTimed: Type.Boolean(),
  points: Type.Integer(),
});
export type CombinedScoreVO = Static<typeof CombinedScoreVO>;

/** One athlete of a combined event: points per discipline, running total, place (TR 39.12). */
export const CombinedRowVO = Type.Object({
  athleteId: Id,
  name: Type.String(),
  nameEn: Nullable(Type.String()),
  bib: Nullable(Type.String()),
  delegationId: Id,
  delegationName: Type.String(),
  /** By discipline round id (only the disciplines whose results are counted). */
  scores: Type.Array(CombinedScoreVO),
  total: Type.Integer(),
  /** Null while no discipline counts, or once the athlete has abandoned (TR 39.10). */
  place: Nullable(Type.Integer()),
  /** Failed to start or make an attempt in a discipline: no later discipline, no final place (TR 39.10). */
  abandoned: Type.Boolean(),
});
export type CombinedRowVO = Static<typeof CombinedRowVO>;

export const CombinedDisciplineVO = Type.Object({
  roundId: Id,
  index: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  nameEn: Type.String(),
  status: Type.Union([Type.Literal('draft'), Type.Literal('set'), Type.Literal('official')]),
  /** Its points count in the standing (official; staff also see results being entered). */
  counted: Type.Boolean(),
});
export type CombinedDisciplineVO = Static<typeof CombinedDisciplineVO>;

/** The standing of a combined event after the disciplines counted so far. */
export const CombinedStandingVO = Type.Object({
  groupItemId: Id,
  meetingId: Id,
  groupName: Type.String(),
  groupNameEn: Type.String(),
  itemName: Type.String(),
  itemNameEn: Type.String(),
  disciplines: Type.Array(CombinedDisciplineVO),
  /** In place order; abandoned athletes last. */
  rows: Type.Array(CombinedRowVO),
  /** Every discipline is official. */
  final: Type.Boolean(),
});
export type CombinedStandingVO = Static<typeof CombinedStandingVO>;

export const CombinedParams = Type.Object({ groupItemId: Id });
export type CombinedParams = Static<typeof CombinedParams>;

export const HeatTimingBody = Type.Object({
  version: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  handTimed: Type.Boolean(),
});
export type HeatTimingBody = Static<typeof HeatTimingBody>;
