import { eq } from 'drizzle-orm';
import { compHeat, compStart, entry, relayTeam } from '../../../db/schema/index.js';
import type { TestApp } from '../../../test/app.js';
import { demoGroups } from '../../apply/testkit.js';
import { type Client, demoMeetingId, insertAthlete } from '../../meetings/testkit.js';
import { ensureRounds } from '../rounds.js';

/**
 * Test helpers of competition/scores: rounds, heats and start rows with results written straight
 * to the database (start lists and results entry are other modules), for entries of athletes
 * registered in the demo meeting.
 */

export interface Result {
  /** Index into the delegations of the demo meeting (0..3). */
  dlg: number;
  value?: number | null;
  mark?: string | null;
  place?: number | null;
  code?: 'DNS' | 'DNF' | 'DQ' | 'NM' | 'r' | null;
  wind?: number | null;
  /** A relay team of the delegation instead of an athlete. */
  relay?: boolean;
}

export interface Fixture {
  meetingId: number;
  delegations: number[];
  /** Group item id of `code` in the U16 Boys group. */
  item(code: string, groupName?: string): Promise<number>;
  /** The rounds of a group item (made as planned). */
  rounds(groupItemId: number): Promise<{ id: number; index: number }[]>;
  /** A heat of a round with its start rows; returns the heat id and start ids in order. */
  heat(
    roundId: number,
    number: number,
    results: Result[],
    opts?: { status?: 'draft' | 'set' | 'official'; wind?: number | null },
  ): Promise<{ heatId: number; starts: number[] }>;
}

export async function fixture(t: TestApp): Promise<Fixture> {
  const db = t.database.db;
  const meetingId = await demoMeetingId(t);
  const groups = await demoGroups(t);
  const dlgs = await t.database.db.query.delegation.findMany({ where: (d, { eq }) => eq(d.meetingId, meetingId) });
  const delegations = dlgs.sort((a, b) => a.id - b.id).map((d) => d.id);
  const itemGroup = new Map<number, number>();
  return {
    meetingId,
    delegations,
    async item(code, groupName = 'U16 Boys') {
      const g = groups.get(groupName)!;
      const id = g.items.get(code);
      if (!id) throw new Error(`no ${code} in ${groupName}`);
      itemGroup.set(id, g.id);
      return id;
    },
    async rounds(groupItemId) {
      return (await ensureRounds(db, groupItemId)).map((r) => ({ id: r.id, index: r.index }));
    },
    async heat(roundId, number, results, opts = {}) {
      const round = (await db.query.compRound.findFirst({ where: (r, { eq }) => eq(r.id, roundId) }))!;
      const [h] = await db
        .insert(compHeat)
        .values({
          meetingId,
          roundId,
          number,
          status: opts.status ?? 'official',
          wind: opts.wind ?? null,
          officialAt: (opts.status ?? 'official') === 'official' ? new Date() : null,
        })
        .returning({ id: compHeat.id });
      const starts: number[] = [];
      for (const [i, r] of results.entries()) {
        const delegationId = delegations[r.dlg]!;
        let entryId: number | null = null;
        let relayTeamId: number | null = null;
        let athleteId: number | null = null;
        if (r.relay) {
          const [team] = await db
            .insert(relayTeam)
            .values({ meetingId, delegationId, groupItemId: round.groupItemId, letter: 'A', status: 'approved' })
            .returning({ id: relayTeam.id });
          relayTeamId = team!.id;
        } else {
          const groupId = itemGroup.get(round.groupItemId) ?? [...groups.values()][0]!.id;
          athleteId = await insertAthlete(t, { meetingId, delegationId, groupId, status: 'approved' });
          const [e] = await db
            .insert(entry)
            .values({ meetingId, delegationId, athleteId, groupItemId: round.groupItemId, status: 'approved' })
            .returning({ id: entry.id });
          entryId = e!.id;
        }
        const [s] = await db
          .insert(compStart)
          .values({
            meetingId,
            roundId,
            heatId: h!.id,
            entryId,
            relayTeamId,
            athleteId,
            delegationId,
            lane: i + 1,
            position: i + 1,
            value: r.value ?? null,
            mark: r.mark ?? (r.value == null ? null : String(r.value)),
            place: r.place ?? null,
            code: r.code ?? null,
            wind: r.wind ?? null,
          })
          .returning({ id: compStart.id });
        starts.push(s!.id);
      }
      return { heatId: h!.id, starts };
    },
  };
}

/** Set a heat's status (as results entry would). */
export async function setHeat(t: TestApp, heatId: number, values: Partial<typeof compHeat.$inferInsert>) {
  await t.database.db.update(compHeat).set(values).where(eq(compHeat.id, heatId));
}

/** Change a start row's result (as a correction would). */
export async function setStart(t: TestApp, startId: number, values: Partial<typeof compStart.$inferInsert>) {
  await t.database.db.update(compStart).set(values).where(eq(compStart.id, startId));
}

/** A meeting record entered over the API by `c`: `mark` of `holder` in event `groupItemId`, with the record's other fields. */
export function postRecord(
  c: Client,
  meetingId: number,
  groupItemId: number,
  mark: string,
  holder: string,
  more: { delegationName?: string; year?: number; wind?: number } = {},
) {
  return c.post('/api/v1/competition/records', { meetingId, groupItemId, mark, holder, ...more });
}
