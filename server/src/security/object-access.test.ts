import { USER_TYPE } from '@baton/contracts';
import { count, eq, lt } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { delegation, delegationFile, meetingAreaUser, notice, oplog } from '../db/schema/index.js';
import { fileForm, PNG_1PX } from '../modules/account/testkit.js';
import { asDelegation, athleteForm, demoDelegations, demoGroups } from '../modules/apply/testkit.js';
import {
  addMeetingCommittee,
  addUser,
  type Client,
  clientWithToken,
  demoMeetingId,
  meetingBeside,
  multipartFile,
  signIn,
} from '../modules/meetings/testkit.js';
import { signInDelegation, useTestApp } from '../test/app.js';
import { changedTables, databaseDigest } from './digest.js';

/**
 * Object-level access across resources: a caller who guesses the id of a record it does not
 * reach — another delegation's athlete, coach, entry, relay team, document or photo, another
 * meeting's delegation or settings, a notice sent to someone else, another user — is refused
 * (401, 403 or 404) and nothing changes in any table.
 */
const t = useTestApp();
const ids = {
  meeting: 0,
  delegation: 0,
  athlete: 0,
  coach: 0,
  entry: 0,
  relay: 0,
  fileLink: 0,
  docFile: '',
  photoFile: '',
  publicFile: '',
  notice: 0,
  user: 0,
};
let owner: Client;
let ownerToken: string;
const outsiders = new Map<string, Client>();
let manager: Client;
let area: Client;

function created<T = { id: number }>(res: LightMyRequestResponse): T {
  const body = res.json() as { code: string; data: T | null };
  if (body.code !== '00000' || !body.data) throw new Error(`setup: ${res.body}`);
  return body.data;
}

async function upload(c: Client, bytes: Buffer, filename: string): Promise<string> {
  const form = fileForm({ name: filename }, { filename, bytes });
  return created<{ id: string }>(
    await c.raw({ method: 'POST', url: '/api/v1/files', payload: form.payload, headers: form.headers }),
  ).id;
}

beforeAll(async () => {
  const db = t.database.db;
  ids.meeting = await demoMeetingId(t);
  const boys = (await demoGroups(t)).get('U16 Boys')!;
  const [d1, d2] = await demoDelegations(t);
  ids.delegation = d1!.id;
  ownerToken = await signInDelegation(t, d1!.id);
  owner = clientWithToken(t, ownerToken);

  // Delegation 1's registration: an athlete with a photo, a coach, an entry, a relay team, a document.
  ids.photoFile = await upload(owner, PNG_1PX, 'photo.png');
  ids.athlete = created(
    await owner.post('/api/v1/apply/athletes', { ...athleteForm(boys), photoFileId: ids.photoFile }),
  ).id;
  ids.coach = created(await owner.post('/api/v1/apply/coaches', { name: 'Coach', gender: 'M', role: 'coach' })).id;
  ids.entry = created(
    await owner.post('/api/v1/apply/entries', { athleteId: ids.athlete, groupItemId: boys.items.get('100')! }),
  ).id;
  ids.relay = created(
    await owner.post('/api/v1/apply/relays', {
      groupItemId: boys.items.get('4x100')!,
      letter: 'A',
      members: [{ athleteId: ids.athlete, leg: 1 }],
    }),
  ).id;
  const { payload, headers } = multipartFile(Buffer.from('%PDF-1.4\n'), 'doc.pdf');
  ids.fileLink = created(await owner.raw({ method: 'POST', url: '/api/v1/apply/files', payload, headers })).id;
  const [doc] = await db.select().from(delegationFile).where(eq(delegationFile.id, ids.fileLink));
  ids.docFile = doc!.fileId;

  // A file nothing registers (as a notice image is) and a notice for delegation 1's account only.
  const admin = await signIn(t, 'admin');
  manager = await signIn(t, 'committee');
  area = await signIn(t, 'county');
  ids.publicFile = await upload(admin, PNG_1PX, 'notice.png');
  const [ownerRow] = await db.select().from(delegation).where(eq(delegation.id, d1!.id));
  const [n] = await db
    .insert(notice)
    .values({
      title: 'Audit result',
      content: '<p>For delegation 1</p>',
      type: 3,
      level: 'L',
      targetType: 3,
      targetUserIds: [ownerRow!.userId!],
      status: 1,
      publishedAt: new Date(),
    })
    .returning({ id: notice.id });
  ids.notice = n!.id;
  ids.user = await addUser(t, 'object-victim', USER_TYPE.CUSTOMER, 'CUSTOMER');

  // Outsiders: another delegation of the same meeting, a delegation of another meeting, the
  // committee admin of another meeting, an area user of another area, a customer.
  const m2 = await meetingBeside(t, { code: 'object-other' });
  const [farTeam] = await db
    .insert(delegation)
    .values({ meetingId: m2, name: 'Far team', contactMobile: '13900001111' })
    .returning({ id: delegation.id });
  await addMeetingCommittee(t, m2, 'object-committee');
  const sub = await addUser(t, 'object-sub', USER_TYPE.COUNTY_SUB, 'COUNTY_SUB');
  expect(d2!.areaCodeId).not.toBe(d1!.areaCodeId);
  await db.insert(meetingAreaUser).values({ meetingId: ids.meeting, userId: sub, areaCodeId: d2!.areaCodeId! });
  await addUser(t, 'object-customer', USER_TYPE.CUSTOMER, 'CUSTOMER');

  outsiders.set('delegation 2 of the meeting', await asDelegation(t, d2!.id));
  outsiders.set('delegation of another meeting', await asDelegation(t, farTeam!.id));
  outsiders.set('committee of another meeting', await signIn(t, 'object-committee'));
  outsiders.set('area user of another area', await signIn(t, 'object-sub'));
  outsiders.set('customer', await signIn(t, 'object-customer'));
});

/** Every request that names one of delegation 1's (or meeting 1's) records by id, with a valid body. */
function attempts(): [string, (c: Client) => Promise<LightMyRequestResponse>][] {
  const m = ids.meeting;
  const d = ids.delegation;
  return [
    ['GET athlete form', (c) => c.get(`/api/v1/apply/athletes/${ids.athlete}/form`)],
    ['DELETE athlete', (c) => c.del(`/api/v1/apply/athletes/${ids.athlete}`)],
    ['GET coach form', (c) => c.get(`/api/v1/apply/coaches/${ids.coach}/form`)],
    [
      'PUT coach',
      (c) => c.put(`/api/v1/apply/coaches/${ids.coach}`, { name: 'x', gender: 'M', role: 'coach', version: 1 }),
    ],
    ['DELETE coach', (c) => c.del(`/api/v1/apply/coaches/${ids.coach}`)],
    ['PUT entry', (c) => c.put(`/api/v1/apply/entries/${ids.entry}`, { seedMark: '12.00', version: 1 })],
    ['DELETE entry', (c) => c.del(`/api/v1/apply/entries/${ids.entry}`)],
    ['PUT relay', (c) => c.put(`/api/v1/apply/relays/${ids.relay}`, { members: [], version: 1 })],
    ['DELETE relay', (c) => c.del(`/api/v1/apply/relays/${ids.relay}`)],
    ['DELETE delegation file', (c) => c.del(`/api/v1/apply/files/${ids.fileLink}`)],
    ['GET registration summary', (c) => c.get(`/api/v1/apply/summary?delegationId=${d}`)],
    ['GET audit athlete', (c) => c.get(`/api/v1/audit/athletes/${ids.athlete}`)],
    ['GET audit coach', (c) => c.get(`/api/v1/audit/coaches/${ids.coach}`)],
    [
      'POST audit decision',
      (c) =>
        c.post('/api/v1/audit/decisions', { entity: 'athlete', ids: [ids.athlete], decision: 'return', reason: 'x' }),
    ],
    ['GET delegation form', (c) => c.get(`/api/v1/delegations/${d}/form`)],
    ['POST delegation review', (c) => c.post(`/api/v1/delegations/${d}/review`, { decision: 'return', reason: 'x' })],
    ['DELETE delegation', (c) => c.del(`/api/v1/delegations/${d}`)],
    ['GET meeting form', (c) => c.get(`/api/v1/meetings/${m}/form`)],
    ['GET meeting admins', (c) => c.get(`/api/v1/meetings/${m}/admins`)],
    ['PUT meeting admins', (c) => c.put(`/api/v1/meetings/${m}/admins`, { userIds: [] })],
    ['PUT meeting remark', (c) => c.put(`/api/v1/meetings/${m}/remark`, { html: 'x' })],
    ['GET meeting status log', (c) => c.get(`/api/v1/meetings/${m}/status-log`)],
    ['DELETE meeting', (c) => c.del(`/api/v1/meetings/${m}`)],
    ['GET notice detail', (c) => c.get(`/api/v1/notices/${ids.notice}/detail`)],
    ['PUT notice revoke', (c) => c.put(`/api/v1/notices/${ids.notice}/revoke`)],
    ['DELETE notice', (c) => c.del(`/api/v1/notices/${ids.notice}`)],
    ['GET user form', (c) => c.get(`/api/v1/users/${ids.user}/form`)],
    ['PUT user password reset', (c) => c.put(`/api/v1/users/${ids.user}/password/reset?password=Another-123`)],
    ['DELETE user', (c) => c.del(`/api/v1/users/${ids.user}`)],
    ['GET registration document', (c) => c.get(`/api/v1/files/${ids.docFile}`)],
    ['GET athlete photo', (c) => c.get(`/api/v1/files/${ids.photoFile}`)],
  ];
}

const MEETING_VIEWS = new Set(['GET meeting form', 'GET meeting status log']);

/**
 * Tables that record the attempt itself, not the records attempted: sessions, sign-ins,
 * counters, and the operation log (every write attempt lands there, refused ones included; the
 * test checks that none of the new lines is a success).
 */
const VOLATILE = new Set(['auth_session', 'sys_login_log', 'stat_visitor', 'stat_visit_day', 'sys_oplog']);
const successfulWrites = async () =>
  (await t.database.db.select({ n: count() }).from(oplog).where(lt(oplog.status, 400)))[0]!.n;
async function digest() {
  const all = await databaseDigest(t.database.db);
  for (const name of VOLATILE) delete all[name];
  return all;
}

describe('object-level access', () => {
  it('refuses every guessed id of another owner, and changes nothing', async () => {
    const failures: string[] = [];
    const before = await digest();
    const writesBefore = await successfulWrites();
    let calls = 0;
    for (const [who, c] of outsiders) {
      for (const [what, send] of attempts()) {
        // An area user views the meetings it is assigned to (not their other areas' records).
        if (who === 'area user of another area' && MEETING_VIEWS.has(what)) continue;
        const res = await send(c);
        calls += 1;
        if (![403, 404].includes(res.statusCode))
          failures.push(`${who}: ${what} → ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(changedTables(before, await digest())).toEqual([]);
    expect(await successfulWrites()).toBe(writesBefore);
    expect(calls).toBe(outsiders.size * attempts().length - MEETING_VIEWS.size);
  });

  it('serves registration documents and photos to their delegation, its managers and its area user only', async () => {
    for (const fileId of [ids.docFile, ids.photoFile]) {
      const url = `/api/v1/files/${fileId}`;
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await owner.get(url)).statusCode).toBe(200);
      expect((await manager.get(url)).statusCode).toBe(200);
      expect((await area.get(url)).statusCode).toBe(200);
      for (const c of outsiders.values()) expect((await c.get(url)).statusCode).toBe(404);
      // A token in the query is not accepted (it would leak through histories and logs).
      expect((await t.app.inject({ method: 'GET', url: `${url}?token=${ownerToken}` })).statusCode).toBe(401);
    }
  });

  it('keeps files nothing registers (notice images) public, even with a stale token', async () => {
    const url = `/api/v1/files/${ids.publicFile}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `${url}?token=forged` })).statusCode).toBe(200);
    for (const c of outsiders.values()) expect((await c.get(url)).statusCode).toBe(200);
  });

  it('lists, for a delegation account, no other user', async () => {
    const [c] = outsiders.values();
    const res = await c!.get('/api/v1/users/options');
    const list = (res.json() as { data: { value: number }[] }).data;
    expect(list.length).toBeLessThanOrEqual(1);
  });
});
