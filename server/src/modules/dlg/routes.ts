import { CodeSent, DlgCodeBody, DlgLoginBody, Envelope, LoginResult, PublicMeetingCard } from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ok } from '../../plugins/envelope.js';
import { note } from '../../plugins/oplog.js';
import { type DlgDeps, delegationLogin, sendLoginCode, signInMeetings } from './service.js';

const tags = ['delegation sign-in'];

/** Delegation sign-in (spec §1, §3, §7): mobile + SMS code + meeting → a delegation token. */
export async function dlgRoutes(app: FastifyInstance, deps: DlgDeps) {
  const { db } = deps;

  app.get(
    '/api/v2/dlg/meetings',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Meetings a delegation can sign in to (registration open or closed, in competition)',
        response: { 200: Envelope(Type.Array(PublicMeetingCard)) },
      },
    },
    async () => ok(await signInMeetings(db)),
  );

  app.post<{ Body: DlgCodeBody }>(
    '/api/v2/dlg/sms-code',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary:
          "A sign-in code to the delegation's contact mobile (SM2-encrypted); the same answer whether or not the mobile has a delegation",
        body: DlgCodeBody,
        response: { 200: Envelope(CodeSent) },
      },
    },
    async (req) => {
      note(req, { module: 'dlg', action: 'send sign-in code', target: req.body.tmid });
      return ok(await sendLoginCode(deps, req.body, req.ip));
    },
  );

  app.post<{ Body: DlgLoginBody }>(
    '/api/v2/dlg/login',
    {
      config: { auth: 'public', oplog: false },
      schema: {
        tags,
        summary: 'Delegation sign-in (multipart: mobile SM2-encrypted, smcode, tmid, captcha)',
        consumes: ['multipart/form-data'],
        body: DlgLoginBody,
        response: { 200: Envelope(LoginResult) },
      },
    },
    async (req) =>
      ok(
        await delegationLogin({ ...deps, loginRatePerMin: app.baton.config.loginRatePerMin }, req.body, {
          ip: req.ip,
          userAgent: req.headers['user-agent'],
        }),
      ),
  );
}
