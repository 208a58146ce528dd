/** Contracts of the menus (server module `menus`): the tree, its form, the options. */
import { type Static, Type } from 'typebox';
import { Nullable } from './helpers.js';
import { Id, Keywords, Sort, Text, Version } from './scalars.js';

export const MENU_PERM_PATTERN = '^[a-z][a-z0-9-]*(:[a-z0-9-*]+){1,3}$';
export const MenuType = Type.Union([Type.Literal('C'), Type.Literal('M'), Type.Literal('B')], {
  description: 'C catalogue, M page, B button',
});
export const MenuQuery = Type.Object({ keywords: Keywords });
export const MenuOptionsQuery = Type.Object({
  onlyParent: Type.Optional(Type.Boolean({ description: 'Only catalogues and pages (parents a menu can have)' })),
});
const Params = Type.Record(Type.String({ maxLength: 50 }), Type.String({ maxLength: 200 }));
const MenuFieldsOut = {
  id: Type.Integer(),
  parentId: Nullable(Type.Integer()),
  type: MenuType,
  routeName: Nullable(Type.String()),
  title: Type.String(),
  titleEn: Type.String(),
  path: Nullable(Type.String()),
  component: Nullable(Type.String()),
  redirect: Nullable(Type.String()),
  icon: Nullable(Type.String()),
  perm: Nullable(Type.String()),
  sort: Type.Integer(),
  hidden: Type.Boolean(),
  keepAlive: Type.Boolean(),
  alwaysShow: Type.Boolean(),
  params: Nullable(Params),
};
export const MenuForm = Type.Object({ ...MenuFieldsOut, version: Type.Integer() });
export type MenuForm = Static<typeof MenuForm>;
export interface MenuVO extends Omit<MenuForm, 'version'> {
  children: MenuVO[];
}
export const MenuVO = Type.Cyclic(
  { MenuVO: Type.Object({ ...MenuFieldsOut, children: Type.Array(Type.Ref('MenuVO')) }) },
  'MenuVO',
);
const OptText = (max: number) => Type.Optional(Nullable(Text(max)));
const MenuFields = {
  parentId: Type.Optional(Nullable(Id)),
  type: MenuType,
  routeName: Type.Optional(Nullable(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_-]{0,63}$' }))),
  title: Text(50, 1),
  titleEn: Type.Optional(Text(50)),
  path: Type.Optional(Nullable(Type.String({ pattern: '^[A-Za-z0-9/_:.-]{0,200}$' }))),
  component: Type.Optional(Nullable(Type.String({ pattern: '^[A-Za-z0-9/_.-]{0,200}$' }))),
  redirect: Type.Optional(Nullable(Type.String({ pattern: '^[A-Za-z0-9/_:.-]{0,200}$' }))),
  icon: OptText(64),
  perm: Type.Optional(
    Nullable(Type.Union([Type.String({ pattern: MENU_PERM_PATTERN, maxLength: 100 }), Type.Literal('')])),
  ),
  sort: Type.Optional(Sort),
  hidden: Type.Optional(Type.Boolean({ default: false })),
  keepAlive: Type.Optional(Type.Boolean({ default: false })),
  alwaysShow: Type.Optional(Type.Boolean({ default: false })),
  params: Type.Optional(
    Nullable(
      Type.Record(Type.String({ pattern: '^[\\w-]{1,50}$' }), Type.String({ maxLength: 200 }), {
        maxProperties: 20,
        additionalProperties: false,
      }),
    ),
  ),
};
export const MenuBody = Type.Object(MenuFields);
export type MenuBody = Static<typeof MenuBody>;
export const MenuUpdateBody = Type.Object({ ...MenuFields, version: Version });
export type MenuUpdateBody = Static<typeof MenuUpdateBody>;
