import { Envelope, MeetingAdminsBody, MeetingAdminVO, MeetingIdParams, USER_TYPE } from '@baton/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Db, DbOrTx } from '../../db/client.js';
import { meetingOfficial, user } from '../../db/schema/index.js';
import { badInput } from '../../lib/errors.js';
import { type CurrentUser, currentUser } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { note } from '../../plugins/oplog.js';
import { requireMeeting } from './access.js';

/**
 * The referees assigned to a meeting (comp_official): they enter its results
 * (competition/access.ts, need 'officiate'). Set by the meeting's managers, beside its admins,
 * with the same body (a list of user ids) and answer (the users).
 */
async function officialsOf(db: DbOrTx, id: number): Promise<MeetingAdminVO[]> {
  return db
    .select({ userId: user.id, username: user.username, nickname: user.nickname, userType: user.userType })
    .from(meetingOfficial)
    .innerJoin(user, eq(user.id, meetingOfficial.userId))
    .where(eq(meetingOfficial.meetingId, id))
    .orderBy(asc(user.username));
}

export async function meetingOfficials(db: Db, u: CurrentUser, id: number) {
  await requireMeeting(db, u, id, 'manage');
  return officialsOf(db, id);
}

/** Replace a meeting's referees: referee users (userType 40) only. */
export async function setMeetingOfficials(db: Db, u: CurrentUser, id: number, userIds: number[]) {
  const ids = [...new Set(userIds)];
  return db.transaction(async (tx) => {
    await requireMeeting(tx, u, id, 'manage');
    const found = ids.length
      ? await tx
          .select({ id: user.id, username: user.username, userType: user.userType })
          .from(user)
          .where(inArray(user.id, ids))
      : [];
    const missing = ids.find((i) => !found.some((f) => f.id === i));
    if (missing !== undefined) throw badInput(`用户 ${missing} 不存在`, `user ${missing} does not exist`);
    const other = found.find((f) => f.userType !== USER_TYPE.REFEREE);
    if (other) {
      throw badInput(
        `用户 ${other.username} 不是裁判用户，不能担任本赛事的裁判`,
        `user ${other.username} is not a referee user and cannot officiate at a meeting`,
      );
    }
    const before = await officialsOf(tx, id);
    await tx.delete(meetingOfficial).where(eq(meetingOfficial.meetingId, id));
    if (ids.length) await tx.insert(meetingOfficial).values(ids.map((userId) => ({ meetingId: id, userId })));
    return { before, after: await officialsOf(tx, id) };
  });
}

const tags = ['meeting: meetings'];
const AUTH = { auth: { perm: 'meeting:trackmeet:admin' } } as const;

export async function officialRoutes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;
  app.get<{ Params: { id: number } }>(
    '/api/v1/meetings/:id/officials',
    {
      config: AUTH,
      schema: {
        tags,
        summary: "A meeting's referees (they enter its results)",
        params: MeetingIdParams,
        response: { 200: Envelope(Type.Array(MeetingAdminVO)) },
      },
    },
    async (req) => ok(await meetingOfficials(db, currentUser(req), req.params.id)),
  );

  app.put<{ Params: { id: number }; Body: MeetingAdminsBody }>(
    '/api/v1/meetings/:id/officials',
    {
      config: AUTH,
      schema: {
        tags,
        summary: "Replace a meeting's referees (referee users only)",
        params: MeetingIdParams,
        body: MeetingAdminsBody,
        response: { 200: Envelope(Type.Array(MeetingAdminVO)) },
      },
    },
    async (req) => {
      const { before, after } = await setMeetingOfficials(db, currentUser(req), req.params.id, req.body.userIds);
      note(req, { target: req.params.id, before, after });
      return ok(after);
    },
  );
}
