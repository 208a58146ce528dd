import { USER_TYPE } from '@baton/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { delegation, meeting, meetingField, meetingStatusLog, oplog, user } from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import { closeExpiredRegistrations, isRegistrationOpen } from './registration-window.js';
import { addUser, type Client, code, countOf, data, demoMeetingId, signIn, useClients } from './testkit.js';

const t = useTestApp();
const { admin, committee, county } = useClients(t, 'admin', 'committee', 'county');
let stranger: Client;
let referee: Client;
let demoId: number;
let otherCommitteeId: number;

const day = (n: number) => new Date(Date.now() + n * 86_400_000);
const dateOf = (d: Date) => d.toISOString().slice(0, 10);
const body = (code: string, extra: Record<string, unknown> = {}) => ({
  name: `Meeting ${code}`,
  nameEn: `Meeting ${code}`,
  code,
  year: day(40).getUTCFullYear(),
  venue: 'Stadium',
  startDate: dateOf(day(40)),
  endDate: dateOf(day(41)),
  regOpensAt: day(-1).toISOString(),
  regClosesAt: day(30).toISOString(),
  ...extra,
});

beforeAll(async () => {
  demoId = await demoMeetingId(t);
  otherCommitteeId = await addUser(t, 'committee2', USER_TYPE.COMMITTEE, 'COMMITTEE');
  await addUser(t, 'referee1', USER_TYPE.REFEREE, 'REFEREE');
  stranger = await signIn(t, 'committee2');
  referee = await signIn(t, 'referee1');
});

describe('who sees which meeting', () => {
  it('admin sees every meeting, to manage', async () => {
    const res = await admin.get('/api/v1/meetings?pageSize=50');
    expect(code(res)).toBe('00000');
    const page = data<{ list: { code: string; access: string }[]; total: number }>(res);
    expect(page.list.map((m) => m.code)).toContain('wrj2025');
    expect(page.list.find((m) => m.code === 'wrj2025')!.access).toBe('manage');
  });

  it('the committee sees the meetings it administers; another committee user sees none', async () => {
    const mine = data<{ list: { id: number }[] }>(await committee.get('/api/v1/meetings'));
    expect(mine.list.map((m) => m.id)).toContain(demoId);
    const theirs = data<{ list: unknown[]; total: number }>(await stranger.get('/api/v1/meetings'));
    expect(theirs.total).toBe(0);
    expect(theirs.list).toEqual([]);
  });

  it('answers 404 on the id of a meeting the committee user does not administer, and changes nothing', async () => {
    expect((await stranger.get(`/api/v1/meetings/${demoId}/form`)).statusCode).toBe(404);
    const before = await t.database.db.select().from(meeting).where(eq(meeting.id, demoId));
    const form = data<Record<string, unknown>>(await admin.get(`/api/v1/meetings/${demoId}/form`));
    const attempts = [
      await stranger.put(`/api/v1/meetings/${demoId}`, { ...body('wrj2025'), version: form.version, name: 'Hacked' }),
      await stranger.post(`/api/v1/meetings/${demoId}/status`, { to: 'registration_closed' }),
      await stranger.put(`/api/v1/meetings/${demoId}/remark`, { html: 'x' }),
      await stranger.put(`/api/v1/meetings/${demoId}/admins`, { userIds: [otherCommitteeId] }),
      await stranger.del(`/api/v1/meetings/${demoId}`),
      await stranger.get(`/api/v1/meetings/${demoId}/fields`),
    ];
    for (const res of attempts) expect([403, 404]).toContain(res.statusCode);
    expect(await t.database.db.select().from(meeting).where(eq(meeting.id, demoId))).toEqual(before);
  });

  it('the county user sees its assigned meeting to view only', async () => {
    const list = data<{ list: { id: number; access: string }[] }>(await county.get('/api/v1/meetings'));
    expect(list.list.map((m) => [m.id, m.access])).toEqual([[demoId, 'view']]);
    expect(code(await county.get(`/api/v1/meetings/${demoId}/form`))).toBe('00000');
    expect((await county.post(`/api/v1/meetings/${demoId}/status`, { to: 'registration_closed' })).statusCode).toBe(
      403,
    );
  });

  it('a user without meeting permissions is refused (403)', async () => {
    expect((await referee.get('/api/v1/meetings')).statusCode).toBe(403);
    expect((await referee.get(`/api/v1/meetings/${demoId}/form`)).statusCode).toBe(403);
  });
});

describe('creating and editing', () => {
  it('makes a committee creator the admin and copies the nature fields', async () => {
    const natures = data<{ list: { id: number; fieldCount: number }[] }>(await committee.get('/api/v1/natures'));
    const youth = natures.list[0]!;
    const res = await committee.post('/api/v1/meetings', body('made-by-committee', { natureId: youth.id }));
    expect(code(res)).toBe('00000');
    const created = data<{ id: number; status: string }>(res);
    expect(created.status).toBe('draft');
    const admins = data<{ username: string }[]>(await committee.get(`/api/v1/meetings/${created.id}/admins`));
    expect(admins.map((a) => a.username)).toEqual(['committee']);
    expect(await countOf(t, 'meet_meeting_field', `meeting_id = ${created.id}`)).toBe(youth.fieldCount);
    const coachFields = data<{ target: string }[]>(
      await committee.get(`/api/v1/meetings/${created.id}/fields?target=coach`),
    );
    expect(coachFields.length).toBeGreaterThan(0);
    expect(coachFields.every((f) => f.target === 'coach')).toBe(true);
    // The other committee user still sees nothing.
    expect((await stranger.get(`/api/v1/meetings/${created.id}/form`)).statusCode).toBe(404);
  });

  it('refuses bad input with a 400 envelope and writes nothing', async () => {
    const n = await countOf(t, 'meet_meeting');
    const cases = [
      body('bad-dates', { startDate: dateOf(day(41)), endDate: dateOf(day(40)) }),
      body('bad-window', { regOpensAt: day(30).toISOString(), regClosesAt: day(2).toISOString() }),
      body('late-close', { regClosesAt: day(45).toISOString() }),
      body('Bad_Code'),
      body('x'),
      body('neg-limit', { maxEventsPerAthlete: -1 }),
      body('bad-date', { startDate: '2025-02-30', endDate: '2025-03-01' }),
      body('wrj2025'),
      body('WRJ2025'),
      { ...body('missing'), name: undefined },
      body('no-nature', { natureId: 999999 }),
    ];
    for (const c of cases) {
      const res = await admin.post('/api/v1/meetings', c);
      expect(res.statusCode, JSON.stringify(c)).toBe(400);
      expect(code(res)).toBe('A0400');
      expect(res.json().data).toBeNull();
    }
    expect(await countOf(t, 'meet_meeting')).toBe(n);
    const dup = await admin.post('/api/v1/meetings', body('wrj2025'));
    expect(dup.json().msg).toContain('already taken');
  });

  it('detects a concurrent edit: the stale version gets 409 and the first write stays', async () => {
    const created = data<{ id: number; version: number }>(await admin.post('/api/v1/meetings', body('locking')));
    const first = await admin.put(`/api/v1/meetings/${created.id}`, {
      ...body('locking'),
      name: 'First',
      version: created.version,
    });
    expect(code(first)).toBe('00000');
    const second = await committee.put(`/api/v1/meetings/${created.id}`, {
      ...body('locking'),
      name: 'Second',
      version: created.version,
    });
    expect(second.statusCode).toBe(404); // not an admin of it
    const stale = await admin.put(`/api/v1/meetings/${created.id}`, {
      ...body('locking'),
      name: 'Second',
      version: created.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(code(stale)).toBe('A0409');
    const [row] = await t.database.db.select().from(meeting).where(eq(meeting.id, created.id));
    expect(row!.name).toBe('First');
  });

  it('sets admins to committee users only and keeps a committee caller among them', async () => {
    const created = data<{ id: number }>(await committee.post('/api/v1/meetings', body('admins-test')));
    const adminRow = await t.database.db.select().from(meeting).where(eq(meeting.code, 'admins-test'));
    expect(adminRow).toHaveLength(1);
    const bad = await committee.put(`/api/v1/meetings/${created.id}/admins`, { userIds: [1] });
    expect(code(bad)).toBe('A0400');
    expect(bad.json().msg).toContain('not a committee user');
    const self = await committee.put(`/api/v1/meetings/${created.id}/admins`, { userIds: [otherCommitteeId] });
    expect(self.json().msg).toContain('cannot remove yourself');
    const okRes = await committee.put(`/api/v1/meetings/${created.id}/admins`, {
      userIds: [otherCommitteeId, (await committeeId())!],
    });
    expect(code(okRes)).toBe('00000');
    expect(code(await stranger.get(`/api/v1/meetings/${created.id}/form`))).toBe('00000');
    const options = data<{ username: string }[]>(await committee.get('/api/v1/meetings/admin-options'));
    expect(options.map((o) => o.username).sort()).toEqual(['committee', 'committee2']);
  });

  it.each(['remark', 'regulations'])('sanitises the %s and keeps the other text', async (kind) => {
    const other = kind === 'remark' ? 'regulations' : 'remark';
    const before = data<{ html: string }>(await committee.get(`/api/v1/meetings/${demoId}/${other}`)).html;
    const res = await committee.put(`/api/v1/meetings/${demoId}/${kind}`, {
      html: '<h2>一、竞赛项目</h2><p onclick="x()">Hi<script>alert(1)</script><a href="javascript:alert(1)">x</a></p>',
    });
    expect(code(res)).toBe('00000');
    const { html } = data<{ html: string }>(await committee.get(`/api/v1/meetings/${demoId}/${kind}`));
    expect(html).toContain('<h2>一、竞赛项目</h2>');
    expect(html).toContain('Hi');
    expect(html).not.toMatch(/script|onclick|javascript/);
    expect(data<{ html: string }>(await committee.get(`/api/v1/meetings/${demoId}/${other}`)).html).toBe(before);
  });

  it('keeps the organisers one per line, trimmed, blank lines dropped', async () => {
    const form = data<Record<string, unknown> & { id: number; version: number }>(
      await committee.get(`/api/v1/meetings/${demoId}/form`),
    );
    const { id, access, status, ...fields } = form;
    const res = await committee.put(`/api/v1/meetings/${demoId}`, {
      ...fields,
      organisers: '  主办单位：瑞安市教育局 \r\n\n 承办单位：瑞安市体育中心  ',
    });
    expect(code(res)).toBe('00000');
    const after = data<{ organisers: string }>(await committee.get(`/api/v1/meetings/${demoId}/form`));
    expect(after.organisers).toBe('主办单位：瑞安市教育局\n承办单位：瑞安市体育中心');
    expect(
      code(await committee.put(`/api/v1/meetings/${demoId}`, { ...fields, organisers: 'x'.repeat(501) })),
    ).not.toBe('00000');
  });

  it('refuses to delete a meeting with delegations, saying how many', async () => {
    const res = await admin.del(`/api/v1/meetings/${demoId}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/has 4 delegation/);
    const created = data<{ id: number }>(await admin.post('/api/v1/meetings', body('to-delete')));
    expect(code(await admin.del(`/api/v1/meetings/${created.id}`))).toBe('00000');
    expect(await countOf(t, 'meet_meeting', `id = ${created.id}`)).toBe(0);
  });

  it('exports the current filter', async () => {
    const res = await committee.get('/api/v1/meetings/export?keywords=wrj');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
  });
});

async function committeeId() {
  const [row] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.username, 'committee'));
  return row?.id;
}

describe('status', () => {
  it('moves forward one step at a time, logged in the status log and the operation log', async () => {
    const created = data<{ id: number }>(await committee.post('/api/v1/meetings', body('status-flow')));
    const res = await committee.post(`/api/v1/meetings/${created.id}/status`, {
      to: 'registration_open',
      reason: 'ready',
    });
    expect(code(res)).toBe('00000');
    expect(data<{ status: string }>(res).status).toBe('registration_open');
    const log = await t.database.db.select().from(meetingStatusLog).where(eq(meetingStatusLog.meetingId, created.id));
    expect(log.map((l) => [l.fromStatus, l.toStatus, l.reason])).toEqual([['draft', 'registration_open', 'ready']]);
    const ops = await t.database.db
      .select()
      .from(oplog)
      .where(and(eq(oplog.target, String(created.id)), eq(oplog.module, 'meetings')));
    expect(ops.some((o) => o.action.includes('status') && o.code === '00000')).toBe(true);

    const skip = await committee.post(`/api/v1/meetings/${created.id}/status`, { to: 'finished' });
    expect(code(skip)).toBe('A0400');
    const back = await committee.post(`/api/v1/meetings/${created.id}/status`, { to: 'draft' });
    expect(code(back)).toBe('A0400');
    expect(back.json().msg).toContain('only moves forward');
    const same = await committee.post(`/api/v1/meetings/${created.id}/status`, { to: 'registration_open' });
    expect(code(same)).toBe('A0400');
    const [row] = await t.database.db.select().from(meeting).where(eq(meeting.id, created.id));
    expect(row!.status).toBe('registration_open');

    // Admin may skip ahead.
    const adminSkip = await admin.post(`/api/v1/meetings/${created.id}/status`, { to: 'finished' });
    expect(data<{ status: string }>(adminSkip).status).toBe('finished');
    expect(await countOf(t, 'meet_meeting_status_log', `meeting_id = ${created.id}`)).toBe(2);
  });

  it('refuses an unknown status with 400', async () => {
    const res = await admin.post(`/api/v1/meetings/${demoId}/status`, { to: 'bogus' });
    expect(res.statusCode).toBe(400);
  });

  it('closes registration by itself once the window has passed (idempotent)', async () => {
    const created = data<{ id: number }>(await admin.post('/api/v1/meetings', body('auto-close')));
    await admin.post(`/api/v1/meetings/${created.id}/status`, { to: 'registration_open' });
    await t.database.db
      .update(meeting)
      .set({ regClosesAt: new Date(Date.now() - 60_000) })
      .where(eq(meeting.id, created.id));
    const closed = await closeExpiredRegistrations(t.database.db);
    expect(closed).toContain(created.id);
    expect(closed).not.toContain(demoId);
    const [row] = await t.database.db.select().from(meeting).where(eq(meeting.id, created.id));
    expect(row!.status).toBe('registration_closed');
    expect(isRegistrationOpen(row!)).toBe(false);
    const log = await t.database.db.select().from(meetingStatusLog).where(eq(meetingStatusLog.meetingId, created.id));
    expect(log.at(-1)).toMatchObject({
      fromStatus: 'registration_open',
      toStatus: 'registration_closed',
      userId: null,
    });
    // Nothing left to close: the every-30-s check leaves the data version (and the kept public answers) alone.
    const version = t.database.version.value;
    expect(await closeExpiredRegistrations(t.database.db)).toEqual([]);
    expect(t.database.version.value).toBe(version);
    expect(await countOf(t, 'sys_oplog', `action = 'auto-close registration' and target = '${created.id}'`)).toBe(1);
  });

  it('tells whether registration is open at a time', async () => {
    const m = { status: 'registration_open' as const, regOpensAt: day(-1), regClosesAt: day(1) };
    expect(isRegistrationOpen(m)).toBe(true);
    expect(isRegistrationOpen(m, day(2))).toBe(false);
    expect(isRegistrationOpen(m, day(-2))).toBe(false);
    expect(isRegistrationOpen({ ...m, status: 'draft' })).toBe(false);
  });
});

describe('public page', () => {
  it('shows a meeting past draft by its code, without signing in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/meetings/by-code/WRJ2025' });
    expect(res.statusCode).toBe(200);
    const m = data<{ code: string; registrationOpen: boolean; groups: { items: unknown[] }[] }>(res);
    expect(m.code).toBe('wrj2025');
    expect(m.registrationOpen).toBe(true);
    expect(m.groups).toHaveLength(4);
    expect(m.groups[0]!.items.length).toBeGreaterThanOrEqual(6);
  });

  it('hides drafts and unknown codes', async () => {
    await admin.post('/api/v1/meetings', body('still-draft'));
    for (const c of ['still-draft', 'nope-nope']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/meetings/by-code/${c}` });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('seed', () => {
  it('has the demo meeting open with groups, items and four delegations', async () => {
    const [m] = await t.database.db.select().from(meeting).where(eq(meeting.id, demoId));
    expect(m!.status).toBe('registration_open');
    expect(isRegistrationOpen(m!)).toBe(true);
    const mobiles = (await t.database.db.select().from(delegation).where(eq(delegation.meetingId, demoId))).map(
      (d) => d.contactMobile,
    );
    expect(mobiles.sort()).toEqual(['13800000001', '13800000002', '13800000003', '13800000004']);
    expect(await countOf(t, 'meet_group', `meeting_id = ${demoId}`)).toBe(4);
    expect(await countOf(t, 'base_item')).toBeGreaterThanOrEqual(40);
    const fields = await t.database.db.select().from(meetingField).where(eq(meetingField.meetingId, demoId));
    expect(fields.length).toBeGreaterThan(0);
  });
});
