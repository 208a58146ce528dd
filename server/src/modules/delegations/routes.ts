import {
  DelegationBatchBody,
  DelegationBody,
  DelegationExportQuery,
  DelegationFromCustomersBody,
  DelegationImportQuery,
  DelegationPageQuery,
  DelegationReviewBody,
  DelegationUpdateBody,
  DelegationVO,
  type ImportMode,
  ImportModeQuery,
  ImportReport,
  MeetingIdParams,
  Page,
} from '@baton/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { uploadedFile } from '../../lib/excel.js';
import { importMapping } from '../../lib/sheet-import.js';
import { currentUser } from '../../plugins/auth.js';
import { crudRoutes } from '../../plugins/crud-routes.js';
import { note } from '../../plugins/oplog.js';
import { noteWrite } from '../../plugins/route-kit.js';
import { batchDelegations, delegationsFromCustomers, delegationTemplate, importDelegations } from './bulk.js';
import {
  createDelegation,
  deleteDelegations,
  exportDelegations,
  getDelegation,
  pageDelegations,
  reviewDelegation,
  updateDelegation,
} from './service.js';

const tags = ['meeting: delegations'];
/** Area users read the delegations of their areas through the area summary's permission. */
const VIEW = { perm: ['meeting:delegation:query', 'meeting:area-summary:query'] };

/**
 * A bulk add's answer (an import, pasted rows, chosen customers): its report, noted with its first
 * errors only, unless it was a preview that wrote nothing.
 */
function reported(req: FastifyRequest, meetingId: number, mode: ImportMode, report: ImportReport) {
  if (mode !== 'preview') note(req, { target: meetingId, after: { ...report, errors: report.errors.slice(0, 50) } });
  return report;
}

/** Delegations of a meeting: `meeting:delegation:*`, scoped by meeting and (for area users) area. */
export async function delegationRoutes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;

  const r = crudRoutes(app, { url: '/api/v1/delegations', tags, params: MeetingIdParams, VO: DelegationVO });
  r.list({
    perm: VIEW.perm,
    summary: 'Page of the delegations of a meeting (area users: their areas only)',
    query: DelegationPageQuery,
    answer: Page(DelegationVO),
    run: (q, req) => pageDelegations(db, currentUser(req), q),
  });
  r.export({
    perm: ['meeting:delegation:export', 'meeting:area-summary:export'],
    summary: 'Delegations of the current filter as .xlsx',
    query: DelegationExportQuery,
    file: 'delegations.xlsx',
    run: (q, req) => exportDelegations(db, currentUser(req), q, req.lang),
  });

  r.xlsx('/api/v1/delegations/template', {
    auth: { perm: 'meeting:delegation:import' },
    summary: 'Import template: name, shortName, contactName, contactMobile, areaCode',
    run: async (req) => ({ filename: 'delegations-template.xlsx', bytes: await delegationTemplate(req.lang) }),
  });

  r.post('/api/v1/delegations/import', {
    auth: { perm: 'meeting:delegation:import' },
    summary:
      'Import delegations from .xlsx (multipart "file", optional "mapping" JSON); all-or-nothing unless mode=valid-only; mode=preview writes nothing',
    consumes: ['multipart/form-data'],
    querystring: DelegationImportQuery,
    answer: ImportReport,
    run: async (req) => {
      const { meetingId, mode = 'all-or-nothing' } = req.query;
      const file = uploadedFile(req.body);
      const mapping = importMapping(req.body);
      const report = await importDelegations(db, currentUser(req), meetingId, file, mode, req.lang, mapping);
      return reported(req, meetingId, mode, report);
    },
  });

  r.post('/api/v1/delegations/batch', {
    auth: { perm: 'meeting:delegation:add' },
    summary: 'Add pasted rows; all-or-nothing unless mode=valid-only',
    querystring: ImportModeQuery,
    body: DelegationBatchBody,
    answer: ImportReport,
    run: async (req) => {
      const { meetingId, rows } = req.body;
      const { mode = 'all-or-nothing' } = req.query;
      const report = await batchDelegations(db, currentUser(req), meetingId, rows, mode, req.lang);
      return reported(req, meetingId, mode, report);
    },
  });

  r.post('/api/v1/delegations/from-customers', {
    auth: { perm: 'meeting:delegation:add' },
    summary: 'Choose delegations: one per customer, with its name, area and contact',
    querystring: ImportModeQuery,
    body: DelegationFromCustomersBody,
    answer: ImportReport,
    run: async (req) => {
      const { meetingId, customerIds } = req.body;
      const { mode = 'all-or-nothing' } = req.query;
      const report = await delegationsFromCustomers(db, currentUser(req), meetingId, customerIds, mode, req.lang);
      return reported(req, meetingId, mode, report);
    },
  });

  r.form({
    perm: VIEW.perm,
    summary: 'One delegation',
    run: (id, req) => getDelegation(db, currentUser(req), id),
  });
  r.create({
    perm: 'meeting:delegation:add',
    summary: 'Create a delegation',
    body: DelegationBody,
    run: (body, req) => createDelegation(db, currentUser(req), body),
  });
  r.update({
    perm: 'meeting:delegation:edit',
    summary: 'Update a delegation (optimistic lock on version)',
    body: DelegationUpdateBody,
    run: (id, body, req) => updateDelegation(db, currentUser(req), id, body),
  });
  r.remove({
    perm: 'meeting:delegation:delete',
    summary: 'Delete delegations with nobody registered',
    run: (ids, req) => deleteDelegations(db, currentUser(req), ids),
  });

  r.post('/api/v1/delegations/:id/review', {
    auth: { perm: 'meeting:delegation:review' },
    summary: 'Approve, or return with a reason',
    params: MeetingIdParams,
    body: DelegationReviewBody,
    answer: DelegationVO,
    run: async (req) =>
      noteWrite(req, req.params.id, await reviewDelegation(db, currentUser(req), req.params.id, req.body)),
  });
}
