/**
 * Contracts of competition/documents (issue 6): the printed documents (PDF, A4) made on the
 * server from the competition read model. Every document answers `application/pdf` as an
 * attachment; failures answer the usual JSON envelope.
 */
import { type Static, Type } from 'typebox';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

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
