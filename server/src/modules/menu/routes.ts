import { Envelope, RouteVO } from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { routesFor } from './service.js';

export async function menuRoutes(app: FastifyInstance, deps: { db: Db }) {
  app.get(
    '/api/v1/menus/routes',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['menu'],
        summary: "The signed-in user's route tree",
        response: { 200: Envelope(Type.Array(RouteVO)) },
      },
    },
    async (req) => ok(await routesFor(deps.db, currentUser(req))),
  );
}
