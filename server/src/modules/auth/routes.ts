import { CaptchaResult, Envelope, LoginBody, LoginResult, PublicKeyResult } from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '../../lib/errors.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { ok } from '../../plugins/envelope.js';
import { createCaptcha, trimCaptchas } from './captcha.js';
import { type AuthDeps, login } from './service.js';
import { refreshSession, revokeSession } from './tokens.js';

const tags = ['auth'];

export async function authRoutes(app: FastifyInstance, deps: Omit<AuthDeps, 'loginRatePerMin'>) {
  app.get(
    '/api/v1/auth/captcha',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'A new image captcha (single use, 2 minutes)',
        response: { 200: Envelope(CaptchaResult) },
      },
    },
    async (req) => {
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
      return ok(created);
    },
  );

  app.get(
    '/api/v1/auth/public-key',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'SM2 public key for encrypting credentials',
        response: { 200: Envelope(PublicKeyResult) },
      },
    },
    async () => ok({ publicKey: deps.keys.publicKey }),
  );

  app.post<{ Body: LoginBody }>(
    '/api/v1/auth/login',
    {
      config: { auth: 'public', oplog: false },
      schema: {
        tags,
        summary: 'Administrator sign-in (multipart; username and password SM2-encrypted, C1C3C2 hex)',
        consumes: ['multipart/form-data'],
        body: LoginBody,
        response: { 200: Envelope(LoginResult) },
      },
    },
    async (req) =>
      ok(
        await login({ ...deps, loginRatePerMin: app.baton.config.loginRatePerMin }, req.body, {
          ip: req.ip,
          userAgent: req.headers['user-agent'],
        }),
      ),
  );

  app.get(
    '/api/v1/auth/getAccessTokenByRefreshToken',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'A new token pair for a refresh token sent as "Authorization: Bearer <refreshToken>"',
        response: { 200: Envelope(LoginResult) },
      },
    },
    async (req) => {
      const header = req.headers.authorization ?? '';
      const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
      if (!token) throw new AppError('A0233');
      return ok(await refreshSession(deps.db, deps.tokens, token));
    },
  );

  app.delete(
    '/api/v1/auth/logout',
    {
      config: { auth: 'user' },
      schema: { tags, summary: 'Sign out: revokes this session', response: { 200: Envelope(Type.Null()) } },
    },
    async (req) => {
      if (req.user) await revokeSession(deps.db, req.user.sessionId, 'logout');
      return ok(null);
    },
  );
}
