import {
  CompetitionEventVO,
  Envelope,
  MeetingIdParams,
  PublicAthleteQuery,
  PublicAthleteVO,
  PublicGroupItemQuery,
  PublicLatestHeatVO,
  PublicLatestQuery,
  PublicNextVO,
  PublicScoresQuery,
  RoundVO,
  TeamScoresVO,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { cachedAnswer } from '../../../plugins/answer-cache.js';
import { ok } from '../../../plugins/envelope.js';
import type { CompetitionDeps } from '../routes.js';

import {
  publicAthlete,
  publicEvents,
  publicLatestResults,
  publicNextHeats,
  publicRounds,
  publicScores,
} from './service.js';

const tags = ['public'];
const BASE = '/api/v1/public/competition';
type IdP = { Params: { id: number } };
/** Seconds a browser or a CDN may keep a public competition answer (live frames refetch anyway). */
export const PUBLIC_MAX_AGE = 2;
/** Every public competition read: no sign-in, answers kept while the data holds, tagged for `If-None-Match`. */
const open = { config: { auth: 'public' as const }, ...cachedAnswer(PUBLIC_MAX_AGE) };

/**
 * The public competition pages' API (issue 6): published start lists and official results of
 * meetings that publish their lists, team scores, an athlete's card. A second id goes in the
 * query string (`?groupItemId=`, `?athleteId=`).
 */
export async function publicCompetitionRoutes(app: FastifyInstance, deps: CompetitionDeps) {
  const { db } = deps;

  app.get<IdP>(
    `${BASE}/:id/events`,
    {
      ...open,
      schema: {
        tags,
        summary: "A meeting's group items in schedule order with their published rounds (404 unless lists are public)",
        params: MeetingIdParams,
        response: { 200: Envelope(Type.Array(CompetitionEventVO)) },
      },
    },
    async (req) => ok(await publicEvents(db, req.params.id)),
  );

  app.get<IdP & { Querystring: PublicGroupItemQuery }>(
    `${BASE}/:id/rounds`,
    {
      ...open,
      schema: {
        tags,
        summary: "A group item's published rounds: start lists, and results of official heats",
        params: MeetingIdParams,
        querystring: PublicGroupItemQuery,
        response: { 200: Envelope(Type.Array(RoundVO)) },
      },
    },
    async (req) => ok(await publicRounds(db, req.params.id, req.query.groupItemId)),
  );

  app.get<IdP & { Querystring: PublicLatestQuery }>(
    `${BASE}/:id/results`,
    {
      ...open,
      schema: {
        tags,
        summary: 'The latest official heats of a meeting, newest first (at most 20; `since` for newer ones only)',
        params: MeetingIdParams,
        querystring: PublicLatestQuery,
        response: { 200: Envelope(Type.Array(PublicLatestHeatVO)) },
      },
    },
    async (req) => ok(await publicLatestResults(db, req.params.id, req.query.since)),
  );

  app.get<IdP>(
    `${BASE}/:id/next`,
    {
      ...open,
      schema: {
        tags,
        summary:
          "The meeting's names and its next published heats, not yet official: start lists, soonest first (the big screen)",
        params: MeetingIdParams,
        response: { 200: Envelope(PublicNextVO) },
      },
    },
    async (req) => ok(await publicNextHeats(db, req.params.id)),
  );

  app.get<IdP & { Querystring: PublicScoresQuery }>(
    `${BASE}/:id/scores`,
    {
      ...open,
      schema: {
        tags,
        summary: 'Team points and the medal table of a meeting (optionally one group), official finals only',
        params: MeetingIdParams,
        querystring: PublicScoresQuery,
        response: { 200: Envelope(TeamScoresVO) },
      },
    },
    async (req) => ok(await publicScores(db, req.params.id, req.query.groupId)),
  );

  app.get<IdP & { Querystring: PublicAthleteQuery }>(
    `${BASE}/:id/athlete`,
    {
      ...open,
      schema: {
        tags,
        summary: 'An athlete of the meeting: public card, entries, published start positions and official results',
        params: MeetingIdParams,
        querystring: PublicAthleteQuery,
        response: { 200: Envelope(PublicAthleteVO) },
      },
    },
    async (req) => ok(await publicAthlete(db, req.params.id, req.query.athleteId)),
  );

  app.get<{ Querystring: PublicAthleteQuery }>(
    `${BASE}/athlete`,
    {
      ...open,
      schema: {
        tags,
        summary: "An athlete's public card by the athlete alone (the bib's QR code), with the athlete's meeting",
        querystring: PublicAthleteQuery,
        response: { 200: Envelope(PublicAthleteVO) },
      },
    },
    async (req) => ok(await publicAthlete(db, null, req.query.athleteId)),
  );
}
