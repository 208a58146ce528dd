import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { compAward, compStart, groupItem, meeting } from '../../../db/schema/index.js';
import { useTestApp } from '../../../test/app.js';
import { type Client, committeeOfOtherMeeting, signIn } from '../../meetings/testkit.js';
import { readPdf } from '../documents/testkit.js';
import { scoreRound } from './service.js';
import { type Fixture, fixture, postRecord } from './testkit.js';

/**
 * Team scoring the way Chinese meets write it in their 竞赛规程 (issue 23, "Missing", 4th
 * bullet): each option pinned by a worked example written from the wording 竞赛规程 use, over
 * the HTTP API. Groups keep the examples apart: U16 Boys follow the meeting's options, U16
 * Girls and U18 Boys have their own.
 */

const t = useTestApp();
let f: Fixture;
let admin: Client;
const groupIds = new Map<string, number>();

beforeAll(async () => {
  f = await fixture(t);
  admin = await signIn(t, 'admin');
  const groups = await t.database.db.query.group.findMany({ where: (g, { eq }) => eq(g.meetingId, f.meetingId) });
  for (const g of groups) groupIds.set(g.nameEn, g.id);
});

const OFF = { relayDouble: false, recordBonus: 0, minusOne: false, tieByPlaces: false };

/** Delegations 0 to 3 placed 1 to 4 in their order, a tenth apart from `first`. */
const inPlaceOrder = (first: number) =>
  [0, 1, 2, 3].map((dlg) => ({ dlg, value: (first * 10 + dlg) / 10, place: dlg + 1 }));
const pointsOf = async (ids: number[]) => {
  const rows = await t.database.db
    .select({ id: compStart.id, points: compStart.points })
    .from(compStart)
    .where(inArray(compStart.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r.points]));
  return ids.map((id) => byId.get(id) ?? null);
};

const scores = async (group: string) => {
  const res = await admin.get(`/api/v1/competition/meetings/${f.meetingId}/scores?groupId=${groupIds.get(group)}`);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

const setOptions = async (options: typeof OFF | null, group?: string) => {
  const res = await admin.put(`/api/v1/competition/meetings/${f.meetingId}/team-scoring`, {
    ...(group ? { groupId: groupIds.get(group) } : {}),
    options,
  });
  expect(res.statusCode, res.body).toBe(200);
};

const byDelegation = (rows: { delegationId: number }[]) => (i: number) =>
  rows.find((r) => r.delegationId === f.delegations[i]) as
    | { rank: number; points: number; bonus: number; places: number[] }
    | undefined;

describe('team-scoring options of the 竞赛规程', () => {
  it('"各项目录取前六名，按7、5、4、3、2、1计分" — points per place as the list; "接力项目加倍计分" — relays score double', async () => {
    const hundred = await f.item('100');
    await t.database.db
      .update(groupItem)
      .set({ scoringTable: [7, 5, 4, 3, 2, 1] })
      .where(eq(groupItem.id, hundred));
    // The 100 m of the U16 Boys is planned as heats + final: score its final.
    const rounds100 = await f.rounds(hundred);
    const final100 = rounds100[rounds100.length - 1]!;
    const run = await f.heat(final100.id, 1, inPlaceOrder(11.5));
    await scoreRound(t.database.db, final100.id);
    expect(await pointsOf(run.starts)).toEqual([7, 5, 4, 3]);

    const relay = await f.item('4x100');
    const [rf] = await f.rounds(relay);
    const teams = await f.heat(rf!.id, 1, [
      { dlg: 3, value: 48.2, place: 1, relay: true },
      { dlg: 2, value: 49.0, place: 2, relay: true },
      { dlg: 1, value: 49.5, place: 3, relay: true },
      { dlg: 0, value: 50.1, place: 4, relay: true },
    ]);
    await scoreRound(t.database.db, rf!.id);
    expect(await pointsOf(teams.starts)).toEqual([9, 7, 6, 5]);

    // The meeting takes the option: the relay is scored again, 9-7-6-5 doubled; the 100 m is not a relay.
    await setOptions({ ...OFF, relayDouble: true });
    expect(await pointsOf(teams.starts)).toEqual([18, 14, 12, 10]);
    expect(await pointsOf(run.starts)).toEqual([7, 5, 4, 3]);
    const s = await scores('U16 Boys');
    expect(s.options).toEqual({ ...OFF, relayDouble: true });
    expect(s.tables).toEqual(
      expect.arrayContaining([
        [7, 5, 4, 3, 2, 1],
        [9, 7, 6, 5, 4, 3, 2, 1],
      ]),
    );
    const d = byDelegation(s.points);
    // d0: 100 m 1st (7) + relay 4th (5 × 2); d3: 100 m 4th (3) + relay 1st (9 × 2).
    expect(d(0)!.points).toBe(17);
    expect(d(3)!.points).toBe(21);
    expect(d(0)!.places.slice(0, 4)).toEqual([1, 0, 0, 1]);
  });

  it('"破纪录者，除按名次计分外，另加3分" — the record-break bonus goes to the record setter\'s team, once per event', async () => {
    await setOptions({ ...OFF, relayDouble: true, recordBonus: 3 });
    const two = await f.item('200');
    const rec = await postRecord(admin, f.meetingId, two, '24.00', '李四', { year: 2020, wind: 0.3 });
    expect(rec.statusCode).toBe(200);
    const rounds = await f.rounds(two);
    const final = rounds[rounds.length - 1]!;
    // 23.80 at +1.0 beats 24.00 (MR); 23.90 is not flagged (only the winner's mark of a race is the record).
    const run = await f.heat(
      final.id,
      1,
      [
        { dlg: 1, value: 23.8, place: 1 },
        { dlg: 2, value: 23.9, place: 2 },
      ],
      { wind: 1.0 },
    );
    await scoreRound(t.database.db, final.id);
    const flags = await t.database.db
      .select({ record: compStart.record })
      .from(compStart)
      .where(inArray(compStart.id, run.starts));
    expect(flags.map((r) => r.record).sort()).toEqual(['MR', null].sort());
    const d = byDelegation((await scores('U16 Boys')).points);
    // d1: 100 m 2nd (5) + relay 3rd (6 × 2) + 200 m 1st (9) + bonus 3.
    expect(d(1)).toMatchObject({ points: 29, bonus: 3 });
    expect(d(2)).toMatchObject({ points: 4 + 14 + 7, bonus: 0 });
  });

  it('"参赛人数少于或等于录取名次时，按实际参赛人数减一录取" — 5 entered, 1 DNS: 4 took part, 3 places score', async () => {
    await setOptions({ ...OFF, minusOne: true }, 'U16 Girls');
    const gi = await f.item('100', 'U16 Girls');
    const rounds = await f.rounds(gi);
    const first = rounds[0]!;
    const last = rounds[rounds.length - 1]!;
    const run = await f.heat(last.id, 1, [...inPlaceOrder(12.5), { dlg: 3, code: 'DNS' }]);
    if (first.id !== last.id) {
      // Planned heats before the final: the starters are those of the first round.
      await f.heat(first.id, 1, [...inPlaceOrder(12.6), { dlg: 3, code: 'DNS' }]);
    }
    await scoreRound(t.database.db, last.id);
    // Four took part (≤ 8 places): 4 − 1 = 3 places score, 9-7-6; the 4th scores nothing.
    expect(await pointsOf(run.starts)).toEqual([9, 7, 6, 0, null]);
    const s = await scores('U16 Girls');
    expect(s.options).toEqual({ ...OFF, minusOne: true });
    expect(byDelegation(s.points)(3)).toBeUndefined();
    // The Boys follow the meeting (no 减一录取): their 100 m of four still scored four places.
    expect((await scores('U16 Boys')).options.minusOne).toBe(false);

    // The group follows the meeting again (null): four places score.
    await setOptions(null, 'U16 Girls');
    expect(await pointsOf(run.starts)).toEqual([9, 7, 6, 5, null]);
  });

  it('"团体总分相等时，以获第一名多者列前，如再相等，以获第二名多者列前，依此类推" — ties go by firsts, then seconds', async () => {
    const a = await f.item('100', 'U18 Boys');
    const b = await f.item('400', 'U18 Boys');
    for (const [gi, order] of [
      [a, [0, 1, 2, 3]],
      [b, [2, 1, 3, 0]],
    ] as const) {
      const rounds = await f.rounds(gi);
      const last = rounds[rounds.length - 1]!;
      await f.heat(
        last.id,
        1,
        order.map((dlg, i) => ({ dlg, value: 11 + i / 10, place: i + 1 })),
      );
      await scoreRound(t.database.db, last.id);
    }
    // d0: 1st + 4th = 9 + 5 = 14; d1: 2nd + 2nd = 7 + 7 = 14; d2: 3rd + 1st = 15; d3: 4th + 3rd = 11.
    let s = await scores('U18 Boys');
    let d = byDelegation(s.points);
    expect([d(2)!.rank, d(0)!.rank, d(1)!.rank, d(3)!.rank]).toEqual([1, 2, 2, 4]);
    await setOptions({ ...OFF, tieByPlaces: true }, 'U18 Boys');
    s = await scores('U18 Boys');
    d = byDelegation(s.points);
    expect(d(0)!.places.slice(0, 4)).toEqual([1, 0, 0, 1]);
    expect(d(1)!.places.slice(0, 4)).toEqual([0, 2, 0, 0]);
    // Equal on 14: d0 has one first, d1 none — d0 is 2nd, d1 3rd.
    expect([d(2)!.rank, d(0)!.rank, d(1)!.rank, d(3)!.rank]).toEqual([1, 2, 3, 4]);
    expect(s.points.map((r: { delegationId: number }) => r.delegationId)).toEqual(
      [2, 0, 1, 3].map((i) => f.delegations[i]),
    );
  });

  it('bad options are refused with a clear error: a group of another meeting, an empty meeting setting', async () => {
    const other = await admin.put(`/api/v1/competition/meetings/${f.meetingId}/team-scoring`, {
      groupId: 999999,
      options: OFF,
    });
    expect(other.statusCode).toBe(400);
    expect(other.body).toContain('not one of this meeting');
    const empty = await admin.put(`/api/v1/competition/meetings/${f.meetingId}/team-scoring`, { options: null });
    expect(empty.statusCode).toBe(400);
    const bonus = await admin.put(`/api/v1/competition/meetings/${f.meetingId}/team-scoring`, {
      options: { ...OFF, recordBonus: -1 },
    });
    expect(bonus.statusCode).toBe(400);
  });
});

describe('体育道德风尚奖', () => {
  const url = () => `/api/v1/competition/meetings/${f.meetingId}/sportsmanship`;

  it('"设体育道德风尚奖，由大会组委会评定" — the committee records the awarded delegations with a note; shown with the table', async () => {
    const res = await admin.put(url(), {
      awards: [
        { delegationId: f.delegations[2], note: '赛风赛纪优良' },
        { delegationId: f.delegations[0], note: '' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res
        .json()
        .data.map((a: { delegationId: number }) => a.delegationId)
        .sort(),
    ).toEqual([f.delegations[0], f.delegations[2]].sort());
    const s = await scores('U16 Girls');
    expect(s.sportsmanship).toHaveLength(2);
    expect(s.sportsmanship.find((a: { delegationId: number }) => a.delegationId === f.delegations[2]).note).toBe(
      '赛风赛纪优良',
    );
    // Printed with the team table: the options in force (the meeting's) and the award list.
    const printed = await admin.get(`/api/v1/competition/meetings/${f.meetingId}/pdf/scores`);
    expect(printed.statusCode).toBe(200);
    const text = (await readPdf(printed.rawPayload)).text.join('\n');
    for (const words of [
      'Scoring rules',
      'Places score 9-7-6-5-4-3-2-1',
      'Places score 7-5-4-3-2-1',
      'Relays score double',
      'A meeting record adds 3 points',
      'Sportsmanship award',
      '赛风赛纪优良',
    ])
      expect(text).toContain(words);
    expect(text).not.toContain('减一录取');
  });

  it('a repeated or foreign delegation names its row and writes nothing', async () => {
    const dup = await admin.put(url(), {
      awards: [
        { delegationId: f.delegations[1], note: '' },
        { delegationId: f.delegations[1], note: 'x' },
      ],
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.body).toContain('Row 2');
    const foreign = await admin.put(url(), {
      awards: [
        { delegationId: f.delegations[1], note: '' },
        { delegationId: 999999, note: '' },
      ],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.body).toContain('Row 2');
    const kept = await t.database.db.select().from(compAward).where(eq(compAward.meetingId, f.meetingId));
    expect(kept.map((a) => a.delegationId).sort()).toEqual([f.delegations[0], f.delegations[2]].sort());
    const cleared = await admin.put(url(), { awards: [] });
    expect(cleared.statusCode).toBe(200);
    expect((await scores('U16 Boys')).sportsmanship).toEqual([]);
  });
});

describe('who may set them', () => {
  it('a committee member of another meeting gets 404 from both, with a valid body, and nothing changes', async () => {
    const db = t.database.db;
    const outsider = await committeeOfOtherMeeting(t, 'team-options-m2', 'team-options-m2');
    await setOptions(OFF);
    const before = await db.select().from(compAward);
    const put = await outsider.put(`/api/v1/competition/meetings/${f.meetingId}/team-scoring`, {
      options: { ...OFF, relayDouble: true },
    });
    expect([403, 404]).toContain(put.statusCode);
    const award = await outsider.put(`/api/v1/competition/meetings/${f.meetingId}/sportsmanship`, {
      awards: [{ delegationId: f.delegations[0], note: 'x' }],
    });
    expect([403, 404]).toContain(award.statusCode);
    expect(await db.select().from(compAward)).toEqual(before);
    const [m] = await db.select({ teamScoring: meeting.teamScoring }).from(meeting).where(eq(meeting.id, f.meetingId));
    expect(m!.teamScoring).toEqual(OFF);
  });
});
