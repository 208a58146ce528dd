import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { delegation, entry, group, groupItem, item } from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import {
  type Client,
  code,
  committeeOfNoMeeting,
  countOf,
  data,
  demoMeetingId,
  insertAthlete,
  useClients,
} from '../meetings/testkit.js';

const t = useTestApp();
let stranger: Client;
let demoId: number;
let targetId: number;

type Grp = { id: number; name: string; version: number; itemCount: number };
const groupBody = (extra: Record<string, unknown> = {}) => ({
  name: 'U14 Boys',
  gender: 'M',
  birthFrom: '2013-01-01',
  birthTo: '2014-12-31',
  ...extra,
});
const itemId = async (c: string) =>
  (await t.database.db.select({ id: item.id }).from(item).where(eq(item.code, c)))[0]!.id;

const { admin, committee } = useClients(t, 'admin', 'committee');

beforeAll(async () => {
  demoId = await demoMeetingId(t);
  stranger = await committeeOfNoMeeting(t, 'committee2');
  targetId = data<{ id: number }>(
    await committee.post('/api/v1/meetings', {
      name: 'Target',
      code: 'target-meet',
      year: 2030,
      startDate: '2030-05-01',
      endDate: '2030-05-02',
      regOpensAt: '2030-01-01T00:00:00Z',
      regClosesAt: '2030-04-01T00:00:00Z',
    }),
  ).id;
});

describe('groups', () => {
  it('lists the groups of a meeting the caller reaches, 404 otherwise', async () => {
    const page = data<{ list: Grp[]; total: number }>(await committee.get(`/api/v1/groups?meetingId=${demoId}`));
    expect(page.total).toBe(4);
    expect(page.list.every((g) => g.itemCount >= 6)).toBe(true);
    expect((await stranger.get(`/api/v1/groups?meetingId=${demoId}`)).statusCode).toBe(404);
    expect((await stranger.post('/api/v1/groups', groupBody({ meetingId: demoId }))).statusCode).toBe(404);
  });

  it('validates the birth range, gender and limits (400, nothing written)', async () => {
    const n = await countOf(t, 'meet_group');
    for (const bad of [
      groupBody({ meetingId: targetId, birthFrom: '2015-01-01', birthTo: '2014-01-01' }),
      groupBody({ meetingId: targetId, gender: 'Q' }),
      groupBody({ meetingId: targetId, maxEventsPerAthlete: -1 }),
      groupBody({ meetingId: targetId, birthTo: '2014-02-30' }),
      groupBody({ meetingId: targetId, name: '' }),
    ]) {
      const res = await committee.post('/api/v1/groups', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(code(res)).toBe('A0400');
    }
    expect(await countOf(t, 'meet_group')).toBe(n);
    const res = await committee.post(
      '/api/v1/groups',
      groupBody({ meetingId: targetId, birthFrom: '2015-01-01', birthTo: '2014-01-01' }),
    );
    expect(res.json().msg).toContain('birthFrom ≤ birthTo');
  });

  it('creates, updates with a version, refuses a duplicate name', async () => {
    const g = data<Grp>(await committee.post('/api/v1/groups', groupBody({ meetingId: targetId, name: 'Open X' })));
    const dup = await committee.post('/api/v1/groups', groupBody({ meetingId: targetId, name: 'Open X' }));
    expect(dup.json().msg).toContain('already has a group named Open X');
    const upd = await committee.put(`/api/v1/groups/${g.id}`, groupBody({ name: 'Open Y', version: g.version }));
    expect(data<Grp>(upd).name).toBe('Open Y');
    expect(code(await committee.put(`/api/v1/groups/${g.id}`, groupBody({ version: g.version })))).toBe('A0409');
    expect(code(await committee.del(`/api/v1/groups/${g.id}`))).toBe('00000');
  });

  it('copies groups with their items and fields, in one go, and refuses a second copy listing the clashes', async () => {
    const [anyGroup] = await t.database.db.select().from(group).where(eq(group.meetingId, demoId));
    const fields = data<{ list: { id: number; target: string }[] }>(await admin.get('/api/v1/fields?target=athlete'));
    await committee.put(`/api/v1/groups/${anyGroup!.id}/fields`, [{ fieldId: fields.list[0]!.id, required: true }]);
    const res = await committee.post('/api/v1/groups/copy', { fromMeetingId: demoId, toMeetingId: targetId });
    expect(code(res)).toBe('00000');
    const result = data<{ groups: number; items: number; fields: number }>(res);
    expect(result.groups).toBe(4);
    expect(result.items).toBe(
      await countOf(t, 'meet_group_item gi join meet_group g on g.id = gi.group_id', `g.meeting_id = ${demoId}`),
    );
    expect(result.fields).toBe(1);
    const copied = data<{ list: Grp[] }>(await committee.get(`/api/v1/groups?meetingId=${targetId}`));
    expect(copied.list.map((g) => g.name).sort()).toEqual(['U16女子组', 'U16男子组', 'U18女子组', 'U18男子组']);
    const copiedItems = data<unknown[]>(await committee.get(`/api/v1/group-items?meetingId=${targetId}`));
    expect(copiedItems).toHaveLength(result.items);

    const before = await countOf(t, 'meet_group');
    const again = await committee.post('/api/v1/groups/copy', { fromMeetingId: demoId, toMeetingId: targetId });
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toContain('U16男子组');
    expect(await countOf(t, 'meet_group')).toBe(before);
    // The other committee user reaches neither meeting.
    const theirs = await stranger.post('/api/v1/groups/copy', { fromMeetingId: demoId, toMeetingId: targetId });
    expect(theirs.statusCode).toBe(404);
  });

  it('refuses to delete a group with registered athletes, saying how many', async () => {
    const [g] = await t.database.db.select().from(group).where(eq(group.meetingId, demoId));
    const [d] = await t.database.db.select().from(delegation).where(eq(delegation.meetingId, demoId));
    for (let i = 0; i < 3; i++) await insertAthlete(t, { meetingId: demoId, delegationId: d!.id, groupId: g!.id });
    const res = await committee.del(`/api/v1/groups/${g!.id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('3 athlete(s) are registered in group');
    expect(await countOf(t, 'meet_group', `id = ${g!.id}`)).toBe(1);
  });
});

describe('group items', () => {
  let groupId: number;
  beforeAll(async () => {
    groupId = data<Grp>(
      await committee.post('/api/v1/groups', groupBody({ meetingId: targetId, name: 'Items test' })),
    ).id;
  });

  it('offers an item once per group, with a clear message', async () => {
    const id100 = await itemId('100');
    const first = await committee.post('/api/v1/group-items', {
      groupId,
      itemId: id100,
      rounds: [{ name: 'heats', qualifyByPlace: 2, qualifyByTime: 2 }, { name: 'final' }],
      scoringTable: [9, 7, 6, 5, 4, 3, 2, 1],
      scheduledAt: '2030-05-01T09:00:00+08:00',
    });
    expect(code(first)).toBe('00000');
    expect(data<{ scheduledAt: string }>(first).scheduledAt).toBe('2030-05-01T01:00:00.000Z');
    const second = await committee.post('/api/v1/group-items', { groupId, itemId: id100 });
    expect(second.statusCode).toBe(400);
    expect(second.json().msg).toContain('already offers item 100');
  });

  it('checks rounds and the scoring table', async () => {
    const id200 = await itemId('200');
    const cases: [Record<string, unknown>, string][] = [
      [{ rounds: [{ name: 'heats', qualifyByPlace: 2 }] }, "last round must be the 'final'"],
      [{ rounds: [{ name: 'final' }, { name: 'final' }] }, 'only the last round'],
      [{ rounds: [{ name: 'heats' }, { name: 'final' }] }, 'needs qualifiers'],
      [{ scoringTable: [5, 7, 3] }, 'must not rise'],
      [{ scoringTable: [0] }, ''],
      [{ scoringTable: [13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1] }, ''],
      [{ maxPerDelegation: -1 }, ''],
    ];
    for (const [extra, msg] of cases) {
      const res = await committee.post('/api/v1/group-items', { groupId, itemId: id200, ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().msg).toContain(msg);
    }
    const okRes = await committee.post('/api/v1/group-items', { groupId, itemId: id200, scoringTable: [] });
    expect(code(okRes)).toBe('00000');
  });

  it('refuses to remove a group item with entries', async () => {
    const [gi] = await t.database.db.select().from(groupItem).where(eq(groupItem.groupId, groupId));
    const [d] = await t.database.db.select().from(delegation).where(eq(delegation.meetingId, demoId));
    const athleteId = await insertAthlete(t, { meetingId: demoId, delegationId: d!.id, groupId });
    await t.database.db
      .insert(entry)
      .values({ meetingId: demoId, delegationId: d!.id, athleteId, groupItemId: gi!.id });
    const res = await committee.del(`/api/v1/group-items/${gi!.id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('1 entries');
  });

  it('exports groups and group items', async () => {
    expect((await committee.get(`/api/v1/groups/export?meetingId=${demoId}`)).statusCode).toBe(200);
    expect((await committee.get(`/api/v1/group-items/export?meetingId=${demoId}`)).statusCode).toBe(200);
  });
});
