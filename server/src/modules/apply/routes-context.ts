import { ApplyContextQuery, ApplyContextVO, ApplyDelegationBody, Envelope } from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { applyContext, updateApplyDelegation } from './context.js';
import { type ApplyDeps, noted, tags } from './routes-kit.js';

/** The delegation's context (meeting, rules, groups, forms, counts) and its remark fill. */
export async function applyContextRoutes(app: FastifyInstance, deps: ApplyDeps) {
  const { db } = deps;

  app.get<{ Querystring: ApplyContextQuery }>(
    '/api/v1/apply/context',
    {
      config: {
        auth: {
          perm: [
            'apply:athlete:query',
            'apply:coach:query',
            'apply:entry:query',
            'apply:file:query',
            'meeting:delegation:query',
          ],
        },
      },
      schema: {
        tags,
        summary: "The delegation's meeting, rules, groups, forms and counts",
        querystring: ApplyContextQuery,
        response: { 200: Envelope(ApplyContextVO) },
      },
    },
    async (req) => ok(await applyContext(db, currentUser(req), req.query)),
  );

  app.put<{ Body: ApplyDelegationBody }>(
    '/api/v1/apply/delegation',
    {
      config: { auth: { perm: ['apply:submit', 'apply:athlete:edit', 'meeting:delegation:edit'] } },
      schema: {
        tags,
        summary: "Remark fill: the delegation's leader, contact and fields (optimistic lock on version)",
        body: ApplyDelegationBody,
        response: { 200: Envelope(ApplyContextVO.properties.delegation) },
      },
    },
    async (req) => {
      const r = await updateApplyDelegation(db, currentUser(req), req.body);
      noted(req, r.after.id, r);
      return ok(r.after);
    },
  );
}
