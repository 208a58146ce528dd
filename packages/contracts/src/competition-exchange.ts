/**
 * Contracts of competition/exchange (issue 6, "Timing and interop"): FinishLynx files
 * (`lynx.evt`, `lynx.ppl`, `lynx.sch` out, `.lif` results in), Hy-Tek semicolon entry files
 * (out and in) and the meet as JSON. The file layouts are documented in
 * `server/src/modules/competition/exchange/lynx.ts` and `hytek.ts`.
 */
import { type Static, Type } from 'typebox';
import { CompetitionEventVO, RESULT_CODE_LIST, RoundVO } from './competition.js';
import { Nullable } from './helpers.js';
import { Id } from './scalars.js';

/** The largest `.lif` file accepted (a heat's results are a few kilobytes). */
export const LIF_MAX_BYTES = 1024 * 1024;
/** The largest Hy-Tek entry file accepted. */
export const HYTEK_MAX_BYTES = 2 * 1024 * 1024;

/** `POST /competition/heats/:id/lif`. */
export const LifHeatParams = Type.Object({ id: Id });
export type LifHeatParams = Static<typeof LifHeatParams>;

/** One `.lif` row as written into the heat. */
export const LifRowVO = Type.Object({
  /** The line of the file (1 = the header). */
  line: Type.Integer(),
  startId: Id,
  bib: Nullable(Type.String()),
  lane: Nullable(Type.Integer()),
  name: Type.String(),
  /** How the row was matched: by the bib (the Lynx ID) or by the lane. */
  matchedBy: Type.Union([Type.Literal('bib'), Type.Literal('lane')]),
  place: Nullable(Type.Integer()),
  mark: Nullable(Type.String()),
  value: Nullable(Type.Number()),
  code: Nullable(Type.Enum(RESULT_CODE_LIST)),
  reactionTime: Nullable(Type.Number()),
  /** The time and reaction time as the file gave them (to 1/10000: `10.8451`, `0.1234`). */
  time: Type.String(),
  reaction: Type.String(),
});
export type LifRowVO = Static<typeof LifRowVO>;

/** A competitor's result before or after an import. */
const LifResultVO = Type.Object({
  place: Nullable(Type.Integer()),
  mark: Nullable(Type.String()),
  code: Nullable(Type.Enum(RESULT_CODE_LIST)),
  reactionTime: Nullable(Type.Number()),
});

/** One competitor whose result the import changed. */
export const LifChangeVO = Type.Object({
  startId: Id,
  bib: Nullable(Type.String()),
  lane: Nullable(Type.Integer()),
  name: Type.String(),
  before: LifResultVO,
  after: LifResultVO,
});
export type LifChangeVO = Static<typeof LifChangeVO>;

/** The answer of a `.lif` import: what landed where (results stay provisional). */
export const LifImportVO = Type.Object({
  heatId: Id,
  roundId: Id,
  /** The heat's wind (m/s, rounded up to 0.1) when the event measures wind and the file gave one. */
  wind: Nullable(Type.Number()),
  rows: Type.Array(LifRowVO),
  /** The encoding the file was read in (lib/text-file.ts). */
  encoding: Type.String(),
  /** Every competitor whose result changed (before → after): a re-import replaces the heat's read as a whole. */
  changes: Type.Array(LifChangeVO),
});
export type LifImportVO = Static<typeof LifImportVO>;

/** `POST /competition/meetings/:id/exchange/hytek?mode=`: all-or-nothing (default) or the valid rows only. */
export const HytekImportQuery = Type.Object({
  mode: Type.Optional(Type.Union([Type.Literal('all-or-nothing'), Type.Literal('valid-only')])),
});
export type HytekImportQuery = Static<typeof HytekImportQuery>;

/** The encodings an operator can pick for the venue's files (UTF-8, UTF-8 with a BOM, GBK). */
export const EXPORT_ENCODING_LIST = ['utf-8', 'utf-8-bom', 'gbk'] as const;
export type ExportEncoding = (typeof EXPORT_ENCODING_LIST)[number];

/**
 * `GET …/exchange/lynx.evt|ppl|sch|hytek.txt?encoding=`: the file's encoding, UTF-8 by default.
 * GBK is what FinishLynx and Hy-Tek on a Chinese Windows read as ANSI; a character GBK cannot
 * hold is refused (400) naming it.
 */
export const ExchangeExportQuery = Type.Object({
  encoding: Type.Optional(Type.Union([Type.Literal('utf-8'), Type.Literal('utf-8-bom'), Type.Literal('gbk')])),
});
export type ExchangeExportQuery = Static<typeof ExchangeExportQuery>;

/** A competitor in `meet.json`: no ID number, no birth date (the year only). */
export const MeetCompetitorVO = Type.Object({
  athleteId: Id,
  bib: Nullable(Type.String()),
  name: Type.String(),
  nameEn: Nullable(Type.String()),
  gender: Type.Union([Type.Literal('M'), Type.Literal('F')]),
  birthYear: Type.Integer(),
  groupId: Id,
  delegationId: Id,
});
export type MeetCompetitorVO = Static<typeof MeetCompetitorVO>;

/** One result (a start row with a mark or a code) in `meet.json`. */
export const MeetResultVO = Type.Object({
  eventNumber: Type.Integer(),
  roundId: Id,
  heatId: Id,
  heatStatus: Type.String(),
  startId: Id,
  athleteId: Nullable(Id),
  relayTeamId: Nullable(Id),
  delegationId: Id,
  bib: Nullable(Type.String()),
  name: Type.String(),
  place: Nullable(Type.Integer()),
  mark: Nullable(Type.String()),
  value: Nullable(Type.Number()),
  code: Nullable(Type.Enum(RESULT_CODE_LIST)),
  wind: Nullable(Type.Number()),
  reactionTime: Nullable(Type.Number()),
  qualifier: Nullable(Type.String()),
  points: Nullable(Type.Number()),
  record: Nullable(Type.String()),
});
export type MeetResultVO = Static<typeof MeetResultVO>;

/** `GET /competition/meetings/:id/exchange/meet.json`: the meet in one document. */
export const MeetExportVO = Type.Object({
  format: Type.Literal('baton-meet'),
  version: Type.Literal(1),
  exportedAt: Type.String(),
  meeting: Type.Object({
    id: Id,
    code: Type.String(),
    name: Type.String(),
    nameEn: Type.String(),
    venue: Type.String(),
    startDate: Type.String(),
    endDate: Type.String(),
    /** The meeting's clock (IANA): the instants below are shown on it. */
    timeZone: Type.String(),
  }),
  delegations: Type.Array(Type.Object({ id: Id, name: Type.String(), shortName: Nullable(Type.String()) })),
  competitors: Type.Array(MeetCompetitorVO),
  /** The group items, numbered as in the FinishLynx files (`eventNumber` = the group item id). */
  events: Type.Array(Type.Object({ eventNumber: Type.Integer(), ...CompetitionEventVO.properties })),
  /** Rounds with their heats (flights) and start rows, results included. */
  units: Type.Array(RoundVO),
  results: Type.Array(MeetResultVO),
});
export type MeetExportVO = Static<typeof MeetExportVO>;

// ─── FinishLynx .lif: several files at once, with a review (issue 22) ───────────────────────

/** The most `.lif` files reviewed or imported at once (files dropped, or the entries of a zip). */
export const LIF_MAX_FILES = 200;
/** A zip of `.lif` files: at most this many bytes once unpacked (counted while inflating). */
export const LIF_MAX_UNZIPPED_BYTES = 20 * 1024 * 1024;
/** The largest request of the review and the import (all files and the decisions together). */
export const LIF_MAX_REQUEST_BYTES = 21 * 1024 * 1024;

/**
 * What the review found in a file, before anything is written:
 * - `unreadable` the file cannot be read (the message names the line) — leave the file out;
 * - `no-heat` no heat matches its event/round/heat or its file name — choose the heat;
 * - `heat-not-set` the heat's start list is not published, or its results are official;
 * - `same-heat` another file of this import goes to the same heat — choose or leave one out;
 * - `unknown-bib` the row's ID (or, without ID, its lane) matches nobody of the heat;
 * - `lane-mismatch` the ID is found, but in another lane;
 * - `same-competitor` the row matches a competitor an earlier line already matched;
 * - `place-time` the places are not in the order of the times;
 * - `unknown-word` the place column holds a word FinishLynx does not list;
 * - `bad-row` the time, place or reaction time cannot be read.
 */
export const LIF_CONFLICT_KINDS = [
  'unreadable',
  'no-heat',
  'heat-not-set',
  'same-heat',
  'unknown-bib',
  'lane-mismatch',
  'same-competitor',
  'place-time',
  'unknown-word',
  'bad-row',
] as const;
export type LifConflictKind = (typeof LIF_CONFLICT_KINDS)[number];

/**
 * How a person settles a row conflict: match by the ID (`trust-bib`) or by the lane
 * (`trust-lane`); leave the row out (`skip-row`: the competitor gets no result); keep the file's
 * places or place by time (`keep-places`, `by-time`); read an unknown word as DNS, DNF or DQ.
 */
export const LIF_RESOLUTIONS = [
  'trust-bib',
  'trust-lane',
  'skip-row',
  'keep-places',
  'by-time',
  'DNS',
  'DNF',
  'DQ',
] as const;
export type LifResolution = (typeof LIF_RESOLUTIONS)[number];

export const LifConflictVO = Type.Object({
  /** Stable within the file (`lane-mismatch:4`): the key of its resolution in the decisions. */
  id: Type.String(),
  kind: Type.Enum(LIF_CONFLICT_KINDS),
  /** The line of the file it is about (1 = the header); null for the whole file. */
  line: Nullable(Type.Integer()),
  /** What is wrong and what to do, in the caller's language. */
  message: Type.String(),
  /** The resolutions that settle it; empty when only the file's heat or leaving the file out does. */
  options: Type.Array(Type.Enum(LIF_RESOLUTIONS)),
  /** The resolution chosen in the decisions sent, if any. */
  resolution: Nullable(Type.Enum(LIF_RESOLUTIONS)),
});
export type LifConflictVO = Static<typeof LifConflictVO>;

/** One row of a file as it would be written (or why it would not). */
export const LifReviewRowVO = Type.Object({
  line: Type.Integer(),
  /** The row as written in the file. */
  file: Type.Object({
    place: Type.String(),
    id: Type.String(),
    lane: Nullable(Type.Integer()),
    name: Type.String(),
    time: Type.String(),
    reaction: Type.String(),
  }),
  /** The competitor of the heat it matches (null: nobody, or the row is left out). */
  startId: Nullable(Id),
  bib: Nullable(Type.String()),
  lane: Nullable(Type.Integer()),
  name: Nullable(Type.String()),
  matchedBy: Nullable(Type.Union([Type.Literal('bib'), Type.Literal('lane')])),
  ...LifResultVO.properties,
  value: Nullable(Type.Number()),
  /** True when the row is left out (a resolution `skip-row`). */
  skipped: Type.Boolean(),
});
export type LifReviewRowVO = Static<typeof LifReviewRowVO>;

/** A heat a file may go to: the published heats of the timed events of the meeting. */
export const LifHeatOptionVO = Type.Object({
  heatId: Id,
  roundId: Id,
  /** FinishLynx numbers: event = group item id, round = index + 1, heat = number. */
  event: Type.Integer(),
  round: Type.Integer(),
  heat: Type.Integer(),
  label: Type.String(),
  status: Type.String(),
});
export type LifHeatOptionVO = Static<typeof LifHeatOptionVO>;

export const LifFileReviewVO = Type.Object({
  /** Its position among the files sent (0-based; the entries of a zip in the zip's order). */
  index: Type.Integer(),
  name: Type.String(),
  encoding: Nullable(Type.String()),
  /** The header's event, round and heat (0, 0, 0: an unnumbered event). */
  slot: Nullable(Type.Object({ event: Type.Integer(), round: Type.Integer(), heat: Type.Integer() })),
  eventName: Type.String(),
  /** The wind as written, and as it would be written (null: no wind information). */
  windText: Type.String(),
  wind: Nullable(Type.Number()),
  heatId: Nullable(Id),
  /** How the heat was found: the header's numbers, the file name `EEE-R-HH.lif`, or chosen. */
  matchedBy: Nullable(Type.Union([Type.Literal('header'), Type.Literal('file-name'), Type.Literal('chosen')])),
  heatLabel: Nullable(Type.String()),
  skipped: Type.Boolean(),
  rows: Type.Array(LifReviewRowVO),
  conflicts: Type.Array(LifConflictVO),
});
export type LifFileReviewVO = Static<typeof LifFileReviewVO>;

/** `POST /competition/meetings/:id/exchange/lif/review`: nothing is written. */
export const LifReviewVO = Type.Object({
  files: Type.Array(LifFileReviewVO),
  heats: Type.Array(LifHeatOptionVO),
  /** Conflicts still without a resolution (the import refuses while there are any). */
  unresolved: Type.Integer(),
});
export type LifReviewVO = Static<typeof LifReviewVO>;

/**
 * The `decisions` field (JSON) of the review and the import: per file (by index and name) the
 * heat to use, whether to leave it out, and a resolution per conflict id.
 */
export const LifDecisions = Type.Object({
  files: Type.Array(
    Type.Object({
      index: Type.Integer({ minimum: 0, maximum: LIF_MAX_FILES - 1 }),
      name: Type.String({ maxLength: 255 }),
      heatId: Type.Optional(Id),
      skip: Type.Optional(Type.Boolean()),
      resolutions: Type.Optional(
        Type.Record(Type.String({ maxLength: 40 }), Type.Enum(LIF_RESOLUTIONS), { maxProperties: 2000 }),
      ),
    }),
    { maxItems: LIF_MAX_FILES },
  ),
});
export type LifDecisions = Static<typeof LifDecisions>;

/** `POST /competition/meetings/:id/exchange/lif/commit`: per heat written, as the single import answers. */
export const LifCommitVO = Type.Object({
  heats: Type.Array(
    Type.Object({
      fileName: Type.String(),
      heatLabel: Type.String(),
      groupItemId: Id,
      result: LifImportVO,
    }),
  ),
});
export type LifCommitVO = Static<typeof LifCommitVO>;

/**
 * `GET /competition/meetings/:id/exchange/lif/folder`: the FinishLynx results folder the server
 * watches (LYNX_DIR) for this meeting, and its files waiting for a person (a conflict).
 */
export const LifFolderVO = Type.Object({
  enabled: Type.Boolean(),
  pending: Type.Array(
    Type.Object({
      id: Id,
      name: Type.String(),
      size: Type.Integer(),
      modifiedAt: Type.String(),
      unresolved: Type.Integer(),
      /** The first conflict, in the caller's language. */
      problem: Type.String(),
    }),
  ),
});
export type LifFolderVO = Static<typeof LifFolderVO>;

/** `GET /competition/meetings/:id/exchange/lif/folder/:fileId`: a waiting file's bytes. */
export const LifFolderFileParams = Type.Object({ id: Id, fileId: Id });
export type LifFolderFileParams = Static<typeof LifFolderFileParams>;
