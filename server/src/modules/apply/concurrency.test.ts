import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { delegation, groupItem } from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import { code, data } from '../meetings/testkit.js';
import { asDelegation, athleteForm, count, demoDelegations, setMeeting, useDemoEntrants } from './testkit.js';

/** Limits hold under bursts of parallel requests (DOMAIN.md "Registration" 4 and 5). */
const t = useTestApp();
const { boys, girls, dlgIds } = useDemoEntrants(t);

describe('parallel requests never pass a limit', () => {
  it('50 parallel entries against a per-delegation limit of 3 leave exactly 3', async () => {
    await setMeeting(t, { maxAthletes: null });
    const d1 = await asDelegation(t, dlgIds[0]!);
    const item = boys.items.get('100')!;
    await t.database.db.update(groupItem).set({ maxPerDelegation: 3 }).where(eq(groupItem.id, item));
    const athletes: number[] = [];
    for (let i = 0; i < 50; i++) {
      const res = await d1.post('/api/v1/apply/athletes', athleteForm(boys));
      expect(code(res)).toBe('00000');
      athletes.push(data<{ id: number }>(res).id);
    }
    const results = await Promise.all(
      athletes.map((athleteId) => d1.post('/api/v1/apply/entries', { athleteId, groupItemId: item })),
    );
    const codes = results.map(code);
    expect(codes.filter((c) => c === '00000')).toHaveLength(3);
    expect(codes.filter((c) => c === 'A0462')).toHaveLength(47);
    expect(await count(t, 'reg_entry', `group_item_id = ${item} and delegation_id = ${dlgIds[0]}`)).toBe(3);
    expect(results.find((r) => code(r) === 'A0462')!.json().msg).toContain('at most 3 athletes in 100 m');
  });

  it('50 parallel athletes against maxAthletes of 10 leave exactly 10', async () => {
    await setMeeting(t, { maxAthletes: 10 });
    const d2 = await asDelegation(t, dlgIds[1]!);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => d2.post('/api/v1/apply/athletes', athleteForm(girls))),
    );
    const codes = results.map(code);
    expect(codes.filter((c) => c === '00000')).toHaveLength(10);
    expect(codes.filter((c) => c === 'A0462')).toHaveLength(40);
    expect(await count(t, 'reg_athlete', `delegation_id = ${dlgIds[1]}`)).toBe(10);
    await setMeeting(t, { maxAthletes: 60 });
  });

  it('the same person from two delegations at once: exactly one wins, the other is not told who', async () => {
    const d3 = await asDelegation(t, dlgIds[2]!);
    const d4 = await asDelegation(t, dlgIds[3]!);
    const names = (await demoDelegations(t)).map((d) => d.name);
    for (let i = 0; i < 10; i++) {
      const form = athleteForm(boys);
      const [r3, r4] = await Promise.all([
        d3.post('/api/v1/apply/athletes', form),
        d4.post('/api/v1/apply/athletes', form),
      ]);
      const codes = [code(r3), code(r4)].sort();
      expect(codes).toEqual(['00000', 'A0463']);
      const loser = code(r3) === 'A0463' ? r3 : r4;
      expect(loser.statusCode).toBe(409);
      for (const n of names) expect(loser.json().msg).not.toContain(n);
      expect(await count(t, 'reg_athlete', `id_number = '${form.idNumber}'`)).toBe(1);
    }
    // Both delegations are still usable (no lock left behind): each writes again. (Which one won
    // the races is chance: one may have lost all ten and so still be "invited" until now.)
    expect(code(await d3.post('/api/v1/apply/athletes', athleteForm(boys)))).toBe('00000');
    expect(code(await d4.post('/api/v1/apply/athletes', athleteForm(boys)))).toBe('00000');
    const [d3row] = await t.database.db.select().from(delegation).where(eq(delegation.id, dlgIds[2]!));
    expect(d3row!.status).toBe('registering');
    expect(code(await d3.get('/api/v1/apply/summary'))).toBe('00000');
  });

  it('parallel relay teams against a per-delegation limit of 1 leave one', async () => {
    const d1 = await asDelegation(t, dlgIds[0]!);
    const item = boys.items.get('4x100')!;
    const results = await Promise.all(
      (['A', 'B', 'C', 'D'] as const).map((letter) =>
        d1.post('/api/v1/apply/relays', { groupItemId: item, letter, members: [] }),
      ),
    );
    expect(results.map(code).filter((c) => c === '00000')).toHaveLength(1);
    expect(results.map(code).filter((c) => c === 'A0462')).toHaveLength(3);
    expect(await count(t, 'reg_relay_team', `group_item_id = ${item} and delegation_id = ${dlgIds[0]}`)).toBe(1);
  });
});
