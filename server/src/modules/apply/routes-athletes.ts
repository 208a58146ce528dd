import {
  ApplyContextQuery,
  AthleteBody,
  AthletePageQuery,
  AthleteTemplateQuery,
  AthleteUpdateBody,
  AthleteVO,
  ImportReport,
  Page,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../plugins/auth.js';
import { routeKit } from '../../plugins/route-kit.js';
import { createAthlete, deleteAthletes, getAthlete, pageAthletes, updateAthlete } from './athletes.js';
import { athleteTemplate, exportAthletes, importAthletes, schoolTemplate } from './importer.js';
import { type ApplyDeps, can, ImportQuery, importRun, personRoutes, tags } from './routes-kit.js';

/** The delegation's athletes: page, one, register, change, delete; template, export and import. */
export async function applyAthleteRoutes(app: FastifyInstance, deps: ApplyDeps) {
  const { db } = deps;
  const r = routeKit(app, tags);

  r.get('/api/v1/apply/athletes/page', {
    auth: can('apply:athlete:query', 'query'),
    summary: "Page of the delegation's athletes with their entries",
    querystring: AthletePageQuery,
    answer: Page(AthleteVO),
    run: (req) => pageAthletes(db, currentUser(req), req.query),
  });

  r.xlsx('/api/v1/apply/athletes/template', {
    auth: can('apply:athlete:import', 'edit'),
    summary:
      'Import template: name, ID number, group, English name, ID type, gender, birth date, athlete fields; layout=school: title, unit/leader row, 姓名 性别 身份证号 出生日期 组别 项目一 项目二 …',
    querystring: AthleteTemplateQuery,
    run: async (req) => {
      const school = req.query.layout === 'school';
      const make = school ? schoolTemplate : athleteTemplate;
      return {
        filename: school ? 'athletes-school-template.xlsx' : 'athletes-template.xlsx',
        bytes: await make(db, currentUser(req), req.query.delegationId, req.lang),
      };
    },
  });

  r.xlsx('/api/v1/apply/athletes/export', {
    auth: can('apply:athlete:query', 'query'),
    summary: "The delegation's athletes as .xlsx in the import's columns (events as 项目1, 项目2 …): re-imports as is",
    querystring: ApplyContextQuery,
    run: async (req) => ({
      filename: 'athletes.xlsx',
      bytes: await exportAthletes(db, currentUser(req), req.query.delegationId, req.lang),
    }),
  });

  r.post('/api/v1/apply/athletes/import', {
    auth: can('apply:athlete:import', 'edit'),
    summary:
      'Import athletes (and their event columns as entries) from .xlsx (multipart "file", optional "mapping" JSON {"<column index>": "<field key>" | null}); all-or-nothing unless mode=valid-only; mode=preview writes nothing and answers the sheet as understood',
    consumes: ['multipart/form-data'],
    querystring: ImportQuery,
    answer: ImportReport,
    run: importRun(db, importAthletes),
  });

  personRoutes(r, db, {
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
