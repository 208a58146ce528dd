import type {
  EventVO,
  HeatStatus,
  RoundVO,
  StartListGenerateAllBody,
  StartListGenerateAllVO,
  StartListGenerateBody,
  StartListSkipReason,
  StartVO,
} from '@baton/contracts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { compHeat, compRound } from '../../../db/schema/index.js';
import { badInput, notFound } from '../../../lib/errors.js';
import type { Report } from '../../../lib/jobs.js';
import { rowsOf } from '../../../lib/sql.js';
import { nextVersion } from '../../../lib/versioned.js';
import type { CurrentUser } from '../../../plugins/auth.js';
import type { RealtimeHub } from '../../../plugins/realtime.js';
import { requireCompetition } from '../access.js';
import { absentOf, carryMarks } from '../callroom/before-seeding.js';
import { roundEvent } from '../combined/plan.js';
import { abandonedBefore } from '../combined/service.js';
import { announce } from '../publish.js';
import { byLaneThenPosition, heatVO, roundStatus, roundVO, startVO } from '../round-vo.js';
import { ensureRounds, ensureRoundsOf, type RoundRow, roundPlanOf, roundPlansOf } from '../rounds.js';
import { loadEvent, loadMeetingEvents } from '../views.js';
import {
  type Composed,
  compose,
  firstRoundCandidates,
  firstRoundFacts,
  heatStatuses,
  insertHeats,
  insertStarts,
  keyOf,
  laterRoundCandidates,
  roundStatuses,
  startKey,
  startRowsOf,
  waitingEntries,
} from './candidates.js';
import { writeLog, writeLogs } from './log.js';
import { newSeed } from './rules/prng.js';
import { type Candidate, conflict, frame, lockRound, mustLoad } from './shared.js';

/** Making a round's start list, and every first round's at once ("Generate all"). */

/** What the log says of a start list made. */
export function generateDetail(
  seed: string,
  round: RoundRow,
  composed: Composed,
  remade: boolean,
  body: Pick<StartListGenerateBody, 'heats' | 'perHeat'>,
): Record<string, unknown> {
  return {
    seed,
    roundIndex: round.index,
    heats: composed.heats,
    competitors: composed.placed.length,
    remade,
    ...(body.heats ? { heatsAsked: body.heats } : {}),
    ...(body.perHeat ? { perHeat: body.perHeat } : {}),
  };
}

/**
 * Make (or make again, while every heat is a draft) the start list of a round: heats and start
 * rows from the approved entries (first round) or from the previous round's qualifiers.
 */
export async function generateStartList(
  db: Db,
  hub: RealtimeHub,
  u: CurrentUser,
  groupItemId: number,
  body: StartListGenerateBody,
): Promise<RoundVO> {
  const event = await loadEvent(db, groupItemId);
  if (!event) throw notFound();
  const { meeting: m } = await requireCompetition(db, u, event.meetingId, 'manage');
  const seed = body.seed ?? newSeed();
  const relay = event.kind === 'relay';
  const out = await db.transaction(async (tx) => {
    const rounds = await ensureRounds(tx, groupItemId);
    let target: RoundRow | undefined;
    if (body.roundIndex !== undefined) {
      target = rounds.find((r) => r.index === body.roundIndex);
      if (!target) {
        throw badInput(`该项目没有第 ${body.roundIndex + 1} 轮`, `This event has no round ${body.roundIndex + 1}`);
      }
    } else {
      // The first round still a draft (a round's status is its least advanced heat's).
      const status = await roundStatuses(
        tx,
        rounds.map((r) => r.id),
      );
      target = rounds.find((r) => status.get(r.id) === 'draft') ?? rounds.at(-1);
    }
    const round = await lockRound(tx, target!.id);
    const current = await tx.select({ status: compHeat.status }).from(compHeat).where(eq(compHeat.roundId, round.id));
    if (current.some((h) => h.status !== 'draft')) {
      throw conflict(
        '该轮分组已发布，请先撤销发布再重新编排',
        'The start list of this round is published: unpublish it before making it again',
      );
    }
    // A combined event's discipline is run as that event (combined/plan.ts), every one from the
    // approved entries less those who have abandoned (TR 39.10), drawn without seed marks.
    const combined = event.kind === 'combined';
    const runAs = roundEvent(event, round.discipline);
    const later = round.index > 0 && !combined;
    let candidates: Candidate[];
    if (combined) {
      const out = await abandonedBefore(tx, groupItemId, round.index);
      candidates = (await firstRoundCandidates(tx, [groupItemId], false))
        .get(groupItemId)!
        .filter((c) => !out.has(c.entryId!))
        .map((c) => ({ ...c, seedValue: null }));
      if (!candidates.length) {
        throw conflict(
          '没有可参加该单项的运动员',
          'No athlete may start this discipline (none approved, or all abandoned)',
        );
      }
    } else if (later) {
      const previous = rounds.find((r) => r.index === round.index - 1)!;
      candidates = laterRoundCandidates(await mustLoad(tx, previous.id));
    } else {
      candidates = (await firstRoundCandidates(tx, [groupItemId], relay)).get(groupItemId)!;
      if (!candidates.length) {
        const waiting = (await waitingEntries(tx, [groupItemId], relay)).get(groupItemId) ?? 0;
        throw conflict(
          `没有审核通过的报名，无法编排（${waiting} 条报名待审核）`,
          `No approved entries to seed (${waiting} waiting for audit)`,
        );
      }
    }
    // 检录后编排: the entries the call room marked absent are not seeded (callroom/before-seeding.ts).
    const checkedIn = m.callRoomBeforeSeeding && round.index === 0 && !combined;
    let absentLeftOut = 0;
    if (checkedIn) {
      const absent = (await absentOf(tx, [round.id])).get(round.id)!;
      const present = candidates.filter((c) => !absent.has(keyOf(c)));
      absentLeftOut = candidates.length - present.length;
      if (!present.length) {
        throw conflict(
          `全部 ${candidates.length} 条报名在检录时缺席，没有可编排的参赛者`,
          `All ${candidates.length} entries were marked absent at the call room: nobody to seed`,
        );
      }
      candidates = present;
    }
    const plan = await roundPlanOf(tx, groupItemId, round.index);
    const composed = compose(runAs, candidates, later, m, plan, seed, body);
    // Made again: the old heats go, and their start rows with them (on delete cascade).
    if (current.length) await tx.delete(compHeat).where(eq(compHeat.roundId, round.id));
    const heats = (await insertHeats(tx, [{ round, count: composed.heats }])).get(round.id)!;
    const written = await insertStarts(tx, startRowsOf(round, composed, heats), true);
    if (checkedIn) await carryMarks(tx, [round.id]);
    const [updated] = await tx
      .update(compRound)
      .set({ drawSeed: seed, ...nextVersion(compRound) })
      .where(eq(compRound.id, round.id))
      .returning();
    await writeLog(tx, u, round, 'generate', {
      ...generateDetail(seed, round, composed, current.length > 0, body),
      ...(checkedIn ? { absentLeftOut } : {}),
    });
    // The answer is what loadRound would read back now, made from what was just written.
    const startsOf = new Map<number, StartVO[]>();
    for (const p of composed.placed) {
      const row = written.get(startKey(p.competitor))!;
      const own = {
        id: row.id,
        version: row.version,
        position: p.position,
        lane: p.lane,
        seedValue: p.competitor.seedValue,
        mark: null,
        value: null,
        reactionTime: null,
        wind: null,
        code: null,
        dqRule: null,
        place: null,
        qualifier: null,
        points: null,
        record: null,
        note: null,
      };
      const list = startsOf.get(p.heat) ?? [];
      list.push(startVO(own, p.competitor.shown, []));
      startsOf.set(p.heat, list);
    }
    const heatVOs = heats.map((h) => heatVO(h, (startsOf.get(h.number) ?? []).sort(byLaneThenPosition)));
    return { ...roundVO(updated!, event, heatVOs, plan), ...(checkedIn ? { absentLeftOut } : {}) };
  });
  await announce(hub, frame(out), false);
  return out;
}

/**
 * "Generate all": the first-round start list of every event of a meeting that has none yet, in
 * one transaction and a fixed number of statements whatever the number of events and entries —
 * one read of the approved entries with their people (one more for relay teams and their
 * runners), each event composed in memory exactly as `generateStartList` does it alone, one
 * insert of all heats, one of all start rows, one update of the rounds and one insert of their
 * log lines. Events whose first round already has heats (draft or published), combined events
 * and events with no approved entry are left alone and reported as skipped. The answer
 * summarises each event; the rounds themselves are read with `GET /competition/rounds/:id`.
 * `report(done, total)` follows it for a job's progress bar: the reads, each event composed,
 * the writes.
 */
export async function generateAllStartLists(
  db: Db,
  hub: RealtimeHub,
  u: CurrentUser,
  meetingId: number,
  body: StartListGenerateAllBody,
  report: Report = () => {},
): Promise<StartListGenerateAllVO> {
  const { meeting: m } = await requireCompetition(db, u, meetingId, 'manage');
  const out = await db.transaction(async (tx) => {
    const events = await loadMeetingEvents(tx, meetingId);
    // Steps: the events read, the entries read, each event composed, the start rows written, the log.
    const total = events.length + 4;
    let done = 1;
    report(done, total);
    const skipped: StartListGenerateAllVO['skipped'] = [];
    const names = (e: EventVO) => ({
      groupItemId: e.groupItemId,
      groupName: e.groupName,
      groupNameEn: e.groupNameEn,
      itemName: e.itemName,
      itemNameEn: e.itemNameEn,
    });
    const skip = (e: EventVO, reason: StartListSkipReason, status: HeatStatus | null = null, waiting = 0) =>
      skipped.push({ ...names(e), reason, status, waiting });
    const seedable = events.filter((e) => e.kind !== 'combined');
    for (const e of events) if (e.kind === 'combined') skip(e, 'combined');
    const rounds = await ensureRoundsOf(
      tx,
      seedable.map((e) => e.groupItemId),
    );
    // The first rounds, locked (in id order) against a start list made meanwhile event by event.
    const firstIds = seedable.map((e) => rounds.get(e.groupItemId)![0]!.id).sort((a, b) => a - b);
    const locked = firstIds.length
      ? await tx
          .select()
          .from(compRound)
          .where(inArray(compRound.id, firstIds))
          .orderBy(asc(compRound.id))
          .for('update')
      : [];
    const firstOf = new Map(locked.map((r) => [r.groupItemId, r]));
    const heatsOf = await heatStatuses(tx, firstIds);
    const open = seedable.filter((e) => {
      const heats = heatsOf.get(firstOf.get(e.groupItemId)!.id) ?? [];
      if (heats.length) skip(e, 'made', roundStatus(heats));
      return !heats.length;
    });
    const relays = open.filter((e) => e.kind === 'relay').map((e) => e.groupItemId);
    const singles = open.filter((e) => e.kind !== 'relay').map((e) => e.groupItemId);
    const candidatesOf = new Map([
      ...(await firstRoundFacts(tx, singles, false)),
      ...(await firstRoundFacts(tx, relays, true)),
    ]);
    const empty = open.filter((e) => !candidatesOf.get(e.groupItemId)!.length);
    const waiting = new Map([
      ...(await waitingEntries(
        tx,
        empty.filter((e) => e.kind !== 'relay').map((e) => e.groupItemId),
        false,
      )),
      ...(await waitingEntries(
        tx,
        empty.filter((e) => e.kind === 'relay').map((e) => e.groupItemId),
        true,
      )),
    ]);
    for (const e of empty) skip(e, 'no-entries', null, waiting.get(e.groupItemId) ?? 0);
    // 检录后编排: the entries the call room marked absent are not seeded (callroom/before-seeding.ts).
    const absent = m.callRoomBeforeSeeding
      ? await absentOf(
          tx,
          open.map((e) => firstOf.get(e.groupItemId)!.id),
        )
      : new Map<number, Set<string>>();
    const leftOut = new Map<number, number>();
    for (const e of open) {
      const out = absent.get(firstOf.get(e.groupItemId)!.id);
      const all = candidatesOf.get(e.groupItemId)!;
      if (!out?.size || !all.length) continue;
      const present = all.filter((c) => !out.has(keyOf(c)));
      leftOut.set(e.groupItemId, all.length - present.length);
      candidatesOf.set(e.groupItemId, present);
      if (!present.length) skip(e, 'all-absent');
    }
    const plans = await roundPlansOf(
      tx,
      open.map((e) => e.groupItemId),
    );
    done += 1 + events.length - open.length;
    report(done, total);
    const made = open
      .filter((e) => candidatesOf.get(e.groupItemId)!.length)
      .map((e) => {
        const round = firstOf.get(e.groupItemId)!;
        const seed = body.seed ?? newSeed();
        const composed = compose(
          e,
          candidatesOf.get(e.groupItemId)!,
          false,
          m,
          plans.get(e.groupItemId)?.[0],
          seed,
          {},
        );
        report(++done, total);
        return { e, round, seed, composed };
      });
    done += open.length - made.length;
    const heats = await insertHeats(
      tx,
      made.map((x) => ({ round: x.round, count: x.composed.heats })),
    );
    await insertStarts(
      tx,
      made.flatMap((x) => startRowsOf(x.round, x.composed, heats.get(x.round.id)!)),
      false,
    );
    if (m.callRoomBeforeSeeding) {
      await carryMarks(
        tx,
        made.map((x) => x.round.id),
      );
    }
    if (made.length) {
      const seeds = made.map((x) => ({ id: x.round.id, seed: x.seed }));
      await tx.execute(sql`
        update comp_round r set draw_seed = v.seed, version = r.version + 1, updated_at = now()
        from json_to_recordset(${JSON.stringify(seeds)}::json) as v(id int, seed text)
        where r.id = v.id`);
    }
    report(++done, total);
    await writeLogs(
      tx,
      u,
      made.map((x) => ({
        round: x.round,
        action: 'generate',
        detail: {
          ...generateDetail(x.seed, x.round, x.composed, false, {}),
          ...(m.callRoomBeforeSeeding ? { absentLeftOut: leftOut.get(x.e.groupItemId) ?? 0 } : {}),
        },
        heatId: null,
      })),
    );
    const order = new Map(events.map((e, i) => [e.groupItemId, i]));
    skipped.sort((a, b) => order.get(a.groupItemId)! - order.get(b.groupItemId)!);
    return {
      made,
      answer: {
        meetingId,
        starts: made.reduce((n, x) => n + x.composed.placed.length, 0),
        missingBibs: await athletesWithoutBibIn(
          tx,
          made.map((x) => x.round.id),
        ),
        absentLeftOut: made.reduce((n, x) => n + (leftOut.get(x.e.groupItemId) ?? 0), 0),
        made: made.map((x) => ({
          ...names(x.e),
          roundId: x.round.id,
          heats: x.composed.heats,
          starts: x.composed.placed.length,
          seed: x.seed,
          absentLeftOut: leftOut.get(x.e.groupItemId) ?? 0,
        })),
        skipped,
      },
    };
  });
  // Each round made is announced as making it alone announces it (staff screens refresh it),
  // all at once rather than one after another.
  await Promise.all(out.made.map((x) => announce(hub, frame(x.round), false)));
  return out.answer;
}

/**
 * How many different athletes of these rounds' start rows have no bib (relay runners and
 * alternates included): "Generate all" tells it, as a round's answer does (`RoundVO.missingBibs`).
 */
export async function athletesWithoutBibIn(tx: Tx, roundIds: number[]): Promise<number> {
  if (!roundIds.length) return 0;
  const ids = sql.join(
    roundIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const [row] = await rowsOf<{ n: number }>(
    tx.execute(sql`
      select count(distinct a.id)::int as n from reg_athlete a
      where (a.bib is null or a.bib = '') and a.id in (
        select s.athlete_id from comp_start s
          where s.round_id in (${ids}) and s.relay_team_id is null and s.athlete_id is not null
        union
        select m.athlete_id from comp_start s join reg_relay_member m on m.relay_team_id = s.relay_team_id
          where s.round_id in (${ids}))`),
  );
  return Number(row?.n ?? 0);
}
