import { ApplyContextQuery, ApplyContextVO, ApplyDelegationBody } from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../plugins/auth.js';
import { routeKit } from '../../plugins/route-kit.js';
import { applyContext, updateApplyDelegation } from './context.js';
import { type ApplyDeps, noted, tags } from './routes-kit.js';

/** The delegation's context (meeting, rules, groups, forms, counts) and its remark fill. */
export async function applyContextRoutes(app: FastifyInstance, deps: ApplyDeps) {
  const { db } = deps;
  const r = routeKit(app, tags);

  r.get('/api/v1/apply/context', {
    auth: {
      perm: [
        'apply:athlete:query',
        'apply:coach:query',
        'apply:entry:query',
        'apply:file:query',
        'meeting:delegation:query',
      ],
    },
    summary: "The delegation's meeting, rules, groups, forms and counts",
    querystring: ApplyContextQuery,
    answer: ApplyContextVO,
    run: (req) => applyContext(db, currentUser(req), req.query),
  });

  r.put('/api/v1/apply/delegation', {
    auth: { perm: ['apply:submit', 'apply:athlete:edit', 'meeting:delegation:edit'] },
    summary: "Remark fill: the delegation's leader, contact and fields (optimistic lock on version)",
    body: ApplyDelegationBody,
    answer: ApplyContextVO.properties.delegation,
    run: async (req) => {
      const r = await updateApplyDelegation(db, currentUser(req), req.body);
      noted(req, r.after.id, r);
      return r.after;
    },
  });
}
