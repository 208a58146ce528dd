import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { athlete, field } from '../../db/schema/index.js';
import { login, useTestApp } from '../../test/app.js';
import { type Client, clientWithToken, code, data, signIn } from '../meetings/testkit.js';
import { asDelegation, athleteFields, athleteForm, SCHOOL_FIELD, useDemoEntrants } from './testkit.js';

/**
 * Custom field patterns are user input run against other users' input: they run on a
 * linear-time engine (RE2), so a pattern that backtracks catastrophically in a JavaScript
 * RegExp (`^(a|a)*$`: 2^n steps for n characters) cannot stall the server.
 */
const t = useTestApp();
const { boys, dlgIds } = useDemoEntrants(t);
let admin: Client;
let d1: Client;
let d1zh: Client;
let school: { id: number; version: number; pattern: string | null };

beforeAll(async () => {
  admin = await signIn(t, 'admin');
  d1 = await asDelegation(t, dlgIds[0]!);
  d1zh = await asDelegation(t, dlgIds[0]!, 'zh-cn');
  const [row] = await t.database.db.select().from(field).where(eq(field.key, 'school'));
  school = row!;
});

/** The school field's form as stored (its version and pattern). */
const schoolForm = async () =>
  data<{ version: number; pattern: string | null }>(await admin.get(`/api/v1/fields/${school.id}/form`));

/** Save the school field (as seeded) with `pattern`, at `version`. */
const putSchoolPattern = (pattern: string | null, version: number) =>
  admin.put(`/api/v1/fields/${school.id}`, { ...SCHOOL_FIELD, pattern, version });

async function setSchoolPattern(pattern: string | null) {
  const res = await putSchoolPattern(pattern, (await schoolForm()).version);
  expect(code(res), res.body).toBe('00000');
}

describe('field patterns', () => {
  it('a pattern that backtracks exponentially answers at once, and the server keeps serving', async () => {
    await setSchoolPattern('^(a|a)*$');
    // 29 characters: 2^29 steps for a backtracking engine (seconds of a blocked event loop).
    const value = `${'a'.repeat(29)}!`;
    const started = performance.now();
    const res = await d1.post(
      '/api/v1/apply/athletes',
      athleteForm(boys, { fields: { ...athleteFields(), school: value } }),
    );
    const ms = performance.now() - started;
    expect(res.statusCode).toBe(400);
    expect(code(res)).toBe('A0400');
    expect(res.json().msg).toContain('School does not match the required format');
    expect(ms, `answered in ${ms.toFixed(0)} ms`).toBeLessThan(1000);
    // The longest value a text field takes (200 characters) is as quick.
    const longest = await d1.post(
      '/api/v1/apply/athletes',
      athleteForm(boys, { fields: { ...athleteFields(), school: `${'a'.repeat(199)}!` } }),
    );
    expect(code(longest)).toBe('A0400');
    const fine = await d1.post(
      '/api/v1/apply/athletes',
      athleteForm(boys, { fields: { ...athleteFields(), school: 'aaaa' } }),
    );
    expect(code(fine), fine.body).toBe('00000');
    await t.database.db.delete(athlete).where(eq(athlete.id, data<{ id: number }>(fine).id));
    await setSchoolPattern(null);
  });

  it('refuses at save time a pattern the linear engine cannot run (look-around, back-references)', async () => {
    for (const pattern of ['^(?=.*\\d).+$', '^(a)\\1$', '(?<!x)y']) {
      const before = await schoolForm();
      const res = await putSchoolPattern(pattern, before.version);
      expect(res.statusCode, pattern).toBe(400);
      expect(code(res)).toBe('A0400');
      expect(res.json().msg).toMatch(/look-around or back-references/);
      expect(await schoolForm()).toEqual(before);
    }
    const zh = clientWithToken(t, (await login(t, 'admin')).accessToken, 'zh-cn');
    const res = await zh.post('/api/v1/fields', {
      key: 'lookAhead',
      label: 'x',
      kind: 'text',
      target: 'athlete',
      pattern: '(?=a)a',
    });
    expect(code(res)).toBe('A0400');
    expect(res.json().msg).toContain('不支持');
  });

  it('a stored pattern the engine cannot run refuses the value and says the committee must fix the field', async () => {
    // A pattern saved before the engine changed (valid for a JavaScript RegExp, not for RE2).
    await t.database.db.update(field).set({ pattern: '^(?=.*\\d).+$' }).where(eq(field.id, school.id));
    const res = await d1.post(
      '/api/v1/apply/athletes',
      athleteForm(boys, { fields: { ...athleteFields(), school: 'No 1 school' } }),
    );
    expect(code(res)).toBe('A0400');
    expect(res.json().msg).toContain('School: the format rule of this field cannot be applied');
    const zh = await d1zh.post(
      '/api/v1/apply/athletes',
      athleteForm(boys, { fields: { ...athleteFields(), school: '一中1' } }),
    );
    expect(zh.json().msg).toContain('请组委会修改');
    await t.database.db.update(field).set({ pattern: null }).where(eq(field.id, school.id));
  });
});
