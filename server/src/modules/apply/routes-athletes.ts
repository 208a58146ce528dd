import {
  ApplyContextQuery,
  AthleteBody,
  AthletePageQuery,
  AthleteTemplateQuery,
  AthleteUpdateBody,
  AthleteVO,
  Envelope,
  ImportReport,
  Page,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { sendXlsx } from '../../lib/excel.js';
import { currentUser } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { createAthlete, deleteAthletes, getAthlete, pageAthletes, updateAthlete } from './athletes.js';
import { athleteTemplate, exportAthletes, importAthletes, schoolTemplate } from './importer.js';
import { type ApplyDeps, can, ImportQuery, importHandler, personRoutes, tags } from './routes-kit.js';

/** The delegation's athletes: page, one, register, change, delete; template, export and import. */
export async function applyAthleteRoutes(app: FastifyInstance, deps: ApplyDeps) {
  const { db } = deps;

  app.get<{ Querystring: AthletePageQuery }>(
    '/api/v1/apply/athletes/page',
    {
      config: can('apply:athlete:query', 'query'),
      schema: {
        tags,
        summary: "Page of the delegation's athletes with their entries",
        querystring: AthletePageQuery,
        response: { 200: Envelope(Page(AthleteVO)) },
      },
    },
    async (req) => ok(await pageAthletes(db, currentUser(req), req.query)),
  );

  app.get<{ Querystring: AthleteTemplateQuery }>(
    '/api/v1/apply/athletes/template',
    {
      config: can('apply:athlete:import', 'edit'),
      schema: {
        tags,
        summary:
          'Import template: name, ID number, group, English name, ID type, gender, birth date, athlete fields; layout=school: title, unit/leader row, 姓名 性别 身份证号 出生日期 组别 项目一 项目二 …',
        querystring: AthleteTemplateQuery,
      },
    },
    async (req, reply) => {
      const school = req.query.layout === 'school';
      const make = school ? schoolTemplate : athleteTemplate;
      const body = await make(db, currentUser(req), req.query.delegationId, req.lang);
      return sendXlsx(reply, school ? 'athletes-school-template.xlsx' : 'athletes-template.xlsx', body);
    },
  );

  app.get<{ Querystring: ApplyContextQuery }>(
    '/api/v1/apply/athletes/export',
    {
      config: can('apply:athlete:query', 'query'),
      schema: {
        tags,
        summary:
          "The delegation's athletes as .xlsx in the import's columns (events as 项目1, 项目2 …): re-imports as is",
        querystring: ApplyContextQuery,
      },
    },
    async (req, reply) =>
      sendXlsx(reply, 'athletes.xlsx', await exportAthletes(db, currentUser(req), req.query.delegationId, req.lang)),
  );

  app.post<{ Querystring: ImportQuery }>(
    '/api/v1/apply/athletes/import',
    {
      config: can('apply:athlete:import', 'edit'),
      schema: {
        tags,
        summary:
          'Import athletes (and their event columns as entries) from .xlsx (multipart "file", optional "mapping" JSON {"<column index>": "<field key>" | null}); all-or-nothing unless mode=valid-only; mode=preview writes nothing and answers the sheet as understood',
        consumes: ['multipart/form-data'],
        querystring: ImportQuery,
        response: { 200: Envelope(ImportReport) },
      },
    },
    importHandler(db, importAthletes),
  );

  personRoutes(app, db, {
    path: 'athletes',
    perm: 'apply:athlete',
    noun: 'athlete',
    VO: AthleteVO,
    Body: AthleteBody,
    UpdateBody: AthleteUpdateBody,
    get: getAthlete,
    create: createAthlete,
    update: updateAthlete,
    remove: deleteAthletes,
  });
}
