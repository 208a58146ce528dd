import {
  ApplyContextQuery,
  CoachBody,
  CoachPageQuery,
  CoachUpdateBody,
  CoachVO,
  Envelope,
  ImportReport,
  MeetingIdParams,
  Page,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { sendXlsx } from '../../lib/excel.js';
import { parseIds } from '../../lib/paging.js';
import { currentUser } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { coachTemplate, importCoaches } from './coach-import.js';
import { createCoach, deleteCoaches, getCoach, pageCoaches, updateCoach } from './coaches.js';
import {
  type ApplyDeps,
  can,
  Deleted,
  type IdP,
  type IdsP,
  IdsParams,
  ImportQuery,
  importHandler,
  noted,
  tags,
} from './routes-kit.js';

/** The delegation's coaches and staff: page, one, register, change, delete; template and import. */
export async function applyCoachRoutes(app: FastifyInstance, deps: ApplyDeps) {
  const { db } = deps;

  app.get<{ Querystring: CoachPageQuery }>(
    '/api/v1/apply/coaches/page',
    {
      config: can('apply:coach:query', 'query'),
      schema: {
        tags,
        summary: "Page of the delegation's coaches and staff",
        querystring: CoachPageQuery,
        response: { 200: Envelope(Page(CoachVO)) },
      },
    },
    async (req) => ok(await pageCoaches(db, currentUser(req), req.query)),
  );

  app.get<{ Querystring: ApplyContextQuery }>(
    '/api/v1/apply/coaches/template',
    {
      config: can('apply:coach:add', 'edit'),
      schema: {
        tags,
        summary: 'Coach import template: name, gender, role, mobile, ID type, ID number, coach fields',
        querystring: ApplyContextQuery,
      },
    },
    async (req, reply) =>
      sendXlsx(
        reply,
        'coaches-template.xlsx',
        await coachTemplate(db, currentUser(req), req.query.delegationId, req.lang),
      ),
  );

  app.post<{ Querystring: ImportQuery }>(
    '/api/v1/apply/coaches/import',
    {
      config: can('apply:coach:add', 'edit'),
      schema: {
        tags,
        summary:
          'Import coaches and staff from .xlsx (multipart "file", optional "mapping" JSON); all-or-nothing unless mode=valid-only; mode=preview writes nothing',
        consumes: ['multipart/form-data'],
        querystring: ImportQuery,
        response: { 200: Envelope(ImportReport) },
      },
    },
    importHandler(db, importCoaches),
  );

  app.get<IdP>(
    '/api/v1/apply/coaches/:id/form',
    {
      config: can('apply:coach:query', 'query'),
      schema: { tags, summary: 'One coach', params: MeetingIdParams, response: { 200: Envelope(CoachVO) } },
    },
    async (req) => ok(await getCoach(db, currentUser(req), req.params.id)),
  );

  app.post<{ Body: CoachBody }>(
    '/api/v1/apply/coaches',
    {
      config: can('apply:coach:add', 'edit'),
      schema: { tags, summary: 'Register a coach', body: CoachBody, response: { 200: Envelope(CoachVO) } },
    },
    async (req) => {
      const r = await createCoach(db, currentUser(req), req.body);
      noted(req, r.after.id, r);
      return ok(r.after);
    },
  );

  app.put<IdP & { Body: CoachUpdateBody }>(
    '/api/v1/apply/coaches/:id',
    {
      config: can('apply:coach:edit', 'edit'),
      schema: {
        tags,
        summary: 'Change a coach (an approved one goes back to audit; submitted ones are locked)',
        params: MeetingIdParams,
        body: CoachUpdateBody,
        response: { 200: Envelope(CoachVO) },
      },
    },
    async (req) => {
      const r = await updateCoach(db, currentUser(req), req.params.id, req.body);
      noted(req, req.params.id, r);
      return ok(r.after);
    },
  );

  app.delete<IdsP>(
    '/api/v1/apply/coaches/:ids',
    {
      config: can('apply:coach:delete', 'edit'),
      schema: { tags, summary: 'Delete draft or returned coaches', params: IdsParams, response: { 200: Deleted } },
    },
    async (req) => {
      const r = await deleteCoaches(db, currentUser(req), parseIds(req.params.ids));
      noted(req, req.params.ids, r);
      return ok({ deleted: r.deleted });
    },
  );
}
