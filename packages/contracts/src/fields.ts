/**
 * Contracts of the fields (the extra form fields of athletes, coaches and delegations; server
 * module `fields`) and of the links that choose them for a nature, a meeting or a group.
 */
import { type Static, Type } from 'typebox';
import { Nullable } from './helpers.js';
import { Id, Keywords, Literals, Sort, Text, Timestamp, Version } from './scalars.js';
import { PageQuery, SortQuery } from './schemas.js';

export const FIELD_KIND_LIST = ['text', 'number', 'date', 'select', 'id_number', 'mobile', 'image', 'file'] as const;
export type FieldKind = (typeof FIELD_KIND_LIST)[number];
export const FIELD_TARGET_LIST = ['athlete', 'coach', 'delegation'] as const;
export type FieldTarget = (typeof FIELD_TARGET_LIST)[number];
export const FIELD_KEY_PATTERN = '^[a-z][a-zA-Z0-9_]{1,39}$';
export const FIELD_PATTERN_MAX = 200;

export const FIELD_SORT_KEYS = ['key', 'label', 'kind', 'target', 'sort', 'createdAt'] as const;
const FieldFilters = {
  ...SortQuery(FIELD_SORT_KEYS).properties,
  keywords: Keywords,
  kind: Type.Optional(Literals(FIELD_KIND_LIST)),
  target: Type.Optional(Literals(FIELD_TARGET_LIST)),
};
export const FieldPageQuery = Type.Object({ ...PageQuery.properties, ...FieldFilters });
export type FieldPageQuery = Static<typeof FieldPageQuery>;
export const FieldExportQuery = Type.Object(FieldFilters);
export type FieldExportQuery = Static<typeof FieldExportQuery>;

export const FieldVO = Type.Object({
  id: Type.Integer(),
  key: Type.String(),
  label: Type.String(),
  labelEn: Type.String(),
  kind: Literals(FIELD_KIND_LIST),
  dictCode: Nullable(Type.String()),
  target: Literals(FIELD_TARGET_LIST),
  required: Type.Boolean(),
  pattern: Nullable(Type.String()),
  sort: Type.Integer(),
  version: Type.Integer(),
  createdAt: Timestamp,
});
export type FieldVO = Static<typeof FieldVO>;
const FieldFields = {
  key: Type.String({ pattern: FIELD_KEY_PATTERN, description: 'camelCase key of the value in the form data' }),
  label: Text(50, 1),
  labelEn: Type.Optional(Text(100)),
  kind: Literals(FIELD_KIND_LIST),
  dictCode: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
  target: Literals(FIELD_TARGET_LIST),
  required: Type.Optional(Type.Boolean()),
  pattern: Type.Optional(Nullable(Type.String({ maxLength: FIELD_PATTERN_MAX }))),
  sort: Type.Optional(Sort),
};
export const FieldBody = Type.Object(FieldFields);
export type FieldBody = Static<typeof FieldBody>;
export const FieldUpdateBody = Type.Object({ ...FieldFields, version: Version });
export type FieldUpdateBody = Static<typeof FieldUpdateBody>;

/** A field chosen by a nature, meeting or group, with its own "required" and order. */
export const FieldLink = Type.Object({
  fieldId: Id,
  required: Type.Boolean({ default: false }),
  sort: Type.Optional(Sort),
});
export const FieldLinksBody = Type.Array(FieldLink, { maxItems: 200 });
export type FieldLinksBody = Static<typeof FieldLinksBody>;
/** `target` limits a GET or a PUT to the athlete, coach or delegation fields (a PUT replaces only those). */
export const FieldTargetQuery = Type.Object({ target: Type.Optional(Literals(FIELD_TARGET_LIST)) });
export type FieldTargetQuery = Static<typeof FieldTargetQuery>;
export const FieldLinkVO = Type.Object({
  fieldId: Type.Integer(),
  key: Type.String(),
  label: Type.String(),
  labelEn: Type.String(),
  kind: Literals(FIELD_KIND_LIST),
  dictCode: Nullable(Type.String()),
  target: Literals(FIELD_TARGET_LIST),
  pattern: Nullable(Type.String()),
  required: Type.Boolean(),
  sort: Type.Integer(),
});
export type FieldLinkVO = Static<typeof FieldLinkVO>;
