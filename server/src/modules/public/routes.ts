import {
  CodeSent,
  DlgCodeBody,
  MeetingIdParams,
  maskPhone,
  PublicCountsVO,
  PublicDelegationVO,
  PublicEntriesQuery,
  PublicEntryVO,
  PublicHomeVO,
  PublicQueryBody,
  PublicQueryByMobileBody,
  PublicRegistrationVO,
  SelfRegisterBody,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { cachedAnswer, sendKept } from '../../plugins/answer-cache.js';
import { note } from '../../plugins/oplog.js';
import { routeKit } from '../../plugins/route-kit.js';
import {
  limitPublicQuery,
  type PublicDeps,
  personQueryKey,
  publicCounts,
  publicDelegations,
  publicEntries,
  publicHome,
  queryByMobile,
  queryByPerson,
  selfRegister,
  sendRegisterCode,
} from './service.js';

const tags = ['public'];

/** The public pages' API (no sign-in): home, a meeting's lists, the registration query, self-registration. */
export async function publicRoutes(app: FastifyInstance, deps: PublicDeps) {
  const { db } = deps;
  const r = routeKit(app, tags);

  r.get('/api/v1/public/home', {
    auth: 'public',
    hooks: cachedAnswer(),
    summary: 'Meetings by status (open, competing, finished; 20 each, newest first) and public notices',
    answer: PublicHomeVO,
    run: () => publicHome(db),
  });

  r.get('/api/v1/public/meetings/:id/counts', {
    auth: 'public',
    hooks: cachedAnswer(),
    summary: "A meeting's public figures (404 unless past draft with public lists)",
    params: MeetingIdParams,
    answer: PublicCountsVO,
    run: (req) => publicCounts(db, req.params.id),
  });

  r.get('/api/v1/public/meetings/:id/delegations', {
    auth: 'public',
    hooks: cachedAnswer(),
    summary: "A meeting's delegations with their submitted/approved counts (404 unless lists are public)",
    params: MeetingIdParams,
    answer: Type.Array(PublicDelegationVO),
    run: (req) => publicDelegations(db, req.params.id),
  });

  r.get('/api/v1/public/meetings/:id/entries', {
    auth: 'public',
    hooks: cachedAnswer(),
    summary: 'Submitted/approved entries and relay teams of a group item or a delegation (one is required)',
    params: MeetingIdParams,
    querystring: PublicEntriesQuery,
    answer: Type.Array(PublicEntryVO),
    run: (req) => publicEntries(db, req.params.id, req.query),
  });

  r.post('/api/v1/public/query', {
    // A read sent as POST to keep the ID number out of URLs and logs.
    auth: 'public',
    config: { oplog: false },
    summary: 'Find a registration by exact name and ID number (masked answer; rate-limited per IP)',
    body: PublicQueryBody,
    answer: Type.Array(PublicRegistrationVO),
    run: async (req, reply) => {
      await limitPublicQuery(db, req.ip);
      return sendKept(req, reply, personQueryKey(req.body), () => queryByPerson(db, req.body));
    },
  });

  r.post('/api/v1/public/query/by-mobile', {
    auth: 'public',
    summary: "A delegation's registrations by its contact mobile (SM2) and sign-in SMS code (masked answer)",
    body: PublicQueryByMobileBody,
    answer: Type.Array(PublicRegistrationVO),
    run: async (req) => {
      note(req, { module: 'public', action: 'query by mobile', target: req.body.tmid });
      return queryByMobile(deps, req.body, req.ip);
    },
  });

  r.post('/api/v1/public/sms-code', {
    auth: 'public',
    summary: 'A code proving the mobile (SM2) of a team registering itself in meeting tmid (captcha when on)',
    body: DlgCodeBody,
    answer: CodeSent,
    run: async (req) => {
      note(req, { module: 'public', action: 'send self-registration code', target: req.body.tmid });
      return sendRegisterCode(deps, req.body, req.ip);
    },
  });

  r.post('/api/v1/public/meetings/:id/self-register', {
    auth: 'public',
    summary: "A team registers itself as a delegation (SMS-proven mobile); it awaits the committee's review",
    params: MeetingIdParams,
    body: SelfRegisterBody,
    answer: Type.Object({ id: Type.Integer() }),
    run: async (req) => {
      const created = await selfRegister(deps, req.params.id, req.body, req.ip);
      note(req, {
        module: 'public',
        action: 'self-register',
        target: created.id,
        after: { meetingId: req.params.id, name: created.name, contactMobile: maskPhone(created.contactMobile) },
      });
      return { id: created.id };
    },
  });
}
