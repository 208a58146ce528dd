import {
  AreaCodeBody,
  AreaCodeForm,
  AreaCodeQuery,
  AreaCodeUpdateBody,
  AreaCodeVO,
  Envelope,
  IdList,
  ImportModeQuery,
  ImportReport,
  MeetingIdParams,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { sendXlsx, uploadedFile } from '../../lib/excel.js';
import { parseIds } from '../../lib/paging.js';
import { importMapping } from '../../lib/sheet-import.js';
import { currentUser } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { note } from '../../plugins/oplog.js';
import {
  codeTemplate,
  codeTree,
  createCode,
  deleteCodes,
  exportCodes,
  getCode,
  importCodes,
  updateCode,
} from './service.js';

const tags = ['base: codes'];

/** Administrative-area code tables (county → sub-unit): `base:code:*`. */
export async function codeRoutes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;

  app.get<{ Querystring: AreaCodeQuery }>(
    '/api/v1/codes',
    {
      // Delegation forms and the area-user dialog pick areas from this tree too.
      config: { auth: { perm: ['base:code:query', 'meeting:delegation:query', 'meeting:area-user:query'] } },
      schema: {
        tags,
        summary: 'The area code tree (keywords keep matches and their ancestors)',
        querystring: AreaCodeQuery,
        response: { 200: Envelope(Type.Array(AreaCodeVO)) },
      },
    },
    async (req) => ok(await codeTree(db, req.query)),
  );

  app.get<{ Querystring: AreaCodeQuery }>(
    '/api/v1/codes/export',
    {
      config: { auth: { perm: 'base:code:export' } },
      schema: { tags, summary: 'Codes as .xlsx, in the import columns', querystring: AreaCodeQuery },
    },
    async (req, reply) => sendXlsx(reply, 'area-codes.xlsx', await exportCodes(db, req.query, req.lang)),
  );

  app.get(
    '/api/v1/codes/template',
    {
      config: { auth: { perm: 'base:code:import' } },
      schema: { tags, summary: 'Import template: code, name, nameEn, parentCode' },
    },
    async (req, reply) => sendXlsx(reply, 'area-codes-template.xlsx', await codeTemplate(req.lang)),
  );

  app.post<{ Querystring: ImportModeQuery }>(
    '/api/v1/codes/import',
    {
      config: { auth: { perm: 'base:code:import' } },
      schema: {
        tags,
        summary:
          'Import codes from .xlsx (multipart "file", optional "mapping" JSON); all-or-nothing unless mode=valid-only; mode=preview writes nothing',
        consumes: ['multipart/form-data'],
        querystring: ImportModeQuery,
        response: { 200: Envelope(ImportReport) },
      },
    },
    async (req) => {
      const mode = req.query.mode ?? 'all-or-nothing';
      const file = uploadedFile(req.body);
      const report = await importCodes(db, currentUser(req), file, mode, req.lang, importMapping(req.body));
      if (mode !== 'preview') note(req, { after: { ...report, errors: report.errors.slice(0, 50) } });
      return ok(report);
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/v1/codes/:id/form',
    {
      config: { auth: { perm: 'base:code:query' } },
      schema: { tags, summary: 'One code', params: MeetingIdParams, response: { 200: Envelope(AreaCodeForm) } },
    },
    async (req) => ok(await getCode(db, req.params.id)),
  );

  app.post<{ Body: AreaCodeBody }>(
    '/api/v1/codes',
    {
      config: { auth: { perm: 'base:code:add' } },
      schema: { tags, summary: 'Create a code', body: AreaCodeBody, response: { 200: Envelope(AreaCodeForm) } },
    },
    async (req) => {
      const after = await createCode(db, currentUser(req), req.body);
      note(req, { target: after.id, after });
      return ok(after);
    },
  );

  app.put<{ Params: { id: number }; Body: AreaCodeUpdateBody }>(
    '/api/v1/codes/:id',
    {
      config: { auth: { perm: 'base:code:edit' } },
      schema: {
        tags,
        summary: 'Update a code (optimistic lock on version)',
        params: MeetingIdParams,
        body: AreaCodeUpdateBody,
        response: { 200: Envelope(AreaCodeForm) },
      },
    },
    async (req) => {
      const { before, after } = await updateCode(db, currentUser(req), req.params.id, req.body);
      note(req, { target: req.params.id, before, after });
      return ok(after);
    },
  );

  app.delete<{ Params: { ids: string } }>(
    '/api/v1/codes/:ids',
    {
      config: { auth: { perm: 'base:code:delete' } },
      schema: {
        tags,
        summary: 'Delete codes nothing hangs on',
        params: Type.Object({ ids: IdList }),
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (req) => {
      const before = await deleteCodes(db, currentUser(req), parseIds(req.params.ids));
      note(req, { target: req.params.ids, before });
      return ok(null);
    },
  );
}
