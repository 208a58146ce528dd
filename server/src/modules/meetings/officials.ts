import {
  MeetingAdminVO,
  MeetingIdParams,
  MeetingOfficialsBody,
  MeetingOfficialVO,
  type OfficialDuty,
  OfficialOptionQuery,
  USER_TYPE,
} from '@baton/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Db, DbOrTx } from '../../db/client.js';
import { meetingOfficial, user } from '../../db/schema/index.js';
import { badInput } from '../../lib/errors.js';
import { type CurrentUser, currentUser } from '../../plugins/auth.js';
import { noteWrite, routeKit } from '../../plugins/route-kit.js';
import { requireMeeting } from './access.js';
import { existingUsers, pickableUsers } from './settings.js';

/**
 * The officials assigned to a meeting (comp_official), each with a duty: `referee` enters its
 * results (competition/access.ts, need 'officiate'), `call-room` checks its athletes in at the
 * call room (need 'callroom'). Set by the meeting's managers one duty at a time, beside its
 * admins, with the same body (a list of user ids); the answer lists every duty.
 */
async function officialsOf(db: DbOrTx, id: number): Promise<MeetingOfficialVO[]> {
  return db
    .select({
      userId: user.id,
      username: user.username,
      nickname: user.nickname,
      userType: user.userType,
      duty: meetingOfficial.duty,
    })
    .from(meetingOfficial)
    .innerJoin(user, eq(user.id, meetingOfficial.userId))
    .where(eq(meetingOfficial.meetingId, id))
    .orderBy(asc(meetingOfficial.duty), asc(user.username));
}

export async function meetingOfficials(db: Db, u: CurrentUser, id: number) {
  await requireMeeting(db, u, id, 'manage');
  return officialsOf(db, id);
}

const DUTY_NAME: Record<OfficialDuty, { zh: string; en: string }> = {
  referee: { zh: '裁判', en: 'a referee' },
  'call-room': { zh: '检录员', en: 'a call-room official' },
};

/** Replace a meeting's officials of one duty: official users (userType 40) only. */
export async function setMeetingOfficials(
  db: Db,
  u: CurrentUser,
  id: number,
  userIds: number[],
  duty: OfficialDuty = 'referee',
) {
  const ids = [...new Set(userIds)];
  return db.transaction(async (tx) => {
    await requireMeeting(tx, u, id, 'manage');
    const found = await existingUsers(tx, ids);
    const other = found.find((f) => f.userType !== USER_TYPE.REFEREE);
    if (other) {
      const as = DUTY_NAME[duty];
      throw badInput(
        `用户 ${other.username} 不是裁判用户，不能担任本赛事的${as.zh}`,
        `user ${other.username} is not a referee user and cannot be ${as.en} at a meeting`,
      );
    }
    const before = await officialsOf(tx, id);
    await tx.delete(meetingOfficial).where(and(eq(meetingOfficial.meetingId, id), eq(meetingOfficial.duty, duty)));
    if (ids.length) await tx.insert(meetingOfficial).values(ids.map((userId) => ({ meetingId: id, userId, duty })));
    return { before, after: await officialsOf(tx, id) };
  });
}

/** Active official users (userType 40) to choose from, by username. */
export const officialOptions = (db: Db, keywords: string | undefined) =>
  pickableUsers(db, [USER_TYPE.REFEREE], keywords);

const tags = ['meeting: meetings'];
const ADMIN = { perm: 'meeting:trackmeet:admin' } as const;

export async function officialRoutes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;
  const r = routeKit(app, tags);
  r.get('/api/v1/meetings/official-options', {
    auth: ADMIN,
    summary: 'Official users (referee users) that can be given a duty in a meeting',
    querystring: OfficialOptionQuery,
    answer: Type.Array(MeetingAdminVO),
    run: (req) => officialOptions(db, req.query.keywords),
  });

  r.get('/api/v1/meetings/:id/officials', {
    auth: ADMIN,
    summary: "A meeting's officials with their duties (referees enter results, call-room officials check in)",
    params: MeetingIdParams,
    answer: Type.Array(MeetingOfficialVO),
    run: (req) => meetingOfficials(db, currentUser(req), req.params.id),
  });

  r.put('/api/v1/meetings/:id/officials', {
    auth: ADMIN,
    summary: "Replace a meeting's officials of one duty (referee by default; referee users only)",
    params: MeetingIdParams,
    body: MeetingOfficialsBody,
    answer: Type.Array(MeetingOfficialVO),
    run: async (req) =>
      noteWrite(
        req,
        req.params.id,
        await setMeetingOfficials(db, currentUser(req), req.params.id, req.body.userIds, req.body.duty),
      ),
  });
}
