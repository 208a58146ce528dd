/**
 * Contracts of competition/documents (issue 6): the printed documents (PDF, A4) made on the
 * server from the competition read model. Every document answers `application/pdf` as an
 * attachment; failures answer the usual JSON envelope.
 */
import { type Static, Type } from 'typebox';
import { JobFields, JobId, Nullable } from './helpers.js';
import { Id } from './scalars.js';

/** Documents of one round: `GET /api/v1/competition/rounds/:id/pdf/<kind>`. */
export const ROUND_DOCUMENT_LIST = ['start-list', 'results'] as const;
export type RoundDocument = (typeof ROUND_DOCUMENT_LIST)[number];

/** Documents of a meeting: `GET /api/v1/competition/meetings/:id/pdf/<kind>`. */
export const MEETING_DOCUMENT_LIST = ['timetable', 'bib-list', 'bibs', 'scores', 'certificates'] as const;
export type MeetingDocument = (typeof MEETING_DOCUMENT_LIST)[number];

/** Certificates: the group item whose official final is printed (one page per placed competitor). */
export const CertificateQuery = Type.Object({ groupItemId: Id });
export type CertificateQuery = Static<typeof CertificateQuery>;

/** Bib labels and the bib list: optionally one delegation or one group (to print in parts). */
export const BibDocumentQuery = Type.Object({ delegationId: Type.Optional(Id), groupId: Type.Optional(Id) });
export type BibDocumentQuery = Static<typeof BibDocumentQuery>;

/** At most this many bib labels in one document (2 per A4 page): print larger meetings in parts. */
export const BIB_LABELS_MAX = 3000;
/** At most this many athletes in one bib list. */
export const BIB_LIST_MAX = 20_000;
/** Certificates go to the competitors placed 1..8 (the places a scoring table usually covers). */
export const CERTIFICATE_PLACES = 8;

/**
 * The books of a meeting (issue 24): the programme (秩序册) and the results book (成绩册), each one
 * PDF made as a job. `POST /api/v1/competition/meetings/:id/books?book=&lang=&paper=` starts it (or
 * hands back the job already made from the same data), `GET …/books/:job` reports its progress,
 * `GET …/books/:job/pdf` answers the file once done.
 */
export const BOOK_LIST = ['programme', 'results'] as const;
export type BookKind = (typeof BOOK_LIST)[number];
export const BOOK_PAPERS = ['A4', 'A5'] as const;
export type BookPaper = (typeof BOOK_PAPERS)[number];

export const BookQuery = Type.Object({
  book: Type.Optional(Type.Enum(BOOK_LIST)),
  /** The edition's language; the request's language when absent. */
  lang: Type.Optional(Type.Enum(['zh-cn', 'en'] as const)),
  paper: Type.Optional(Type.Enum(BOOK_PAPERS)),
  /** A bilingual edition: every heading and name in the edition's language, then in the other. */
  bilingual: Type.Optional(Type.Boolean()),
});
export type BookQuery = Static<typeof BookQuery>;

export const BookJobParams = Type.Object({ id: Id, job: JobId });
export type BookJobParams = Static<typeof BookJobParams>;

/** A book being made, or made: how far it is (`done` of `total` sections), then its file. */
export const BookJobVO = Type.Object({
  ...JobFields,
  book: Type.Enum(BOOK_LIST),
  lang: Type.Enum(['zh-cn', 'en'] as const),
  paper: Type.Enum(BOOK_PAPERS),
  bilingual: Type.Boolean(),
  /** Once done: pages and bytes of the file. */
  pages: Nullable(Type.Integer()),
  bytes: Nullable(Type.Integer()),
});
export type BookJobVO = Static<typeof BookJobVO>;
