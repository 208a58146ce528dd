import { expect } from 'vitest';
import { athlete, compHeat, compStart, delegation } from '../../../db/schema/index.js';
import type { TestApp } from '../../../test/app.js';
import type { DemoGroup } from '../../apply/testkit.js';
import { type Client, data, demoMeetingId } from '../../meetings/testkit.js';
import { ensureRounds } from '../rounds.js';

/** Test helpers of the exchange module (the FinishLynx imports). */

/** A runner of a heat made for a photo-finish file: bib, lane (and position) and name. */
export interface LynxRunner {
  bib: string;
  lane: number;
  name: string;
}

/**
 * Heats for photo-finish files, written straight to the tables: a new delegation `team` of the demo meeting,
 * the first round of `group`'s 100 m and, per heat number of `plan`, a heat (status set) with its runners:
 * athletes of the group (approved, with their bibs, ID number `idPrefix` + bib) started on their lanes.
 * Returns the meeting, the group item, the round, and the heats' ids by heat number.
 */
export async function lynxHeats(
  t: TestApp,
  o: {
    group: DemoGroup;
    team: { name: string; shortName?: string; contactMobile: string };
    idPrefix: string;
    plan: Record<number, LynxRunner[]>;
  },
): Promise<{ meetingId: number; groupItemId: number; roundId: number; heats: Map<number, number> }> {
  const db = t.database.db;
  const meetingId = await demoMeetingId(t);
  const groupItemId = o.group.items.get('100')!;
  const [d] = await db
    .insert(delegation)
    .values({ meetingId, ...o.team })
    .returning({ id: delegation.id });
  const [round] = await ensureRounds(db, groupItemId);
  const roundId = round!.id;
  const heats = new Map<number, number>();
  for (const [number, runners] of Object.entries(o.plan)) {
    const [h] = await db
      .insert(compHeat)
      .values({ meetingId, roundId, number: Number(number), status: 'set' })
      .returning({ id: compHeat.id });
    heats.set(Number(number), h!.id);
    const made = await db
      .insert(athlete)
      .values(
        runners.map((r) => ({
          meetingId,
          delegationId: d!.id,
          groupId: o.group.id,
          name: r.name,
          gender: o.group.gender === 'F' ? ('F' as const) : ('M' as const),
          idNumber: `${o.idPrefix}${r.bib}`,
          birthDate: '2011-05-01',
          status: 'approved' as const,
          bib: r.bib,
        })),
      )
      .returning({ id: athlete.id });
    await db.insert(compStart).values(
      runners.map((r, i) => ({
        meetingId,
        roundId,
        heatId: h!.id,
        athleteId: made[i]!.id,
        delegationId: d!.id,
        lane: r.lane,
        position: r.lane,
      })),
    );
  }
  return { meetingId, groupItemId, roundId, heats };
}

/**
 * An athlete enrolled by the committee for delegation `delegationId` (`form`: an apply athlete form), entered
 * in each of `events` with its seed mark. Returns the athlete and its entries' ids.
 */
export async function enrolByCommittee(
  committee: Client,
  delegationId: number,
  form: Record<string, unknown>,
  events: { groupItemId: number; seedMark: string }[],
): Promise<{ id: number; name: string; entryIds: number[] }> {
  const res = await committee.post('/api/v1/apply/athletes', { ...form, delegationId });
  expect(res.statusCode, res.body).toBe(200);
  const a = data<{ id: number; name: string }>(res);
  const entryIds: number[] = [];
  for (const e of events) {
    const made = await committee.post('/api/v1/apply/entries', { delegationId, athleteId: a.id, ...e });
    expect(made.statusCode, made.body).toBe(200);
    entryIds.push(data<{ id: number }>(made).id);
  }
  return { id: a.id, name: a.name, entryIds };
}
