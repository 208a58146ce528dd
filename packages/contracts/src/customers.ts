/** Contracts of the customers (the units delegations are made from; server module `customers`). */
import { type Static, Type } from 'typebox';
import { Nullable } from './helpers.js';
import { Id, Keywords, Sort, Text, Timestamp, Version } from './scalars.js';

export const CustomerQuery = Type.Object({
  keywords: Keywords,
  areaCodeId: Type.Optional(Id),
  status: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
});
export type CustomerQuery = Static<typeof CustomerQuery>;
const CustomerOut = {
  id: Type.Integer(),
  parentId: Nullable(Type.Integer()),
  name: Type.String(),
  shortName: Nullable(Type.String()),
  areaCodeId: Nullable(Type.Integer()),
  areaName: Nullable(Type.String()),
  contactName: Nullable(Type.String()),
  contactMobile: Nullable(Type.String()),
  contactEmail: Nullable(Type.String()),
  address: Nullable(Type.String()),
  sort: Type.Integer(),
  status: Type.Integer(),
  version: Type.Integer(),
  createdAt: Timestamp,
};
export const CustomerForm = Type.Object(CustomerOut);
export type CustomerForm = Static<typeof CustomerForm>;
export interface CustomerVO extends CustomerForm {
  children: CustomerVO[];
}
export const CustomerVO = Type.Cyclic(
  { CustomerVO: Type.Object({ ...CustomerOut, children: Type.Array(Type.Ref('CustomerVO')) }) },
  'CustomerVO',
);
export const CONTACT_MOBILE_PATTERN = '^1[3-9]\\d{9}$';
const OptionalMobile = Type.Optional(
  Nullable(Type.Union([Type.String({ pattern: CONTACT_MOBILE_PATTERN }), Type.Literal('')])),
);
const CustomerFields = {
  parentId: Type.Optional(Nullable(Id)),
  name: Text(100, 1),
  shortName: Type.Optional(Nullable(Text(50))),
  areaCodeId: Type.Optional(Nullable(Id)),
  contactName: Type.Optional(Nullable(Text(50))),
  contactMobile: OptionalMobile,
  contactEmail: Type.Optional(
    Nullable(
      Type.Union([Type.String({ pattern: '^[^\\s@]{1,64}@[^\\s@]{1,185}\\.[^\\s@]{1,63}$' }), Type.Literal('')]),
    ),
  ),
  address: Type.Optional(Nullable(Text(200))),
  sort: Type.Optional(Sort),
  status: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
};
export const CustomerBody = Type.Object(CustomerFields);
export type CustomerBody = Static<typeof CustomerBody>;
export const CustomerUpdateBody = Type.Object({ ...CustomerFields, version: Version });
export type CustomerUpdateBody = Static<typeof CustomerUpdateBody>;
