/** Contracts of the departments (server module `depts`). */
import { type Static, Type } from 'typebox';
import { Nullable } from './helpers.js';
import { Id, Keywords, Sort, Text, PlainTimestamp as Timestamp, Version } from './scalars.js';
import { StatusValue } from './schemas.js';

export const DeptQuery = Type.Object({ keywords: Keywords, status: Type.Optional(StatusValue) });
const DeptFieldsOut = {
  id: Type.Integer(),
  parentId: Nullable(Type.Integer()),
  name: Type.String(),
  nameEn: Type.String(),
  code: Nullable(Type.String()),
  sort: Type.Integer(),
  status: Type.Integer(),
};
export const DeptForm = Type.Object({ ...DeptFieldsOut, version: Type.Integer() });
export type DeptForm = Static<typeof DeptForm>;
export interface DeptVO extends Omit<DeptForm, 'version'> {
  createdAt: string;
  children: DeptVO[];
}
export const DeptVO = Type.Cyclic(
  { DeptVO: Type.Object({ ...DeptFieldsOut, createdAt: Timestamp, children: Type.Array(Type.Ref('DeptVO')) }) },
  'DeptVO',
);
const DeptFields = {
  parentId: Type.Optional(Nullable(Id)),
  name: Text(50, 1),
  nameEn: Type.Optional(Text(100)),
  code: Type.Optional(Nullable(Type.String({ pattern: '^[A-Za-z0-9_-]{0,32}$' }))),
  sort: Type.Optional(Sort),
  status: Type.Optional(StatusValue),
};
export const DeptBody = Type.Object(DeptFields);
export type DeptBody = Static<typeof DeptBody>;
export const DeptUpdateBody = Type.Object({ ...DeptFields, version: Version });
export type DeptUpdateBody = Static<typeof DeptUpdateBody>;
