import {
  CompLogVO,
  Envelope,
  type Lang,
  MeetingIdParams,
  RoundDrawBody,
  RoundIdParams,
  RoundPublishBody,
  RoundSettingsBody,
  RoundVO,
  StartIdParams,
  StartListGenerateAllBody,
  type StartListGenerateAllVO,
  StartListGenerateBody,
  StartListJobParams,
  StartListJobVO,
  StartMoveBody,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { type Job, JobStore, jobGone } from '../../../lib/jobs.js';
import { currentUser } from '../../../plugins/auth.js';
import { ok } from '../../../plugins/envelope.js';
import { note } from '../../../plugins/oplog.js';
import { requireCompetition } from '../access.js';
import type { CompetitionDeps } from '../routes.js';
import { moveStart, redrawRound, updateRoundSettings } from './adjust.js';
import { generateAllStartLists, generateStartList } from './generate.js';
import { roundLog } from './log.js';
import { publishRound, unpublishRound } from './publish.js';

const tags = ['competition: start lists'];
const GroupItemParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
type IdP = { Params: { id: number } };

/** Start lists (issue 6): make, draw, adjust, configure, publish; the round's log. Rules in service.ts. */
export async function startListRoutes(app: FastifyInstance, deps: CompetitionDeps) {
  const { db, hub } = deps;
  const round = { 200: Envelope(RoundVO) };

  app.post<IdP & { Body: StartListGenerateBody }>(
    '/api/v1/competition/events/:id/start-list',
    {
      config: { auth: { perm: 'comp:startlist:generate' } },
      schema: {
        tags,
        summary: "Make (or remake, while a draft) a round's heats and start rows of a group item",
        params: GroupItemParams,
        body: StartListGenerateBody,
        response: round,
      },
    },
    async (req) => {
      const r = await generateStartList(db, hub, currentUser(req), req.params.id, req.body);
      note(req, { target: r.id, after: { seed: r.drawSeed, heats: r.heats.length } });
      return ok(r);
    },
  );

  /*
   * "Generate all" runs as a job (lib/jobs.ts, as the books do): the request answers at once and
   * the page follows its progress. While the data is unchanged the same job answers (a second
   * click, a second committee member), so a meeting's start lists are made once; one job runs
   * at a time in an instance.
   */
  const generateJobs = new JobStore<StartListGenerateAllVO, null>({
    version: () => app.baton.database.version.value,
    maxKept: 16,
    concurrency: 1,
    unexpected: (err) => app.log.error({ err }, 'generate-all job failed'),
  });
  const jobVO = (job: Job<StartListGenerateAllVO, null>, lang: Lang): StartListJobVO => ({
    ...generateJobs.answer(job, lang),
    result: job.result,
  });

  app.post<IdP & { Body: StartListGenerateAllBody }>(
    '/api/v1/competition/meetings/:id/start-lists',
    {
      config: { auth: { perm: 'comp:startlist:generate' } },
      schema: {
        tags,
        summary:
          'Generate all, as a job: the first-round start list of every event of the meeting that has none yet, in one transaction',
        params: MeetingIdParams,
        body: StartListGenerateAllBody,
        response: { 200: Envelope(StartListJobVO) },
      },
    },
    async (req) => {
      const u = currentUser(req);
      const { meeting: m } = await requireCompetition(db, u, req.params.id, 'manage');
      const { body } = req;
      // Checked here for the answer (404, 403 at once); the job reads the meeting again when it runs,
      // as it is then: a job may wait its turn behind another.
      const job = generateJobs.start(String(m.id), `all:${body.seed ?? ''}`, null, (report) =>
        generateAllStartLists(db, hub, u, m.id, body, report),
      );
      note(req, { target: m.id, after: { job: job.id, seed: body.seed ?? null } });
      return ok(jobVO(job, req.lang));
    },
  );

  app.get<{ Params: StartListJobParams }>(
    '/api/v1/competition/meetings/:id/start-lists/jobs/:job',
    {
      config: { auth: { perm: 'comp:startlist:generate' } },
      schema: {
        tags,
        summary: 'How far a "Generate all" job is (steps done of total) and, once done, what it made and skipped',
        params: StartListJobParams,
        response: { 200: Envelope(StartListJobVO) },
      },
    },
    async (req) => {
      await requireCompetition(db, currentUser(req), req.params.id, 'manage');
      const job = generateJobs.get(String(req.params.id), req.params.job);
      if (!job) throw jobGone();
      return ok(jobVO(job, req.lang));
    },
  );

  app.post<IdP & { Body: RoundDrawBody }>(
    '/api/v1/competition/rounds/:id/draw',
    {
      config: { auth: { perm: 'comp:startlist:generate' } },
      schema: {
        tags,
        summary: 'Draw the lanes / order of a round again (heats kept)',
        params: RoundIdParams,
        body: RoundDrawBody,
        response: round,
      },
    },
    async (req) => {
      const r = await redrawRound(db, hub, currentUser(req), req.params.id, req.body);
      note(req, { target: r.id, after: { seed: r.drawSeed } });
      return ok(r);
    },
  );

  app.post<IdP & { Body: StartMoveBody }>(
    '/api/v1/competition/starts/:id/move',
    {
      config: { auth: { perm: 'comp:startlist:edit' } },
      schema: {
        tags,
        summary: 'Move a competitor to a lane / position of a heat of the same round (swapping with whoever is there)',
        params: StartIdParams,
        body: StartMoveBody,
        response: round,
      },
    },
    async (req) => {
      const r = await moveStart(db, hub, currentUser(req), req.params.id, req.body);
      note(req, { target: req.params.id, after: req.body });
      return ok(r);
    },
  );

  app.put<IdP & { Body: RoundSettingsBody }>(
    '/api/v1/competition/rounds/:id',
    {
      config: { auth: { perm: 'comp:startlist:edit' } },
      schema: {
        tags,
        summary: "A round's settings: field trials and cut, bar heights, qualification",
        params: RoundIdParams,
        body: RoundSettingsBody,
        response: round,
      },
    },
    async (req) => {
      const r = await updateRoundSettings(db, hub, currentUser(req), req.params.id, req.body);
      note(req, { target: r.id, after: req.body });
      return ok(r);
    },
  );

  app.post<IdP & { Body: RoundPublishBody }>(
    '/api/v1/competition/rounds/:id/publish',
    {
      config: { auth: { perm: 'comp:startlist:publish' } },
      schema: {
        tags,
        summary: 'Publish the start list of a round (draft → set)',
        params: RoundIdParams,
        body: RoundPublishBody,
        response: round,
      },
    },
    async (req) => {
      const r = await publishRound(db, hub, currentUser(req), req.params.id, req.body);
      note(req, { target: r.id });
      return ok(r);
    },
  );

  app.post<IdP & { Body: RoundPublishBody }>(
    '/api/v1/competition/rounds/:id/unpublish',
    {
      config: { auth: { perm: 'comp:startlist:publish' } },
      schema: {
        tags,
        summary: 'Take a published start list back to draft (no result entered yet)',
        params: RoundIdParams,
        body: RoundPublishBody,
        response: round,
      },
    },
    async (req) => {
      const r = await unpublishRound(db, hub, currentUser(req), req.params.id, req.body);
      note(req, { target: r.id });
      return ok(r);
    },
  );

  app.get<IdP>(
    '/api/v1/competition/rounds/:id/log',
    {
      config: { auth: { perm: 'comp:startlist:query' } },
      schema: {
        tags,
        summary: "A round's log of draws, adjustments and status changes, newest first",
        params: RoundIdParams,
        response: { 200: Envelope(Type.Array(CompLogVO)) },
      },
    },
    async (req) => ok(await roundLog(db, currentUser(req), req.params.id)),
  );
}
