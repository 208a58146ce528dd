import { DictVO, Envelope } from '@baton/contracts';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { dict, dictData } from '../../db/schema/index.js';
import { ok } from '../../plugins/envelope.js';

/** Every enabled dictionary with its enabled entries, for the web's dictionary cache (spec §4). */
export async function listDicts(db: Db): Promise<DictVO[]> {
  const rows = await db
    .select({
      dictCode: dict.dictCode,
      name: dict.name,
      nameEn: dict.nameEn,
      value: dictData.value,
      label: dictData.label,
      labelEn: dictData.labelEn,
      tagType: dictData.tagType,
      dataStatus: dictData.status,
    })
    .from(dict)
    .leftJoin(dictData, eq(dictData.dictId, dict.id))
    .where(eq(dict.status, 1))
    .orderBy(asc(dict.dictCode), asc(dictData.sort), asc(dictData.id));
  const out = new Map<string, DictVO>();
  for (const r of rows) {
    let d = out.get(r.dictCode);
    if (!d) {
      d = { name: r.name, nameEn: r.nameEn || r.name, dictCode: r.dictCode, dictDataList: [] };
      out.set(r.dictCode, d);
    }
    if (r.value !== null && r.dataStatus === 1) {
      d.dictDataList.push({
        value: r.value,
        label: r.label ?? '',
        labelEn: r.labelEn || r.label || '',
        tagType: r.tagType,
      });
    }
  }
  return [...out.values()];
}

export async function dictRoutes(app: FastifyInstance, deps: { db: Db }) {
  app.get(
    '/api/v1/dict/list',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['dict'],
        summary: 'All dictionaries with their entries',
        response: { 200: Envelope(Type.Array(DictVO)) },
      },
    },
    async () => ok(await listDicts(deps.db)),
  );
}
