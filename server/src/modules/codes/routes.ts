import {
  AreaCodeBody,
  AreaCodeForm,
  AreaCodeQuery,
  AreaCodeUpdateBody,
  AreaCodeVO,
  ImportModeQuery,
  ImportReport,
  MeetingIdParams,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { uploadedFile } from '../../lib/excel.js';
import { importMapping } from '../../lib/sheet-import.js';
import { currentUser } from '../../plugins/auth.js';
import { crudRoutes } from '../../plugins/crud-routes.js';
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

  const r = crudRoutes(app, { url: '/api/v1/codes', tags, params: MeetingIdParams, VO: AreaCodeForm });
  r.list({
    // Delegation forms and the area-user dialog pick areas from this tree too.
    perm: ['base:code:query', 'meeting:delegation:query', 'meeting:area-user:query'],
    summary: 'The area code tree (keywords keep matches and their ancestors)',
    query: AreaCodeQuery,
    answer: Type.Array(AreaCodeVO),
    run: (q) => codeTree(db, q),
  });
  r.export({
    perm: 'base:code:export',
    summary: 'Codes as .xlsx, in the import columns',
    query: AreaCodeQuery,
    file: 'area-codes.xlsx',
    run: (q, req) => exportCodes(db, q, req.lang),
  });

  r.xlsx('/api/v1/codes/template', {
    auth: { perm: 'base:code:import' },
    summary: 'Import template: code, name, nameEn, parentCode',
    run: async (req) => ({ filename: 'area-codes-template.xlsx', bytes: await codeTemplate(req.lang) }),
  });

  r.post('/api/v1/codes/import', {
    auth: { perm: 'base:code:import' },
    summary:
      'Import codes from .xlsx (multipart "file", optional "mapping" JSON); all-or-nothing unless mode=valid-only; mode=preview writes nothing',
    consumes: ['multipart/form-data'],
    querystring: ImportModeQuery,
    answer: ImportReport,
    run: async (req) => {
      const mode = req.query.mode ?? 'all-or-nothing';
      const file = uploadedFile(req.body);
      const report = await importCodes(db, currentUser(req), file, mode, req.lang, importMapping(req.body));
      if (mode !== 'preview') note(req, { after: { ...report, errors: report.errors.slice(0, 50) } });
      return report;
    },
  });

  r.form({ perm: 'base:code:query', summary: 'One code', run: (id) => getCode(db, id) });
  r.create({
    perm: 'base:code:add',
    summary: 'Create a code',
    body: AreaCodeBody,
    run: (body, req) => createCode(db, currentUser(req), body),
  });
  r.update({
    perm: 'base:code:edit',
    summary: 'Update a code (optimistic lock on version)',
    body: AreaCodeUpdateBody,
    run: (id, body, req) => updateCode(db, currentUser(req), id, body),
  });
  r.remove({
    perm: 'base:code:delete',
    summary: 'Delete codes nothing hangs on',
    run: (ids, req) => deleteCodes(db, currentUser(req), ids),
  });
}
