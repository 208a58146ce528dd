import {
  ApplyContextQuery,
  CoachBody,
  CoachPageQuery,
  CoachUpdateBody,
  CoachVO,
  Envelope,
  ImportReport,
  Page,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { sendXlsx } from '../../lib/excel.js';
import { currentUser } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { coachTemplate, importCoaches } from './coach-import.js';
import { createCoach, deleteCoaches, getCoach, pageCoaches, updateCoach } from './coaches.js';
import { type ApplyDeps, can, ImportQuery, importHandler, personRoutes, tags } from './routes-kit.js';

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

  personRoutes(app, db, {
    path: 'coaches',
    perm: 'apply:coach',
    noun: 'coach',
    VO: CoachVO,
    Body: CoachBody,
    UpdateBody: CoachUpdateBody,
    get: getCoach,
    create: createCoach,
    update: updateCoach,
    remove: deleteCoaches,
  });
}
