import { type RoundVO, startGroupOf } from '@baton/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { groupItem, type RoundPlan } from '../../../db/schema/index.js';
import { useTestApp } from '../../../test/app.js';
import type { DemoGroup } from '../../apply/testkit.js';
import { type Client, code, data, signIn } from '../../meetings/testkit.js';
import { readPdf } from '../documents/testkit.js';
import { approveEntries, seedDemoCompetition } from './testkit.js';

/**
 * Group and waterfall starts through the API: the round's `start` option decides the draw, and the
 * round's VO says how it starts (`start`, from its plan), so the start list can show it.
 */
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

/** The demo's U16 Girls 800 m planned as one final that starts `start` (none: no option), drawn with `seed`. */
async function drawFinal(start: RoundPlan['start'], seed: string) {
  const id = gi('U16 Girls', '800');
  await t.database.db
    .update(groupItem)
    .set({ rounds: [{ name: 'final', ...(start ? { start } : {}) }] })
    .where(eq(groupItem.id, id));
  return committee.post(`/api/v1/competition/events/${id}/start-list`, { seed });
}

describe('start options of a round', () => {
  it('an 800 m on a waterfall: every athlete a start position, no lane', async () => {
    const res = await drawFinal('waterfall', 'wf');
    expect(code(res), JSON.stringify(res.json())).toBe('00000');
    const starts = data<RoundVO>(res).heats.flatMap((h) => h.starts);
    expect(starts.length).toBeGreaterThan(0);
    expect(starts.every((s) => s.lane === null)).toBe(true);
    expect(starts.map((s) => s.position).sort((a, b) => a - b)).toEqual(starts.map((_, i) => i + 1));
  });

  it('an 800 m two per lane: lanes shared by at most two', async () => {
    const res = await drawFinal('two-per-lane', 'tp');
    expect(code(res)).toBe('00000');
    const starts = data<RoundVO>(res).heats.flatMap((h) => h.starts);
    const per = new Map<number, number>();
    for (const s of starts) per.set(s.lane!, (per.get(s.lane!) ?? 0) + 1);
    expect(starts.every((s) => s.lane !== null)).toBe(true);
    expect([...per.values()].every((c) => c <= 2)).toBe(true);
    expect(per.size).toBe(Math.ceil(starts.length / 2));
  });
});

describe('RoundVO.start', () => {
  it("a round whose plan says 'two-groups' carries it, when made and when read again", async () => {
    const made = await drawFinal('two-groups', 'tg');
    expect(code(made), JSON.stringify(made.json())).toBe('00000');
    expect(data<RoundVO>(made).start).toBe('two-groups');
    const read = data<RoundVO>(await committee.get(`/api/v1/competition/rounds/${data<RoundVO>(made).id}`));
    expect(read.start).toBe('two-groups');
    // Each heat splits by the shared function: the first ceil(65 %) positions are group 1.
    for (const h of read.heats) {
      const g1 = h.starts.filter((s) => startGroupOf(s.position, h.starts.length) === 1).length;
      expect(g1).toBe(Math.ceil((h.starts.length * 65) / 100));
    }
    // The printed start list: start position and start group columns, no lane.
    for (const [lang, labels, lane] of [
      ['zh-CN', ['起跑位', '起跑组'], '道次'],
      ['en', ['Pos.', 'Group'], 'Lane'],
    ] as const) {
      const res = await committee.raw({
        method: 'GET',
        url: `/api/v1/competition/rounds/${read.id}/pdf/start-list`,
        payload: '',
        headers: { 'accept-language': lang },
      });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      const lines = (await readPdf(res.rawPayload)).text.join('\n').split('\n');
      for (const l of labels) expect(lines, lines.slice(0, 30).join(' / ')).toContain(l);
      expect(lines).not.toContain(lane);
    }
  });

  it("a round without a start option says 'lanes'", async () => {
    const made = await drawFinal(undefined, 'ln');
    expect(code(made)).toBe('00000');
    expect(data<RoundVO>(made).start).toBe('lanes');
    const read = data<RoundVO>(await committee.get(`/api/v1/competition/rounds/${data<RoundVO>(made).id}`));
    expect(read.start).toBe('lanes');
  });
});
