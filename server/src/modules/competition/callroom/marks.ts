import {
  athleteOfBibCode,
  type CheckInAnswer,
  type CheckInDns,
  type CheckInState,
  type HeatStatus,
} from '@baton/contracts';
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import {
  athlete,
  compCheckIn,
  compHeat,
  compLog,
  compRound,
  compStart,
  compTrial,
  relayMember,
} from '../../../db/schema/index.js';
import { badInput, notFound } from '../../../lib/errors.js';
import { nextVersion } from '../../../lib/versioned.js';
import type { CurrentUser } from '../../../plugins/auth.js';
import { requireCompetition } from '../access.js';
import { announce } from '../publish.js';
import { heatVO, requireHeat } from './service.js';
import { BIB, type CallRoomDeps, type CheckInVia, conflict } from './shared.js';

/**
 * The call room's marks on starts (issue 24; the call room and its rules: service.ts): a start
 * marked present, absent or late by tap, typed bib or the bib's QR code, each in one transaction
 * with its log line and announced after the commit.
 */

interface Marked {
  meetingId: number;
  groupItemId: number;
  roundId: number;
  heatId: number;
  heatStatus: HeatStatus;
  lead: number;
  state: CheckInState | null;
  dns: CheckInDns | null;
  changed: boolean;
}

/** Mark one start inside a transaction (access checked by the caller's `requireCompetition`). */
async function markIn(tx: DbOrTx, u: CurrentUser, startId: number, state: CheckInState | null, via: CheckInVia) {
  const [row] = await tx
    .select({ start: compStart, heat: compHeat, round: compRound })
    .from(compStart)
    .innerJoin(compHeat, eq(compHeat.id, compStart.heatId))
    .innerJoin(compRound, eq(compRound.id, compStart.roundId))
    .where(eq(compStart.id, startId))
    .for('update', { of: compStart });
  if (!row) throw notFound();
  const { meeting: m } = await requireCompetition(tx, u, row.start.meetingId, 'callroom');
  const { start: s, heat } = row;
  const label = {
    zh: s.lane !== null ? `第 ${s.lane} 道` : `第 ${s.position} 位`,
    en: s.lane !== null ? `lane ${s.lane}` : `position ${s.position}`,
  };
  if (heat.status === 'official') {
    throw conflict('本组成绩已生效，不能再检录', 'The results of this heat are official: no more check-in marks');
  }
  const [before] = await tx.select().from(compCheckIn).where(eq(compCheckIn.startId, startId));
  const [trial] = await tx.select({ id: compTrial.id }).from(compTrial).where(eq(compTrial.startId, startId)).limit(1);
  const hasResult = s.mark !== null || s.value !== null || trial !== undefined || (s.code !== null && s.code !== 'DNS');
  // The DNS the call room wrote is still its own while the start row is as the call room left it.
  const ownDns = s.code === 'DNS' && before?.dnsVersion != null && before.dnsVersion === s.version;

  let dns: CheckInDns | null = null;
  let dnsVersion: number | null = null;
  if (state === 'absent') {
    if (hasResult) {
      throw conflict(
        `${label.zh}已有成绩，不能记为缺席`,
        `${label.en} has a result already: it cannot be marked absent`,
      );
    }
    if (s.code === null) {
      const [saved] = await tx
        .update(compStart)
        .set({ code: 'DNS', dqRule: null, ...nextVersion(compStart) })
        .where(eq(compStart.id, startId))
        .returning({ version: compStart.version });
      dnsVersion = saved!.version;
      dns = 'set';
    } else {
      // DNS already: the call room's own stays its own; one results entry wrote stays theirs.
      dnsVersion = ownDns ? s.version : null;
    }
  } else if (s.code === 'DNS') {
    if (ownDns) {
      await tx
        .update(compStart)
        .set({ code: null, ...nextVersion(compStart) })
        .where(eq(compStart.id, startId));
      dns = 'cleared';
    } else if (state !== null || before) {
      dns = 'kept';
    }
  }

  const from = before?.state ?? null;
  const changed = from !== state || dns === 'set' || dns === 'cleared';
  if (state === null) {
    if (before) await tx.delete(compCheckIn).where(eq(compCheckIn.startId, startId));
  } else {
    const values = { startId, meetingId: s.meetingId, state, dnsVersion, userId: u.id, at: new Date() };
    await tx
      .insert(compCheckIn)
      .values(values)
      .onConflictDoUpdate({ target: compCheckIn.startId, set: { state, dnsVersion, userId: u.id, at: values.at } });
  }
  if (changed) {
    await tx.insert(compLog).values({
      meetingId: s.meetingId,
      roundId: s.roundId,
      heatId: s.heatId,
      action: 'check-in',
      detail: { startId, athleteId: s.athleteId, relayTeamId: s.relayTeamId, from, to: state, dns, via },
      userId: u.id,
    });
  }
  const marked: Marked = {
    meetingId: s.meetingId,
    groupItemId: row.round.groupItemId,
    roundId: s.roundId,
    heatId: s.heatId,
    heatStatus: heat.status,
    lead: m.callRoomLead,
    state,
    dns,
    changed,
  };
  return marked;
}

/** After the commit: tell results entry, the other call-room devices and (a DNS on a published list) the public. */
async function answerMark(deps: CallRoomDeps, startId: number, marked: Marked): Promise<CheckInAnswer> {
  if (marked.changed) {
    const dnsChanged = marked.dns === 'set' || marked.dns === 'cleared';
    await announce(
      deps.hub,
      {
        meetingId: marked.meetingId,
        groupItemId: marked.groupItemId,
        roundId: marked.roundId,
        heatId: marked.heatId,
        change: 'checkin',
      },
      dnsChanged && marked.heatStatus !== 'draft',
    );
  }
  return {
    startId,
    state: marked.state,
    dns: marked.dns,
    heat: await heatVO(deps.db, marked.heatId, marked.lead),
  };
}

/** Mark a start present, absent or late (null: take the mark back). */
export async function checkInStart(
  deps: CallRoomDeps,
  u: CurrentUser,
  startId: number,
  state: CheckInState | null,
): Promise<CheckInAnswer> {
  const marked = await deps.db.transaction((tx) => markIn(tx, u, startId, state, 'tap'));
  return answerMark(deps, startId, marked);
}

/**
 * Mark the athlete of a bib in a heat or in any heat of a round: `code` is the bib number, or
 * what the bib's QR code reads (the athlete's public page). A relay team is found by any of its
 * runners' bibs.
 */
export async function checkInByCode(
  deps: CallRoomDeps,
  u: CurrentUser,
  scope: { heatId: number } | { roundId: number },
  code: string,
  state: CheckInState,
): Promise<CheckInAnswer> {
  const marked = await deps.db.transaction(async (tx) => {
    let meetingId: number;
    let heatIds: number[];
    if ('heatId' in scope) {
      const { heat } = await requireHeat(tx, u, scope.heatId);
      meetingId = heat.meetingId;
      heatIds = [heat.id];
    } else {
      const [r] = await tx.select().from(compRound).where(eq(compRound.id, scope.roundId));
      if (!r) throw notFound();
      await requireCompetition(tx, u, r.meetingId, 'callroom');
      meetingId = r.meetingId;
      heatIds = (await tx.select({ id: compHeat.id }).from(compHeat).where(eq(compHeat.roundId, r.id))).map(
        (h) => h.id,
      );
    }
    const where = 'heatId' in scope ? { zh: '本组', en: 'this heat' } : { zh: '本赛次', en: 'this round' };
    const fromQr = athleteOfBibCode(code);
    const typed = code.trim();
    let athletes: number[];
    if (fromQr !== null) {
      athletes = [fromQr];
    } else if (BIB.test(typed)) {
      const found = await tx
        .select({ id: athlete.id })
        .from(athlete)
        .where(and(eq(athlete.meetingId, meetingId), eq(athlete.bib, typed)));
      athletes = found.map((a) => a.id);
    } else {
      throw badInput(
        `“${typed.slice(0, 40)}”不是号码，也不是号码布的二维码`,
        `"${typed.slice(0, 40)}" is neither a bib nor a bib's QR code`,
      );
    }
    const what =
      fromQr !== null ? { zh: '扫描的运动员', en: 'The athlete scanned' } : { zh: `${typed} 号`, en: `Bib ${typed}` };
    const notHere = () => badInput(`${what.zh}不在${where.zh}`, `${what.en} is not in ${where.en}`);
    if (!athletes.length || !heatIds.length) throw notHere();
    const inRelay: SQL = sql`exists (select 1 from ${relayMember} where ${relayMember.relayTeamId} = ${compStart.relayTeamId} and ${inArray(relayMember.athleteId, athletes)})`;
    const starts = await tx
      .select({ id: compStart.id })
      .from(compStart)
      .where(and(inArray(compStart.heatId, heatIds), or(inArray(compStart.athleteId, athletes), inRelay)))
      .orderBy(asc(compStart.id));
    if (!starts.length) throw notHere();
    if (starts.length > 1) {
      throw badInput(
        `${what.zh}在${where.zh}有 ${starts.length} 个出发位置，请逐个点选`,
        `${what.en} has ${starts.length} starts in ${where.en}: tap the one meant`,
      );
    }
    const startId = starts[0]!.id;
    return { startId, marked: await markIn(tx, u, startId, state, fromQr !== null ? 'scan' : 'bib') };
  });
  return answerMark(deps, marked.startId, marked.marked);
}
