import {
  CompetitionEventVO,
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
import { routeKit } from '../../../plugins/route-kit.js';
import type { CompetitionDeps } from '../routes.js';
import {
  publicAthlete,
  publicEvents,
  publicLatestResults,
  publicNextHeats,
  publicRounds,
  publicScores,
} from './service.js';

const BASE = '/api/v1/public/competition';
/** Seconds a browser or a CDN may keep a public competition answer (live frames refetch anyway). */
const PUBLIC_MAX_AGE = 2;
/** Every public competition read: no sign-in, answers kept while the data holds, tagged for `If-None-Match`. */
export const PUBLIC_READ = { auth: 'public', hooks: cachedAnswer(PUBLIC_MAX_AGE) } as const;

/**
 * The public competition pages' API (issue 6): published start lists and official results of
 * meetings that publish their lists, team scores, an athlete's card. A second id goes in the
 * query string (`?groupItemId=`, `?athleteId=`).
 */
export async function publicCompetitionRoutes(app: FastifyInstance, deps: CompetitionDeps) {
  const { db } = deps;
  const r = routeKit(app, ['public']);

  r.get(`${BASE}/:id/events`, {
    ...PUBLIC_READ,
    summary: "A meeting's group items in schedule order with their published rounds (404 unless lists are public)",
    params: MeetingIdParams,
    answer: Type.Array(CompetitionEventVO),
    run: (req) => publicEvents(db, req.params.id),
  });

  r.get(`${BASE}/:id/rounds`, {
    ...PUBLIC_READ,
    summary: "A group item's published rounds: start lists, and results of official heats",
    params: MeetingIdParams,
    querystring: PublicGroupItemQuery,
    answer: Type.Array(RoundVO),
    run: (req) => publicRounds(db, req.params.id, req.query.groupItemId),
  });

  r.get(`${BASE}/:id/results`, {
    ...PUBLIC_READ,
    summary: 'The latest official heats of a meeting, newest first (at most 20; `since` for newer ones only)',
    params: MeetingIdParams,
    querystring: PublicLatestQuery,
    answer: Type.Array(PublicLatestHeatVO),
    run: (req) => publicLatestResults(db, req.params.id, req.query.since),
  });

  r.get(`${BASE}/:id/next`, {
    ...PUBLIC_READ,
    summary:
      "The meeting's names and its next published heats, not yet official: start lists, soonest first (the big screen)",
    params: MeetingIdParams,
    answer: PublicNextVO,
    run: (req) => publicNextHeats(db, req.params.id),
  });

  r.get(`${BASE}/:id/scores`, {
    ...PUBLIC_READ,
    summary: 'Team points and the medal table of a meeting (optionally one group), official finals only',
    params: MeetingIdParams,
    querystring: PublicScoresQuery,
    answer: TeamScoresVO,
    run: (req) => publicScores(db, req.params.id, req.query.groupId),
  });

  r.get(`${BASE}/:id/athlete`, {
    ...PUBLIC_READ,
    summary: 'An athlete of the meeting: public card, entries, published start positions and official results',
    params: MeetingIdParams,
    querystring: PublicAthleteQuery,
    answer: PublicAthleteVO,
    run: (req) => publicAthlete(db, req.params.id, req.query.athleteId),
  });

  r.get(`${BASE}/athlete`, {
    ...PUBLIC_READ,
    summary: "An athlete's public card by the athlete alone (the bib's QR code), with the athlete's meeting",
    querystring: PublicAthleteQuery,
    answer: PublicAthleteVO,
    run: (req) => publicAthlete(db, null, req.query.athleteId),
  });
}
