import {
  CompLogVO,
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
import { note } from '../../../plugins/oplog.js';
import { routeKit } from '../../../plugins/route-kit.js';
import { requireCompetition } from '../access.js';
import type { CompetitionDeps } from '../routes.js';
import { moveStart, redrawRound, updateRoundSettings } from './adjust.js';
import { generateAllStartLists, generateStartList } from './generate.js';
import { roundLog } from './log.js';
import { publishRound, unpublishRound } from './publish.js';

const tags = ['competition: start lists'];
const GroupItemParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
const GENERATE = { perm: 'comp:startlist:generate' } as const;
const EDIT = { perm: 'comp:startlist:edit' } as const;
const PUBLISH = { perm: 'comp:startlist:publish' } as const;

/** Start lists (issue 6): make, draw, adjust, configure, publish; the round's log. Rules in service.ts. */
export async function startListRoutes(app: FastifyInstance, deps: CompetitionDeps) {
  const { db, hub } = deps;
  const r = routeKit(app, tags);

  r.post('/api/v1/competition/events/:id/start-list', {
    auth: GENERATE,
    summary: "Make (or remake, while a draft) a round's heats and start rows of a group item",
    params: GroupItemParams,
    body: StartListGenerateBody,
    answer: RoundVO,
    run: async (req) => {
      const round = await generateStartList(db, hub, currentUser(req), req.params.id, req.body);
      note(req, { target: round.id, after: { seed: round.drawSeed, heats: round.heats.length } });
      return round;
    },
  });

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

  r.post('/api/v1/competition/meetings/:id/start-lists', {
    auth: GENERATE,
    summary:
      'Generate all, as a job: the first-round start list of every event of the meeting that has none yet, in one transaction',
    params: MeetingIdParams,
    body: StartListGenerateAllBody,
    answer: StartListJobVO,
    run: async (req) => {
      const u = currentUser(req);
      const { meeting: m } = await requireCompetition(db, u, req.params.id, 'manage');
      const { body } = req;
      // Checked here for the answer (404, 403 at once); the job reads the meeting again when it runs,
      // as it is then: a job may wait its turn behind another.
      const job = generateJobs.start(String(m.id), `all:${body.seed ?? ''}`, null, (report) =>
        generateAllStartLists(db, hub, u, m.id, body, report),
      );
      note(req, { target: m.id, after: { job: job.id, seed: body.seed ?? null } });
      return jobVO(job, req.lang);
    },
  });

  r.get('/api/v1/competition/meetings/:id/start-lists/jobs/:job', {
    auth: GENERATE,
    summary: 'How far a "Generate all" job is (steps done of total) and, once done, what it made and skipped',
    params: StartListJobParams,
    answer: StartListJobVO,
    run: async (req) => {
      await requireCompetition(db, currentUser(req), req.params.id, 'manage');
      const job = generateJobs.get(String(req.params.id), req.params.job);
      if (!job) throw jobGone();
      return jobVO(job, req.lang);
    },
  });

  r.post('/api/v1/competition/rounds/:id/draw', {
    auth: GENERATE,
    summary: 'Draw the lanes / order of a round again (heats kept)',
    params: RoundIdParams,
    body: RoundDrawBody,
    answer: RoundVO,
    run: async (req) => {
      const round = await redrawRound(db, hub, currentUser(req), req.params.id, req.body);
      note(req, { target: round.id, after: { seed: round.drawSeed } });
      return round;
    },
  });

  r.post('/api/v1/competition/starts/:id/move', {
    auth: EDIT,
    summary: 'Move a competitor to a lane / position of a heat of the same round (swapping with whoever is there)',
    params: StartIdParams,
    body: StartMoveBody,
    answer: RoundVO,
    run: async (req) => {
      const round = await moveStart(db, hub, currentUser(req), req.params.id, req.body);
      note(req, { target: req.params.id, after: req.body });
      return round;
    },
  });

  r.put('/api/v1/competition/rounds/:id', {
    auth: EDIT,
    summary: "A round's settings: field trials and cut, bar heights, qualification",
    params: RoundIdParams,
    body: RoundSettingsBody,
    answer: RoundVO,
    run: async (req) => {
      const round = await updateRoundSettings(db, hub, currentUser(req), req.params.id, req.body);
      note(req, { target: round.id, after: req.body });
      return round;
    },
  });

  // Publishing and taking back differ only in their direction: both answer the round, noted under its id.
  const switches = [
    ['publish', 'Publish the start list of a round (draft → set)', publishRound],
    ['unpublish', 'Take a published start list back to draft (no result entered yet)', unpublishRound],
  ] as const;
  for (const [action, summary, change] of switches) {
    r.post(`/api/v1/competition/rounds/:id/${action}`, {
      auth: PUBLISH,
      summary,
      params: RoundIdParams,
      body: RoundPublishBody,
      answer: RoundVO,
      run: async (req) => {
        const round = await change(db, hub, currentUser(req), req.params.id, req.body);
        note(req, { target: round.id });
        return round;
      },
    });
  }

  r.get('/api/v1/competition/rounds/:id/log', {
    auth: { perm: 'comp:startlist:query' },
    summary: "A round's log of draws, adjustments and status changes, newest first",
    params: RoundIdParams,
    answer: Type.Array(CompLogVO),
    run: (req) => roundLog(db, currentUser(req), req.params.id),
  });
}
