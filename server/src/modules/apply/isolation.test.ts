import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { type Client, code, committeeOfNoMeeting, data, multipartFile, signIn, xlsx } from '../meetings/testkit.js';
import { asDelegation, athleteForm, type DemoGroup, demoDelegations, demoGroups } from './testkit.js';

/**
 * Rule 2: a delegation reaches its own records only. Every route that takes an id (or a
 * delegationId), called by another delegation or by a committee user of another meeting,
 * answers 404 (403 for an area user who only views the meeting) and changes nothing.
 */
const t = useTestApp();
let boys: DemoGroup;
let dlgIds: number[];
let owner: Client;
let other: Client;
const ids = { athlete: 0, coach: 0, entry: 0, relay: 0, file: 0, version: 1 };

/** Everything registration holds, to compare before and after the attempts. */
async function snapshot(): Promise<string> {
  const res = (await t.database.db.execute(
    sql.raw(`select json_build_object(
      'athletes', (select json_agg(a order by a.id) from reg_athlete a),
      'coaches', (select json_agg(c order by c.id) from reg_coach c),
      'entries', (select json_agg(e order by e.id) from reg_entry e),
      'relays', (select json_agg(r order by r.id) from reg_relay_team r),
      'members', (select json_agg(m order by m.relay_team_id, m.athlete_id) from reg_relay_member m),
      'files', (select json_agg(f order by f.id) from reg_delegation_file f),
      'history', (select count(*) from reg_record_history),
      'delegations', (select json_agg(d order by d.id) from meet_delegation d)) as s`),
  )) as unknown as { rows: { s: unknown }[] };
  return JSON.stringify(res.rows[0]!.s);
}

beforeAll(async () => {
  boys = (await demoGroups(t)).get('U16 Boys')!;
  dlgIds = (await demoDelegations(t)).map((d) => d.id);
  owner = await asDelegation(t, dlgIds[0]!);
  other = await asDelegation(t, dlgIds[1]!);
  const a = data<{ id: number; version: number }>(await owner.post('/api/v1/apply/athletes', athleteForm(boys)));
  ids.athlete = a.id;
  ids.version = a.version;
  ids.coach = data<{ id: number }>(
    await owner.post('/api/v1/apply/coaches', { name: '孙教练', gender: 'M', role: 'coach' }),
  ).id;
  ids.entry = data<{ id: number }>(
    await owner.post('/api/v1/apply/entries', { athleteId: a.id, groupItemId: boys.items.get('100')! }),
  ).id;
  ids.relay = data<{ id: number }>(
    await owner.post('/api/v1/apply/relays', {
      groupItemId: boys.items.get('4x100')!,
      letter: 'A',
      members: [{ athleteId: a.id, leg: 1 }],
    }),
  ).id;
  const { payload, headers } = multipartFile(Buffer.from('%PDF-1.4\n'), 'a.pdf');
  ids.file = data<{ id: number }>(await owner.raw({ method: 'POST', url: '/api/v1/apply/files', payload, headers })).id;
  expect(Object.values(ids).every((v) => v > 0)).toBe(true);
});

/** Every id-taking (and delegation-naming) request, with the ids of the first delegation's records. */
async function attempts(c: Client) {
  const form = { ...athleteForm(boys), version: ids.version };
  const d = dlgIds[0];
  const sheet = await xlsx(['姓名', '证件号码'], [['某某', athleteForm(boys).idNumber]]);
  const imp = multipartFile(sheet);
  return {
    'GET athlete form': await c.get(`/api/v1/apply/athletes/${ids.athlete}/form`),
    'PUT athlete': await c.put(`/api/v1/apply/athletes/${ids.athlete}`, form),
    'DELETE athlete': await c.del(`/api/v1/apply/athletes/${ids.athlete}`),
    'GET coach form': await c.get(`/api/v1/apply/coaches/${ids.coach}/form`),
    'PUT coach': await c.put(`/api/v1/apply/coaches/${ids.coach}`, {
      name: 'x',
      gender: 'M',
      role: 'coach',
      version: 1,
    }),
    'DELETE coach': await c.del(`/api/v1/apply/coaches/${ids.coach}`),
    'POST entry for their athlete': await c.post('/api/v1/apply/entries', {
      athleteId: ids.athlete,
      groupItemId: boys.items.get('200')!,
    }),
    'PUT entry': await c.put(`/api/v1/apply/entries/${ids.entry}`, { seedMark: '12.00', version: 1 }),
    'DELETE entry': await c.del(`/api/v1/apply/entries/${ids.entry}`),
    'POST relay with their athlete': await c.post('/api/v1/apply/relays', {
      groupItemId: boys.items.get('4x100')!,
      letter: 'B',
      members: [{ athleteId: ids.athlete, leg: 2 }],
      ...(c === other ? {} : { delegationId: dlgIds[1] }),
    }),
    'PUT relay': await c.put(`/api/v1/apply/relays/${ids.relay}`, { members: [], version: 1 }),
    'DELETE relay': await c.del(`/api/v1/apply/relays/${ids.relay}`),
    'DELETE file': await c.del(`/api/v1/apply/files/${ids.file}`),
    'DELETE mixed ids': await c.del(`/api/v1/apply/athletes/${ids.athlete},999999`),
    'GET context ?delegationId': await c.get(`/api/v1/apply/context?delegationId=${d}`),
    'GET athletes ?delegationId': await c.get(`/api/v1/apply/athletes/page?delegationId=${d}`),
    'GET coaches ?delegationId': await c.get(`/api/v1/apply/coaches/page?delegationId=${d}`),
    'GET items ?delegationId': await c.get(`/api/v1/apply/items?delegationId=${d}`),
    'GET files ?delegationId': await c.get(`/api/v1/apply/files?delegationId=${d}`),
    'GET summary ?delegationId': await c.get(`/api/v1/apply/summary?delegationId=${d}`),
    'GET template ?delegationId': await c.get(`/api/v1/apply/athletes/template?delegationId=${d}`),
    'POST athlete delegationId': await c.post('/api/v1/apply/athletes', { ...athleteForm(boys), delegationId: d }),
    'POST coach delegationId': await c.post('/api/v1/apply/coaches', {
      name: 'x',
      gender: 'M',
      role: 'coach',
      delegationId: d,
    }),
    'POST entry delegationId': await c.post('/api/v1/apply/entries', {
      athleteId: ids.athlete,
      groupItemId: boys.items.get('200')!,
      delegationId: d,
    }),
    'POST relay delegationId': await c.post('/api/v1/apply/relays', {
      groupItemId: boys.items.get('4x100')!,
      letter: 'C',
      members: [],
      delegationId: d,
    }),
    'PUT delegation delegationId': await c.put('/api/v1/apply/delegation', {
      delegationId: d,
      leaderName: 'x',
      version: 1,
    }),
    'POST submit delegationId': await c.post('/api/v1/apply/submit', { delegationId: d }),
    'POST import delegationId': await c.raw({
      method: 'POST',
      url: `/api/v1/apply/athletes/import?delegationId=${d}`,
      ...imp,
    }),
  };
}

describe('another delegation reaches nothing of a delegation', () => {
  it('answers 404 to every id of another delegation and changes nothing', async () => {
    const before = await snapshot();
    const results = await attempts(other);
    for (const [what, res] of Object.entries(results)) {
      expect({ what, status: res.statusCode, code: code(res) }).toEqual({ what, status: 404, code: 'A0404' });
    }
    expect(await snapshot()).toBe(before);
  });

  it('a committee user of another meeting gets 404, an area user of the meeting 403, and nothing changes', async () => {
    const stranger = await committeeOfNoMeeting(t, 'committee9');
    const before = await snapshot();
    for (const [what, res] of Object.entries(await attempts(stranger))) {
      expect({ what, status: res.statusCode }).toEqual({ what, status: 404 });
    }
    const county = await signIn(t, 'county');
    for (const [what, res] of Object.entries(await attempts(county))) {
      // The county account holds no apply or delegation permission: the route refuses it.
      expect({ what, status: res.statusCode }).toEqual({ what, status: 403 });
    }
    expect(await snapshot()).toBe(before);
  });

  it('the owner still reaches all of them', async () => {
    expect(code(await owner.get(`/api/v1/apply/athletes/${ids.athlete}/form`))).toBe('00000');
    expect(code(await owner.get(`/api/v1/apply/coaches/${ids.coach}/form`))).toBe('00000');
    const items = data<{ entries: { id: number }[]; relays: { id: number }[] }>(await owner.get('/api/v1/apply/items'));
    expect(items.entries.map((e) => e.id)).toContain(ids.entry);
    expect(items.relays.map((r) => r.id)).toContain(ids.relay);
    const files = data<{ id: number }[]>(await owner.get('/api/v1/apply/files'));
    expect(files.map((f) => f.id)).toContain(ids.file);
  });
});
