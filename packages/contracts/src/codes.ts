/** Contracts of the area codes (the tree of regions delegations and area users belong to; server module `codes`). */
import { type Static, Type } from 'typebox';
import { Nullable } from './helpers.js';
import { Id, Keywords, Sort, Text, Version } from './scalars.js';

export const AREA_CODE_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$';
export const AreaCodeQuery = Type.Object({ keywords: Keywords });
export type AreaCodeQuery = Static<typeof AreaCodeQuery>;
const AreaCodeOut = {
  id: Type.Integer(),
  parentId: Nullable(Type.Integer()),
  code: Type.String(),
  name: Type.String(),
  nameEn: Type.String(),
  level: Type.Integer(),
  sort: Type.Integer(),
  version: Type.Integer(),
};
export const AreaCodeForm = Type.Object(AreaCodeOut);
export type AreaCodeForm = Static<typeof AreaCodeForm>;
export interface AreaCodeVO extends AreaCodeForm {
  children: AreaCodeVO[];
}
export const AreaCodeVO = Type.Cyclic(
  { AreaCodeVO: Type.Object({ ...AreaCodeOut, children: Type.Array(Type.Ref('AreaCodeVO')) }) },
  'AreaCodeVO',
);
const AreaCodeFields = {
  parentId: Type.Optional(Nullable(Id)),
  code: Type.String({ pattern: AREA_CODE_PATTERN }),
  name: Text(50, 1),
  nameEn: Type.Optional(Text(100)),
  sort: Type.Optional(Sort),
};
export const AreaCodeBody = Type.Object(AreaCodeFields);
export type AreaCodeBody = Static<typeof AreaCodeBody>;
export const AreaCodeUpdateBody = Type.Object({ ...AreaCodeFields, version: Version });
export type AreaCodeUpdateBody = Static<typeof AreaCodeUpdateBody>;
/** Import template columns: the key or either language's header is accepted. */
export const AREA_CODE_IMPORT_COLUMNS = [
  { key: 'code', zh: '编码', en: 'Code', required: true },
  { key: 'name', zh: '名称', en: 'Name', required: true },
  { key: 'nameEn', zh: '英文名称', en: 'English name', required: false },
  { key: 'parentCode', zh: '上级编码', en: 'Parent code', required: false },
] as const;
