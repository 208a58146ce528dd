/** Contracts of the items (the events a meeting can hold: 100 m, long jump, 4×100 m…; server module `items`). */
import { type Static, Type } from 'typebox';
import { Nullable } from './helpers.js';
import { Keywords, Literals, Sort, Text, Timestamp, Version } from './scalars.js';
import { PageQuery, SortQuery } from './schemas.js';

export const ITEM_KIND_LIST = [
  'track',
  'field-height',
  'field-distance',
  'relay',
  'combined',
  'road',
  'other',
] as const;
export type ItemKind = (typeof ITEM_KIND_LIST)[number];
export const RESULT_FORMAT_LIST = ['time', 'distance', 'height', 'points'] as const;
export type ResultFormat = (typeof RESULT_FORMAT_LIST)[number];
export const ITEM_CODE_PATTERN = '^[A-Za-z0-9][A-Za-z0-9.-]{0,15}$';

export const ITEM_SORT_KEYS = ['code', 'name', 'kind', 'sort', 'createdAt'] as const;
const ItemFilters = {
  ...SortQuery(ITEM_SORT_KEYS).properties,
  keywords: Keywords,
  kind: Type.Optional(Literals(ITEM_KIND_LIST)),
  status: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
};
export const ItemPageQuery = Type.Object({ ...PageQuery.properties, ...ItemFilters });
export type ItemPageQuery = Static<typeof ItemPageQuery>;
export const ItemExportQuery = Type.Object(ItemFilters);
export type ItemExportQuery = Static<typeof ItemExportQuery>;

export const ItemVO = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  nameEn: Type.String(),
  kind: Literals(ITEM_KIND_LIST),
  resultFormat: Literals(RESULT_FORMAT_LIST),
  windMeasured: Type.Boolean(),
  usesLanes: Type.Boolean(),
  relayLegs: Nullable(Type.Integer()),
  sort: Type.Integer(),
  status: Type.Integer(),
  version: Type.Integer(),
  createdAt: Timestamp,
});
export type ItemVO = Static<typeof ItemVO>;
const ItemFields = {
  code: Type.String({ pattern: ITEM_CODE_PATTERN, description: '1-16 letters, digits, . -' }),
  name: Text(50, 1),
  nameEn: Type.Optional(Text(100)),
  kind: Literals(ITEM_KIND_LIST),
  resultFormat: Literals(RESULT_FORMAT_LIST),
  windMeasured: Type.Optional(Type.Boolean()),
  usesLanes: Type.Optional(Type.Boolean()),
  relayLegs: Type.Optional(Nullable(Type.Integer({ minimum: 2, maximum: 8 }))),
  sort: Type.Optional(Sort),
  status: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
};
export const ItemBody = Type.Object(ItemFields);
export type ItemBody = Static<typeof ItemBody>;
export const ItemUpdateBody = Type.Object({ ...ItemFields, version: Version });
export type ItemUpdateBody = Static<typeof ItemUpdateBody>;
