import { Envelope, UserInfo } from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';

export async function userRoutes(app: FastifyInstance) {
  app.get(
    '/api/v1/userProps/me',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['user'],
        summary: 'The signed-in user, roles and permissions',
        response: { 200: Envelope(UserInfo) },
      },
    },
    async (req) => {
      const u = currentUser(req);
      return ok({
        userId: u.id,
        username: u.username,
        nickname: u.nickname,
        avatar: u.avatar,
        userType: u.userType,
        deptId: u.deptId,
        roles: u.roles,
        perms: u.isRoot ? ['*:*:*'] : u.perms,
      });
    },
  );
}
