import { USER_TYPE } from '@baton/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { areaCode, coach, delegation, group } from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import {
  addUser,
  type Client,
  code,
  countOf,
  data,
  demoMeetingId,
  insertAthlete,
  signIn,
  useClients,
} from '../meetings/testkit.js';

const t = useTestApp();
let sub: Client;
let demoId: number;
let subUserId: number;
let anyangId: number;

type Row = {
  areaCode: string | null;
  delegations: number;
  athletes: number;
  coaches: number;
  athletesApproved: number;
  auditProgress: number;
};

const { admin, committee, county } = useClients(t, 'admin', 'committee', 'county');

beforeAll(async () => {
  demoId = await demoMeetingId(t);
  subUserId = await addUser(t, 'anyang', USER_TYPE.COUNTY_SUB, 'COUNTY_SUB');
  await addUser(t, 'committee2', USER_TYPE.COMMITTEE, 'COMMITTEE');
  anyangId = (await t.database.db.select().from(areaCode).where(eq(areaCode.code, '330381001')))[0]!.id;
  // Registrations in the Anyang delegation: 3 athletes (2 approved, 1 submitted), 1 coach.
  const [d] = await t.database.db.select().from(delegation).where(eq(delegation.contactMobile, '13800000001'));
  const [g] = await t.database.db.select().from(group).where(eq(group.meetingId, demoId));
  await insertAthlete(t, { meetingId: demoId, delegationId: d!.id, groupId: g!.id, status: 'approved' });
  await insertAthlete(t, { meetingId: demoId, delegationId: d!.id, groupId: g!.id, status: 'approved' });
  await insertAthlete(t, { meetingId: demoId, delegationId: d!.id, groupId: g!.id, status: 'submitted' });
  await t.database.db.insert(coach).values({ meetingId: demoId, delegationId: d!.id, name: 'Coach', gender: 'F' });
});

describe('area users', () => {
  it('assigns county and sub-unit users only, once', async () => {
    const committeeUser = await addUser(t, 'committee3', USER_TYPE.COMMITTEE, 'COMMITTEE');
    const wrongType = await committee.post('/api/v1/area-users', {
      meetingId: demoId,
      userId: committeeUser,
      areaCodeId: anyangId,
    });
    expect(wrongType.json().msg).toContain('not a county');
    const okRes = await committee.post('/api/v1/area-users', {
      meetingId: demoId,
      userId: subUserId,
      areaCodeId: anyangId,
    });
    expect(code(okRes)).toBe('00000');
    const again = await committee.post('/api/v1/area-users', {
      meetingId: demoId,
      userId: subUserId,
      areaCodeId: anyangId,
    });
    expect(again.json().msg).toContain('already assigned');
    const list = data<{ username: string; areaCode: string }[]>(
      await committee.get(`/api/v1/area-users?meetingId=${demoId}`),
    );
    expect(list.map((a) => `${a.username}@${a.areaCode}`).sort()).toEqual(['anyang@330381001', 'county@330381']);
    const options = data<{ username: string }[]>(await committee.get('/api/v1/area-users/options'));
    expect(options.map((o) => o.username).sort()).toEqual(['anyang', 'county']);
    sub = await signIn(t, 'anyang');
  });

  it('removes an assignment; another committee user cannot touch them', async () => {
    const stranger = await signIn(t, 'committee2');
    const q = `meetingId=${demoId}&userId=${subUserId}&areaCodeId=${anyangId}`;
    expect((await stranger.del(`/api/v1/area-users?${q}`)).statusCode).toBe(404);
    expect((await county.del(`/api/v1/area-users?${q}`)).statusCode).toBe(403);
    expect(await countOf(t, 'meet_area_user', `user_id = ${subUserId}`)).toBe(1);
    expect((await committee.get(`/api/v1/area-users/export?meetingId=${demoId}`)).statusCode).toBe(200);
  });
});

describe('area apply summary', () => {
  it('counts per area in one go, with the audit progress', async () => {
    const summary = data<{ rows: Row[]; total: Row }>(await committee.get(`/api/v1/area-summary?meetingId=${demoId}`));
    expect(summary.rows.map((r) => r.areaCode)).toEqual(['330381', '330381001', '330381002', '330381003']);
    const anyang = summary.rows.find((r) => r.areaCode === '330381001')!;
    expect(anyang).toMatchObject({ delegations: 1, athletes: 3, coaches: 1, athletesApproved: 2 });
    expect(anyang.auditProgress).toBeCloseTo(2 / 3, 3);
    expect(summary.total).toMatchObject({ delegations: 4, athletes: 3, coaches: 1 });
  });

  it('shows area users only their areas', async () => {
    const mine = data<{ rows: Row[] }>(await sub.get(`/api/v1/area-summary?meetingId=${demoId}`));
    expect(mine.rows.map((r) => r.areaCode)).toEqual(['330381001']);
    const countyRows = data<{ rows: Row[] }>(await county.get(`/api/v1/area-summary?meetingId=${demoId}`));
    expect(countyRows.rows).toHaveLength(4);
    const stranger = await signIn(t, 'committee2');
    expect((await stranger.get(`/api/v1/area-summary?meetingId=${demoId}`)).statusCode).toBe(404);
  });

  it('exports', async () => {
    const res = await sub.get(`/api/v1/area-summary/export?meetingId=${demoId}`);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect((await admin.get('/api/v1/area-summary?meetingId=abc')).statusCode).toBe(400);
  });
});
