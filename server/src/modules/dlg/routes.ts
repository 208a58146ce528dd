import { CodeSent, DlgCodeBody, DlgLoginBody, LoginResult, PublicMeetingCard } from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { note } from '../../plugins/oplog.js';
import { routeKit } from '../../plugins/route-kit.js';
import { type DlgDeps, delegationLogin, sendLoginCode, signInMeetings } from './service.js';

const tags = ['delegation sign-in'];

/** Delegation sign-in (spec §1, §3, §7): mobile + SMS code + meeting → a delegation token. */
export async function dlgRoutes(app: FastifyInstance, deps: DlgDeps) {
  const { db } = deps;
  const r = routeKit(app, tags);

  r.get('/api/v2/dlg/meetings', {
    auth: 'public',
    summary: 'Meetings a delegation can sign in to (registration open or closed, in competition)',
    answer: Type.Array(PublicMeetingCard),
    run: () => signInMeetings(db),
  });

  r.post('/api/v2/dlg/sms-code', {
    auth: 'public',
    summary:
      "A sign-in code to the delegation's contact mobile (SM2-encrypted); the same answer whether or not the mobile has a delegation",
    body: DlgCodeBody,
    answer: CodeSent,
    run: async (req) => {
      note(req, { module: 'dlg', action: 'send sign-in code', target: req.body.tmid });
      return sendLoginCode(deps, req.body, req.ip);
    },
  });

  r.post('/api/v2/dlg/login', {
    auth: 'public',
    config: { oplog: false },
    summary: 'Delegation sign-in (multipart: mobile SM2-encrypted, smcode, tmid, captcha)',
    consumes: ['multipart/form-data'],
    body: DlgLoginBody,
    answer: LoginResult,
    run: (req) =>
      delegationLogin({ ...deps, loginRatePerMin: app.baton.config.loginRatePerMin }, req.body, {
        ip: req.ip,
        userAgent: req.headers['user-agent'],
      }),
  });
}
