import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { compLog, compRound, compStart } from '../../../db/schema/index.js';
import { useTestApp } from '../../../test/app.js';
import { useClients } from '../../meetings/testkit.js';
import { type Fixture, fixture } from '../scores/testkit.js';

/**
 * Over the HTTP API: a 100 m round where the last qualifying place by place is a dead heat.
 * WA Book C2.1, note to TR 20.8 (verified against the stored text): "particularly where there is a tie for the last qualifying
 * position based on place. In such cases, it may be necessary for one less athlete to progress
 * on time." Both tied athletes advance (Q), one fewer advances on time (q), and nobody is drawn.
 */
const t = useTestApp();
let fx: Fixture;

beforeAll(async () => {
  fx = await fixture(t);
});
const { committee } = useClients(t, 'committee');

type Body = { code: string; msg: string; data: unknown };
const body = (res: { json(): unknown }) => res.json() as Body;

describe('100 m heats: dead heat for the last Q', () => {
  it('advances both tied athletes on place and one fewer on time', async () => {
    const db = t.database.db;
    const [heats] = await fx.rounds(await fx.item('100'));
    // First 3 of each heat + the next 2 fastest: 2 × 3 + 2 = 8, the eight lanes of the final.
    await db.update(compRound).set({ qualifyByPlace: 3, qualifyByTime: 2 }).where(eq(compRound.id, heats!.id));
    const five = [{ dlg: 0 }, { dlg: 1 }, { dlg: 2 }, { dlg: 3 }, { dlg: 0 }];
    const h1 = await fx.heat(heats!.id, 1, five, { status: 'set' });
    const h2 = await fx.heat(heats!.id, 2, five, { status: 'set' });
    const enter = async (h: { heatId: number; starts: number[] }, marks: string[]) => {
      const res = await committee.put(`/api/v1/competition/heats/${h.heatId}/results`, {
        version: 1,
        wind: 0.4,
        rows: h.starts.map((startId, i) => ({ startId, version: 1, mark: marks[i] })),
      });
      expect(body(res).code).toBe('00000');
      const official = await committee.post(`/api/v1/competition/heats/${h.heatId}/official`, { version: 2 });
      expect(body(official).code).toBe('00000');
    };
    // Heat 1: the third and fourth cross the line together in 11.20 — the photo finish gives no
    // thousandths to part them (TR 21 — its text was not found in the stored copies), so they
    // share third place.
    await enter(h1, ['10.90', '11.00', '11.20', '11.20', '11.50']);
    await enter(h2, ['10.95', '11.05', '11.10', '11.30', '11.40']);

    const rows = async (heatId: number) =>
      (await db.select().from(compStart).where(eq(compStart.heatId, heatId)).orderBy(compStart.position)).map((r) => [
        r.place,
        r.qualifier,
      ]);
    expect(await rows(h1.heatId)).toEqual([
      [1, 'Q'],
      [2, 'Q'],
      [3, 'Q'],
      [3, 'Q'],
      [5, null],
    ]);
    // Only one of the two time places is left: 11.30 goes on, 11.40 and 11.50 do not.
    expect(await rows(h2.heatId)).toEqual([
      [1, 'Q'],
      [2, 'Q'],
      [3, 'Q'],
      [4, 'q'],
      [5, null],
    ]);
    // No lots were drawn.
    const drawLogs = (await db.select().from(compLog).where(eq(compLog.roundId, heats!.id))).filter(
      (l) => l.action === 'qualify-draw',
    );
    expect(drawLogs).toEqual([]);
  });
});
