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
  Envelope,
  IdList,
  ImportModeQuery,
  ImportReport,
  MeetingIdParams,
  Page,
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
type IdP = { Params: { id: number } };
/** The import's answer is noted with its first errors only. */
const brief = (r: ImportReport) => ({ ...r, errors: r.errors.slice(0, 50) });

/** Delegations of a meeting: `meeting:delegation:*`, scoped by meeting and (for area users) area. */
export async function delegationRoutes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;

  app.get<{ Querystring: DelegationPageQuery }>(
    '/api/v1/delegations',
    {
      config: { auth: VIEW },
      schema: {
        tags,
        summary: 'Page of the delegations of a meeting (area users: their areas only)',
        querystring: DelegationPageQuery,
        response: { 200: Envelope(Page(DelegationVO)) },
      },
    },
    async (req) => ok(await pageDelegations(db, currentUser(req), req.query)),
  );

  app.get<{ Querystring: DelegationExportQuery }>(
    '/api/v1/delegations/export',
    {
      config: { auth: { perm: ['meeting:delegation:export', 'meeting:area-summary:export'] } },
      schema: { tags, summary: 'Delegations of the current filter as .xlsx', querystring: DelegationExportQuery },
    },
    async (req, reply) =>
      sendXlsx(reply, 'delegations.xlsx', await exportDelegations(db, currentUser(req), req.query, req.lang)),
  );

  app.get(
    '/api/v1/delegations/template',
    {
      config: { auth: { perm: 'meeting:delegation:import' } },
      schema: { tags, summary: 'Import template: name, shortName, contactName, contactMobile, areaCode' },
    },
    async (req, reply) => sendXlsx(reply, 'delegations-template.xlsx', await delegationTemplate(req.lang)),
  );

  app.post<{ Querystring: DelegationImportQuery }>(
    '/api/v1/delegations/import',
    {
      config: { auth: { perm: 'meeting:delegation:import' } },
      schema: {
        tags,
        summary:
          'Import delegations from .xlsx (multipart "file", optional "mapping" JSON); all-or-nothing unless mode=valid-only; mode=preview writes nothing',
        consumes: ['multipart/form-data'],
        querystring: DelegationImportQuery,
        response: { 200: Envelope(ImportReport) },
      },
    },
    async (req) => {
      const { meetingId, mode = 'all-or-nothing' } = req.query;
      const file = uploadedFile(req.body);
      const mapping = importMapping(req.body);
      const report = await importDelegations(db, currentUser(req), meetingId, file, mode, req.lang, mapping);
      if (mode !== 'preview') note(req, { target: meetingId, after: brief(report) });
      return ok(report);
    },
  );

  app.post<{ Querystring: ImportModeQuery; Body: DelegationBatchBody }>(
    '/api/v1/delegations/batch',
    {
      config: { auth: { perm: 'meeting:delegation:add' } },
      schema: {
        tags,
        summary: 'Add pasted rows; all-or-nothing unless mode=valid-only',
        querystring: ImportModeQuery,
        body: DelegationBatchBody,
        response: { 200: Envelope(ImportReport) },
      },
    },
    async (req) => {
      const { meetingId, rows } = req.body;
      const mode = req.query.mode ?? 'all-or-nothing';
      const report = await batchDelegations(db, currentUser(req), meetingId, rows, mode, req.lang);
      if (mode !== 'preview') note(req, { target: meetingId, after: brief(report) });
      return ok(report);
    },
  );

  app.post<{ Querystring: ImportModeQuery; Body: DelegationFromCustomersBody }>(
    '/api/v1/delegations/from-customers',
    {
      config: { auth: { perm: 'meeting:delegation:add' } },
      schema: {
        tags,
        summary: 'Choose delegations: one per customer, with its name, area and contact',
        querystring: ImportModeQuery,
        body: DelegationFromCustomersBody,
        response: { 200: Envelope(ImportReport) },
      },
    },
    async (req) => {
      const { meetingId, customerIds } = req.body;
      const mode = req.query.mode ?? 'all-or-nothing';
      const report = await delegationsFromCustomers(db, currentUser(req), meetingId, customerIds, mode, req.lang);
      if (mode !== 'preview') note(req, { target: meetingId, after: brief(report) });
      return ok(report);
    },
  );

  app.get<IdP>(
    '/api/v1/delegations/:id/form',
    {
      config: { auth: VIEW },
      schema: { tags, summary: 'One delegation', params: MeetingIdParams, response: { 200: Envelope(DelegationVO) } },
    },
    async (req) => ok(await getDelegation(db, currentUser(req), req.params.id)),
  );

  app.post<{ Body: DelegationBody }>(
    '/api/v1/delegations',
    {
      config: { auth: { perm: 'meeting:delegation:add' } },
      schema: { tags, summary: 'Create a delegation', body: DelegationBody, response: { 200: Envelope(DelegationVO) } },
    },
    async (req) => {
      const after = await createDelegation(db, currentUser(req), req.body);
      note(req, { target: after.id, after });
      return ok(after);
    },
  );

  app.put<IdP & { Body: DelegationUpdateBody }>(
    '/api/v1/delegations/:id',
    {
      config: { auth: { perm: 'meeting:delegation:edit' } },
      schema: {
        tags,
        summary: 'Update a delegation (optimistic lock on version)',
        params: MeetingIdParams,
        body: DelegationUpdateBody,
        response: { 200: Envelope(DelegationVO) },
      },
    },
    async (req) => {
      const { before, after } = await updateDelegation(db, currentUser(req), req.params.id, req.body);
      note(req, { target: req.params.id, before, after });
      return ok(after);
    },
  );

  app.delete<{ Params: { ids: string } }>(
    '/api/v1/delegations/:ids',
    {
      config: { auth: { perm: 'meeting:delegation:delete' } },
      schema: {
        tags,
        summary: 'Delete delegations with nobody registered',
        params: Type.Object({ ids: IdList }),
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (req) => {
      const before = await deleteDelegations(db, currentUser(req), parseIds(req.params.ids));
      note(req, { target: req.params.ids, before });
      return ok(null);
    },
  );

  app.post<IdP & { Body: DelegationReviewBody }>(
    '/api/v1/delegations/:id/review',
    {
      config: { auth: { perm: 'meeting:delegation:review' } },
      schema: {
        tags,
        summary: 'Approve, or return with a reason',
        params: MeetingIdParams,
        body: DelegationReviewBody,
        response: { 200: Envelope(DelegationVO) },
      },
    },
    async (req) => {
      const { before, after } = await reviewDelegation(db, currentUser(req), req.params.id, req.body);
      note(req, { target: req.params.id, before, after });
      return ok(after);
    },
  );
}
