import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { compLog, compRecord, compStart, meeting } from '../../../db/schema/index.js';
import { useTestApp } from '../../../test/app.js';
import { signIn, useClients } from '../../meetings/testkit.js';
import { scoreRound, teamScores } from './service.js';
import { type Fixture, fixture, postRecord, setHeat } from './testkit.js';

const t = useTestApp();
let f: Fixture;

beforeAll(async () => {
  f = await fixture(t);
});
const { admin } = useClients(t, 'admin');

const pointsOf = async (ids: number[]) => {
  const rows = await t.database.db
    .select({ id: compStart.id, points: compStart.points, record: compStart.record })
    .from(compStart)
    .where(inArray(compStart.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)!);
};

const scores = async (groupId?: number) => {
  const res = await admin.get(
    `/api/v1/competition/meetings/${f.meetingId}/scores${groupId ? `?groupId=${groupId}` : ''}`,
  );
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

describe('scoreRound and teamScores', () => {
  it('scores only the final, with tied 2nd sharing (7 + 6) / 2, DNS nothing; heats get no points', async () => {
    const gi = await f.item('400');
    const [heats, final] = await f.rounds(gi);
    expect(final!.index).toBe(1);
    const h = await f.heat(heats!.id, 1, [
      { dlg: 0, value: 55.1, place: 1 },
      { dlg: 1, value: 56.2, place: 2 },
    ]);
    await scoreRound(t.database.db, heats!.id);
    expect((await pointsOf(h.starts)).map((r) => r.points)).toEqual([null, null]);

    const fin = await f.heat(final!.id, 1, [
      { dlg: 0, value: 54.01, place: 1 },
      { dlg: 1, value: 54.5, place: 2 },
      { dlg: 2, value: 54.5, place: 2 },
      { dlg: 3, value: 55.0, place: 4 },
      { dlg: 3, code: 'DNS' },
      { dlg: 2, value: 54.2, code: 'DQ' },
    ]);
    await scoreRound(t.database.db, final!.id);
    expect((await pointsOf(fin.starts)).map((r) => r.points)).toEqual([9, 6.5, 6.5, 5, null, null]);

    // Through the route: points and medals (two silvers, no bronze: the next place is 4th).
    const s = await scores();
    expect(s.finished).toBe(1);
    expect(s.events).toBe(32);
    const pts = Object.fromEntries(
      s.points.map((r: { delegationId: number; points: number }) => [r.delegationId, r.points]),
    );
    expect(pts).toEqual({
      [f.delegations[0]!]: 9,
      [f.delegations[1]!]: 6.5,
      [f.delegations[2]!]: 6.5,
      [f.delegations[3]!]: 5,
    });
    expect(s.points.map((r: { rank: number }) => r.rank)).toEqual([1, 2, 2, 4]);
    const medals = s.medals.map(
      (r: { delegationId: number; rank: number; gold: number; silver: number; bronze: number }) => [
        r.delegationId,
        r.rank,
        r.gold,
        r.silver,
        r.bronze,
      ],
    );
    expect(medals).toEqual([
      [f.delegations[0], 1, 1, 0, 0],
      [expect.any(Number), 2, 0, 1, 0],
      [expect.any(Number), 2, 0, 1, 0],
    ]);
  });

  it('a timed final in two heats places over both heats; it scores only once both are official', async () => {
    const gi = await f.item('1500');
    const [final] = await f.rounds(gi);
    const h1 = await f.heat(final!.id, 1, [
      { dlg: 0, value: 250.3, place: 1 },
      { dlg: 1, value: 262.0, place: 2 },
    ]);
    const h2 = await f.heat(
      final!.id,
      2,
      [
        { dlg: 2, value: 245.0, place: 1 },
        { dlg: 3, value: 250.3, place: 2 },
      ],
      { status: 'set' },
    );
    await scoreRound(t.database.db, final!.id);
    expect((await pointsOf([...h1.starts, ...h2.starts])).map((r) => r.points)).toEqual([null, null, null, null]);
    const before = await teamScores(t.database.db, f.meetingId);
    expect(before.finished).toBe(1);

    await setHeat(t, h2.heatId, { status: 'official' });
    await scoreRound(t.database.db, final!.id);
    // 245.0 first; 250.3 twice → shared 2nd (7 + 6) / 2; 262.0 is 4th.
    expect((await pointsOf([...h1.starts, ...h2.starts])).map((r) => r.points)).toEqual([6.5, 5, 9, 6.5]);
    const after = await teamScores(t.database.db, f.meetingId);
    expect(after.finished).toBe(2);
  });

  it('a relay scores for its delegation; a group filter counts only that group', async () => {
    const gi = await f.item('4x100');
    const [final] = await f.rounds(gi);
    const fin = await f.heat(final!.id, 1, [
      { dlg: 3, value: 48.2, place: 1, relay: true },
      { dlg: 2, value: 49.0, place: 2, relay: true },
    ]);
    await scoreRound(t.database.db, final!.id);
    expect((await pointsOf(fin.starts)).map((r) => r.points)).toEqual([9, 7]);
    const groups = await t.database.db.query.group.findMany({ where: (g, { eq }) => eq(g.meetingId, f.meetingId) });
    const boys = groups.find((g) => g.nameEn === 'U16 Boys')!;
    const girls = groups.find((g) => g.nameEn === 'U16 Girls')!;
    const s = await scores(boys.id);
    expect(s.events).toBe(8);
    expect(s.finished).toBe(3);
    const d3 = s.points.find((r: { delegationId: number }) => r.delegationId === f.delegations[3]);
    // 400 m 4th (5) + 1500 m shared 2nd (6.5) + relay 1st (9).
    expect(d3.points).toBe(20.5);
    expect(d3.gold).toBe(1);
    const none = await scores(girls.id);
    expect(none).toMatchObject({ finished: 0, events: 8, points: [], medals: [] });
    const other = await admin.get(`/api/v1/competition/meetings/${f.meetingId}/scores?groupId=999999`);
    expect(other.statusCode).toBe(404);
  });
});

describe('meeting records', () => {
  const recordRow = async (groupItemId: number) =>
    (await t.database.db.select().from(compRecord).where(eq(compRecord.groupItemId, groupItemId)))[0]!;

  it('a better wind-legal mark sets MR and takes the record; a correction restores the old one', async () => {
    const gi = await f.item('100');
    const res = await postRecord(admin, f.meetingId, gi, '11.20', '张三', {
      delegationName: '瑞安中学代表队',
      year: 2019,
      wind: 0.5,
    });
    expect(res.statusCode).toBe(200);
    const rec = res.json().data;
    expect(rec).toMatchObject({ mark: '11.20', value: 11.2, holder: '张三', year: 2019, wind: 0.5, startId: null });

    const [heats, final] = await f.rounds(gi);
    // Heats: +2.1 is wind-aided (no record), no reading is no record, +2.0 equals at 11.20 (11.197 up to 11.20).
    const aided = await f.heat(heats!.id, 1, [{ dlg: 0, value: 11.05, place: 1 }], { wind: 2.1 });
    const noWind = await f.heat(heats!.id, 2, [{ dlg: 1, value: 11.0, place: 1 }], { wind: null });
    const equal = await f.heat(heats!.id, 3, [{ dlg: 2, value: 11.197, mark: '11.20', place: 1 }], { wind: 2.0 });
    await scoreRound(t.database.db, heats!.id);
    expect((await pointsOf([...aided.starts, ...noWind.starts, ...equal.starts])).map((r) => r.record)).toEqual([
      null,
      null,
      '=MR',
    ]);
    expect((await recordRow(gi)).startId).toBeNull();

    // Final at +2.0: 11.08 is a new record; the runner-up under the old record too, but only the winner's counts.
    const fin = await f.heat(
      final!.id,
      1,
      [
        { dlg: 1, value: 11.08, place: 1 },
        { dlg: 2, value: 11.15, place: 2 },
      ],
      { wind: 2.0 },
    );
    await scoreRound(t.database.db, final!.id);
    expect((await pointsOf(fin.starts)).map((r) => [r.points, r.record])).toEqual([
      [9, 'MR'],
      [7, null],
    ]);
    const set = await recordRow(gi);
    expect(set).toMatchObject({ mark: '11.08', value: 11.08, startId: fin.starts[0], wind: 2.0 });
    const [m] = await t.database.db.select().from(meeting).where(eq(meeting.id, f.meetingId));
    expect(set.year).toBe(m!.year);
    expect(set.holder).toMatch(/^Athlete /);
    expect(set.delegationName).toBe('玉海中学代表队');
    expect(set.version).toBe(2);
    const [log] = await t.database.db
      .select()
      .from(compLog)
      .where(and(eq(compLog.action, 'record.set'), eq(compLog.meetingId, f.meetingId)));
    expect(log!.detail).toMatchObject({ recordId: rec.id, baseline: { mark: '11.20', holder: '张三', startId: null } });

    // Scoring again changes nothing (no second write, no second log).
    await scoreRound(t.database.db, final!.id);
    expect((await recordRow(gi)).version).toBe(2);

    // A correction: the final's wind was +2.1 → the record goes back to 11.20, the flag goes.
    await setHeat(t, fin.heatId, { wind: 2.1 });
    await scoreRound(t.database.db, final!.id);
    expect((await pointsOf(fin.starts)).map((r) => r.record)).toEqual([null, null]);
    expect(await recordRow(gi)).toMatchObject({ mark: '11.20', holder: '张三', year: 2019, wind: 0.5, startId: null });
    const logs = await t.database.db.select().from(compLog).where(eq(compLog.action, 'record.restore'));
    expect(logs).toHaveLength(1);
  });

  it('field events read the competitor wind; no record on file flags nothing', async () => {
    const lj = await f.item('LJ');
    const [final] = await f.rounds(lj);
    const fin = await f.heat(final!.id, 1, [
      { dlg: 0, value: 6.5, place: 1, wind: 2.4 },
      { dlg: 1, value: 6.3, place: 2, wind: 1.1 },
    ]);
    await scoreRound(t.database.db, final!.id);
    expect((await pointsOf(fin.starts)).map((r) => r.record)).toEqual([null, null]);
    const res = await postRecord(admin, f.meetingId, lj, '6.20', '李四');
    expect(res.statusCode).toBe(200);
    // Entering the record flags the official marks at once: 6.50 is wind-aided, 6.30 (+1.1) takes it.
    expect((await pointsOf(fin.starts)).map((r) => r.record)).toEqual([null, 'MR']);
    expect(await recordRow(lj)).toMatchObject({ mark: '6.3', value: 6.3, wind: 1.1, startId: fin.starts[1] });
    const list = await admin.get(`/api/v1/competition/meetings/${f.meetingId}/records`);
    const row = list.json().data.find((r: { groupItemId: number }) => r.groupItemId === lj);
    expect(row).toMatchObject({ itemCode: 'LJ', groupNameEn: 'U16 Boys', mark: '6.3' });

    // Deleting the record takes its flags away.
    const del = await admin.del(`/api/v1/competition/records/${row.id}`);
    expect(del.statusCode).toBe(200);
    expect((await pointsOf(fin.starts)).map((r) => r.record)).toEqual([null, null]);
  });
});

describe('record routes', () => {
  it('validates the mark in the item format, the wind, duplicates and the version', async () => {
    const sp = await f.item('SP');
    const bad = await postRecord(admin, f.meetingId, sp, '1:02.3', 'X');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('metres');
    expect(await t.database.db.select().from(compRecord).where(eq(compRecord.groupItemId, sp))).toHaveLength(0);

    const aided = await postRecord(admin, f.meetingId, await f.item('200'), '22.50', 'X', { wind: 2.1 });
    expect(aided.statusCode).toBe(400);
    expect(aided.json().msg).toContain('+2.1');

    const ok = await postRecord(admin, f.meetingId, sp, '14.05', '王五', { year: 2020 });
    expect(ok.statusCode).toBe(200);
    const rec = ok.json().data;
    const dup = await postRecord(admin, f.meetingId, sp, '14.10', 'Y');
    expect(dup.statusCode).toBe(409);

    const put = await admin.put(`/api/v1/competition/records/${rec.id}`, {
      version: rec.version,
      mark: '14.35',
      holder: '王五',
      year: 2021,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({ mark: '14.35', value: 14.35, year: 2021, version: rec.version + 1 });
    const stale = await admin.put(`/api/v1/competition/records/${rec.id}`, {
      version: rec.version,
      mark: '14.40',
      holder: '王五',
    });
    expect(stale.statusCode).toBe(409);
    expect((await t.database.db.select().from(compRecord).where(eq(compRecord.id, rec.id)))[0]!.mark).toBe('14.35');

    const missing = await admin.put('/api/v1/competition/records/999999', { version: 1, mark: '1', holder: 'x' });
    expect(missing.statusCode).toBe(404);
  });

  it('a group item of another meeting is not found; the referee may not write records', async () => {
    const res = await postRecord(admin, f.meetingId, 999999, '10.00', 'X');
    expect(res.statusCode).toBe(404);
    const referee = await signIn(t, 'referee');
    const denied = await postRecord(referee, f.meetingId, await f.item('HJ'), '1.80', 'X');
    expect(denied.statusCode).toBe(403);
  });
});
