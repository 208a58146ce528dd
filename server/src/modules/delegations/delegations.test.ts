import { USER_TYPE } from '@baton/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { areaCode, auditDecision, delegation, group } from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import {
  addUser,
  type Client,
  code,
  committeeOfNoMeeting,
  countOf,
  data,
  demoMeetingId,
  insertAthlete,
  multipartFile,
  signIn,
  useClients,
  xlsx,
} from '../meetings/testkit.js';

const t = useTestApp();
let stranger: Client;
let subUnit: Client;
let referee: Client;
let demoId: number;

type Dlg = {
  id: number;
  name: string;
  contactMobile: string;
  version: number;
  status: string;
  areaCode: string | null;
};
const list = async (c: Client, q = '') =>
  data<{ list: Dlg[]; total: number }>(await c.get(`/api/v1/delegations?meetingId=${demoId}&pageSize=100${q}`));

const { admin, committee, county } = useClients(t, 'admin', 'committee', 'county');

beforeAll(async () => {
  demoId = await demoMeetingId(t);
  await addUser(t, 'referee1', USER_TYPE.REFEREE, 'REFEREE');
  const subId = await addUser(t, 'jinhu', USER_TYPE.COUNTY_SUB, 'COUNTY_SUB');
  stranger = await committeeOfNoMeeting(t, 'committee2');
  referee = await signIn(t, 'referee1');
  // The sub-unit user is assigned to one sub-area only.
  const [jinhu] = await t.database.db.select().from(areaCode).where(eq(areaCode.code, '330381003'));
  expect(
    code(await admin.post('/api/v1/area-users', { meetingId: demoId, userId: subId, areaCodeId: jinhu!.id })),
  ).toBe('00000');
  subUnit = await signIn(t, 'jinhu');
});

describe('who sees which delegation', () => {
  it('admin and the meeting committee see all four', async () => {
    expect((await list(admin)).total).toBe(4);
    expect((await list(committee)).total).toBe(4);
  });

  it('another committee user gets 404 and cannot write', async () => {
    const res = await stranger.get(`/api/v1/delegations?meetingId=${demoId}`);
    expect(res.statusCode).toBe(404);
    const one = (await list(admin)).list[0]!;
    expect((await stranger.get(`/api/v1/delegations/${one.id}/form`)).statusCode).toBe(404);
    const n = await countOf(t, 'meet_delegation');
    const writes = [
      await stranger.post('/api/v1/delegations', { meetingId: demoId, name: 'X', contactMobile: '13811112222' }),
      await stranger.put(`/api/v1/delegations/${one.id}`, { name: 'X', contactMobile: '13811112222', version: 1 }),
      await stranger.del(`/api/v1/delegations/${one.id}`),
      await stranger.post(`/api/v1/delegations/${one.id}/review`, { decision: 'approve' }),
      await stranger.post('/api/v1/delegations/batch', {
        meetingId: demoId,
        rows: [{ name: 'Y', contactMobile: '13811113333' }],
      }),
    ];
    for (const res2 of writes) expect([403, 404]).toContain(res2.statusCode);
    expect(await countOf(t, 'meet_delegation')).toBe(n);
    const [row] = await t.database.db.select().from(delegation).where(eq(delegation.id, one.id));
    expect(row!.name).toBe(one.name);
  });

  it('the county user sees its county with the sub-units; the sub-unit user only its own', async () => {
    expect((await list(county)).total).toBe(4);
    const sub = await list(subUnit);
    expect(sub.list.map((d) => d.areaCode)).toEqual(['330381003']);
    const outside = (await list(admin)).list.find((d) => d.areaCode === '330381001')!;
    expect((await subUnit.get(`/api/v1/delegations/${outside.id}/form`)).statusCode).toBe(404);
    // Viewing only: a write is refused.
    const res = await county.post('/api/v1/delegations', {
      meetingId: demoId,
      name: 'Z',
      contactMobile: '13811114444',
    });
    expect(res.statusCode).toBe(403);
  });

  it('a user without delegation permissions gets 403', async () => {
    expect((await referee.get(`/api/v1/delegations?meetingId=${demoId}`)).statusCode).toBe(403);
  });

  it('filters by keywords, status and area (an area includes its sub-areas)', async () => {
    expect((await list(admin, '&keywords=13800000002')).total).toBe(1);
    const [county330381] = await t.database.db.select().from(areaCode).where(eq(areaCode.code, '330381'));
    expect((await list(admin, `&areaCodeId=${county330381!.id}`)).total).toBe(4);
    expect((await list(admin, '&status=approved')).total).toBe(0);
  });
});

describe('writing delegations', () => {
  it('keeps the contact mobile unique per meeting, with a clear message', async () => {
    const res = await committee.post('/api/v1/delegations', {
      meetingId: demoId,
      name: 'Duplicate mobile team',
      contactMobile: '13800000001',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('13800000001 is already used by delegation');
    const bad = await committee.post('/api/v1/delegations', {
      meetingId: demoId,
      name: 'Bad mobile',
      contactMobile: '12345',
    });
    expect(bad.statusCode).toBe(400);
    expect(code(bad)).toBe('A0400');
  });

  it('creates, updates with a version and refuses a stale one', async () => {
    const created = data<Dlg>(
      await committee.post('/api/v1/delegations', {
        meetingId: demoId,
        name: 'New team',
        contactMobile: '13700000001',
      }),
    );
    expect(created.status).toBe('invited');
    const upd = await committee.put(`/api/v1/delegations/${created.id}`, {
      name: 'New team A',
      contactMobile: '13700000001',
      version: created.version,
    });
    expect(code(upd)).toBe('00000');
    const stale = await committee.put(`/api/v1/delegations/${created.id}`, {
      name: 'New team B',
      contactMobile: '13700000001',
      version: created.version,
    });
    expect(code(stale)).toBe('A0409');
    expect(code(await committee.del(`/api/v1/delegations/${created.id}`))).toBe('00000');
  });

  it('refuses to delete a delegation with registrations, saying how many', async () => {
    const one = (await list(admin)).list[0]!;
    const [g] = await t.database.db.select().from(group).where(eq(group.meetingId, demoId));
    await insertAthlete(t, { meetingId: demoId, delegationId: one.id, groupId: g!.id });
    await insertAthlete(t, { meetingId: demoId, delegationId: one.id, groupId: g!.id });
    const res = await committee.del(`/api/v1/delegations/${one.id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('has 2 athlete(s) and 0 coach(es)');
    expect(await countOf(t, 'meet_delegation', `id = ${one.id}`)).toBe(1);
  });

  it('reviews: approve, or return with a reason (required), recorded', async () => {
    const one = (await list(admin)).list[1]!;
    const noReason = await committee.post(`/api/v1/delegations/${one.id}/review`, { decision: 'return' });
    expect(code(noReason)).toBe('A0400');
    const ret = await committee.post(`/api/v1/delegations/${one.id}/review`, {
      decision: 'return',
      reason: 'Fix contact',
    });
    expect(data<Dlg & { reviewReason: string }>(ret)).toMatchObject({
      status: 'returned',
      reviewReason: 'Fix contact',
    });
    const appr = await committee.post(`/api/v1/delegations/${one.id}/review`, { decision: 'approve' });
    expect(data<Dlg>(appr).status).toBe('approved');
    const decisions = await t.database.db.select().from(auditDecision).where(eq(auditDecision.entityId, one.id));
    expect(decisions.map((d) => d.decision)).toEqual(['return', 'approve']);
  });
});

describe('batch, import and choose', () => {
  const rows = [
    { name: 'Batch A', contactMobile: '13600000001', areaCode: '330381001' },
    { name: 'Batch B', contactMobile: '1360000', areaCode: '330381002' },
    { name: 'Batch C', contactMobile: '13600000003' },
    { name: 'Batch A', contactMobile: '13600000004', areaCode: 'nowhere' },
    { name: 'Batch E', contactMobile: '13800000002' },
  ];

  it('reports every bad row (row number and field) and writes nothing', async () => {
    const n = await countOf(t, 'meet_delegation');
    const res = await committee.post('/api/v1/delegations/batch', { meetingId: demoId, rows });
    expect(code(res)).toBe('00000');
    const report = data<{ total: number; valid: number; invalid: number; imported: number; errors: unknown[] }>(res);
    expect(report).toMatchObject({ total: 5, valid: 2, invalid: 3, imported: 0 });
    expect(report.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 2, field: 'contactMobile' }),
        expect.objectContaining({ row: 4, field: 'name' }),
        expect.objectContaining({ row: 4, field: 'areaCode' }),
        expect.objectContaining({ row: 5, field: 'contactMobile' }),
      ]),
    );
    expect(await countOf(t, 'meet_delegation')).toBe(n);
  });

  it('writes the good rows in valid-only mode', async () => {
    const res = await committee.post('/api/v1/delegations/batch?mode=valid-only', { meetingId: demoId, rows });
    expect(data<{ imported: number }>(res).imported).toBe(2);
    expect((await list(admin, '&keywords=Batch')).list.map((d) => d.name).sort()).toEqual(['Batch A', 'Batch C']);
  });

  it('imports a spreadsheet: one bad row is reported with its row number, nothing written', async () => {
    const template = await committee.get('/api/v1/delegations/template');
    expect(template.statusCode).toBe(200);
    const file = await xlsx(
      ['代表队名称', '简称', '联系人', '联系手机', '区域编码'],
      [
        ['Import One', 'I1', 'Ann', '13500000001', '330381001'],
        ['Import Two', 'I2', 'Bob', 'not-a-mobile', ''],
        ['Import Three', '', '', '13500000003', '330381'],
      ],
    );
    const n = await countOf(t, 'meet_delegation');
    const form = multipartFile(file);
    const res = await committee.raw({
      method: 'POST',
      url: `/api/v1/delegations/import?meetingId=${demoId}`,
      ...form,
    });
    expect(code(res)).toBe('00000');
    const report = data<{ imported: number; errors: { row: number; field: string; message: string }[] }>(res);
    expect(report.imported).toBe(0);
    expect(report.errors).toEqual([
      { row: 3, field: 'contactMobile', message: expect.stringContaining('not a valid mobile') },
    ]);
    expect(await countOf(t, 'meet_delegation')).toBe(n);
    const again = await committee.raw({
      method: 'POST',
      url: `/api/v1/delegations/import?meetingId=${demoId}&mode=valid-only`,
      ...multipartFile(file),
    });
    expect(data<{ imported: number }>(again).imported).toBe(2);
    // Importing the same file again: every good row now clashes with the meeting.
    const third = await committee.raw({
      method: 'POST',
      url: `/api/v1/delegations/import?meetingId=${demoId}&mode=valid-only`,
      ...multipartFile(file),
    });
    expect(data<{ imported: number; invalid: number }>(third)).toMatchObject({ imported: 0, invalid: 3 });
  });

  it('refuses a file that is not a workbook with a 400', async () => {
    const res = await committee.raw({
      method: 'POST',
      url: `/api/v1/delegations/import?meetingId=${demoId}`,
      ...multipartFile(Buffer.from('hello')),
    });
    expect(res.statusCode).toBe(400);
  });

  it('chooses delegations from customers (their contact and area come along)', async () => {
    const other = data<{ id: number }>(
      await committee.post('/api/v1/meetings', {
        name: 'Choose test',
        code: 'choose-test',
        year: 2030,
        startDate: '2030-05-01',
        endDate: '2030-05-02',
        regOpensAt: '2030-01-01T00:00:00Z',
        regClosesAt: '2030-04-01T00:00:00Z',
      }),
    );
    const customers = data<{ id: number; children: { id: number }[] }[]>(await committee.get('/api/v1/customers'));
    const ids = customers.map((c) => c.id);
    const res = await committee.post('/api/v1/delegations/from-customers', { meetingId: other.id, customerIds: ids });
    expect(data<{ imported: number }>(res).imported).toBe(ids.length);
    const made = data<{ list: Dlg[] }>(await committee.get(`/api/v1/delegations?meetingId=${other.id}`));
    expect(made.list.every((d) => d.areaCode !== null)).toBe(true);
    const again = await committee.post('/api/v1/delegations/from-customers', { meetingId: other.id, customerIds: ids });
    expect(data<{ imported: number }>(again).imported).toBe(0);
  });

  it('exports the current filter, for area users too', async () => {
    const res = await subUnit.get(`/api/v1/delegations/export?meetingId=${demoId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
  });
});
