/** Contracts of the system configuration (server module `config`). */
import { type Static, Type } from 'typebox';
import { Nullable } from './helpers.js';
import { Keywords, Text, PlainTimestamp as Timestamp, Version } from './scalars.js';
import { PageQuery } from './schemas.js';

export const CONFIG_KEY_PATTERN = '^[a-zA-Z][\\w.]{1,63}$';
export const ConfigType = Type.Union([
  Type.Literal('string'),
  Type.Literal('number'),
  Type.Literal('boolean'),
  Type.Literal('json'),
]);
export type ConfigType = Static<typeof ConfigType>;
/** Settings the product reads; their key and type are fixed and they cannot be deleted. */
export const BUILTIN_CONFIG = {
  captcha: 'boolean',
  siteTitle: 'string',
  watermarkContent: 'string',
  auditSms: 'boolean',
} as const satisfies Record<string, ConfigType>;
export const ConfigPageQuery = Type.Object({
  ...PageQuery.properties,
  keywords: Keywords,
  type: Type.Optional(ConfigType),
});
export type ConfigPageQuery = Static<typeof ConfigPageQuery>;
export const ConfigForm = Type.Object({
  id: Type.Integer(),
  key: Type.String(),
  value: Type.String(),
  type: ConfigType,
  name: Type.String(),
  nameEn: Type.String(),
  remark: Nullable(Type.String()),
  builtin: Type.Boolean({ description: 'A setting the product reads: key and type fixed, not deletable' }),
  version: Type.Integer(),
});
export type ConfigForm = Static<typeof ConfigForm>;
export const ConfigVO = Type.Object({ ...ConfigForm.properties, updatedAt: Timestamp });
export type ConfigVO = Static<typeof ConfigVO>;
const ConfigFields = {
  key: Type.String({ pattern: CONFIG_KEY_PATTERN }),
  value: Type.String({ maxLength: 10_000, description: 'Text checked against the type' }),
  type: ConfigType,
  name: Text(100, 1),
  nameEn: Type.Optional(Text(100)),
  remark: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
};
export const ConfigBody = Type.Object(ConfigFields);
export type ConfigBody = Static<typeof ConfigBody>;
export const ConfigUpdateBody = Type.Object({ ...ConfigFields, version: Version });
export type ConfigUpdateBody = Static<typeof ConfigUpdateBody>;
/** `GET /api/v1/config/public` (no sign-in): what the web shows before and after login. */
export const PublicConfigVO = Type.Object({
  siteTitle: Type.String(),
  watermarkContent: Type.String(),
  captchaEnabled: Type.Boolean(),
  /** The server's time zone (BATON_TIME_ZONE): a new meeting's clock unless its form says otherwise. */
  timeZone: Type.String(),
});
export type PublicConfigVO = Static<typeof PublicConfigVO>;
