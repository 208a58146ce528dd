/** Contracts of the natures (the kinds of meeting, each with its default fields; server module `natures`). */
import { type Static, Type } from 'typebox';
import { Nullable } from './helpers.js';
import { Keywords, Sort, Text, Timestamp, Version } from './scalars.js';
import { PageQuery } from './schemas.js';

export const NaturePageQuery = Type.Object({ ...PageQuery.properties, keywords: Keywords });
export type NaturePageQuery = Static<typeof NaturePageQuery>;
export const NatureVO = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  nameEn: Type.String(),
  remark: Nullable(Type.String()),
  sort: Type.Integer(),
  version: Type.Integer(),
  fieldCount: Type.Integer(),
  meetingCount: Type.Integer(),
  createdAt: Timestamp,
});
export type NatureVO = Static<typeof NatureVO>;
const NatureFields = {
  name: Text(50, 1),
  nameEn: Type.Optional(Text(100)),
  remark: Type.Optional(Nullable(Text(500))),
  sort: Type.Optional(Sort),
};
export const NatureBody = Type.Object(NatureFields);
export type NatureBody = Static<typeof NatureBody>;
export const NatureUpdateBody = Type.Object({ ...NatureFields, version: Version });
export type NatureUpdateBody = Static<typeof NatureUpdateBody>;
