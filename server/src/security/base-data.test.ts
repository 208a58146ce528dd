import { and, eq, isNotNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  areaCode,
  customer,
  delegation,
  field,
  group,
  groupItem,
  item,
  meeting,
  meetingAreaUser,
  nature,
  role,
  user,
  userRole,
} from '../db/schema/index.js';
import { SCHOOL_FIELD } from '../modules/apply/testkit.js';
import {
  type Client,
  clientWithToken,
  committeeOfOtherMeeting,
  demoMeetingId,
  multipartFile,
  useClients,
  xlsx,
} from '../modules/meetings/testkit.js';
import { login, useTestApp } from '../test/app.js';
import { changedTables, databaseDigest } from './digest.js';

/**
 * Base data shared by meetings — area codes, custom field definitions, items (events), natures
 * and customers — belongs to the administrators: a committee user administers meetings, not
 * what other meetings stand on. The penetration test's findings: a committee user of meeting 2
 * re-parented an area code (widening a county user's view of meeting 1 to other areas'
 * delegations, contacts and files) and put a pattern on meeting 1's "school" field (making every
 * save of meeting 1 fail); the same user could rename or re-time an event meeting 1's groups
 * offer, change meeting 1's nature and its default fields, and delete a customer meeting 1's
 * delegations come from. All of them, and every other write of that data, are refused with
 * 403 A0301 and change nothing.
 */
const t = useTestApp();
const { admin, committee } = useClients(t, 'admin', 'committee');
let otherCommittee: Client;
let meeting1 = 0;
/** The area code meeting 1's county user is assigned, and another area's code. */
let assigned = 0;
let elsewhere = { id: 0, code: '', name: '', nameEn: '', version: 0 };
let school = { id: 0, version: 0 };
/** An item a group of meeting 1 offers, meeting 1's nature, the customer a delegation of meeting 1 comes from. */
let usedItem: typeof item.$inferSelect;
let usedNature: typeof nature.$inferSelect;
let usedCustomer: typeof customer.$inferSelect;
const LOGS = new Set(['sys_oplog', 'sys_login_log', 'auth_session']);

beforeAll(async () => {
  const db = t.database.db;
  meeting1 = await demoMeetingId(t);
  otherCommittee = await committeeOfOtherMeeting(t, 'base-data-m2', 'committee-m2');

  const [assignment] = await db.select().from(meetingAreaUser).where(eq(meetingAreaUser.meetingId, meeting1));
  assigned = assignment!.areaCodeId;
  // Another area, outside the county user's: moving it under the county's area would show them its delegations.
  const [row] = await db
    .insert(areaCode)
    .values({ code: '990000', name: 'Elsewhere', nameEn: 'Elsewhere', level: 1 })
    .returning();
  elsewhere = row!;
  const [f] = await db.select().from(field).where(eq(field.key, 'school'));
  school = f!;

  const [offered] = await db
    .select({ itemId: groupItem.itemId })
    .from(groupItem)
    .innerJoin(group, eq(group.id, groupItem.groupId))
    .where(eq(group.meetingId, meeting1))
    .limit(1);
  [usedItem] = (await db.select().from(item).where(eq(item.id, offered!.itemId))) as [typeof item.$inferSelect];
  const [m1] = await db.select({ natureId: meeting.natureId }).from(meeting).where(eq(meeting.id, meeting1));
  [usedNature] = (await db.select().from(nature).where(eq(nature.id, m1!.natureId!))) as [typeof nature.$inferSelect];
  const [from] = await db
    .select({ customerId: delegation.customerId })
    .from(delegation)
    .where(and(eq(delegation.meetingId, meeting1), isNotNull(delegation.customerId)))
    .limit(1);
  [usedCustomer] = (await db.select().from(customer).where(eq(customer.id, from!.customerId!))) as [
    typeof customer.$inferSelect,
  ];
});

const refused = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json()).toMatchObject({ code: 'A0301', data: null });
};

const reparent = (c: Client) =>
  c.put(`/api/v1/codes/${elsewhere.id}`, {
    parentId: assigned,
    code: elsewhere.code,
    name: elsewhere.name,
    nameEn: elsewhere.nameEn,
    version: elsewhere.version,
  });
const schoolPattern = (c: Client) =>
  c.put(`/api/v1/fields/${school.id}`, { ...SCHOOL_FIELD, pattern: '^x$', version: school.version });

const retimeItem = (c: Client) =>
  c.put(`/api/v1/items/${usedItem.id}`, {
    code: usedItem.code,
    name: 'Renamed by another meeting',
    kind: usedItem.kind,
    resultFormat: usedItem.resultFormat === 'time' ? 'distance' : 'time',
    windMeasured: usedItem.windMeasured,
    usesLanes: usedItem.usesLanes,
    relayLegs: usedItem.relayLegs,
    version: usedItem.version,
  });
const renameNature = (c: Client) =>
  c.put(`/api/v1/natures/${usedNature.id}`, { name: 'Renamed by another meeting', version: usedNature.version });
const dropNatureFields = (c: Client) => c.put(`/api/v1/natures/${usedNature.id}/fields`, []);
const renameCustomer = (c: Client) =>
  c.put(`/api/v1/customers/${usedCustomer.id}`, {
    name: 'Renamed by another meeting',
    parentId: usedCustomer.parentId,
    version: usedCustomer.version,
  });
/** Every write of items, natures and customers, aimed at the ones meeting 1 uses. */
const otherBaseWrites = (c: Client) => [
  () => retimeItem(c),
  () => c.del(`/api/v1/items/${usedItem.id}`),
  () => c.post('/api/v1/items', { code: 'X99', name: 'New', kind: 'track', resultFormat: 'time' }),
  () => renameNature(c),
  () => dropNatureFields(c),
  () => c.del(`/api/v1/natures/${usedNature.id}`),
  () => c.post('/api/v1/natures', { name: 'New nature' }),
  () => renameCustomer(c),
  () => c.del(`/api/v1/customers/${usedCustomer.id}`),
  () => c.post('/api/v1/customers', { name: 'New customer' }),
];

describe('base data belongs to the administrators', () => {
  it('a committee user of another meeting cannot re-parent an area code, set a pattern on a field, or change the event, nature and customer meeting 1 uses', async () => {
    const before = await databaseDigest(t.database.db, LOGS);
    refused(await reparent(otherCommittee));
    refused(await schoolPattern(otherCommittee));
    // Meeting 1's event, nature (and its default fields) and a customer its delegations come from.
    refused(await retimeItem(otherCommittee));
    refused(await otherCommittee.del(`/api/v1/items/${usedItem.id}`));
    refused(await renameNature(otherCommittee));
    refused(await dropNatureFields(otherCommittee));
    refused(await otherCommittee.del(`/api/v1/natures/${usedNature.id}`));
    refused(await renameCustomer(otherCommittee));
    refused(await otherCommittee.del(`/api/v1/customers/${usedCustomer.id}`));
    expect(changedTables(before, await databaseDigest(t.database.db, LOGS))).toEqual([]);
  });

  it('no committee user writes base data (create, edit, delete, import), the one of meeting 1 included', async () => {
    const before = await databaseDigest(t.database.db, LOGS);
    const book = await xlsx(['Code', 'Name'], [['990001', 'Imported']]);
    for (const c of [otherCommittee, committee]) {
      refused(await reparent(c));
      refused(await schoolPattern(c));
      refused(await c.post('/api/v1/codes', { code: '990002', name: 'New' }));
      refused(await c.del(`/api/v1/codes/${elsewhere.id}`));
      const { payload, headers } = multipartFile(book);
      refused(await c.raw({ method: 'POST', url: '/api/v1/codes/import', payload, headers }));
      refused(await c.post('/api/v1/fields', { key: 'newField', label: 'New', kind: 'text', target: 'athlete' }));
      refused(await c.del(`/api/v1/fields/${school.id}`));
      for (const write of otherBaseWrites(c)) refused(await write());
      // Reading stays open to them: they choose fields, areas, events, natures and customers for their meetings from it.
      expect((await c.get('/api/v1/codes')).statusCode).toBe(200);
      expect((await c.get(`/api/v1/fields/${school.id}/form`)).statusCode).toBe(200);
      expect((await c.get(`/api/v1/items/${usedItem.id}/form`)).statusCode).toBe(200);
      expect((await c.get(`/api/v1/natures/${usedNature.id}/fields`)).statusCode).toBe(200);
      expect((await c.get('/api/v1/customers')).statusCode).toBe(200);
    }
    expect(changedTables(before, await databaseDigest(t.database.db, LOGS))).toEqual([]);
  });

  it('the services refuse too: a committee account given the permissions through a role still cannot', async () => {
    // The seeded committee role no longer holds the write permissions (the route gate refuses
    // first); an installation whose roles still grant them is refused by the service, with a
    // message saying who maintains base data, in the request's language.
    const [adminRole] = await t.database.db.select().from(role).where(eq(role.code, 'ADMIN'));
    const [u] = await t.database.db.select().from(user).where(eq(user.username, 'committee-m2'));
    await t.database.db.insert(userRole).values({ userId: u!.id, roleId: adminRole!.id });
    const before = await databaseDigest(t.database.db, new Set([...LOGS, 'sys_user_role']));
    const en = clientWithToken(t, (await login(t, 'committee-m2')).accessToken, 'en');
    const zh = clientWithToken(t, (await login(t, 'committee-m2')).accessToken, 'zh-cn');
    for (const [c, text] of [
      [en, 'maintained by the administrators'],
      [zh, '系统管理员'],
    ] as const) {
      const answers = [
        await reparent(c),
        await schoolPattern(c),
        await c.post('/api/v1/codes', { code: '990004', name: 'New' }),
        await c.post('/api/v1/fields', { key: 'newField', label: 'New', kind: 'text', target: 'athlete' }),
        await c.del(`/api/v1/fields/${school.id}`),
      ];
      for (const write of otherBaseWrites(c)) answers.push(await write());
      for (const res of answers) {
        refused(res);
        expect(res.json().msg).toContain(text);
      }
    }
    expect(changedTables(before, await databaseDigest(t.database.db, new Set([...LOGS, 'sys_user_role'])))).toEqual([]);
  });

  it('an administrator still can', async () => {
    const res = await admin.post('/api/v1/codes', { code: '990003', name: 'By the administrator' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await admin.del(`/api/v1/codes/${res.json().data.id}`)).statusCode).toBe(200);
    const f = await admin.post('/api/v1/fields', { key: 'adminField', label: 'A', kind: 'text', target: 'athlete' });
    expect(f.statusCode, f.body).toBe(200);
    expect((await admin.del(`/api/v1/fields/${f.json().data.id}`)).statusCode).toBe(200);

    const i = await admin.post('/api/v1/items', {
      code: 'X98',
      name: 'By the administrator',
      kind: 'track',
      resultFormat: 'time',
    });
    expect(i.statusCode, i.body).toBe(200);
    const iv = i.json().data;
    const iu = await admin.put(`/api/v1/items/${iv.id}`, {
      code: 'X98',
      name: 'Edited',
      kind: 'track',
      resultFormat: 'time',
      version: iv.version,
    });
    expect(iu.statusCode, iu.body).toBe(200);
    expect((await admin.del(`/api/v1/items/${iv.id}`)).statusCode).toBe(200);
    const n = await admin.post('/api/v1/natures', { name: 'By the administrator' });
    expect(n.statusCode, n.body).toBe(200);
    const nv = n.json().data;
    expect((await admin.put(`/api/v1/natures/${nv.id}`, { name: 'Edited', version: nv.version })).statusCode).toBe(200);
    const links = await admin.put(`/api/v1/natures/${nv.id}/fields`, [{ fieldId: school.id }]);
    expect(links.statusCode, links.body).toBe(200);
    expect((await admin.del(`/api/v1/natures/${nv.id}`)).statusCode).toBe(200);
    const c = await admin.post('/api/v1/customers', { name: 'By the administrator' });
    expect(c.statusCode, c.body).toBe(200);
    const cv = c.json().data;
    expect((await admin.put(`/api/v1/customers/${cv.id}`, { name: 'Edited', version: cv.version })).statusCode).toBe(
      200,
    );
    expect((await admin.del(`/api/v1/customers/${cv.id}`)).statusCode).toBe(200);
    // And the ones meeting 1 uses: an edit of its event goes through (the administrators own it).
    const edited = await admin.put(`/api/v1/items/${usedItem.id}`, {
      code: usedItem.code,
      name: usedItem.name,
      nameEn: usedItem.nameEn,
      kind: usedItem.kind,
      resultFormat: usedItem.resultFormat,
      windMeasured: usedItem.windMeasured,
      usesLanes: usedItem.usesLanes,
      relayLegs: usedItem.relayLegs,
      sort: usedItem.sort,
      status: usedItem.status,
      version: usedItem.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
  });
});
