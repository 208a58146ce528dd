import type { FastifyInstance } from 'fastify';
import { applyAthleteRoutes } from './routes-athletes.js';
import { applyCoachRoutes } from './routes-coaches.js';
import { applyContextRoutes } from './routes-context.js';
import { applyEntryRoutes } from './routes-entries.js';
import { applyFileRoutes } from './routes-files.js';
import type { ApplyDeps } from './routes-kit.js';
import { applySubmitRoutes } from './routes-submit.js';

/**
 * The delegation's own area (issue 5 "Sports apply"): /api/v1/apply, one file of routes per
 * capability (./routes-*.ts, sharing ./routes-kit.ts); who may call each in ./route-rules.ts.
 */
export async function applyRoutes(app: FastifyInstance, deps: ApplyDeps) {
  await applyContextRoutes(app, deps);
  await applyAthleteRoutes(app, deps);
  await applyCoachRoutes(app, deps);
  await applyEntryRoutes(app, deps);
  await applyFileRoutes(app, deps);
  await applySubmitRoutes(app, deps);
}
