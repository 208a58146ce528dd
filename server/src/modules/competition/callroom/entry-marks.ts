import { athleteOfBibCode, type CheckInState, type EntryCheckInAnswer } from '@baton/contracts';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { athlete, compEntryCheckIn, compHeat, compLog, compRound } from '../../../db/schema/index.js';
import { badInput, notFound } from '../../../lib/errors.js';
import type { CurrentUser } from '../../../plugins/auth.js';
import { requireRound } from '../access.js';
import { announce } from '../publish.js';
import { firstRoundCandidates } from '../startlists/candidates.js';
import type { Candidate } from '../startlists/shared.js';
import { loadEvent } from '../views.js';
import { entryRoundVO } from './before-seeding.js';
import { BIB, type CallRoomDeps, type CheckInVia, conflict } from './shared.js';

/**
 * Marks made before seeding (检录后编排, before-seeding.ts): on an entry (or relay team) of a
 * first round with no start list yet, by tap, typed bib or the bib's QR code — each in one
 * transaction with its log line (`comp_log`, action 'check-in', `beforeSeeding: true`),
 * announced to the staff after the commit.
 */
/**
 * Mark one entry of a round inside a transaction: the round locked (a start list being made
 * waits, and then leaves the absent out), refused unless the meeting checks in before seeding
 * and the round is a first round with no start list yet.
 */
async function markEntryIn(
  tx: Tx,
  u: CurrentUser,
  roundId: number,
  pick: (candidates: Candidate[], meetingId: number) => Promise<Candidate> | Candidate,
  state: CheckInState | null,
  via: CheckInVia,
) {
  const { meeting: m } = await requireRound(tx, u, roundId, 'callroom');
  const [round] = await tx.select().from(compRound).where(eq(compRound.id, roundId)).for('update');
  if (!round) throw notFound();
  const event = await loadEvent(tx, round.groupItemId);
  if (!event) throw notFound();
  if (!m.callRoomBeforeSeeding) {
    throw conflict(
      '本赛事在编排后检录：请在分组中检录',
      'This meeting checks in after seeding: mark the athletes in their heats',
    );
  }
  if (round.index !== 0 || event.kind === 'combined') {
    throw conflict(
      '只有第一轮（全能项目除外）在编排前检录',
      'Only first rounds (combined events aside) are checked in before seeding',
    );
  }
  const [heat] = await tx.select({ id: compHeat.id }).from(compHeat).where(eq(compHeat.roundId, roundId)).limit(1);
  if (heat) {
    throw conflict(
      '该轮已编排分组：请在分组中检录',
      'The start list of this round is made: mark the athletes in their heats',
    );
  }
  const candidates = (await firstRoundCandidates(tx, [round.groupItemId], event.kind === 'relay')).get(
    round.groupItemId,
  )!;
  const c = await pick(candidates, round.meetingId);
  const key =
    c.entryId !== null ? eq(compEntryCheckIn.entryId, c.entryId) : eq(compEntryCheckIn.relayTeamId, c.relayTeamId!);
  const [before] = await tx
    .select()
    .from(compEntryCheckIn)
    .where(and(eq(compEntryCheckIn.roundId, roundId), key));
  const from = before?.state ?? null;
  const at = new Date();
  if (state === null) {
    if (before) await tx.delete(compEntryCheckIn).where(eq(compEntryCheckIn.id, before.id));
  } else if (before) {
    await tx.update(compEntryCheckIn).set({ state, userId: u.id, at }).where(eq(compEntryCheckIn.id, before.id));
  } else {
    await tx.insert(compEntryCheckIn).values({
      meetingId: round.meetingId,
      roundId,
      entryId: c.entryId,
      relayTeamId: c.relayTeamId,
      state,
      userId: u.id,
      at,
    });
  }
  const changed = from !== state;
  if (changed) {
    await tx.insert(compLog).values({
      meetingId: round.meetingId,
      roundId,
      heatId: null,
      action: 'check-in',
      detail: {
        entryId: c.entryId,
        relayTeamId: c.relayTeamId,
        athleteId: c.athleteId,
        from,
        to: state,
        via,
        beforeSeeding: true,
      },
      userId: u.id,
    });
  }
  return { round, meeting: m, candidate: c, changed };
}

/** After the commit: the other call-room devices and the start-list screens hear of it (staff only). */
async function answerEntryMark(
  deps: CallRoomDeps,
  marked: Awaited<ReturnType<typeof markEntryIn>>,
  state: CheckInState | null,
): Promise<EntryCheckInAnswer> {
  const { round, meeting: m, candidate: c } = marked;
  if (marked.changed) {
    await announce(
      deps.hub,
      {
        meetingId: round.meetingId,
        groupItemId: round.groupItemId,
        roundId: round.id,
        heatId: null,
        change: 'checkin',
      },
      false,
    );
  }
  return {
    entryId: c.entryId,
    relayTeamId: c.relayTeamId,
    state,
    round: await entryRoundVO(deps.db, round.id, m),
  };
}

/** Mark an entry (athlete) or relay team of a round not seeded yet by tap; null takes the mark back. */
export async function checkInEntry(
  deps: CallRoomDeps,
  u: CurrentUser,
  roundId: number,
  body: { entryId?: number; relayTeamId?: number; state: CheckInState | null },
): Promise<EntryCheckInAnswer> {
  if ((body.entryId === undefined) === (body.relayTeamId === undefined)) {
    throw badInput('请指定一条报名或一支接力队', 'Name one entry or one relay team');
  }
  const marked = await deps.db.transaction((tx) =>
    markEntryIn(
      tx,
      u,
      roundId,
      (list) => {
        const c = list.find((x) =>
          body.entryId !== undefined ? x.entryId === body.entryId : x.relayTeamId === body.relayTeamId,
        );
        if (!c) {
          throw badInput('该报名不在本赛次（或未审核通过）', 'That entry is not in this round (or is not approved)');
        }
        return c;
      },
      body.state,
      'tap',
    ),
  );
  return answerEntryMark(deps, marked, body.state);
}

/**
 * Mark the entry of a bib (typed, or its QR code read) in a round not seeded yet: the athlete's
 * entry, or the relay team one of whose runners wears it.
 */
export async function checkInEntryByCode(
  deps: CallRoomDeps,
  u: CurrentUser,
  roundId: number,
  code: string,
  state: CheckInState,
): Promise<EntryCheckInAnswer> {
  const fromQr = athleteOfBibCode(code);
  const typed = code.trim();
  const what =
    fromQr !== null ? { zh: '扫描的运动员', en: 'The athlete scanned' } : { zh: `${typed} 号`, en: `Bib ${typed}` };
  const marked = await deps.db.transaction((tx) =>
    markEntryIn(
      tx,
      u,
      roundId,
      async (list, meetingId) => {
        if (fromQr === null && !BIB.test(typed)) {
          throw badInput(
            `“${typed.slice(0, 40)}”不是号码，也不是号码布的二维码`,
            `"${typed.slice(0, 40)}" is neither a bib nor a bib's QR code`,
          );
        }
        const athletes =
          fromQr !== null
            ? [fromQr]
            : (
                await tx
                  .select({ id: athlete.id })
                  .from(athlete)
                  .where(and(eq(athlete.meetingId, meetingId), eq(athlete.bib, typed)))
              ).map((a) => a.id);
        const found = list.filter(
          (c) =>
            (c.athleteId !== null && athletes.includes(c.athleteId)) ||
            c.shown.members.some((x) => athletes.includes(x.athleteId)),
        );
        if (!found.length) throw badInput(`${what.zh}不在本赛次`, `${what.en} is not in this round`);
        if (found.length > 1) {
          throw badInput(
            `${what.zh}在本赛次有 ${found.length} 条报名，请逐个点选`,
            `${what.en} has ${found.length} entries in this round: tap the one meant`,
          );
        }
        return found[0]!;
      },
      state,
      fromQr !== null ? 'scan' : 'bib',
    ),
  );
  return answerEntryMark(deps, marked, state);
}
