import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { compRecord, compStart, compTrial } from '../../../db/schema/index.js';
import { useTestApp } from '../../../test/app.js';
import { useClients } from '../../meetings/testkit.js';
import type { FieldTrial } from '../results/rules/rank.js';
import { recordTrial } from './scoring.js';
import { scoreRound } from './service.js';
import { type Fixture, fixture, postRecord } from './testkit.js';

/**
 * Records in field events take each trial with its own wind (issue 23 item 2).
 * WA CR 31.17: for records in Long and Triple Jump, "If the wind velocity, measured in the
 * direction of running [jumping], averages more than 2 metres per second, the record shall not
 * be accepted"; the wind is measured and recorded for each jump (TR 29.10–29.12).
 * TR 17.13 / 29.12: the reading is "rounded to the next higher tenth of a metre per second …
 * in the positive direction (that is, a reading of +2.03 metres per second shall be recorded as +2.1)".
 */

const t = useTestApp();
let f: Fixture;

beforeAll(async () => {
  f = await fixture(t);
});
const { admin } = useClients(t, 'admin');

const trial = (seq: number, mark: number | null, wind: number | null, outcome: FieldTrial['outcome'] = 'O') => ({
  seq,
  outcome,
  mark,
  wind,
});

describe('recordTrial (CR 31.17, each trial with its own wind)', () => {
  it('a wind-legal lesser trial is the record claim when the best mark was wind-assisted', () => {
    // 7.10 (+2.4) is the best mark but aided; 6.90 (+1.5) is legal; 7.00 is a foul.
    const series = [trial(1, 7.1, 2.4), trial(2, 6.9, 1.5), trial(3, null, 0.3, 'X'), trial(4, 6.7, -0.4)];
    expect(recordTrial(series, true)).toEqual({ value: 6.9, wind: 1.5 });
  });
  it('+2.0 is legal, +2.1 is not; no reading is no record; the first of equal legal marks', () => {
    expect(recordTrial([trial(1, 6.5, 2.1), trial(2, 6.4, 2.0)], true)).toEqual({ value: 6.4, wind: 2.0 });
    expect(recordTrial([trial(1, 6.5, null), trial(2, 6.6, 2.1)], true)).toBeNull();
    expect(recordTrial([trial(1, 6.4, 1.0), trial(2, 6.4, 0.2)], true)).toEqual({ value: 6.4, wind: 1.0 });
  });
  it('events without wind measurement: the best valid trial, no wind', () => {
    expect(recordTrial([trial(1, 14.2, null), trial(2, 14.6, null)], false)).toEqual({ value: 14.6, wind: null });
  });
});

describe('meeting records over the API: per-trial wind', () => {
  const recordRow = async (groupItemId: number) =>
    (await t.database.db.select().from(compRecord).where(eq(compRecord.groupItemId, groupItemId)))[0]!;
  const flags = async (ids: number[]) => {
    const rows = await t.database.db
      .select({ id: compStart.id, record: compStart.record })
      .from(compStart)
      .where(inArray(compStart.id, ids));
    return ids.map((id) => rows.find((r) => r.id === id)!.record);
  };
  const series = async (startId: number, trials: ReturnType<typeof trial>[]) => {
    await t.database.db.insert(compTrial).values(trials.map((x) => ({ startId, ...x })));
  };

  it('LJ: best 7.10 at +2.4 (aided), 6.90 at +1.5 beats the 6.80 record — MR with the trial mark and wind', async () => {
    const lj = await f.item('LJ');
    const [final] = await f.rounds(lj);
    // Start rows carry the best mark and its wind, as results entry writes them.
    const fin = await f.heat(final!.id, 1, [
      { dlg: 0, value: 7.1, mark: '7.10', place: 1, wind: 2.4 },
      { dlg: 1, value: 7.05, mark: '7.05', place: 2, wind: 2.6 },
      { dlg: 2, value: 6.85, mark: '6.85', place: 3, wind: 0.5 },
    ]);
    await series(fin.starts[0]!, [trial(1, 7.1, 2.4), trial(2, 6.9, 1.5), trial(3, 6.6, 0.1)]);
    // Every mark over the record is aided: no record from this athlete.
    await series(fin.starts[1]!, [trial(1, 7.05, 2.6), trial(2, 6.81, 2.1), trial(3, 6.5, 1.0)]);
    await series(fin.starts[2]!, [trial(1, 6.85, 0.5)]);
    await scoreRound(t.database.db, final!.id);

    const res = await postRecord(admin, f.meetingId, lj, '6.80', '李四', { year: 2018, wind: 0.8 });
    expect(res.statusCode).toBe(200);
    // 6.90 (+1.5) is the heat's best legal claim: MR; 6.85 also beats 6.80 but only the best of a
    // competition counts (scoring.ts recordFlags); the 7.05 athlete has no legal mark over 6.50.
    expect(await flags(fin.starts)).toEqual(['MR', null, null]);
    expect(await recordRow(lj)).toMatchObject({ mark: '6.90', value: 6.9, wind: 1.5, startId: fin.starts[0] });

    // Before per-trial wind the best mark's +2.4 decided: 6.85 took the record. A correction of
    // trial 2's wind to +2.1 leaves 6.85 (+0.5) as the best legal claim.
    await t.database.db
      .update(compTrial)
      .set({ wind: 2.1 })
      .where(inArray(compTrial.startId, [fin.starts[0]!]));
    await scoreRound(t.database.db, final!.id);
    expect(await flags(fin.starts)).toEqual([null, null, 'MR']);
    expect(await recordRow(lj)).toMatchObject({ mark: '6.85', value: 6.85, wind: 0.5, startId: fin.starts[2] });
  });

  it('a record entered by hand rounds its wind like results: +2.001 → +2.1, not legal; +1.999 → +2.0', async () => {
    const lj = await f.item('LJ', 'U16 Girls');
    const aided = await postRecord(admin, f.meetingId, lj, '5.80', '赵六', { wind: 2.001 });
    expect(aided.statusCode).toBe(400);
    expect(aided.json().msg).toContain('+2.1');
    expect(await t.database.db.select().from(compRecord).where(eq(compRecord.groupItemId, lj))).toHaveLength(0);

    const legal = await postRecord(admin, f.meetingId, lj, '5.80', '赵六', { wind: 1.999 });
    expect(legal.statusCode).toBe(200);
    expect(legal.json().data).toMatchObject({ wind: 2.0 });

    // The negative direction: "-2.03 … shall be recorded as -2.0" (toward the next higher tenth).
    const rec = legal.json().data;
    const put = await admin.put(`/api/v1/competition/records/${rec.id}`, {
      version: rec.version,
      mark: '5.80',
      holder: '赵六',
      wind: -2.03,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({ wind: -2.0 });
  });
});
