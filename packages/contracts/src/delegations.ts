/** Contracts of the delegations (the teams that register for a meeting; server module `delegations`). */
import { type Static, Type } from 'typebox';
import { CONTACT_MOBILE_PATTERN } from './customers.js';
import { Nullable } from './helpers.js';
import { Id, Keywords, Literals, Text, Timestamp, Version } from './scalars.js';
import { ImportMode, PageQuery, SortQuery } from './schemas.js';

export const DELEGATION_STATUS_LIST = ['invited', 'registering', 'submitted', 'approved', 'returned'] as const;
export type DelegationStatus = (typeof DELEGATION_STATUS_LIST)[number];
export const DELEGATION_SOURCE_LIST = ['manual', 'batch', 'import', 'customer', 'self'] as const;

export const DELEGATION_SORT_KEYS = ['name', 'status', 'createdAt'] as const;
const DelegationFilters = {
  ...SortQuery(DELEGATION_SORT_KEYS).properties,
  meetingId: Id,
  keywords: Keywords,
  status: Type.Optional(Literals(DELEGATION_STATUS_LIST)),
  areaCodeId: Type.Optional(Id),
};
export const DelegationPageQuery = Type.Object({ ...PageQuery.properties, ...DelegationFilters });
export type DelegationPageQuery = Static<typeof DelegationPageQuery>;
export const DelegationExportQuery = Type.Object(DelegationFilters);
export type DelegationExportQuery = Static<typeof DelegationExportQuery>;

export const DelegationVO = Type.Object({
  id: Type.Integer(),
  meetingId: Type.Integer(),
  name: Type.String(),
  shortName: Nullable(Type.String()),
  areaCodeId: Nullable(Type.Integer()),
  areaCode: Nullable(Type.String()),
  areaName: Nullable(Type.String()),
  customerId: Nullable(Type.Integer()),
  customerName: Nullable(Type.String()),
  leaderName: Nullable(Type.String()),
  contactName: Nullable(Type.String()),
  contactMobile: Type.String(),
  status: Literals(DELEGATION_STATUS_LIST),
  reviewReason: Nullable(Type.String()),
  source: Literals(DELEGATION_SOURCE_LIST),
  fields: Type.Record(Type.String(), Type.Unknown()),
  athleteCount: Type.Integer(),
  coachCount: Type.Integer(),
  version: Type.Integer(),
  createdAt: Timestamp,
});
export type DelegationVO = Static<typeof DelegationVO>;
const DelegationFields = {
  name: Text(100, 1),
  shortName: Type.Optional(Nullable(Text(50))),
  areaCodeId: Type.Optional(Nullable(Id)),
  customerId: Type.Optional(Nullable(Id)),
  leaderName: Type.Optional(Nullable(Text(50))),
  contactName: Type.Optional(Nullable(Text(50))),
  contactMobile: Type.String({
    pattern: CONTACT_MOBILE_PATTERN,
    description: "Mainland mobile; the delegation's login",
  }),
  fields: Type.Optional(Type.Record(Type.String({ maxLength: 40 }), Type.Unknown())),
};
export const DelegationBody = Type.Object({ meetingId: Id, ...DelegationFields });
export type DelegationBody = Static<typeof DelegationBody>;
export const DelegationUpdateBody = Type.Object({ ...DelegationFields, version: Version });
export type DelegationUpdateBody = Static<typeof DelegationUpdateBody>;

/** One pasted row; checked by the server row by row (the report names the row and field). */
export const DelegationBatchRow = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 500 })),
  shortName: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  contactName: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  contactMobile: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  areaCode: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
});
export type DelegationBatchRow = Static<typeof DelegationBatchRow>;
export const DelegationBatchBody = Type.Object({
  meetingId: Id,
  rows: Type.Array(DelegationBatchRow, { minItems: 1, maxItems: 2000 }),
});
export type DelegationBatchBody = Static<typeof DelegationBatchBody>;
export const DelegationImportQuery = Type.Object({ meetingId: Id, mode: Type.Optional(ImportMode) });
export type DelegationImportQuery = Static<typeof DelegationImportQuery>;
export const DELEGATION_IMPORT_COLUMNS = [
  { key: 'name', zh: '代表队名称', en: 'Name', required: true },
  { key: 'shortName', zh: '简称', en: 'Short name', required: false },
  { key: 'contactName', zh: '联系人', en: 'Contact', required: false },
  { key: 'contactMobile', zh: '联系手机', en: 'Contact mobile', required: true },
  { key: 'areaCode', zh: '区域编码', en: 'Area code', required: false },
] as const;
export const DelegationFromCustomersBody = Type.Object({
  meetingId: Id,
  customerIds: Type.Array(Id, { minItems: 1, maxItems: 2000 }),
});
export type DelegationFromCustomersBody = Static<typeof DelegationFromCustomersBody>;
export const DelegationReviewBody = Type.Object({
  decision: Literals(['approve', 'return'] as const),
  reason: Type.Optional(Nullable(Text(500))),
});
export type DelegationReviewBody = Static<typeof DelegationReviewBody>;
