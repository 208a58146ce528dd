import type { FastifyInstance } from 'fastify';
import type { CompetitionDeps } from '../routes.js';

export async function publicCompetitionRoutes(_app: FastifyInstance, _deps: CompetitionDeps) {}
