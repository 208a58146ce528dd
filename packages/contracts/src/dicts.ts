/** Contracts of the dictionaries and their data (server module `dicts`). */
import { type Static, Type } from 'typebox';
import { Nullable } from './helpers.js';
import { Keywords, Sort, Text, PlainTimestamp as Timestamp, Version } from './scalars.js';
import { PageQuery, StatusValue } from './schemas.js';

export const DICT_CODE_PATTERN = '^[a-z][a-z0-9_]{1,49}$';
export const DictPageQuery = Type.Object({
  ...PageQuery.properties,
  keywords: Keywords,
  status: Type.Optional(StatusValue),
});
export type DictPageQuery = Static<typeof DictPageQuery>;
const DictOut = {
  id: Type.Integer(),
  dictCode: Type.String(),
  name: Type.String(),
  nameEn: Type.String(),
  status: Type.Integer(),
  remark: Nullable(Type.String()),
};
export const DictPageVO = Type.Object({ ...DictOut, createdAt: Timestamp });
export type DictPageVO = Static<typeof DictPageVO>;
export const DictForm = Type.Object({ ...DictOut, version: Type.Integer() });
export type DictForm = Static<typeof DictForm>;
const DictFields = {
  dictCode: Type.String({ pattern: DICT_CODE_PATTERN }),
  name: Text(50, 1),
  nameEn: Type.Optional(Text(100)),
  status: Type.Optional(StatusValue),
  remark: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
};
export const DictBody = Type.Object(DictFields);
export type DictBody = Static<typeof DictBody>;
export const DictUpdateBody = Type.Object({ ...DictFields, version: Version });
export type DictUpdateBody = Static<typeof DictUpdateBody>;
/** `GET /dict/lista`: every dictionary, for pickers. */
export const DictListaItem = Type.Object({ dictCode: Type.String(), name: Type.String(), nameEn: Type.String() });
export type DictListaItem = Static<typeof DictListaItem>;

export const DictDataPageQuery = Type.Object({
  ...PageQuery.properties,
  dictCode: Type.Optional(Type.String({ pattern: DICT_CODE_PATTERN })),
  keywords: Keywords,
  status: Type.Optional(StatusValue),
});
export type DictDataPageQuery = Static<typeof DictDataPageQuery>;
export const DictDataForm = Type.Object({
  id: Type.Integer(),
  dictCode: Type.String(),
  value: Type.String(),
  label: Type.String(),
  labelEn: Type.String(),
  tagType: Nullable(Type.String()),
  sort: Type.Integer(),
  status: Type.Integer(),
  version: Type.Integer(),
});
export type DictDataForm = Static<typeof DictDataForm>;
export const DictDataVO = Type.Object({ ...DictDataForm.properties, createdAt: Timestamp });
export type DictDataVO = Static<typeof DictDataVO>;
const DictDataFields = {
  dictCode: Type.String({ pattern: DICT_CODE_PATTERN }),
  value: Text(100, 1),
  label: Text(100, 1),
  labelEn: Type.Optional(Text(100)),
  tagType: Type.Optional(
    Nullable(
      Type.Union(
        ['', 'primary', 'success', 'info', 'warning', 'danger'].map((t) => Type.Literal(t)),
        {
          description: 'Tag colour',
        },
      ),
    ),
  ),
  sort: Type.Optional(Sort),
  status: Type.Optional(StatusValue),
};
export const DictDataBody = Type.Object(DictDataFields);
export type DictDataBody = Static<typeof DictDataBody>;
export const DictDataUpdateBody = Type.Object({ ...DictDataFields, version: Version });
export type DictDataUpdateBody = Static<typeof DictDataUpdateBody>;
