import { CaptchaResult, LoginBody, LoginResult, PublicKeyResult } from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '../../lib/errors.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { routeKit } from '../../plugins/route-kit.js';
import { createCaptcha, trimCaptchas } from './captcha.js';
import { type AuthDeps, login } from './service.js';
import { refreshSession, revokeSession } from './tokens.js';

const tags = ['auth'];

export async function authRoutes(app: FastifyInstance, deps: Omit<AuthDeps, 'loginRatePerMin'>) {
  const r = routeKit(app, tags);
  r.get('/api/v1/auth/captcha', {
    auth: 'public',
    summary: 'A new image captcha (single use, 2 minutes)',
    answer: CaptchaResult,
    run: async (req) => {
      // An address asking faster than people solve is not refused (others may share it): the
      // store of captchas is kept bounded instead.
      const flood = await hitRateLimit(deps.db, `captcha-ip:${req.ip}`, 120, 60).then(
        () => false,
        (err) => {
          if (err instanceof AppError && err.code === 'A0429') return true;
          throw err;
        },
      );
      const created = await createCaptcha(deps.db);
      if (flood) await trimCaptchas(deps.db);
      return created;
    },
  });

  r.get('/api/v1/auth/public-key', {
    auth: 'public',
    summary: 'SM2 public key for encrypting credentials',
    answer: PublicKeyResult,
    run: async () => ({ publicKey: deps.keys.publicKey }),
  });

  r.post('/api/v1/auth/login', {
    auth: 'public',
    config: { oplog: false },
    summary: 'Administrator sign-in (multipart; username and password SM2-encrypted, C1C3C2 hex)',
    consumes: ['multipart/form-data'],
    body: LoginBody,
    answer: LoginResult,
    run: (req) =>
      login({ ...deps, loginRatePerMin: app.baton.config.loginRatePerMin }, req.body, {
        ip: req.ip,
        userAgent: req.headers['user-agent'],
      }),
  });

  r.get('/api/v1/auth/getAccessTokenByRefreshToken', {
    auth: 'public',
    summary: 'A new token pair for a refresh token sent as "Authorization: Bearer <refreshToken>"',
    answer: LoginResult,
    run: async (req) => {
      const header = req.headers.authorization ?? '';
      const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
      if (!token) throw new AppError('A0233');
      return refreshSession(deps.db, deps.tokens, token);
    },
  });

  r.delete('/api/v1/auth/logout', {
    auth: 'user',
    summary: 'Sign out: revokes this session',
    answer: Type.Null(),
    run: async (req) => {
      if (req.user) await revokeSession(deps.db, req.user.sessionId, 'logout');
      return null;
    },
  });
}
