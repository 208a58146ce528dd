import { lastDays } from '@baton/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  areaCode,
  auditDecision,
  delegation,
  field,
  meeting,
  meetingAdmin,
  meetingField,
  oplog,
  outbox,
  sysConfig,
  user,
} from '../../db/schema/index.js';
import { bearer, login, signInDelegation, useTestApp } from '../../test/app.js';
import { type DemoGroup, demoGroups } from '../apply/testkit.js';
import { type Client, code, committeeOfNoMeeting, data, demoMeetingId, useClients } from '../meetings/testkit.js';
import { SendFailedError } from '../verification/sender.js';
import {
  addAthlete,
  addCoach,
  addDecision,
  addDelegationFile,
  addEntry,
  addHistory,
  addPhoto,
  addRelay,
  statusOf,
} from './testkit.js';

const t = useTestApp();
const { admin, committee, county } = useClients(t, 'admin', 'committee', 'county');
let stranger: Client;
let meetingId: number;
let adminId: number;
let committeeId: number;

/** The four seeded delegations (d1..d4, area Rui'an) and d5 of another county. */
const D: Record<'d1' | 'd2' | 'd3' | 'd4' | 'd5', number> = { d1: 0, d2: 0, d3: 0, d4: 0, d5: 0 };
const A = { a1: 0, a2: 0, a3: 0, a4: 0, b1: 0, b2: 0, g1: 0, e1: 0 };
const C = { c1: 0, c2: 0, cb: 0 };
const E = { a1_100: 0, a1_200: 0, a3_lj: 0, a4_100: 0, b1_100: 0, g1_800: 0, e1_100: 0 };
let relayId = 0;
let b1IdNumber = '';
let groups: Map<string, DemoGroup>;

const db = () => t.database.db;
const FULL = { school: '瑞安中学', emergencyContact: '陈家长', emergencyMobile: '13900000009' };
const decide = (c: Client, body: Record<string, unknown>) => c.post('/api/v1/audit/decisions', body);
type Page<T> = { list: T[]; total: number };
type Athlete = { id: number; name: string; delegationId: number; entries: { itemCode: string }[]; status: string };

beforeAll(async () => {
  meetingId = await demoMeetingId(t);
  stranger = await committeeOfNoMeeting(t, 'committee2');
  const users = await db().select({ id: user.id, username: user.username }).from(user);
  adminId = users.find((u) => u.username === 'admin')!.id;
  committeeId = users.find((u) => u.username === 'committee')!.id;

  groups = await demoGroups(t);
  const U16B = groups.get('U16 Boys')!;
  const U16G = groups.get('U16 Girls')!;
  const U18B = groups.get('U18 Boys')!;
  const U18G = groups.get('U18 Girls')!;
  const seeded = await db()
    .select({ id: delegation.id })
    .from(delegation)
    .where(eq(delegation.meetingId, meetingId))
    .orderBy(asc(delegation.id));
  [D.d1, D.d2, D.d3, D.d4] = seeded.map((d) => d.id) as [number, number, number, number];
  const [other] = await db()
    .insert(areaCode)
    .values({ code: '330382', name: '乐清市', nameEn: 'Yueqing City', level: 1 })
    .returning({ id: areaCode.id });
  const [d5] = await db()
    .insert(delegation)
    .values({ meetingId, name: '乐清代表队', contactMobile: '13800000005', areaCodeId: other!.id })
    .returning({ id: delegation.id });
  D.d5 = d5!.id;
  // Coaches must give a certificate number in this meeting.
  const [cert] = await db().select({ id: field.id }).from(field).where(eq(field.key, 'certificateNo'));
  await db()
    .update(meetingField)
    .set({ required: true })
    .where(and(eq(meetingField.meetingId, meetingId), eq(meetingField.fieldId, cert!.id)));

  const photo = await addPhoto(db(), adminId);
  const m = { meetingId };
  // d1: one of each status, problems on a2 (no photo, fields missing, no entry) and a3 (no photo).
  A.a1 = (
    await addAthlete(db(), { ...m, delegationId: D.d1, group: U16B, name: '张三', photoFileId: photo, fields: FULL })
  ).id;
  A.a2 = (await addAthlete(db(), { ...m, delegationId: D.d1, group: U16B, name: '李四', fields: { school: 'x' } })).id;
  A.a3 = (
    await addAthlete(db(), { ...m, delegationId: D.d1, group: U16B, name: '王五', status: 'draft', fields: FULL })
  ).id;
  A.a4 = (
    await addAthlete(db(), {
      ...m,
      delegationId: D.d1,
      group: U16G,
      name: '赵六',
      status: 'approved',
      photoFileId: photo,
      fields: FULL,
    })
  ).id;
  E.a1_100 = await addEntry(db(), A.a1, U16B.items.get('100')!);
  E.a1_200 = await addEntry(db(), A.a1, U16B.items.get('200')!);
  E.a3_lj = await addEntry(db(), A.a3, U16B.items.get('LJ')!, 'draft');
  E.a4_100 = await addEntry(db(), A.a4, U16G.items.get('100')!, 'approved');
  C.c1 = await addCoach(db(), {
    ...m,
    delegationId: D.d1,
    name: '钱教练',
    role: 'head_coach',
    fields: { certificateNo: 'C1' },
  });
  C.c2 = await addCoach(db(), { ...m, delegationId: D.d1, name: '孙队医', role: 'doctor' });
  // d2: two athletes in a relay (b2 only in the relay), one coach.
  const b1 = await addAthlete(db(), {
    ...m,
    delegationId: D.d2,
    group: U18B,
    name: '周一',
    photoFileId: photo,
    fields: FULL,
  });
  A.b1 = b1.id;
  b1IdNumber = b1.idNumber;
  A.b2 = (
    await addAthlete(db(), { ...m, delegationId: D.d2, group: U18B, name: '吴二', photoFileId: photo, fields: FULL })
  ).id;
  E.b1_100 = await addEntry(db(), A.b1, U18B.items.get('100')!);
  relayId = await addRelay(db(), {
    ...m,
    delegationId: D.d2,
    groupItemId: U18B.items.get('4x400')!,
    members: [A.b1, A.b2],
  });
  C.cb = await addCoach(db(), {
    ...m,
    delegationId: D.d2,
    name: '郑教练',
    role: 'leader',
    fields: { certificateNo: 'C2' },
  });
  // d3: g1 was returned, then changed and submitted again (history after the decision).
  A.g1 = (
    await addAthlete(db(), { ...m, delegationId: D.d3, group: U18G, name: '冯七', photoFileId: photo, fields: FULL })
  ).id;
  E.g1_800 = await addEntry(db(), A.g1, U18G.items.get('800')!);
  const hour = 3_600_000;
  const now = Date.now();
  const g1 = { ...m, entity: 'athlete' as const, entityId: A.g1 };
  await addHistory(db(), {
    ...g1,
    before: null,
    after: { name: '冯七' },
    userId: adminId,
    createdAt: new Date(now - 3 * hour),
  });
  await addDecision(db(), {
    ...g1,
    level: 'committee',
    decision: 'return',
    reason: 'photo',
    userId: committeeId,
    createdAt: new Date(now - 2 * hour),
  });
  await addHistory(db(), {
    ...g1,
    before: { photoFileId: null },
    after: { photoFileId: photo },
    userId: adminId,
    createdAt: new Date(now - hour),
  });
  await addDelegationFile(db(), {
    ...m,
    delegationId: D.d3,
    ownerId: adminId,
    kind: 'insurance',
    name: 'insurance.pdf',
  });
  // d5 (another county): registered three days ago.
  const threeDaysAgo = new Date(now - 72 * hour);
  A.e1 = (
    await addAthlete(db(), {
      ...m,
      delegationId: D.d5,
      group: U16B,
      name: '陈八',
      photoFileId: photo,
      fields: FULL,
      createdAt: threeDaysAgo,
    })
  ).id;
  E.e1_100 = await addEntry(db(), A.e1, U16B.items.get('100')!, 'submitted', threeDaysAgo);
});

/** Database queries a call makes (the lower of two runs, so a timer's query cannot count). */
async function queriesOf(fn: () => Promise<unknown>): Promise<number> {
  const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const runs: number[] = [];
  for (let i = 0; i < 2; i++) {
    const original = client.query;
    let n = 0;
    client.query = function (this: unknown, ...args: unknown[]) {
      n += 1;
      return original.apply(this, args);
    };
    try {
      await fn();
    } finally {
      client.query = original;
    }
    runs.push(n);
  }
  return Math.min(...runs);
}

/** Athletes of the demo meeting (`q` may set pageSize, else 100). */
const athletes = async (c: Client, q = '') =>
  data<Page<Athlete>>(
    await c.get(
      `/api/v1/audit/athletes/page?meetingId=${meetingId}${q.includes('pageSize') ? '' : '&pageSize=100'}${q}`,
    ),
  );
const ids = (p: Page<{ id: number }>) => p.list.map((x) => x.id).sort((x, y) => x - y);
const sorted = (...xs: number[]) => [...xs].sort((x, y) => x - y);

describe('registration figures', () => {
  type Stats = {
    meetings: {
      id: number;
      delegations: number;
      athletes: number;
      coaches: number;
      entries: number;
      backlog: number;
    }[];
    perDay: { date: string; athletes: number; entries: number }[];
    byGroup: { nameEn: string; athletes: number }[];
    byItem: { name: string; nameEn: string; entries: number }[];
  };
  const stats = async (c: Client, q = '') => data<Stats>(await c.get(`/api/v1/stats/registration${q}`));
  /** A day `offset` days before today on the demo meeting's clock (China's). */
  const day = (offset: number) => lastDays(offset + 1, 'Asia/Shanghai')[0]!;

  it('counts the fixture for the committee (the open meeting chosen by default)', async () => {
    const s = await stats(committee);
    expect(s.meetings).toEqual([
      expect.objectContaining({ id: meetingId, delegations: 5, athletes: 8, coaches: 3, entries: 8, backlog: 9 }),
    ]);
    expect(s.perDay).toHaveLength(30);
    expect(s.perDay.at(-1)).toEqual({ date: day(0), athletes: 7, entries: 7 });
    expect(s.perDay.find((d) => d.date === day(3))).toEqual({ date: day(3), athletes: 1, entries: 1 });
    expect(s.perDay.reduce((n, d) => n + d.athletes, 0)).toBe(8);
    expect(Object.fromEntries(s.byGroup.map((g) => [g.nameEn, g.athletes]))).toEqual({
      'U16 Boys': 4,
      'U16 Girls': 1,
      'U18 Boys': 2,
      'U18 Girls': 1,
    });
    expect(s.byItem[0]).toEqual({ name: '100米', nameEn: '100 m', entries: 4 });
    expect(s.byItem.reduce((n, i) => n + i.entries, 0)).toBe(8);
    expect(s.byItem.find((i) => i.nameEn.includes('400 m relay'))?.entries).toBe(1);
  });

  it('counts by the days of the meeting’s own clock (Kiritimati UTC+14 and Pago Pago UTC−11 never share a date)', async () => {
    const zoneOf = async (zone: string) => {
      await t.database.db.update(meeting).set({ timeZone: zone }).where(eq(meeting.id, meetingId));
      return stats(committee, `?meetingId=${meetingId}`);
    };
    try {
      for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
        const s = await zoneOf(zone);
        expect(s.perDay.map((d) => d.date)).toEqual(lastDays(30, zone));
        expect(s.perDay.at(-1)!.athletes).toBe(7);
        expect(s.perDay.reduce((n, d) => n + d.athletes, 0)).toBe(8);
      }
    } finally {
      await t.database.db.update(meeting).set({ timeZone: 'Asia/Shanghai' }).where(eq(meeting.id, meetingId));
    }
  });

  it('counts only the area of an area user; another committee has no meeting', async () => {
    const s = await stats(county, `?meetingId=${meetingId}`);
    expect(s.meetings).toEqual([
      expect.objectContaining({ id: meetingId, delegations: 4, athletes: 7, coaches: 3, entries: 7, backlog: 8 }),
    ]);
    expect(s.perDay.reduce((n, d) => n + d.athletes, 0)).toBe(7);
    expect(s.byGroup.find((g) => g.nameEn === 'U16 Boys')?.athletes).toBe(3);
    const none = await stats(stranger);
    expect(none).toEqual({ meetings: [], perDay: [], byGroup: [], byItem: [] });
    expect((await stranger.get(`/api/v1/stats/registration?meetingId=${meetingId}`)).statusCode).toBe(404);
  });

  it('admin sees every meeting; a delegation account may not ask', async () => {
    expect((await stats(admin)).meetings[0]).toEqual(expect.objectContaining({ id: meetingId, athletes: 8 }));
    const token = await signInDelegation(t, D.d4);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/stats/registration', headers: bearer(token) });
    expect(res.statusCode).toBe(403);
  });
});

describe('overview', () => {
  type Counts = { total: number; draft: number; submitted: number; approved: number; returned: number };
  type Row = { delegationId: number; areaName: string | null; athletes: Counts; coaches: Counts; entries: number };
  type Overview = { totals: { athletes: Counts; coaches: Counts; delegations: number }; delegations: Row[] };
  const overview = async (c: Client, q = '') =>
    data<Overview>(await c.get(`/api/v1/audit/overview?meetingId=${meetingId}${q}`));

  it('counts per delegation and in total', async () => {
    const o = await overview(committee);
    expect(o.totals.delegations).toBe(5);
    expect(o.totals.athletes).toEqual({ total: 8, draft: 1, submitted: 6, approved: 1, returned: 0 });
    expect(o.totals.coaches).toEqual({ total: 3, draft: 0, submitted: 3, approved: 0, returned: 0 });
    const d1 = o.delegations.find((r) => r.delegationId === D.d1)!;
    expect(d1.athletes).toEqual({ total: 4, draft: 1, submitted: 2, approved: 1, returned: 0 });
    expect(d1.coaches.total).toBe(2);
    expect(d1.entries).toBe(4);
    expect(d1.areaName).toBe('Anyang Subdistrict');
    expect(o.delegations.find((r) => r.delegationId === D.d2)!.entries).toBe(2);
    expect(o.delegations.find((r) => r.delegationId === D.d4)!.athletes.total).toBe(0);
    const one = await overview(committee, `&keywords=${encodeURIComponent('玉海')}`);
    expect(one.delegations.map((r) => r.delegationId)).toEqual([D.d2]);
  });

  it('an area user sees its areas only; another committee gets 404', async () => {
    const o = await overview(county);
    expect(o.delegations.map((r) => r.delegationId).sort()).toEqual(sorted(D.d1, D.d2, D.d3, D.d4));
    expect(o.totals.athletes.total).toBe(7);
    expect((await stranger.get(`/api/v1/audit/overview?meetingId=${meetingId}`)).statusCode).toBe(404);
  });
});

describe('lists', () => {
  it('lists every athlete, grouped by delegation, with the events entered', async () => {
    const p = await athletes(committee);
    expect(p.total).toBe(8);
    const order = p.list.map((x) => x.delegationId);
    // Each delegation's athletes come together.
    expect(new Set(order).size).toBe(order.filter((d, i) => i === 0 || order[i - 1] !== d).length);
    const a1 = p.list.find((x) => x.id === A.a1)!;
    expect(a1.entries.map((e) => e.itemCode)).toEqual(['100', '200']);
    expect(p.list.find((x) => x.id === A.b2)!.entries.map((e) => e.itemCode)).toEqual(['4x400']);
    const first = await athletes(committee, '&pageSize=3&pageNum=1');
    const second = await athletes(committee, '&pageSize=3&pageNum=2');
    expect([...first.list, ...second.list].map((x) => x.id)).toEqual(p.list.slice(0, 6).map((x) => x.id));
  });

  it('filters by status, group, delegation and keywords', async () => {
    expect(ids(await athletes(committee, '&status=submitted'))).toEqual(sorted(A.a1, A.a2, A.b1, A.b2, A.g1, A.e1));
    expect(ids(await athletes(committee, `&groupId=${groups.get('U16 Girls')!.id}`))).toEqual([A.a4]);
    expect(ids(await athletes(committee, `&delegationId=${D.d2}`))).toEqual(sorted(A.b1, A.b2));
    expect(ids(await athletes(committee, `&keywords=${encodeURIComponent('李四')}`))).toEqual([A.a2]);
    expect(ids(await athletes(committee, `&keywords=${b1IdNumber.slice(-8)}`))).toEqual([A.b1]);
    expect(ids(await athletes(committee, `&keywords=${encodeURIComponent('玉海中学')}`))).toEqual(sorted(A.b1, A.b2));
  });

  it('filters by problem', async () => {
    expect(ids(await athletes(committee, '&problem=missing_photo'))).toEqual(sorted(A.a2, A.a3));
    expect(ids(await athletes(committee, '&problem=missing_field'))).toEqual([A.a2]);
    expect(ids(await athletes(committee, '&problem=no_entry'))).toEqual([A.a2]);
    expect(ids(await athletes(committee, '&problem=changed'))).toEqual([A.g1]);
  });

  it('lists coaches with role and problem filters', async () => {
    const coaches = async (q: string) =>
      data<Page<{ id: number }>>(await committee.get(`/api/v1/audit/coaches/page?meetingId=${meetingId}${q}`));
    expect(ids(await coaches(''))).toEqual(sorted(C.c1, C.c2, C.cb));
    expect(ids(await coaches('&role=doctor'))).toEqual([C.c2]);
    expect(ids(await coaches('&problem=missing_field'))).toEqual([C.c2]);
    expect(ids(await coaches('&problem=no_entry'))).toEqual([]);
    expect(ids(await coaches(`&keywords=${encodeURIComponent('郑')}`))).toEqual([C.cb]);
  });

  it('an area user lists its areas only; other meetings and callers are refused', async () => {
    const p = await athletes(county);
    expect(p.total).toBe(7);
    expect(p.list.some((x) => x.id === A.e1)).toBe(false);
    expect((await athletes(county, `&delegationId=${D.d5}`)).total).toBe(0);
    expect((await county.get(`/api/v1/audit/athletes/${A.e1}`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/v1/audit/athletes/page?meetingId=${meetingId}`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/v1/audit/athletes/${A.a1}`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/v1/audit/coaches/${C.c1}`)).statusCode).toBe(404);
    expect((await committee.get('/api/v1/audit/athletes/999999')).statusCode).toBe(404);
    const token = await signInDelegation(t, D.d1);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audit/athletes/page?meetingId=${meetingId}`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(403);
  });

  it('makes as many queries for one row as for a page of them (no N+1)', async () => {
    const one = await queriesOf(() => athletes(committee, '&pageSize=1'));
    const all = await queriesOf(() => athletes(committee));
    expect(all).toBe(one);
    const coachOne = await queriesOf(() =>
      committee.get(`/api/v1/audit/coaches/page?meetingId=${meetingId}&pageSize=1`),
    );
    const coachAll = await queriesOf(() => committee.get(`/api/v1/audit/coaches/page?meetingId=${meetingId}`));
    expect(coachAll).toBe(coachOne);
    const ovOne = await queriesOf(() =>
      committee.get(`/api/v1/audit/overview?meetingId=${meetingId}&keywords=${encodeURIComponent('玉海')}`),
    );
    const ovAll = await queriesOf(() => committee.get(`/api/v1/audit/overview?meetingId=${meetingId}`));
    expect(ovAll).toBe(ovOne);
  });
});

describe('detail', () => {
  type Detail = {
    entity: string;
    athlete: { name: string; groupName: string; delegationName: string; entries: unknown[] } | null;
    coach: { name: string } | null;
    entries: { itemCode: string; athleteName: string; status: string }[];
    files: { name: string; kind: string; size: number; contentType: string }[];
    history: { before: unknown; after: unknown; userName: string | null; createdAt: string }[];
    decisions: { level: string; decision: string; reason: string | null; userName: string | null }[];
    problems: string[];
  };

  it('names the problems in the caller language', async () => {
    const en = data<Detail>(await committee.get(`/api/v1/audit/athletes/${A.a2}`));
    expect(en.entity).toBe('athlete');
    expect(en.athlete?.name).toBe('李四');
    expect(en.problems).toEqual([
      'no photo',
      'required fields left empty: Emergency contact, Emergency mobile',
      'not entered in any event',
    ]);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audit/athletes/${A.a2}`,
      headers: { ...bearer((await login(t, 'committee')).accessToken), 'accept-language': 'zh-CN' },
    });
    expect(data<Detail>(res).problems).toEqual(['缺少照片', '必填项未填写：紧急联系人、紧急联系电话', '未报任何项目']);
  });

  it('shows entries, documents, history newest first and decisions', async () => {
    const g1 = data<Detail>(await committee.get(`/api/v1/audit/athletes/${A.g1}`));
    expect(g1.athlete?.groupName).toBe('U18女子组');
    expect(g1.entries).toEqual([
      expect.objectContaining({ itemCode: '800', athleteName: '冯七', status: 'submitted' }),
    ]);
    expect(g1.files).toEqual([
      expect.objectContaining({ name: 'insurance.pdf', kind: 'insurance', contentType: 'application/pdf' }),
    ]);
    expect(g1.files[0]!.size).toBeGreaterThan(0);
    expect(g1.history).toHaveLength(2);
    expect(g1.history[0]!.after).toEqual({ photoFileId: expect.any(String) });
    expect(g1.history[0]!.createdAt > g1.history[1]!.createdAt).toBe(true);
    expect(g1.history[0]!.userName).toBe('系统管理员');
    expect(g1.decisions).toEqual([
      expect.objectContaining({ level: 'committee', decision: 'return', reason: 'photo', userName: '组委会演示账号' }),
    ]);
    expect(g1.problems).toEqual(['changed since the last decision: see the change history']);
    const c2 = data<Detail>(await committee.get(`/api/v1/audit/coaches/${C.c2}`));
    expect(c2.coach?.name).toBe('孙队医');
    expect(c2.problems).toEqual(['required fields left empty: Certificate number']);
  });

  it('names what the history holds in both languages: form fields, groups, events', async () => {
    type Named = {
      formFields: { key: string; label: string; labelEn: string; kind: string; required: boolean }[];
      groups: { id: number; name: string; nameEn: string }[];
      items: { code: string; name: string; nameEn: string }[];
    };
    const U16B = groups.get('U16 Boys')!;
    const U18B = groups.get('U18 Boys')!;
    // A field the meeting's form no longer asks for, still held by an old value.
    await db()
      .insert(field)
      .values({ key: 'capNumber', label: '帽号', labelEn: 'Cap number', kind: 'text', target: 'athlete' });
    // Before any decision in this file (so nothing counts as changed since one).
    await addHistory(db(), {
      meetingId,
      entity: 'athlete',
      entityId: A.a2,
      before: {
        groupId: U18B.id,
        groupName: 'U18男子组',
        entries: [{ itemCode: 'LJ', itemName: '跳远' }],
        relays: [{ itemCode: '4x400', letter: 'A', leg: 2 }],
        fields: { capNumber: '7' },
      },
      after: { groupId: U16B.id, groupName: 'U16男子组', entries: [], relays: [], fields: { school: 'x' } },
      userId: adminId,
      createdAt: new Date(Date.now() - 48 * 3_600_000),
    });
    const a2 = data<Detail & Named>(await committee.get(`/api/v1/audit/athletes/${A.a2}`));
    expect(a2.groups).toEqual([
      { id: U16B.id, name: 'U16男子组', nameEn: 'U16 Boys' },
      { id: U18B.id, name: 'U18男子组', nameEn: 'U18 Boys' },
    ]);
    expect([...a2.items].sort((x, y) => x.code.localeCompare(y.code))).toEqual([
      { code: '4x400', name: '4×400米接力', nameEn: '4 × 400 m relay' },
      { code: 'LJ', name: '跳远', nameEn: 'Long jump' },
    ]);
    // The meeting's athlete form in its order (photo included), then the field only the history holds.
    const keys = a2.formFields.map((f) => f.key);
    expect(keys.slice(0, 4)).toEqual(['school', 'emergencyContact', 'emergencyMobile', 'photo']);
    expect(keys.at(-1)).toBe('capNumber');
    expect(a2.formFields).toContainEqual(
      expect.objectContaining({ key: 'school', label: '学校', labelEn: 'School', kind: 'text', required: true }),
    );
    expect(a2.formFields).toContainEqual(expect.objectContaining({ key: 'photo', kind: 'image' }));
    expect(a2.formFields).toContainEqual(
      expect.objectContaining({ key: 'capNumber', label: '帽号', labelEn: 'Cap number', required: false }),
    );
    // The problems still come from the form's required fields only.
    expect(a2.problems).toContain('required fields left empty: Emergency contact, Emergency mobile');
    const c1 = data<Named>(await committee.get(`/api/v1/audit/coaches/${C.c1}`));
    expect(c1.formFields).toContainEqual(
      expect.objectContaining({ key: 'certificateNo', labelEn: 'Certificate number', required: true }),
    );
    expect(c1.groups).toEqual([]);
    expect(c1.items).toEqual([]);
  });
});

describe('decisions', () => {
  const statuses = async () => ({
    a1: await statusOf(db(), 'athlete', A.a1),
    a2: await statusOf(db(), 'athlete', A.a2),
    decisions: Number((await db().select({ n: sql<number>`count(*)::int` }).from(auditDecision))[0]!.n),
  });

  it('a return needs a reason, said in zh and en', async () => {
    const before = await statuses();
    const en = await decide(committee, { entity: 'athlete', ids: [A.a2], decision: 'return' });
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({ code: 'A0400', msg: expect.stringContaining('a return needs a reason') });
    const { accessToken } = await login(t, 'committee');
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/audit/decisions',
      headers: { ...bearer(accessToken), 'accept-language': 'zh-CN' },
      payload: { entity: 'athlete', ids: [A.a2], decision: 'return', reason: '   ' },
    });
    expect(zh.statusCode).toBe(400);
    expect(zh.json().msg).toContain('退回须填写原因');
    const long = await decide(committee, {
      entity: 'athlete',
      ids: [A.a2],
      decision: 'return',
      reason: 'x'.repeat(201),
    });
    expect(long.statusCode).toBe(400);
    const many = await decide(committee, {
      entity: 'athlete',
      ids: Array.from({ length: 501 }, (_, i) => i + 1),
      decision: 'approve',
    });
    expect(many.statusCode).toBe(400);
    expect(await statuses()).toEqual(before);
  });

  it('refuses ids out of reach with 404 and area users without the area review with 403', async () => {
    const before = await statuses();
    expect((await decide(stranger, { entity: 'athlete', ids: [A.a1], decision: 'approve' })).statusCode).toBe(404);
    expect((await decide(committee, { entity: 'athlete', ids: [A.a1, 999999], decision: 'approve' })).statusCode).toBe(
      404,
    );
    expect((await decide(county, { entity: 'athlete', ids: [A.e1], decision: 'approve' })).statusCode).toBe(404);
    const res = await decide(county, { entity: 'athlete', ids: [A.a1], decision: 'approve' });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toContain('no area review');
    expect(await statuses()).toEqual(before);
  });

  it('decides the submitted records of a batch and skips the others; entries follow', async () => {
    const res = await decide(committee, { entity: 'athlete', ids: [A.a1, A.a3, A.a4], decision: 'approve' });
    expect(data(res)).toEqual({ decided: 1, skipped: 2 });
    expect(await statusOf(db(), 'athlete', A.a1)).toBe('approved');
    expect(await statusOf(db(), 'athlete', A.a3)).toBe('draft');
    expect(await statusOf(db(), 'entry', E.a1_100)).toBe('approved');
    expect(await statusOf(db(), 'entry', E.a1_200)).toBe('approved');
    expect(await statusOf(db(), 'entry', E.a3_lj)).toBe('draft');
    const rows = await db().select().from(auditDecision).where(eq(auditDecision.entityId, A.a1));
    expect(rows).toEqual([
      expect.objectContaining({ entity: 'athlete', level: 'committee', decision: 'approve', userId: committeeId }),
    ]);
    const [log] = await db()
      .select()
      .from(oplog)
      .where(eq(oplog.path, '/api/v1/audit/decisions'))
      .orderBy(sql`${oplog.id} desc`)
      .limit(1);
    expect(log).toEqual(
      expect.objectContaining({ target: `athlete:${A.a1},${A.a3},${A.a4}`, code: '00000', userId: committeeId }),
    );
    expect(log!.before).toEqual(
      expect.objectContaining({ records: expect.arrayContaining([{ id: A.a1, status: 'submitted' }]) }),
    );
    expect(log!.after).toEqual(expect.objectContaining({ decided: 1, records: [{ id: A.a1, status: 'approved' }] }));
  });

  it('a return notifies the delegation account and rolls the delegation up to returned', async () => {
    const token = await signInDelegation(t, D.d1);
    const res = await decide(committee, {
      entity: 'athlete',
      ids: [A.a2],
      decision: 'return',
      reason: 'Photo <missing> & school',
    });
    expect(data(res)).toEqual({ decided: 1, skipped: 0 });
    expect(await statusOf(db(), 'athlete', A.a2)).toBe('returned');
    expect(await statusOf(db(), 'delegation', D.d1)).toBe('returned');
    const mine = await t.app.inject({ method: 'GET', url: '/api/v1/notices/my-page', headers: bearer(token) });
    const list = data<Page<{ id: number; title: string; type: number }>>(mine).list;
    // Newest first: this return, then the approval of a1 (the account existed by then).
    expect(list).toHaveLength(2);
    expect(list[0]!.title).toContain('1 athlete returned');
    expect(list[0]!.title).toContain('运动员被退回 1 人');
    expect(list[1]!.title).toContain('1 athlete approved');
    expect(list[0]!.type).toBe(3);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/notices/${list[0]!.id}/detail`,
      headers: bearer(token),
    });
    const content = data<{ content: string }>(detail).content;
    expect(content).toContain('李四');
    expect(content).toContain('Photo &lt;missing&gt; &amp; school');
    expect(content).not.toContain('<missing>');
    const [a2] = await db()
      .select({ reason: sql<string>`audit_reason` })
      .from(sql`reg_athlete`)
      .where(sql`id = ${A.a2}`);
    expect(a2!.reason).toBe('Photo <missing> & school');
    // Another delegation's account hears nothing.
    const other = await signInDelegation(t, D.d3);
    const theirs = await t.app.inject({ method: 'GET', url: '/api/v1/notices/my-page', headers: bearer(other) });
    expect(data<Page<unknown>>(theirs).total).toBe(0);
  });

  it('relay teams and the delegation follow when every person is approved', async () => {
    expect(data(await decide(committee, { entity: 'athlete', ids: [A.b1], decision: 'approve' }))).toEqual({
      decided: 1,
      skipped: 0,
    });
    expect(await statusOf(db(), 'relay', relayId)).toBe('submitted');
    await decide(committee, { entity: 'athlete', ids: [A.b2], decision: 'approve' });
    expect(await statusOf(db(), 'relay', relayId)).toBe('approved');
    expect(await statusOf(db(), 'entry', E.b1_100)).toBe('approved');
    expect(await statusOf(db(), 'delegation', D.d2)).not.toBe('approved');
    await decide(committee, { entity: 'coach', ids: [C.cb], decision: 'approve' });
    expect(await statusOf(db(), 'coach', C.cb)).toBe('approved');
    expect(await statusOf(db(), 'delegation', D.d2)).toBe('approved');
    // d2 has no account: no notice, the decisions are recorded all the same.
    const rows = await db()
      .select({ id: auditDecision.id })
      .from(auditDecision)
      .where(
        sql`(entity = 'athlete' and entity_id in (${A.b1}, ${A.b2})) or (entity = 'coach' and entity_id = ${C.cb})`,
      );
    expect(rows).toHaveLength(3);
  });

  it('a returned athlete takes its entries along', async () => {
    await decide(committee, { entity: 'athlete', ids: [A.g1], decision: 'return', reason: 'wrong group' });
    expect(await statusOf(db(), 'athlete', A.g1)).toBe('returned');
    expect(await statusOf(db(), 'entry', E.g1_800)).toBe('returned');
    expect(await statusOf(db(), 'delegation', D.d3)).toBe('returned');
  });

  it('sends an SMS when auditSms is on, and a failed SMS does not undo the decision', async () => {
    const [setting] = await db().select().from(sysConfig).where(eq(sysConfig.key, 'auditSms'));
    const updated = await admin.put(`/api/v1/config/${setting!.id}`, {
      key: 'auditSms',
      value: 'true',
      type: 'boolean',
      name: setting!.name,
      version: setting!.version,
    });
    expect(code(updated)).toBe('00000');
    await decide(committee, { entity: 'coach', ids: [C.c2], decision: 'return', reason: 'certificate' });
    expect(await statusOf(db(), 'coach', C.c2)).toBe('returned');
    const sms = await db().select().from(outbox).where(eq(outbox.purpose, 'audit-notice'));
    expect(sms).toEqual([expect.objectContaining({ channel: 'sms', target: '13800000001' })]);
    expect(sms[0]!.text).toContain('1 coach returned');

    const sender = t.app.codeSender;
    const send = sender.send;
    sender.send = async () => {
      throw new SendFailedError('gateway down');
    };
    try {
      const res = await decide(committee, { entity: 'coach', ids: [C.c1], decision: 'approve' });
      expect(data(res)).toEqual({ decided: 1, skipped: 0 });
    } finally {
      sender.send = send;
    }
    expect(await statusOf(db(), 'coach', C.c1)).toBe('approved');
  });

  it('two levels: the area approves first, then the committee', async () => {
    await db().update(meeting).set({ areaAuditFirst: true }).where(eq(meeting.id, meetingId));
    const U16B = groups.get('U16 Boys')!;
    const mk = async (name: string) =>
      (await addAthlete(db(), { meetingId, delegationId: D.d4, group: U16B, name, fields: FULL })).id;
    const [h1, h2, h3] = [await mk('一号'), await mk('二号'), await mk('三号')];

    const early = await decide(committee, { entity: 'athlete', ids: [h1], decision: 'approve' });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ code: 'A0400', msg: expect.stringContaining("area's approval first") });
    expect(early.json().msg).toContain('一号');
    expect(await statusOf(db(), 'athlete', h1)).toBe('submitted');

    expect(data(await decide(county, { entity: 'athlete', ids: [h1, h2], decision: 'approve' }))).toEqual({
      decided: 2,
      skipped: 0,
    });
    expect(await statusOf(db(), 'athlete', h1)).toBe('submitted');
    const areaRows = await db().select().from(auditDecision).where(eq(auditDecision.entityId, h1));
    expect(areaRows).toEqual([expect.objectContaining({ level: 'area', decision: 'approve' })]);
    expect(data(await decide(county, { entity: 'athlete', ids: [h1], decision: 'approve' }))).toEqual({
      decided: 0,
      skipped: 1,
    });
    expect((await decide(county, { entity: 'athlete', ids: [A.e1], decision: 'approve' })).statusCode).toBe(404);

    expect(data(await decide(committee, { entity: 'athlete', ids: [h1], decision: 'approve' }))).toEqual({
      decided: 1,
      skipped: 0,
    });
    expect(await statusOf(db(), 'athlete', h1)).toBe('approved');

    // An area return goes back to the delegation; the committee may return without the area.
    await decide(county, { entity: 'athlete', ids: [h2], decision: 'return', reason: '照片不清晰' });
    expect(await statusOf(db(), 'athlete', h2)).toBe('returned');
    const [h2Return] = await db()
      .select()
      .from(auditDecision)
      .where(and(eq(auditDecision.entityId, h2), eq(auditDecision.decision, 'return')));
    expect(h2Return).toEqual(expect.objectContaining({ level: 'area', reason: '照片不清晰' }));
    await decide(committee, { entity: 'athlete', ids: [h3], decision: 'return', reason: 'duplicate' });
    expect(await statusOf(db(), 'athlete', h3)).toBe('returned');
    await db().update(meeting).set({ areaAuditFirst: false }).where(eq(meeting.id, meetingId));
  });

  it('parallel decisions: one record is decided once, the delegation rolls up right', async () => {
    const U18G = groups.get('U18 Girls')!;
    const [d6] = await db()
      .insert(delegation)
      .values({ meetingId, name: '并发代表队', contactMobile: '13800000006' })
      .returning({ id: delegation.id });
    const mk = async (name: string) =>
      (await addAthlete(db(), { meetingId, delegationId: d6!.id, group: U18G, name, fields: FULL })).id;
    const [p1, p2, p3] = [await mk('甲'), await mk('乙'), await mk('丙')];
    const same = await Promise.all(
      Array.from({ length: 5 }, () => decide(committee, { entity: 'athlete', ids: [p1], decision: 'approve' })),
    );
    expect(same.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(same.reduce((n, r) => n + data<{ decided: number }>(r).decided, 0)).toBe(1);
    const rows = await db().select().from(auditDecision).where(eq(auditDecision.entityId, p1));
    expect(rows.filter((r) => r.entity === 'athlete')).toHaveLength(1);
    const apart = await Promise.all(
      [p2, p3].map((id) => decide(committee, { entity: 'athlete', ids: [id], decision: 'approve' })),
    );
    expect(apart.map((r) => data<{ decided: number }>(r).decided)).toEqual([1, 1]);
    expect(await statusOf(db(), 'delegation', d6!.id)).toBe('approved');
  });

  it('the figures follow the decisions, in a constant number of queries', async () => {
    const before = await queriesOf(() => committee.get('/api/v1/stats/registration'));
    // Another meeting with a delegation and an athlete: the same number of queries.
    const [m2] = await db()
      .insert(meeting)
      .values({
        name: 'M2',
        code: 'm2test',
        year: 2025,
        startDate: '2025-10-01',
        endDate: '2025-10-02',
        regOpensAt: new Date(),
        regClosesAt: new Date(),
        status: 'registration_open',
      })
      .returning({ id: meeting.id });
    await db().insert(meetingAdmin).values({ meetingId: m2!.id, userId: committeeId });
    const [d] = await db()
      .insert(delegation)
      .values({ meetingId: m2!.id, name: 'M2 team', contactMobile: '13800000009' })
      .returning({ id: delegation.id });
    expect(d).toBeDefined();
    const after = await queriesOf(() => committee.get('/api/v1/stats/registration'));
    expect(after).toBe(before);
    const s = data<{ meetings: { id: number; backlog: number; delegations: number }[] }>(
      await committee.get(`/api/v1/stats/registration?meetingId=${meetingId}`),
    );
    expect(s.meetings).toHaveLength(2);
    expect(s.meetings.find((x) => x.id === m2!.id)).toEqual(expect.objectContaining({ delegations: 1, backlog: 0 }));
    // Waiting now: only e1 (the others were decided above).
    expect(s.meetings.find((x) => x.id === meetingId)).toEqual(expect.objectContaining({ delegations: 6, backlog: 1 }));
  });
});
