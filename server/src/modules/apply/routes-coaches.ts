import {
  ApplyContextQuery,
  CoachBody,
  CoachPageQuery,
  CoachUpdateBody,
  CoachVO,
  ImportReport,
  Page,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../plugins/auth.js';
import { routeKit } from '../../plugins/route-kit.js';
import { coachTemplate, importCoaches } from './coach-import.js';
import { createCoach, deleteCoaches, getCoach, pageCoaches, updateCoach } from './coaches.js';
import { type ApplyDeps, can, ImportQuery, importRun, personRoutes, tags } from './routes-kit.js';

/** The delegation's coaches and staff: page, one, register, change, delete; template and import. */
export async function applyCoachRoutes(app: FastifyInstance, deps: ApplyDeps) {
  const { db } = deps;
  const r = routeKit(app, tags);

  r.get('/api/v1/apply/coaches/page', {
    auth: can('apply:coach:query', 'query'),
    summary: "Page of the delegation's coaches and staff",
    querystring: CoachPageQuery,
    answer: Page(CoachVO),
    run: (req) => pageCoaches(db, currentUser(req), req.query),
  });

  r.xlsx('/api/v1/apply/coaches/template', {
    auth: can('apply:coach:add', 'edit'),
    summary: 'Coach import template: name, gender, role, mobile, ID type, ID number, coach fields',
    querystring: ApplyContextQuery,
    run: async (req) => ({
      filename: 'coaches-template.xlsx',
      bytes: await coachTemplate(db, currentUser(req), req.query.delegationId, req.lang),
    }),
  });

  r.post('/api/v1/apply/coaches/import', {
    auth: can('apply:coach:add', 'edit'),
    summary:
      'Import coaches and staff from .xlsx (multipart "file", optional "mapping" JSON); all-or-nothing unless mode=valid-only; mode=preview writes nothing',
    consumes: ['multipart/form-data'],
    querystring: ImportQuery,
    answer: ImportReport,
    run: importRun(db, importCoaches),
  });

  personRoutes(r, db, {
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
