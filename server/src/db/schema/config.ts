import { pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps, version } from './columns.js';

/** System configuration: typed key/value settings, some read by the product (captcha, site title). */
export const sysConfig = pgTable(
  'sys_config',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    type: text('type', { enum: ['string', 'number', 'boolean', 'json'] }).notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    remark: text('remark'),
    ...version,
    ...timestamps,
  },
  (t) => [uniqueIndex('sys_config_key_uq').on(t.key)],
);
