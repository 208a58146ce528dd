import type { FastifyInstance } from 'fastify';
import type { CompetitionDeps } from '../routes.js';

export async function documentRoutes(_app: FastifyInstance, _deps: CompetitionDeps) {}
