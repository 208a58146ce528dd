import type { RoundVO } from '@baton/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { groupItem } from '../../../db/schema/index.js';
import { useTestApp } from '../../../test/app.js';
import type { DemoGroup } from '../../apply/testkit.js';
import { type Client, code, data, signIn } from '../../meetings/testkit.js';
import { approveEntries, seedDemoCompetition } from './testkit.js';

/** Group and waterfall starts through the API: the round's `start` option decides the draw. */
const t = useTestApp();
let committee: Client;
let groups: Map<string, DemoGroup>;
const gi = (group: string, item: string) => groups.get(group)!.items.get(item)!;

beforeAll(async () => {
  groups = await seedDemoCompetition(t);
  committee = await signIn(t, 'committee');
  // The demo's 800 m entries, approved (the audit is not what is tested here).
  await approveEntries(t, gi('U16 Girls', '800'));
});

describe('start options of a round', () => {
  it('an 800 m on a waterfall: every athlete a start position, no lane', async () => {
    const id = gi('U16 Girls', '800');
    await t.database.db
      .update(groupItem)
      .set({ rounds: [{ name: 'final', start: 'waterfall' }] })
      .where(eq(groupItem.id, id));
    const res = await committee.post(`/api/v1/competition/events/${id}/start-list`, { seed: 'wf' });
    expect(code(res), JSON.stringify(res.json())).toBe('00000');
    const starts = data<RoundVO>(res).heats.flatMap((h) => h.starts);
    expect(starts.length).toBeGreaterThan(0);
    expect(starts.every((s) => s.lane === null)).toBe(true);
    expect(starts.map((s) => s.position).sort((a, b) => a - b)).toEqual(starts.map((_, i) => i + 1));
  });

  it('an 800 m two per lane: lanes shared by at most two', async () => {
    const id = gi('U16 Girls', '800');
    await t.database.db
      .update(groupItem)
      .set({ rounds: [{ name: 'final', start: 'two-per-lane' }] })
      .where(eq(groupItem.id, id));
    const res = await committee.post(`/api/v1/competition/events/${id}/start-list`, { seed: 'tp' });
    expect(code(res)).toBe('00000');
    const starts = data<RoundVO>(res).heats.flatMap((h) => h.starts);
    const per = new Map<number, number>();
    for (const s of starts) per.set(s.lane!, (per.get(s.lane!) ?? 0) + 1);
    expect(starts.every((s) => s.lane !== null)).toBe(true);
    expect([...per.values()].every((c) => c <= 2)).toBe(true);
    expect(per.size).toBe(Math.ceil(starts.length / 2));
  });
});
