import { ApplyContextQuery, ApplySubmitBody, ApplySubmitResult, ApplySummaryVO } from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../plugins/auth.js';
import { routeKit } from '../../plugins/route-kit.js';
import { type ApplyDeps, can, noted, tags } from './routes-kit.js';
import { applySummary, submitApply } from './submit.js';

/** Submission: what it sends with the problems found, and the submit itself. */
export async function applySubmitRoutes(app: FastifyInstance, deps: ApplyDeps) {
  const { db } = deps;
  const r = routeKit(app, tags);

  r.get('/api/v1/apply/summary', {
    auth: can('apply:submit', 'query'),
    summary: 'What a submission sends, and the problems found (blocking or warnings)',
    querystring: ApplyContextQuery,
    answer: ApplySummaryVO,
    run: (req) => applySummary(db, currentUser(req), req.query, req.lang),
  });

  r.post('/api/v1/apply/submit', {
    auth: can('apply:submit', 'edit'),
    summary: 'Submit the draft and returned records for audit (they lock)',
    body: ApplySubmitBody,
    answer: ApplySubmitResult,
    run: async (req) => {
      const { override, submitted, ...moved } = await submitApply(db, currentUser(req), req.body ?? {});
      noted(req, req.body?.delegationId ?? '', { after: { submitted, ...moved }, override });
      return { submitted };
    },
  });
}
