import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sys_config_key_uq').on(t.key)],
);
