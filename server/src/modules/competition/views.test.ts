import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { compHeat, compRound, compStart, compTrial, entry } from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import { type DemoGroup, demoDelegations, demoGroups } from '../apply/testkit.js';
import { demoMeetingId, insertAthlete } from '../meetings/testkit.js';
import { loadEvents, loadRound } from './views.js';

/**
 * The shared read model: what a round holds, what the public sees of it, and a statement
 * count that does not grow with the number of heats or competitors (no query per row).
 */
const t = useTestApp();
let meetingId: number;
let boys: DemoGroup;
let delegationIds: number[];

beforeAll(async () => {
  meetingId = await demoMeetingId(t);
  boys = (await demoGroups(t)).get('U16 Boys')!;
  delegationIds = (await demoDelegations(t)).map((d) => d.id);
});

/** A round of `code` with `heats` heats of `perHeat` approved athletes each; heat 1 official with results. */
async function makeRound(code: string, heats: number, perHeat: number) {
  const db = t.database.db;
  const groupItemId = boys.items.get(code)!;
  const [round] = await db
    .insert(compRound)
    .values({ meetingId, groupItemId, index: 0, name: 'final' })
    .returning({ id: compRound.id });
  for (let h = 1; h <= heats; h++) {
    const [heat] = await db
      .insert(compHeat)
      .values({ meetingId, roundId: round!.id, number: h, status: h === 1 ? 'official' : 'set', wind: 1.2 })
      .returning({ id: compHeat.id });
    for (let p = 1; p <= perHeat; p++) {
      const delegationId = delegationIds[p % delegationIds.length]!;
      const athleteId = await insertAthlete(t, { meetingId, delegationId, groupId: boys.id, status: 'approved' });
      const [e] = await db
        .insert(entry)
        .values({
          meetingId,
          delegationId,
          athleteId,
          groupItemId,
          status: 'approved',
          seedMark: '5.10',
          seedValue: 5.1,
        })
        .returning({ id: entry.id });
      const [s] = await db
        .insert(compStart)
        .values({
          meetingId,
          roundId: round!.id,
          heatId: heat!.id,
          entryId: e!.id,
          athleteId,
          delegationId,
          position: p,
          mark: '5.20',
          value: 5.2,
          place: p,
        })
        .returning({ id: compStart.id });
      await db.insert(compTrial).values([
        { startId: s!.id, seq: 1, outcome: 'X' },
        { startId: s!.id, seq: 2, outcome: 'O', mark: 5.2, wind: 0.4 },
      ]);
    }
  }
  return round!.id;
}

describe('competition read model', () => {
  it('assembles a round: heats in order, competitors with delegation, seed, results and trials', async () => {
    const roundId = await makeRound('LJ', 2, 3);
    const r = (await loadRound(t.database.db, roundId))!;
    expect(r.event.itemCode).toBe('LJ');
    expect(r.event.resultFormat).toBe('distance');
    expect(r.status).toBe('set');
    expect(r.heats.map((h) => h.number)).toEqual([1, 2]);
    const first = r.heats[0]!.starts[0]!;
    expect(first.seedMark).toBe('5.10');
    expect(first.delegationName).toBeTruthy();
    expect(first.mark).toBe('5.20');
    expect(first.trials.map((x) => x.outcome)).toEqual(['X', 'O']);
  });

  it('shows the public only published heats, and results only of official ones', async () => {
    const roundId = await makeRound('HJ', 2, 2);
    await t.database.db
      .update(compHeat)
      .set({ status: 'draft' })
      .where(and(eq(compHeat.roundId, roundId), eq(compHeat.number, 2)));
    const r = (await loadRound(t.database.db, roundId, { publicOnly: true }))!;
    expect(r.heats.map((h) => h.status)).toEqual(['official']);
    await t.database.db.update(compHeat).set({ status: 'set' }).where(eq(compHeat.roundId, roundId));
    const again = (await loadRound(t.database.db, roundId, { publicOnly: true }))!;
    expect(again.heats.map((h) => h.status)).toEqual(['set', 'set']);
    for (const h of again.heats) {
      expect(h.wind).toBeNull();
      for (const s of h.starts) {
        expect([s.mark, s.value, s.place, s.trials.length]).toEqual([null, null, null, 0]);
      }
    }
  });

  it('reads a round in the same number of statements whatever its size', async () => {
    const small = await makeRound('SP', 1, 1);
    const large = await makeRound('100', 4, 8);
    const statements = async (f: () => Promise<unknown>) => {
      const before = t.database.stats.statements;
      await f();
      return t.database.stats.statements - before;
    };
    const a = await statements(() => loadRound(t.database.db, small));
    const b = await statements(() => loadRound(t.database.db, large));
    expect(a).toBe(b);
    expect(b).toBeLessThanOrEqual(5);
    const events = await statements(() => loadEvents(t.database.db, meetingId));
    expect(events).toBeLessThanOrEqual(3);
  });

  it('lists every group item with its entries and its rounds so far', async () => {
    const events = await loadEvents(t.database.db, meetingId);
    const lj = events.find((e) => e.groupItemId === boys.items.get('LJ'))!;
    expect(lj.entries).toBe(6);
    expect(lj.rounds).toEqual([expect.objectContaining({ name: 'final', heats: 2, starts: 6, status: 'set' })]);
    const publicView = await loadEvents(t.database.db, meetingId, { publicOnly: true });
    expect(publicView.length).toBe(events.length);
  });
});
