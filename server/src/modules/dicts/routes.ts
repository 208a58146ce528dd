import {
  DictBody,
  DictDataBody,
  DictDataForm,
  DictDataPageQuery,
  DictDataUpdateBody,
  DictDataVO,
  DictForm,
  DictListaItem,
  DictPageQuery,
  DictPageVO,
  DictUpdateBody,
  DictVO,
  Envelope,
  IdList,
  IdParams,
  Page,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { type Static, Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { parseIds } from '../../lib/paging.js';
import { ok } from '../../plugins/envelope.js';
import { note } from '../../plugins/oplog.js';
import {
  createDict,
  createDictData,
  deleteDictData,
  deleteDicts,
  dictDataForm,
  dictForm,
  listaDicts,
  listDicts,
  pageDictData,
  pageDicts,
  updateDict,
  updateDictData,
} from './service.js';

const tags = ['dict'];
const IdsParams = Type.Object({ ids: IdList });
type IdP = { Params: Static<typeof IdParams> };
type IdsP = { Params: Static<typeof IdsParams> };

export async function dictRoutes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;

  app.get(
    '/api/v1/dict/list',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'All dictionaries with their entries',
        response: { 200: Envelope(Type.Array(DictVO)) },
      },
    },
    async () => ok(await listDicts(db)),
  );

  app.get(
    '/api/v1/dict/lista',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Every dictionary (code and names), for pickers',
        response: { 200: Envelope(Type.Array(DictListaItem)) },
      },
    },
    async () => ok(await listaDicts(db)),
  );

  app.get<{ Querystring: DictPageQuery }>(
    '/api/v1/dict/page',
    {
      config: { auth: { perm: 'sys:dict:query' } },
      schema: {
        tags,
        summary: 'Dictionaries, paged',
        querystring: DictPageQuery,
        response: { 200: Envelope(Page(DictPageVO)) },
      },
    },
    async (req) => ok(await pageDicts(db, req.query)),
  );

  app.get<IdP>(
    '/api/v1/dict/:id/form',
    {
      config: { auth: { perm: ['sys:dict:edit', 'sys:dict:query'] } },
      schema: { tags, summary: 'A dictionary’s edit form', params: IdParams, response: { 200: Envelope(DictForm) } },
    },
    async (req) => ok(await dictForm(db, req.params.id)),
  );

  app.post<{ Body: DictBody }>(
    '/api/v1/dict',
    {
      config: { auth: { perm: 'sys:dict:add' } },
      schema: { tags, summary: 'Create a dictionary', body: DictBody, response: { 200: Envelope(DictForm) } },
    },
    async (req) => {
      const created = await createDict(db, req.body);
      note(req, { target: created.dictCode, after: created });
      return ok(created);
    },
  );

  app.put<IdP & { Body: DictUpdateBody }>(
    '/api/v1/dict/:id',
    {
      config: { auth: { perm: 'sys:dict:edit' } },
      schema: {
        tags,
        summary: 'Update a dictionary (optimistic locking)',
        params: IdParams,
        body: DictUpdateBody,
        response: { 200: Envelope(DictForm) },
      },
    },
    async (req) => {
      const { before, after } = await updateDict(db, req.params.id, req.body);
      note(req, { target: after.dictCode, before, after });
      return ok(after);
    },
  );

  app.delete<IdsP>(
    '/api/v1/dict/:ids',
    {
      config: { auth: { perm: 'sys:dict:delete' } },
      schema: {
        tags,
        summary: 'Delete dictionaries with their entries',
        params: IdsParams,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (req) => {
      const removed = await deleteDicts(db, parseIds(req.params.ids));
      note(req, { target: removed.map((d) => d.dictCode).join(','), before: removed });
      return ok(null);
    },
  );

  app.get<{ Querystring: DictDataPageQuery }>(
    '/api/v1/dict-data/page',
    {
      config: { auth: { perm: 'sys:dict-data:query' } },
      schema: {
        tags,
        summary: 'Entries of a dictionary, paged',
        querystring: DictDataPageQuery,
        response: { 200: Envelope(Page(DictDataVO)) },
      },
    },
    async (req) => ok(await pageDictData(db, req.query)),
  );

  app.get<IdP>(
    '/api/v1/dict-data/:id/form',
    {
      config: { auth: { perm: ['sys:dict-data:edit', 'sys:dict-data:query'] } },
      schema: {
        tags,
        summary: 'A dictionary entry’s edit form',
        params: IdParams,
        response: { 200: Envelope(DictDataForm) },
      },
    },
    async (req) => ok(await dictDataForm(db, req.params.id)),
  );

  app.post<{ Body: DictDataBody }>(
    '/api/v1/dict-data',
    {
      config: { auth: { perm: 'sys:dict-data:add' } },
      schema: {
        tags,
        summary: 'Add an entry to a dictionary (value unique in it)',
        body: DictDataBody,
        response: { 200: Envelope(DictDataForm) },
      },
    },
    async (req) => {
      const created = await createDictData(db, req.body);
      note(req, { target: `${created.dictCode}:${created.value}`, after: created });
      return ok(created);
    },
  );

  app.put<IdP & { Body: DictDataUpdateBody }>(
    '/api/v1/dict-data/:id',
    {
      config: { auth: { perm: 'sys:dict-data:edit' } },
      schema: {
        tags,
        summary: 'Update a dictionary entry (optimistic locking)',
        params: IdParams,
        body: DictDataUpdateBody,
        response: { 200: Envelope(DictDataForm) },
      },
    },
    async (req) => {
      const { before, after } = await updateDictData(db, req.params.id, req.body);
      note(req, { target: `${after.dictCode}:${after.value}`, before, after });
      return ok(after);
    },
  );

  app.delete<IdsP>(
    '/api/v1/dict-data/:ids',
    {
      config: { auth: { perm: 'sys:dict-data:delete' } },
      schema: {
        tags,
        summary: 'Delete dictionary entries',
        params: IdsParams,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (req) => {
      const removed = await deleteDictData(db, parseIds(req.params.ids));
      note(req, { target: removed.map((d) => `${d.dictCode}:${d.value}`).join(','), before: removed });
      return ok(null);
    },
  );
}
