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
  IdParams,
  Page,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { crudRoutes } from '../../plugins/crud-routes.js';
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
/** The operation log names a dictionary by its code, an entry by its dictionary's code and its value. */
const dictNamed = (d: { dictCode: string }) => d.dictCode;
const entryNamed = (d: { dictCode: string; value: string }) => `${d.dictCode}:${d.value}`;

export async function dictRoutes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;
  const dict = crudRoutes(app, { url: '/api/v1/dict', tags, params: IdParams, VO: DictForm, named: dictNamed });

  dict.get('/api/v1/dict/list', {
    auth: 'public',
    summary: 'All dictionaries with their entries',
    answer: Type.Array(DictVO),
    run: () => listDicts(db),
  });

  dict.get('/api/v1/dict/lista', {
    auth: 'user',
    summary: 'Every dictionary (code and names), for pickers',
    answer: Type.Array(DictListaItem),
    run: () => listaDicts(db),
  });

  dict.list({
    path: '/page',
    perm: 'sys:dict:query',
    summary: 'Dictionaries, paged',
    query: DictPageQuery,
    answer: Page(DictPageVO),
    run: (q) => pageDicts(db, q),
  });
  dict.form({
    perm: ['sys:dict:edit', 'sys:dict:query'],
    summary: 'A dictionary’s edit form',
    run: (id) => dictForm(db, id),
  });
  dict.create({
    perm: 'sys:dict:add',
    summary: 'Create a dictionary',
    body: DictBody,
    run: (body) => createDict(db, body),
  });
  dict.update({
    perm: 'sys:dict:edit',
    summary: 'Update a dictionary (optimistic locking)',
    body: DictUpdateBody,
    run: (id, body) => updateDict(db, id, body),
  });
  dict.remove({
    perm: 'sys:dict:delete',
    summary: 'Delete dictionaries with their entries',
    run: (ids) => deleteDicts(db, ids),
  });

  const entry = crudRoutes(app, {
    url: '/api/v1/dict-data',
    tags,
    params: IdParams,
    VO: DictDataForm,
    named: entryNamed,
  });
  entry.list({
    path: '/page',
    perm: 'sys:dict-data:query',
    summary: 'Entries of a dictionary, paged',
    query: DictDataPageQuery,
    answer: Page(DictDataVO),
    run: (q) => pageDictData(db, q),
  });
  entry.form({
    perm: ['sys:dict-data:edit', 'sys:dict-data:query'],
    summary: 'A dictionary entry’s edit form',
    run: (id) => dictDataForm(db, id),
  });
  entry.create({
    perm: 'sys:dict-data:add',
    summary: 'Add an entry to a dictionary (value unique in it)',
    body: DictDataBody,
    run: (body) => createDictData(db, body),
  });
  entry.update({
    perm: 'sys:dict-data:edit',
    summary: 'Update a dictionary entry (optimistic locking)',
    body: DictDataUpdateBody,
    run: (id, body) => updateDictData(db, id, body),
  });
  entry.remove({
    perm: 'sys:dict-data:delete',
    summary: 'Delete dictionary entries',
    run: (ids) => deleteDictData(db, ids),
  });
}
