/**
 * Contracts of competition/startlists (issue 6): making a round's heats (flights) and start
 * rows, drawing lanes and order again, moving a competitor, the round's settings, publishing,
 * and the round's log of draws and adjustments. The answers reuse `RoundVO` (competition.ts).
 */
import { type Static, Type } from 'typebox';
import { HEAT_STATUS_LIST } from './competition.js';
import { JobFields, JobId, Nullable } from './helpers.js';
import { Id, Version } from './scalars.js';

/** A draw seed: any short text; the same seed gives the same draw. */
const Seed = Type.String({ minLength: 1, maxLength: 64, pattern: '^[\\w.:-]+$' });

/** `POST /competition/events/:id/start-list`: make (or remake, while all heats are drafts) a round. */
export const StartListGenerateBody = Type.Object(
  {
    /** The round's position in the group item's plan (0 = first); by default the first not yet published. */
    roundIndex: Type.Optional(Type.Integer({ minimum: 0, maximum: 9 })),
    seed: Type.Optional(Seed),
    /** The number of heats (flights); by default as many as the lanes (or the max per heat) need. */
    heats: Type.Optional(Type.Integer({ minimum: 1, maximum: 99 })),
    /** The most competitors per heat (races not in lanes) or per flight (field events). */
    perHeat: Type.Optional(Type.Integer({ minimum: 2, maximum: 99 })),
  },
  { additionalProperties: false },
);
export type StartListGenerateBody = Static<typeof StartListGenerateBody>;

/**
 * `POST /competition/meetings/:id/start-lists` ("Generate all"): the first round of every event
 * of the meeting that has no start list yet, in one transaction, seeded exactly as each event
 * alone (`seed` given: every event is drawn from it; otherwise each event gets its own).
 */
export const StartListGenerateAllBody = Type.Object({ seed: Type.Optional(Seed) }, { additionalProperties: false });
export type StartListGenerateAllBody = Static<typeof StartListGenerateAllBody>;

/**
 * Why an event was left alone: its first round already has a start list (`made`, with the
 * round's status), it is a combined event (seeded in its individual events), no entry of it
 * is approved (`waiting` still wait for audit), or every entry was marked absent at the call
 * room before seeding (`all-absent`, 检录后编排).
 */
export const START_LIST_SKIP_REASONS = ['made', 'combined', 'no-entries', 'all-absent'] as const;
export type StartListSkipReason = (typeof START_LIST_SKIP_REASONS)[number];

const EventNames = {
  groupItemId: Id,
  groupName: Type.String(),
  groupNameEn: Type.String(),
  itemName: Type.String(),
  itemNameEn: Type.String(),
};

/** What "Generate all" did: per event made its round, heats, starts and seed; the events skipped and why. */
export const StartListGenerateAllVO = Type.Object({
  meetingId: Id,
  /** Start rows written in all. */
  starts: Type.Integer(),
  /** Athletes of the start lists made who have no bib yet (assign bibs before printing them). */
  missingBibs: Type.Integer(),
  /** Entries marked absent at the call room before seeding (检录后编排), left out of the start lists made. */
  absentLeftOut: Type.Integer(),
  made: Type.Array(
    Type.Object({
      ...EventNames,
      roundId: Id,
      heats: Type.Integer(),
      starts: Type.Integer(),
      seed: Type.String(),
      /** This event's entries marked absent before seeding, left out. */
      absentLeftOut: Type.Integer(),
    }),
  ),
  skipped: Type.Array(
    Type.Object({
      ...EventNames,
      reason: Type.Enum(START_LIST_SKIP_REASONS),
      /** `made`: the first round's status. */
      status: Nullable(Type.Enum(HEAT_STATUS_LIST)),
      /** `no-entries`: how many entries wait for audit. */
      waiting: Type.Integer(),
    }),
  ),
});
export type StartListGenerateAllVO = Static<typeof StartListGenerateAllVO>;

/**
 * "Generate all" runs as a job (issue 24: long work shows progress): `POST …/start-lists` answers
 * at once with it (or with the one running for the same data), `GET …/start-lists/jobs/:job` how
 * far it is — loading, each event composed, writing — and, once done, what it made.
 */
export const StartListJobVO = Type.Object({ ...JobFields, result: Nullable(StartListGenerateAllVO) });
export type StartListJobVO = Static<typeof StartListJobVO>;
export const StartListJobParams = Type.Object({ id: Id, job: JobId });
export type StartListJobParams = Static<typeof StartListJobParams>;

/** `POST /competition/rounds/:id/draw`: draw lanes / order again, keeping the heats. */
export const RoundDrawBody = Type.Object(
  {
    seed: Type.Optional(Seed),
    /** The round version loaded (checked when given). */
    version: Type.Optional(Version),
  },
  { additionalProperties: false },
);
export type RoundDrawBody = Static<typeof RoundDrawBody>;

/** `POST /competition/rounds/:id/publish|unpublish`. */
export const RoundPublishBody = Type.Object({ version: Type.Optional(Version) }, { additionalProperties: false });
export type RoundPublishBody = Static<typeof RoundPublishBody>;

/**
 * `POST /competition/starts/:id/move`: put a competitor in a lane (races in lanes) or at a
 * position (others) of a heat of the same round; whoever is there takes the mover's place.
 */
export const StartMoveBody = Type.Object(
  {
    heatId: Id,
    lane: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })),
    position: Type.Optional(Type.Integer({ minimum: 1, maximum: 999 })),
    version: Version,
  },
  { additionalProperties: false },
);
export type StartMoveBody = Static<typeof StartMoveBody>;

/** `PUT /competition/rounds/:id`: the round's settings. */
export const RoundSettingsBody = Type.Object(
  {
    version: Version,
    /** Field: trials for each athlete (WA TR 25.5). */
    trials: Type.Optional(Type.Integer({ minimum: 1, maximum: 12 })),
    /** Field: the cut after this many trials. */
    cutAfter: Type.Optional(Type.Integer({ minimum: 1, maximum: 12 })),
    /** Field: how many continue after the cut. */
    cutSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 99 })),
    /** Vertical jumps: the bar heights in metres, rising (WA TR 26.1). */
    heights: Type.Optional(Nullable(Type.Array(Type.Number({ minimum: 0.5, maximum: 7 }), { maxItems: 60 }))),
    /** Track: qualifiers by place per heat and next by time (WA TR 20.10). */
    qualifyByPlace: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 20 }))),
    qualifyByTime: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 99 }))),
  },
  { additionalProperties: false },
);
export type RoundSettingsBody = Static<typeof RoundSettingsBody>;

export const START_LOG_ACTIONS = ['generate', 'draw', 'move', 'settings', 'publish', 'unpublish'] as const;

/** One line of a round's log (comp_log): who did what, when. */
export const CompLogVO = Type.Object({
  id: Type.Integer(),
  action: Type.String(),
  heatId: Nullable(Type.Integer()),
  detail: Type.Record(Type.String(), Type.Unknown()),
  userId: Nullable(Type.Integer()),
  username: Nullable(Type.String()),
  nickname: Nullable(Type.String()),
  createdAt: Type.String({ description: 'ISO 8601' }),
});
export type CompLogVO = Static<typeof CompLogVO>;

export const StartIdParams = Type.Object({ id: Id });
export type StartIdParams = Static<typeof StartIdParams>;
