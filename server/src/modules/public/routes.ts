import {
  CodeSent,
  DlgCodeBody,
  Envelope,
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
import { ok } from '../../plugins/envelope.js';
import { note } from '../../plugins/oplog.js';
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
type IdP = { Params: { id: number } };

/** The public pages' API (no sign-in): home, a meeting's lists, the registration query, self-registration. */
export async function publicRoutes(app: FastifyInstance, deps: PublicDeps) {
  const { db } = deps;

  app.get(
    '/api/v1/public/home',
    {
      config: { auth: 'public' },
      ...cachedAnswer(),
      schema: {
        tags,
        summary: 'Meetings by status (open, competing, finished; 20 each, newest first) and public notices',
        response: { 200: Envelope(PublicHomeVO) },
      },
    },
    async () => ok(await publicHome(db)),
  );

  app.get<IdP>(
    '/api/v1/public/meetings/:id/counts',
    {
      config: { auth: 'public' },
      ...cachedAnswer(),
      schema: {
        tags,
        summary: "A meeting's public figures (404 unless past draft with public lists)",
        params: MeetingIdParams,
        response: { 200: Envelope(PublicCountsVO) },
      },
    },
    async (req) => ok(await publicCounts(db, req.params.id)),
  );

  app.get<IdP>(
    '/api/v1/public/meetings/:id/delegations',
    {
      config: { auth: 'public' },
      ...cachedAnswer(),
      schema: {
        tags,
        summary: "A meeting's delegations with their submitted/approved counts (404 unless lists are public)",
        params: MeetingIdParams,
        response: { 200: Envelope(Type.Array(PublicDelegationVO)) },
      },
    },
    async (req) => ok(await publicDelegations(db, req.params.id)),
  );

  app.get<IdP & { Querystring: PublicEntriesQuery }>(
    '/api/v1/public/meetings/:id/entries',
    {
      config: { auth: 'public' },
      ...cachedAnswer(),
      schema: {
        tags,
        summary: 'Submitted/approved entries and relay teams of a group item or a delegation (one is required)',
        params: MeetingIdParams,
        querystring: PublicEntriesQuery,
        response: { 200: Envelope(Type.Array(PublicEntryVO)) },
      },
    },
    async (req) => ok(await publicEntries(db, req.params.id, req.query)),
  );

  app.post<{ Body: PublicQueryBody }>(
    '/api/v1/public/query',
    {
      // A read sent as POST to keep the ID number out of URLs and logs.
      config: { auth: 'public', oplog: false },
      schema: {
        tags,
        summary: 'Find a registration by exact name and ID number (masked answer; rate-limited per IP)',
        body: PublicQueryBody,
        response: { 200: Envelope(Type.Array(PublicRegistrationVO)) },
      },
    },
    async (req, reply) => {
      await limitPublicQuery(db, req.ip);
      return sendKept(req, reply, personQueryKey(req.body), () => queryByPerson(db, req.body));
    },
  );

  app.post<{ Body: PublicQueryByMobileBody }>(
    '/api/v1/public/query/by-mobile',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: "A delegation's registrations by its contact mobile (SM2) and sign-in SMS code (masked answer)",
        body: PublicQueryByMobileBody,
        response: { 200: Envelope(Type.Array(PublicRegistrationVO)) },
      },
    },
    async (req) => {
      note(req, { module: 'public', action: 'query by mobile', target: req.body.tmid });
      return ok(await queryByMobile(deps, req.body, req.ip));
    },
  );

  app.post<{ Body: DlgCodeBody }>(
    '/api/v1/public/sms-code',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'A code proving the mobile (SM2) of a team registering itself in meeting tmid (captcha when on)',
        body: DlgCodeBody,
        response: { 200: Envelope(CodeSent) },
      },
    },
    async (req) => {
      note(req, { module: 'public', action: 'send self-registration code', target: req.body.tmid });
      return ok(await sendRegisterCode(deps, req.body, req.ip));
    },
  );

  app.post<IdP & { Body: SelfRegisterBody }>(
    '/api/v1/public/meetings/:id/self-register',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: "A team registers itself as a delegation (SMS-proven mobile); it awaits the committee's review",
        params: MeetingIdParams,
        body: SelfRegisterBody,
        response: { 200: Envelope(Type.Object({ id: Type.Integer() })) },
      },
    },
    async (req) => {
      const created = await selfRegister(deps, req.params.id, req.body, req.ip);
      note(req, {
        module: 'public',
        action: 'self-register',
        target: created.id,
        after: { meetingId: req.params.id, name: created.name, contactMobile: maskPhone(created.contactMobile) },
      });
      return ok({ id: created.id });
    },
  );
}
