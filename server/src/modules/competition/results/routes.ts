import {
  Envelope,
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
import { ok } from '../../../plugins/envelope.js';
import { note } from '../../../plugins/oplog.js';
import type { CompetitionDeps } from '../routes.js';
import { heatStanding, makeOfficial, reopenHeat, saveHeatResults } from './service.js';
import { deleteTrial, saveTrial } from './trials.js';

const tags = ['competition'];
const ENTRY = { auth: { perm: 'comp:result:entry' } } as const;
const OFFICIAL = { auth: { perm: 'comp:result:official' } } as const;
type HeatP = { Params: ResultHeatParams };
type StartP = { Params: ResultStartParams };

/**
 * Results entry (issue 6): referees assigned to the meeting and its managers enter results
 * (`comp:result:entry`, need 'officiate'); managers make them official or reopen them
 * (`comp:result:official`, need 'manage'). Every write answers the round as it now stands.
 */
export async function resultRoutes(app: FastifyInstance, deps: CompetitionDeps) {
  app.put<HeatP & { Body: HeatResultsBody }>(
    '/api/v1/competition/heats/:id/results',
    {
      config: ENTRY,
      schema: {
        tags,
        summary: "A heat's results (times, reaction times, codes) and its wind, in one go",
        params: ResultHeatParams,
        body: HeatResultsBody,
        response: { 200: Envelope(RoundVO) },
      },
    },
    async (req) => {
      const r = await saveHeatResults(deps, currentUser(req), req.params.id, req.body);
      note(req, {
        target: req.params.id,
        before: r.changes.map((c) => c.before),
        after: r.changes.map((c) => c.after),
      });
      return ok(r.round);
    },
  );

  app.post<StartP & { Body: ResultTrialBody }>(
    '/api/v1/competition/starts/:id/trials',
    {
      config: ENTRY,
      schema: {
        tags,
        summary: 'A field trial (or the correction of the trial of that number); the standing follows',
        params: ResultStartParams,
        body: ResultTrialBody,
        response: { 200: Envelope(RoundVO) },
      },
    },
    async (req) => {
      const r = await saveTrial(deps, currentUser(req), req.params.id, req.body);
      note(req, { target: req.params.id, before: r.before, after: r.trial });
      return ok(r.round);
    },
  );

  app.delete<{ Params: ResultTrialParams; Querystring: ResultTrialDeleteQuery }>(
    '/api/v1/competition/starts/:id/trials/:seq',
    {
      config: ENTRY,
      schema: {
        tags,
        summary: 'Take a field trial back',
        params: ResultTrialParams,
        querystring: ResultTrialDeleteQuery,
        response: { 200: Envelope(RoundVO) },
      },
    },
    async (req) => {
      const r = await deleteTrial(deps, currentUser(req), req.params.id, req.params.seq, req.query.version);
      note(req, { target: `${req.params.id}/${req.params.seq}`, before: r.before });
      return ok(r.round);
    },
  );

  app.post<HeatP & { Body: HeatOfficialBody }>(
    '/api/v1/competition/heats/:id/official',
    {
      config: OFFICIAL,
      schema: {
        tags,
        summary: 'Make a heat official: places, qualifiers, team points, published',
        params: ResultHeatParams,
        body: HeatOfficialBody,
        response: { 200: Envelope(RoundVO) },
      },
    },
    async (req) => {
      const round = await makeOfficial(deps, currentUser(req), req.params.id, req.body);
      note(req, { target: req.params.id, after: { status: 'official' } });
      return ok(round);
    },
  );

  app.post<HeatP & { Body: HeatReopenBody }>(
    '/api/v1/competition/heats/:id/reopen',
    {
      config: OFFICIAL,
      schema: {
        tags,
        summary: 'Reopen an official heat for corrections (the reason is logged)',
        params: ResultHeatParams,
        body: HeatReopenBody,
        response: { 200: Envelope(RoundVO) },
      },
    },
    async (req) => {
      const round = await reopenHeat(deps, currentUser(req), req.params.id, req.body);
      note(req, {
        target: req.params.id,
        before: { status: 'official' },
        after: { status: 'set', reason: req.body.reason },
      });
      return ok(round);
    },
  );

  app.get<HeatP>(
    '/api/v1/competition/heats/:id/standing',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'The live standing of a heat: places, best marks, who is out, the order to come',
        params: ResultHeatParams,
        response: { 200: Envelope(HeatStandingVO) },
      },
    },
    async (req) => ok(await heatStanding(deps.db, currentUser(req), req.params.id)),
  );
}
