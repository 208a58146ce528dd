import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../test/app.js';
import { type Client, code, data, multipartFile, xlsx } from '../meetings/testkit.js';
import {
  asDelegation,
  athleteForm,
  count,
  type DemoGroup,
  demoDelegations,
  demoGroups,
  idNumberAt,
  setMeeting,
} from './testkit.js';

/**
 * The cost of the registration writes (issue 7): a `POST /apply/entries` runs a fixed, small
 * number of statements (the delegation's lock with its meeting, the rule inputs in one read,
 * the entry and its history in one write), and an import runs a number of statements that does
 * not grow with its rows up to the batch size (all rows checked in memory against one read,
 * then one statement per batch of athletes with their history). The counts include the request's own statements outside the service
 * (the session and user of the bearer token, the operation log).
 */
let t: TestApp;
let boys: DemoGroup;
let girls: DemoGroup;
let dlgIds: number[];
let d1: Client;

beforeAll(async () => {
  t = await makeTestApp();
  const groups = await demoGroups(t);
  boys = groups.get('U16 Boys')!;
  girls = groups.get('U16 Girls')!;
  dlgIds = (await demoDelegations(t)).map((d) => d.id);
  d1 = await asDelegation(t, dlgIds[0]!);
  await setMeeting(t, { maxAthletes: null });
});
afterAll(async () => {
  await t.close();
});

/** Statements the database layer saw while `work` ran. */
async function statementsOf<T>(work: () => Promise<T>): Promise<{ n: number; result: T }> {
  const before = t.database.stats.statements;
  const result = await work();
  return { n: t.database.stats.statements - before, result };
}

const HEADERS = ['姓名', '证件号码', '组别', '学校', '紧急联系人', '紧急联系电话'];
let serial = 0;
/** `n` rows of new athletes (boys and girls in turn, the group left to be found); every `badEvery`-th row a wrong check digit. */
function sheetRows(n: number, badEvery = 0): string[][] {
  return Array.from({ length: n }, (_, i) => {
    const g = i % 2 ? girls : boys;
    serial += 1;
    let id = idNumberAt(g, serial);
    if (badEvery && i % badEvery === badEvery - 1) id = `${id.slice(0, 17)}${id.endsWith('0') ? '1' : '0'}`;
    return [`导入${serial}`, id, '', '瑞安中学', '家长', '13900001111'];
  });
}

const upload = async (file: Buffer) =>
  d1.raw({ method: 'POST', url: '/api/v1/apply/athletes/import?mode=valid-only', ...multipartFile(file) });

describe('statements per registration write', () => {
  it('POST /apply/entries runs a fixed number of statements, accepted or refused', async () => {
    const athletes: number[] = [];
    for (let i = 0; i < 4; i++) {
      athletes.push(data<{ id: number }>(await d1.post('/api/v1/apply/athletes', athleteForm(boys))).id);
    }
    const items = ['100', '200', 'LJ'].map((c) => boys.items.get(c)!);
    const accepted: number[] = [];
    for (const [i, athleteId] of athletes.slice(0, 3).entries()) {
      const { n, result } = await statementsOf(() =>
        d1.post('/api/v1/apply/entries', { athleteId, groupItemId: items[i]!, seedMark: '12.50' }),
      );
      expect(code(result)).toBe('00000');
      accepted.push(n);
    }
    expect(new Set(accepted).size).toBe(1);
    // The token's session and user, begin, the lock with the meeting, the rule inputs, the entry
    // with its history, commit, the operation log (PGlite does not count begin and commit). It
    // was 15 on PGlite before issue 7.
    expect(accepted[0]).toBeLessThanOrEqual(t.database.kind === 'pglite' ? 6 : 8);

    // A refused entry (the athlete's event limit of 2) costs no more than an accepted one.
    await d1.post('/api/v1/apply/entries', { athleteId: athletes[0]!, groupItemId: items[1]! });
    const refused = await statementsOf(() =>
      d1.post('/api/v1/apply/entries', { athleteId: athletes[0]!, groupItemId: items[2]! }),
    );
    expect(code(refused.result)).toBe('A0462');
    expect(refused.n).toBeLessThanOrEqual(accepted[0]!);
  });

  it('an import runs the same number of statements for 20 rows as for 400 (one batch)', async () => {
    const small = await statementsOf(() => xlsx(HEADERS, sheetRows(20, 10)).then(upload));
    expect(data<{ imported: number; invalid: number }>(small.result)).toMatchObject({ imported: 18, invalid: 2 });
    const large = await statementsOf(() => xlsx(HEADERS, sheetRows(400, 10)).then(upload));
    expect(data<{ imported: number; invalid: number }>(large.result)).toMatchObject({ imported: 360, invalid: 40 });
    expect(large.n).toBe(small.n);
    // Session, user, (begin), lock, forms (4), the count with the people taken, the athletes with
    // their history, (commit), operation log. It was 116 for 20 rows and 2,168 for 400 on PGlite before issue 7.
    expect(small.n).toBeLessThanOrEqual(t.database.kind === 'pglite' ? 9 : 11);
    expect(await count(t, 'reg_athlete', `delegation_id = ${dlgIds[0]}`)).toBe(4 + 18 + 360);
    expect(await count(t, 'reg_record_history', `entity = 'athlete'`)).toBe(4 + 18 + 360);
  });

  it('a larger import adds only its batches (500 rows each)', async () => {
    const one = await statementsOf(() => xlsx(HEADERS, sheetRows(10)).then(upload));
    const three = await statementsOf(() => xlsx(HEADERS, sheetRows(1_100)).then(upload));
    expect(data<{ imported: number; errors: unknown[] }>(three.result)).toMatchObject({ imported: 1_100, errors: [] });
    // Two more batches, each one statement (the athletes with their history).
    expect(three.n - one.n).toBe(2);
  });
});
