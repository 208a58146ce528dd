import { ApplyContextQuery, ApplySubmitBody, ApplySubmitResult, ApplySummaryVO, Envelope } from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { type ApplyDeps, can, noted, tags } from './routes-kit.js';
import { applySummary, submitApply } from './submit.js';

/** Submission: what it sends with the problems found, and the submit itself. */
export async function applySubmitRoutes(app: FastifyInstance, deps: ApplyDeps) {
  const { db } = deps;

  app.get<{ Querystring: ApplyContextQuery }>(
    '/api/v1/apply/summary',
    {
      config: can('apply:submit', 'query'),
      schema: {
        tags,
        summary: 'What a submission sends, and the problems found (blocking or warnings)',
        querystring: ApplyContextQuery,
        response: { 200: Envelope(ApplySummaryVO) },
      },
    },
    async (req) => ok(await applySummary(db, currentUser(req), req.query, req.lang)),
  );

  app.post<{ Body: ApplySubmitBody }>(
    '/api/v1/apply/submit',
    {
      config: can('apply:submit', 'edit'),
      schema: {
        tags,
        summary: 'Submit the draft and returned records for audit (they lock)',
        body: ApplySubmitBody,
        response: { 200: Envelope(ApplySubmitResult) },
      },
    },
    async (req) => {
      const { override, submitted, ...moved } = await submitApply(db, currentUser(req), req.body ?? {});
      noted(req, req.body?.delegationId ?? '', { after: { submitted, ...moved }, override });
      return ok({ submitted });
    },
  );
}
