import { USER_TYPE } from '@baton/contracts';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  compHeat,
  compRecord,
  compRound,
  compSession,
  compStart,
  delegation,
  delegationFile,
  dict,
  dictData,
  groupItem,
  item,
  meetingAdmin,
  meetingOfficial,
  menu,
  notice,
  role,
  user,
} from '../db/schema/index.js';
import { rowsOf } from '../lib/sql.js';
import { asDelegation, athleteForm, type DemoGroup, demoDelegations, demoGroups } from '../modules/apply/testkit.js';
import {
  addMeetingCommittee,
  addUser,
  demoMeetingId,
  meetingBeside,
  multipartFile,
} from '../modules/meetings/testkit.js';
import { bearer, login, signInDelegation, useTestApp } from '../test/app.js';
import { CALLERS, type Caller, ROUTE_RULES, type Rule } from './route-rules.js';
import { apiRoutes, type RouteKey, routeName } from './routes.js';

/**
 * The authorisation matrix: every /api route of the real app, called as every kind of caller
 * (route-rules.ts), with ids of real records of meeting 1 and its delegation 1. The answer
 * must match the declared rule: an allowed caller passes the gate (any answer but 401, 403,
 * 404 — a 400 for the minimal body still means the gate let it through), any other caller is
 * refused (401 when anonymous, else 403 or a 404 that hides the record).
 */
const t = useTestApp();
let routes: RouteKey[];
const tokens = new Map<Caller, string | null>();
/** Path parameter values by route prefix, filled in setup. */
const ids: Record<string, string | number> = {};
/**
 * Valid bodies for the writes on a record of delegation 1, so the answer shows the record check
 * rather than the body validation (a manager's or the owner's write succeeds or meets a stale
 * version; another delegation's is refused with 404).
 */
const bodies: Record<string, unknown> = {};

/** The data of a successful answer (setup stops with the answer otherwise). */
function created(res: LightMyRequestResponse): number {
  const body = res.json() as { code: string; data: { id: number } | null };
  if (body.code !== '00000' || !body.data) throw new Error(`setup: ${res.body}`);
  return body.data.id;
}

async function one<T>(q: Promise<unknown>): Promise<T> {
  const [row] = await rowsOf<T>(q);
  if (!row) throw new Error('setup: expected a row');
  return row;
}

async function firstId(table: string, where = 'true'): Promise<number> {
  const row = await one<{ id: number }>(
    t.database.db.execute(sql.raw(`select min(id)::int as id from ${table} where ${where}`)),
  );
  if (!row.id) throw new Error(`setup: no row in ${table}`);
  return row.id;
}

/** A meeting beside the demo one (registration open), with `delegations` delegations. */
async function addMeeting(code: string, delegations: number): Promise<{ meetingId: number; delegationIds: number[] }> {
  const db = t.database.db;
  const meetingId = await meetingBeside(t, { code, name: `Matrix ${code}` });
  const delegationIds: number[] = [];
  for (let i = 0; i < delegations; i++) {
    const [d] = await db
      .insert(delegation)
      .values({ meetingId, name: `${code} team ${i}`, contactMobile: `1390000${String(i).padStart(4, '0')}` })
      .returning({ id: delegation.id });
    delegationIds.push(d!.id);
  }
  return { meetingId, delegationIds };
}

beforeAll(async () => {
  const db = t.database.db;
  routes = apiRoutes(t.app);

  const meetingId = await demoMeetingId(t);
  const groups = await demoGroups(t);
  const boys = groups.get('U16 Boys')!;
  const girls = groups.get('U16 Girls')!;
  const [d1] = await demoDelegations(t);
  const owner = await asDelegation(t, d1!.id);
  const other = await addMeeting('matrix-other', 1);
  const spare = await addMeeting('matrix-spare', 0);
  const [spareDelegation] = await db
    .insert(delegation)
    .values({ meetingId, name: 'Matrix spare team', contactMobile: '13900009999' })
    .returning({ id: delegation.id });

  // Registration records of delegation 1: the ones the matrix reads and writes, and spares it deletes.
  const athleteId = created(await owner.post('/api/v1/apply/athletes', athleteForm(boys)));
  const spareAthlete = created(await owner.post('/api/v1/apply/athletes', athleteForm(boys)));
  const coach = async (name: string) =>
    created(await owner.post('/api/v1/apply/coaches', { name, gender: 'M', role: 'coach' }));
  const entry = async (item: string) =>
    created(await owner.post('/api/v1/apply/entries', { athleteId, groupItemId: boys.items.get(item)! }));
  const relay = async (g: DemoGroup, letter: string) =>
    created(
      await owner.post('/api/v1/apply/relays', {
        groupItemId: g.items.get('4x100')!,
        letter,
        // One relay per athlete and one team per race and delegation (the meeting's limits).
        members: [{ athleteId: created(await owner.post('/api/v1/apply/athletes', athleteForm(g))), leg: 1 }],
      }),
    );
  const file = async () => {
    const { payload, headers } = multipartFile(Buffer.from('%PDF-1.4\n'), 'a.pdf');
    return created(await owner.raw({ method: 'POST', url: '/api/v1/apply/files', payload, headers }));
  };
  const fileLink = await file();
  const [doc] = await db.select().from(delegationFile).where(eq(delegationFile.id, fileLink));

  bodies['PUT /api/v1/apply/athletes/:id'] = { ...athleteForm(boys), version: 1 };
  bodies['PUT /api/v1/apply/coaches/:id'] = { name: 'Matrix coach', gender: 'M', role: 'coach', version: 1 };
  bodies['PUT /api/v1/apply/entries/:id'] = { seedMark: '12.00', version: 1 };
  bodies['PUT /api/v1/apply/relays/:id'] = { members: [], version: 1 };
  // The call room's writes, with valid bodies: the answer shows the meeting check, not the validation.
  bodies['PUT /api/v1/competition/meetings/:id/call-room'] = { leadMinutes: 30 };
  bodies['PUT /api/v1/competition/starts/:id/check-in'] = { state: 'present' };
  bodies['POST /api/v1/competition/heats/:id/check-in'] = { code: '1' };
  bodies['POST /api/v1/competition/rounds/:id/check-in'] = { code: '1' };
  bodies['PUT /api/v1/competition/rounds/:id/call-room/entries'] = { entryId: 1, state: 'present' };
  bodies['POST /api/v1/competition/rounds/:id/call-room/scan'] = { code: '1' };

  const victim = await addUser(t, 'matrix-victim', USER_TYPE.CUSTOMER, 'CUSTOMER');
  const spareUser = await addUser(t, 'matrix-spare', USER_TYPE.CUSTOMER, 'CUSTOMER');
  const referee = await addUser(t, 'matrix-referee', USER_TYPE.REFEREE, 'REFEREE');
  await db.insert(meetingOfficial).values({ meetingId, userId: referee });
  // The call-room official of meeting 1: that duty only (competition/access.ts).
  const callRoom = await addUser(t, 'matrix-call-room', USER_TYPE.REFEREE, 'CALL_ROOM');
  await db.insert(meetingOfficial).values({ meetingId, userId: callRoom, duty: 'call-room' });
  await addUser(t, 'matrix-customer', USER_TYPE.CUSTOMER, 'CUSTOMER');
  await addUser(t, 'matrix-sub', USER_TYPE.COUNTY_SUB, 'COUNTY_SUB');
  // A committee user who administers another meeting (and none of meeting 1's records).
  await addMeetingCommittee(t, other.meetingId, 'matrix-committee-2');
  const [committee] = await db.select().from(user).where(eq(user.username, 'committee'));
  const administered = await db.select().from(meetingAdmin).where(eq(meetingAdmin.userId, committee!.id));
  expect(administered.map((a) => a.meetingId)).toEqual([meetingId]);

  // Competition records of meeting 1: a session, the 100 m round with one heat and its start row, a record.
  const entryOf100 = await entry('100');
  const session = async (name: string) =>
    (
      await db
        .insert(compSession)
        .values({ meetingId, name, day: '2030-01-01', startsAt: new Date('2030-01-01T01:00:00Z') })
        .returning({ id: compSession.id })
    )[0]!.id;
  const [round] = await db
    .insert(compRound)
    .values({ meetingId, groupItemId: boys.items.get('100')!, index: 0, name: 'heats' })
    .returning({ id: compRound.id });
  const [heat] = await db
    .insert(compHeat)
    .values({ meetingId, roundId: round!.id, number: 1 })
    .returning({ id: compHeat.id });
  const [start] = await db
    .insert(compStart)
    .values({
      meetingId,
      roundId: round!.id,
      heatId: heat!.id,
      entryId: entryOf100,
      athleteId,
      delegationId: d1!.id,
      lane: 4,
      position: 1,
    })
    .returning({ id: compStart.id });
  const [record] = await db
    .insert(compRecord)
    .values({ meetingId, groupItemId: boys.items.get('100')!, mark: '11.20', value: 11.2, holder: 'Matrix' })
    .returning({ id: compRecord.id });
  Object.assign(ids, {
    'competition/sessions': await session('Matrix session'),
    'DELETE competition/sessions': await session('Matrix spare session'),
    'competition/rounds': round!.id,
    'competition/heats': heat!.id,
    'competition/starts': start!.id,
    'competition/records': record!.id,
    'competition/events': boys.items.get('100')!,
    // The combined standing reads a combined event: a heptathlon offered to the girls.
    'GET competition/events': (
      await db
        .insert(groupItem)
        .values({ groupId: girls.id, itemId: (await db.select().from(item).where(eq(item.code, 'HEP')))[0]!.id })
        .returning({ id: groupItem.id })
    )[0]!.id,
    'competition/meetings': meetingId,
    'public/competition': meetingId,
  });

  Object.assign(ids, {
    'apply/athletes': athleteId,
    'DELETE apply/athletes': spareAthlete,
    'apply/coaches': await coach('Matrix coach'),
    'DELETE apply/coaches': await coach('Matrix spare coach'),
    'apply/entries': entryOf100,
    'DELETE apply/entries': await entry('200'),
    'apply/relays': await relay(boys, 'A'),
    'DELETE apply/relays': await relay(girls, 'A'),
    'DELETE apply/files': await file(),
    'audit/athletes': athleteId,
    'audit/coaches': await firstId('reg_coach'),
    files: doc!.fileId,
    users: victim,
    'DELETE users': spareUser,
    meetings: meetingId,
    'DELETE meetings': spare.meetingId,
    'meetings/by-code': 'wrj2025',
    'public/meetings': meetingId,
    delegations: d1!.id,
    'DELETE delegations': spareDelegation!.id,
    roles: (await db.select().from(role).where(eq(role.code, 'REFEREE')))[0]!.id,
    dept: await firstId('sys_dept'),
    dict: await firstId('sys_dict'),
    'dict-data': await firstId('sys_dict_data'),
    config: await firstId('sys_config'),
    codes: await firstId('base_area_code'),
    customers: await firstId('base_customer'),
    menus: await firstId('sys_menu'),
    natures: await firstId('meet_nature'),
    items: await firstId('base_item'),
    fields: await firstId('base_field'),
    groups: await firstId('meet_group', `meeting_id = ${meetingId}`),
    'group-items': await firstId('meet_group_item'),
    'logs/operation': await firstId('sys_oplog'),
    // An export job no one started: allowed callers hear 410 (gone), the others are refused first.
    'logs/login/export/jobs': 'no-such-job',
    'logs/operation/export/jobs': 'no-such-job',
    'codegen/tables': 'sys_user',
  });
  // Throwaway rows for the deletions of system tables (deleting a seeded menu would take
  // permissions away from the callers of the routes after it).
  const [spareMenu] = await db
    .insert(menu)
    .values({ type: 'B', title: 'Matrix button', perm: 'matrix:spare' })
    .returning({ id: menu.id });
  const [spareDict] = await db
    .insert(dict)
    .values({ dictCode: 'matrix_spare', name: 'Matrix' })
    .returning({ id: dict.id });
  const [keptDict] = await db
    .insert(dict)
    .values({ dictCode: 'matrix_kept', name: 'Matrix kept' })
    .returning({ id: dict.id });
  const [spareData] = await db
    .insert(dictData)
    .values({ dictId: keptDict!.id, value: 'x', label: 'x' })
    .returning({ id: dictData.id });
  Object.assign(ids, {
    'DELETE menus': spareMenu!.id,
    'DELETE dict': spareDict!.id,
    'DELETE dict-data': spareData!.id,
  });

  // A published notice for delegation 1's account only (as an audit result is).
  const [owned] = await db.select().from(delegation).where(eq(delegation.id, d1!.id));
  const [n] = await db
    .insert(notice)
    .values({
      title: 'Matrix notice',
      content: '<p>For delegation 1</p>',
      type: 3,
      level: 'L',
      targetType: 3,
      targetUserIds: [owned!.userId!],
      status: 1,
      publishedAt: new Date(),
    })
    .returning({ id: notice.id });
  ids.notices = n!.id;

  tokens.set('anonymous', null);
  for (const [caller, username] of [
    ['root', 'root'],
    ['admin', 'admin'],
    ['committee', 'committee'],
    ['otherCommittee', 'matrix-committee-2'],
    ['county', 'county'],
    ['referee', 'matrix-referee'],
    ['callRoom', 'matrix-call-room'],
    ['customer', 'matrix-customer'],
    ['countySub', 'matrix-sub'],
  ] as const) {
    tokens.set(caller, (await login(t, username)).accessToken);
  }
  tokens.set('delegation', await signInDelegation(t, d1!.id));
  tokens.set('otherDelegation', await signInDelegation(t, other.delegationIds[0]!));
});

/** The route's path with its parameters filled: the most specific `[METHOD ]prefix` known wins. */
function urlOf(r: RouteKey): string {
  const rest = r.path.replace(/^\/api\/v\d\//, '');
  const prefix = rest.split('/:')[0]!;
  const candidates = [`${r.method} ${prefix}`, prefix];
  // `logs/operation/:id` and `meetings/by-code/:code`: the prefix is the part before the parameter.
  const value = candidates.map((k) => ids[k]).find((v) => v !== undefined);
  const path = r.path.replace(/:[A-Za-z]+/g, () => {
    if (value === undefined) throw new Error(`no id for ${routeName(r)} (add one to the setup)`);
    return encodeURIComponent(String(value));
  });
  // Registration reads name delegation 1 (a manager must, a delegation account may).
  return r.method === 'GET' && rest.startsWith('apply/') ? `${path}?delegationId=${ids.delegations}` : path;
}

function allows(rule: Rule, caller: Caller): boolean {
  if (rule === 'public') return true;
  if (rule === 'own-credential' || rule === 'websocket') return false;
  if (rule === 'signed-in') return caller !== 'anonymous';
  return rule.includes(caller);
}

const refused = (res: LightMyRequestResponse) => [401, 403, 404].includes(res.statusCode);

/** A route's module for the matrix: `competition/startlists`-like areas keep their second segment. */
function moduleOf(path: string): string {
  const [first, second] = path
    .replace(/^\/api\/v\d\//, '')
    .replace(/^\//, '')
    .split('/');
  if (first !== 'competition' && first !== 'public') return first!;
  return second && !second.startsWith(':') ? `${first}/${second}` : first;
}
/** The modules of the declared rules (a route without one fails the first test), `auth` last. */
const MODULES = [...new Set(Object.keys(ROUTE_RULES).map((k) => moduleOf(k.split(' ')[1]!)))].sort(
  (a, b) => Number(a === 'auth') - Number(b === 'auth') || a.localeCompare(b),
);

/** Reads first, then writes, then deletions (signing out last of all: it ends the caller's session). */
function order(r: RouteKey): number {
  if (r.path === '/api/v1/auth/logout') return 4;
  return { GET: 0, POST: 1, PUT: 1, PATCH: 1, DELETE: 3 }[r.method] ?? 2;
}

describe('authorisation matrix', () => {
  it('declares a rule for every route, and no rule for a route that is gone', () => {
    const names = new Set(routes.map(routeName));
    expect(routes.length).toBeGreaterThan(100);
    expect(
      [...names].filter((n) => !(n in ROUTE_RULES)),
      "routes without a rule in their module's route-rules.ts",
    ).toEqual([]);
    expect(
      Object.keys(ROUTE_RULES).filter((n) => !names.has(n)),
      'rules for routes that do not exist',
    ).toEqual([]);
  });

  // One test per module (the path's first segment; competition and public split by area), so a
  // failure names its module; reads before writes within each, and `auth` (signing out) last.
  it.each(MODULES)(
    'answers every %s route as its rule says, for every caller',
    async (module) => {
      const failures: string[] = [];
      const sorted = routes.filter((r) => moduleOf(r.path) === module).sort((a, b) => order(a) - order(b));
      for (const r of sorted) {
        const rule = ROUTE_RULES[routeName(r)];
        const url = urlOf(r);
        let deleted = false;
        const observed: Caller[] = [];
        // Callers refused first: a deletion by an allowed caller removes the record the others aim at.
        const callers = [...CALLERS].sort(
          (a, b) => Number(rule ? allows(rule, a) : 0) - Number(rule ? allows(rule, b) : 0),
        );
        for (const caller of callers) {
          const token = tokens.get(caller);
          const res = await t.app.inject({
            method: r.method as 'GET',
            url,
            headers: { ...(token ? bearer(token) : {}), 'accept-language': 'en' },
            ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: bodies[routeName(r)] ?? {} }),
          });
          if (!refused(res)) observed.push(caller);
          if (!rule) continue;
          const expected = allows(rule, caller);
          if (expected && refused(res)) {
            // A second deletion of the same record finds it gone: that caller passed the gate too.
            if (!(r.method === 'DELETE' && deleted && res.statusCode === 404)) {
              failures.push(`${routeName(r)} as ${caller}: refused (${res.statusCode} ${res.body.slice(0, 120)})`);
            }
          } else if (!expected && !refused(res)) {
            failures.push(`${routeName(r)} as ${caller}: allowed (${res.statusCode}) but the rule refuses it`);
          } else if (!expected && rule === 'websocket') {
            if (res.statusCode !== 404) failures.push(`${routeName(r)} as ${caller}: ${res.statusCode}, expected 404`);
          } else if (!expected && (caller === 'anonymous' || rule === 'own-credential') && res.statusCode !== 401) {
            failures.push(`${routeName(r)} as ${caller}: ${res.statusCode}, expected 401`);
          }
          if (r.method === 'DELETE' && res.statusCode < 300) deleted = true;
        }
        if (!rule) failures.push(`${routeName(r)}: no rule (observed: [${observed.map((c) => `'${c}'`).join(', ')}])`);
      }
      expect(failures).toEqual([]);
    },
    120_000,
  );
});
