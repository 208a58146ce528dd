/**
 * Contracts of competition/exchange (issue 6, "Timing and interop"): FinishLynx files
 * (`lynx.evt`, `lynx.ppl`, `lynx.sch` out, `.lif` results in), Hy-Tek semicolon entry files
 * (out and in) and the meet as JSON. The file layouts are documented in
 * `server/src/modules/competition/exchange/lynx.ts` and `hytek.ts`.
 */
import { type Static, Type } from 'typebox';
import { CompetitionEventVO, RESULT_CODE_LIST, RoundVO } from './competition.js';
import { Nullable } from './helpers.js';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

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
});
export type LifRowVO = Static<typeof LifRowVO>;

/** The answer of a `.lif` import: what landed where (results stay provisional). */
export const LifImportVO = Type.Object({
  heatId: Id,
  roundId: Id,
  /** The heat's wind (m/s, rounded up to 0.1) when the event measures wind and the file gave one. */
  wind: Nullable(Type.Number()),
  rows: Type.Array(LifRowVO),
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
