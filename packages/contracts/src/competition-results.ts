/**
 * Contracts of competition/results (issue 6): entering track results and field trials, making
 * a heat official or reopening it, and the live standing of a heat. Writes answer the round
 * (`RoundVO` of competition.ts) so a screen shows the recomputed places at once.
 */
import { type Static, Type } from 'typebox';
import { RESULT_CODE_LIST, TRIAL_OUTCOME_LIST } from './competition.js';
import { Nullable } from './helpers.js';
import { Id, Literals, Version } from './scalars.js';

/** Plain text: no control characters. */
const Text = (maxLength: number) => Type.String({ maxLength, pattern: '^[^\\u0000-\\u001f\\u007f]*$' });

/** A wind reading in m/s as read from the gauge (stored rounded up to 0.1, WA TR 17.13 / 29.12). */
export const ResultWind = Type.Number({ minimum: -20, maximum: 20 });

/** Qualifiers a referee or the jury gives by hand (WA TR 20.10): the others are computed. */
export const MANUAL_QUALIFIER_LIST = ['qR', 'qJ'] as const;
export type ManualQualifier = (typeof MANUAL_QUALIFIER_LIST)[number];

/** One competitor's result in a heat (only the rows sent change). */
export const HeatResultRow = Type.Object({
  startId: Id,
  version: Version,
  /** The time (`10.853`, `1:58.30`, `1:02:03.4`) or points as typed; empty or null clears it. */
  mark: Type.Optional(Nullable(Text(16))),
  /** Seconds, to 1/1000. */
  reactionTime: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 9.999 }))),
  code: Type.Optional(Nullable(Literals(RESULT_CODE_LIST))),
  /** The rule broken, required with DQ (`TR 17.3.1`). */
  dqRule: Type.Optional(Nullable(Text(40))),
  /** Advanced by the referee or the jury (TR 20.10), kept when qualifiers are computed. */
  qualifier: Type.Optional(Nullable(Literals(MANUAL_QUALIFIER_LIST))),
  note: Type.Optional(Nullable(Text(200))),
});
export type HeatResultRow = Static<typeof HeatResultRow>;

/** `PUT /competition/heats/:id/results`: a heat's results (and its wind) in one go. */
export const HeatResultsBody = Type.Object({
  version: Version,
  /** Track: the heat's wind as read; null clears it; absent leaves it. */
  wind: Type.Optional(Nullable(ResultWind)),
  rows: Type.Array(HeatResultRow, { maxItems: 200 }),
});
export type HeatResultsBody = Static<typeof HeatResultsBody>;

/**
 * `POST /competition/starts/:id/trials`: one field trial, replacing the trial of that `seq`.
 * Horizontal events: `seq` is the trial number and a valid trial (`O`) has its `mark` in
 * metres; vertical jumps: `seq` is the attempt's order and `height` the bar.
 */
export const ResultTrialBody = Type.Object({
  seq: Type.Integer({ minimum: 1, maximum: 99 }),
  outcome: Literals(TRIAL_OUTCOME_LIST),
  mark: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 150 }))),
  wind: Type.Optional(Nullable(ResultWind)),
  height: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 9.99 }))),
  /** Vertical jumps: an attempt of the jump-off for first place (WA TR 26.9). */
  jumpOff: Type.Optional(Type.Boolean()),
  /** The start row's version as loaded (optimistic locking; every trial bumps it). */
  version: Type.Optional(Version),
});
export type ResultTrialBody = Static<typeof ResultTrialBody>;

export const ResultTrialParams = Type.Object({ id: Id, seq: Type.Integer({ minimum: 1, maximum: 99 }) });
export type ResultTrialParams = Static<typeof ResultTrialParams>;
export const ResultTrialDeleteQuery = Type.Object({ version: Type.Optional(Version) });
export type ResultTrialDeleteQuery = Static<typeof ResultTrialDeleteQuery>;

/** `POST /competition/heats/:id/official`. */
export const HeatOfficialBody = Type.Object({ version: Version });
export type HeatOfficialBody = Static<typeof HeatOfficialBody>;

/** `POST /competition/heats/:id/reopen`: back to `set`, with the reason logged. */
export const HeatReopenBody = Type.Object({
  version: Version,
  reason: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
});
export type HeatReopenBody = Static<typeof HeatReopenBody>;

export const STANDING_KIND_LIST = ['track', 'horizontal', 'vertical'] as const;
export type StandingKind = (typeof STANDING_KIND_LIST)[number];

/** A competitor in the live standing of a heat. */
export const StandingRowVO = Type.Object({
  startId: Id,
  /** The live place (null: no valid result yet, or a code). */
  place: Nullable(Type.Integer()),
  /** The best mark so far as displayed. */
  best: Nullable(Type.String()),
  /** Field: valid trials so far; vertical: attempts taken. */
  trials: Type.Integer(),
  /** No more trials: out after the cut (TR 25.5), three consecutive failures (TR 26.4), retired or a code. */
  eliminated: Type.Boolean(),
  /** Order for the trials still to come (1 = first up); null when the athlete takes no more. */
  order: Nullable(Type.Integer()),
});
export type StandingRowVO = Static<typeof StandingRowVO>;

/** `GET /competition/heats/:id/standing`: the live standing, in place order. */
export const HeatStandingVO = Type.Object({
  heatId: Id,
  kind: Literals(STANDING_KIND_LIST),
  /** Horizontal: every athlete has had the trials before the cut (the order is reversed after it). */
  cutReached: Type.Boolean(),
  /** Vertical: a tie for first place that countback does not break, to be settled by a jump-off (TR 26.9). */
  jumpOff: Type.Boolean(),
  rows: Type.Array(StandingRowVO),
});
export type HeatStandingVO = Static<typeof HeatStandingVO>;

export const ResultHeatParams = Type.Object({ id: Id });
export type ResultHeatParams = Static<typeof ResultHeatParams>;
export const ResultStartParams = Type.Object({ id: Id });
export type ResultStartParams = Static<typeof ResultStartParams>;
