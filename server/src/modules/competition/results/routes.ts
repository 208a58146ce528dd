import {
  HeatOfficialBody,
  HeatReopenBody,
  HeatResultsBody,
  HeatStandingVO,
  ResultHeatParams,
  ResultStartParams,
  ResultTrialBody,
  ResultTrialDeleteQuery,
  ResultTrialParams,
  RoundVO,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../../plugins/auth.js';
import { note } from '../../../plugins/oplog.js';
import { routeKit } from '../../../plugins/route-kit.js';
import type { CompetitionDeps } from '../routes.js';
import { heatStanding, makeOfficial, reopenHeat, saveHeatResults } from './service.js';
import { deleteTrial, saveTrial } from './trials.js';

const ENTRY = { perm: 'comp:result:entry' } as const;
const OFFICIAL = { perm: 'comp:result:official' } as const;

/**
 * Results entry (issue 6): referees assigned to the meeting and its managers enter results
 * (`comp:result:entry`, need 'officiate'); managers make them official or reopen them
 * (`comp:result:official`, need 'manage'). Every write answers the round as it now stands.
 */
export async function resultRoutes(app: FastifyInstance, deps: CompetitionDeps) {
  const r = routeKit(app, ['competition']);

  r.put('/api/v1/competition/heats/:id/results', {
    auth: ENTRY,
    summary: "A heat's results (times, reaction times, codes) and its wind, in one go",
    params: ResultHeatParams,
    body: HeatResultsBody,
    answer: RoundVO,
    run: async (req) => {
      const saved = await saveHeatResults(deps, currentUser(req), req.params.id, req.body);
      note(req, {
        target: req.params.id,
        before: saved.changes.map((c) => c.before),
        after: saved.changes.map((c) => c.after),
      });
      return saved.round;
    },
  });

  r.post('/api/v1/competition/starts/:id/trials', {
    auth: ENTRY,
    summary: 'A field trial (or the correction of the trial of that number); the standing follows',
    params: ResultStartParams,
    body: ResultTrialBody,
    answer: RoundVO,
    run: async (req) => {
      const saved = await saveTrial(deps, currentUser(req), req.params.id, req.body);
      note(req, { target: req.params.id, before: saved.before, after: saved.trial });
      return saved.round;
    },
  });

  r.delete('/api/v1/competition/starts/:id/trials/:seq', {
    auth: ENTRY,
    summary: 'Take a field trial back',
    params: ResultTrialParams,
    querystring: ResultTrialDeleteQuery,
    answer: RoundVO,
    run: async (req) => {
      const deleted = await deleteTrial(deps, currentUser(req), req.params.id, req.params.seq, req.query.version);
      note(req, { target: `${req.params.id}/${req.params.seq}`, before: deleted.before });
      return deleted.round;
    },
  });

  r.post('/api/v1/competition/heats/:id/official', {
    auth: OFFICIAL,
    summary: 'Make a heat official: places, qualifiers, team points, published',
    params: ResultHeatParams,
    body: HeatOfficialBody,
    answer: RoundVO,
    run: async (req) => {
      const round = await makeOfficial(deps, currentUser(req), req.params.id, req.body);
      note(req, { target: req.params.id, after: { status: 'official' } });
      return round;
    },
  });

  r.post('/api/v1/competition/heats/:id/reopen', {
    auth: OFFICIAL,
    summary: 'Reopen an official heat for corrections (the reason is logged)',
    params: ResultHeatParams,
    body: HeatReopenBody,
    answer: RoundVO,
    run: async (req) => {
      const round = await reopenHeat(deps, currentUser(req), req.params.id, req.body);
      note(req, {
        target: req.params.id,
        before: { status: 'official' },
        after: { status: 'set', reason: req.body.reason },
      });
      return round;
    },
  });

  r.get('/api/v1/competition/heats/:id/standing', {
    auth: 'user',
    summary: 'The live standing of a heat: places, best marks, who is out, the order to come',
    params: ResultHeatParams,
    answer: HeatStandingVO,
    run: (req) => heatStanding(deps.db, currentUser(req), req.params.id),
  });
}
