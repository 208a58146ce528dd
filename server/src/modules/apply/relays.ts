/**
 * A delegation's relay teams: create, update (members and seed mark) and delete, with the
 * limits of the applied items (see entries.ts) checked under the delegation's row lock.
 */
import type { RelayBody, RelayUpdateBody, RelayVO } from '@baton/contracts';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { athlete, group, groupItem, item, relayMember, relayTeam } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import { nextVersion } from '../../lib/versioned.js';
import type { CurrentUser } from '../../plugins/auth.js';
import {
  type Acting,
  delegationIdOf,
  keepHistory,
  requireWriting,
  requireWritingFor,
  requireWritingOfRecord,
} from './access.js';
import { itemLabel } from './entries.js';
import { reauditAthletes } from './history.js';
import { invalid, limitReached, locked, notEligible } from './rules.js';
import { parseSeedMark } from './seed-mark.js';
import { inTransaction, type Written } from './tx.js';
import { relaySnapshot, relayVOs } from './views.js';

/** A group item of the meeting with its item, group and the delegation's limit. */
async function groupItemOf(tx: DbOrTx, a: Acting, groupItemId: number) {
  const [row] = await tx
    .select({ gi: groupItem, i: item, g: group })
    .from(groupItem)
    .innerJoin(item, eq(item.id, groupItem.itemId))
    .innerJoin(group, eq(group.id, groupItem.groupId))
    .where(and(eq(groupItem.id, groupItemId), eq(group.meetingId, a.m.id)));
  if (!row) throw invalid('groupItemId', '本赛事没有该项目', 'the event does not exist in this meeting');
  return { ...row, limit: row.gi.maxPerDelegation ?? a.m.maxEntriesPerItem };
}
type GroupItemInfo = Awaited<ReturnType<typeof groupItemOf>>;

type Member = { athleteId: number; leg: number | null };

/**
 * A relay team's members: the delegation's athletes of the event's group (another
 * delegation's athlete answers 404), each once; legs 1..team size, each once; alternates (no
 * leg) up to the event's number; no athlete in two teams of the event; relay places per
 * athlete within the meeting's limit. Athletes locked by submission cannot join or leave.
 */
async function checkMembers(tx: DbOrTx, w: Acting, x: GroupItemInfo, members: Member[], teamId: number | null) {
  const ids = members.map((m) => m.athleteId);
  if (new Set(ids).size !== ids.length) {
    throw invalid('members', '同一运动员在接力队中重复', 'an athlete is listed twice in the team');
  }
  const legs = members.map((m) => m.leg).filter((l): l is number => l !== null);
  const size = x.gi.relayTeamSize;
  const outOfRange = legs.find((l) => l < 1 || l > size);
  if (outOfRange !== undefined) {
    throw invalid('members', `棒次应为 1 至 ${size}`, `legs are numbered 1 to ${size}`);
  }
  if (new Set(legs).size !== legs.length) throw invalid('members', '棒次重复', 'a leg is given twice');
  const alternates = members.length - legs.length;
  if (alternates > x.gi.relayAlternates) {
    throw limitReached(
      'members',
      `每队最多 ${x.gi.relayAlternates} 名替补`,
      `a team may have at most ${x.gi.relayAlternates} alternates`,
    );
  }
  if (!ids.length) return [];
  const rows = await tx.select().from(athlete).where(inArray(athlete.id, ids));
  if (rows.length !== ids.length || rows.some((r) => r.delegationId !== w.d.id)) throw notFound();
  const label = itemLabel(x);
  for (const r of rows) {
    if (r.groupId !== x.gi.groupId) {
      throw notEligible(
        'members',
        `${r.name}不是${x.g.name}的运动员`,
        `${r.name} is not an athlete of ${x.g.nameEn || x.g.name}`,
      );
    }
  }
  const places = await tx
    .select({ athleteId: relayMember.athleteId, groupItemId: relayTeam.groupItemId, letter: relayTeam.letter })
    .from(relayMember)
    .innerJoin(relayTeam, eq(relayTeam.id, relayMember.relayTeamId))
    .where(and(inArray(relayMember.athleteId, ids), teamId ? ne(relayTeam.id, teamId) : undefined));
  const max = w.m.maxRelaysPerAthlete;
  for (const r of rows) {
    const held = places.filter((p) => p.athleteId === r.id);
    const here = held.find((p) => p.groupItemId === x.gi.id);
    if (here) {
      throw invalid(
        'members',
        `${r.name}已在${label.zh} ${here.letter} 队`,
        `${r.name} is already in team ${here.letter} of ${label.en}`,
      );
    }
    if (held.length >= max) {
      throw limitReached(
        'members',
        `${r.name}已报 ${held.length} 个接力项目，每名运动员最多 ${max} 个`,
        `${r.name} has ${held.length} relay places; an athlete may run at most ${max} relays`,
      );
    }
  }
  return rows;
}

export async function createRelay(db: Db, u: CurrentUser, body: RelayBody): Promise<Written<RelayVO>> {
  return inTransaction(db, async (tx) => {
    const w = await requireWriting(tx, u, delegationIdOf(u, body.delegationId));
    const x = await groupItemOf(tx, w, body.groupItemId);
    const label = itemLabel(x);
    if (x.i.kind !== 'relay') throw invalid('groupItemId', `${label.zh}不是接力项目`, `${label.en} is not a relay`);
    const teams = await tx
      .select({ letter: relayTeam.letter })
      .from(relayTeam)
      .where(and(eq(relayTeam.delegationId, w.d.id), eq(relayTeam.groupItemId, x.gi.id)));
    if (teams.some((t) => t.letter === body.letter)) {
      throw invalid('letter', `${label.zh}已有 ${body.letter} 队`, `${label.en} already has a team ${body.letter}`);
    }
    if (teams.length >= x.limit) {
      throw limitReached(
        'groupItemId',
        `每个代表队${label.zh}最多报 ${x.limit} 支接力队，名额已满`,
        `a delegation may enter at most ${x.limit} teams in ${label.en}; the places are taken`,
      );
    }
    const rows = await checkMembers(tx, w, x, body.members, null);
    if (rows.some((r) => r.status === 'submitted')) throw locked();
    const seed = parseSeedMark(x.i.resultFormat, body.seedMark);
    const id = await reauditAthletes(
      tx,
      w,
      rows.map((r) => r.id),
      async () => {
        const [team] = await tx
          .insert(relayTeam)
          .values({
            meetingId: w.m.id,
            delegationId: w.d.id,
            groupItemId: x.gi.id,
            letter: body.letter,
            seedMark: seed?.mark ?? null,
            seedValue: seed?.value ?? null,
            status: 'draft',
          })
          .returning({ id: relayTeam.id });
        if (body.members.length) {
          await tx.insert(relayMember).values(body.members.map((m) => ({ relayTeamId: team!.id, ...m })));
        }
        return team!.id;
      },
    );
    const after = (await relayVOs(tx, [id])).get(id)!;
    await keepHistory(tx, w, [{ entity: 'relay', entityId: id, before: null, after: relaySnapshot(after) }]);
    return { before: null, after, override: w.override };
  });
}

/** Change a relay team's members and seed mark (optimistic lock on version). */
export async function updateRelay(
  db: Db,
  u: CurrentUser,
  id: number,
  body: RelayUpdateBody,
): Promise<Written<RelayVO>> {
  return inTransaction(db, async (tx) => {
    const w = await requireWritingOfRecord(tx, u, relayTeam, id, u.delegation?.id);
    const [team] = await tx.select().from(relayTeam).where(eq(relayTeam.id, id));
    if (!team) throw notFound();
    const x = await groupItemOf(tx, w, team.groupItemId);
    const old = await tx
      .select({ athleteId: relayMember.athleteId, leg: relayMember.leg, status: athlete.status })
      .from(relayMember)
      .innerJoin(athlete, eq(athlete.id, relayMember.athleteId))
      .where(eq(relayMember.relayTeamId, id));
    if (old.some((m) => m.status === 'submitted')) throw locked();
    if (team.version !== body.version) throw new AppError('A0409');
    const rows = await checkMembers(tx, w, x, body.members, id);
    if (rows.some((r) => r.status === 'submitted')) throw locked();
    const seed =
      body.seedMark === undefined
        ? team.seedMark === null
          ? null
          : { mark: team.seedMark, value: Number(team.seedValue) }
        : parseSeedMark(x.i.resultFormat, body.seedMark);
    const legOf = (list: Member[], athleteId: number) => list.find((m) => m.athleteId === athleteId)?.leg;
    const moved = [...old.map((m) => m.athleteId), ...body.members.map((m) => m.athleteId)].filter(
      (a) =>
        !old.some((m) => m.athleteId === a) ||
        !body.members.some((m) => m.athleteId === a) ||
        legOf(old, a) !== legOf(body.members, a),
    );
    const before = (await relayVOs(tx, [id])).get(id)!;
    if (!moved.length && (seed?.mark ?? null) === team.seedMark) return { before, after: before, override: w.override };
    await reauditAthletes(tx, w, moved, async () => {
      await tx
        .update(relayTeam)
        .set({
          seedMark: seed?.mark ?? null,
          seedValue: seed?.value ?? null,
          status: team.status === 'approved' ? 'submitted' : team.status,
          ...nextVersion(relayTeam),
        })
        .where(eq(relayTeam.id, id));
      await tx.delete(relayMember).where(eq(relayMember.relayTeamId, id));
      if (body.members.length) {
        await tx.insert(relayMember).values(body.members.map((m) => ({ relayTeamId: id, ...m })));
      }
    });
    const after = (await relayVOs(tx, [id])).get(id)!;
    await keepHistory(tx, w, [
      { entity: 'relay', entityId: id, before: relaySnapshot(before), after: relaySnapshot(after) },
    ]);
    return { before, after, override: w.override };
  });
}

export async function deleteRelays(db: Db, u: CurrentUser, ids: number[]) {
  return inTransaction(db, async (tx) => {
    const ws = await requireWritingFor(tx, u, relayTeam, ids);
    const rows = await tx
      .select({ id: relayTeam.id, delegationId: relayTeam.delegationId })
      .from(relayTeam)
      .where(inArray(relayTeam.id, ids));
    if (rows.length !== ids.length) throw notFound();
    const members = await tx
      .select({ teamId: relayMember.relayTeamId, athleteId: relayMember.athleteId, status: athlete.status })
      .from(relayMember)
      .innerJoin(athlete, eq(athlete.id, relayMember.athleteId))
      .where(inArray(relayMember.relayTeamId, ids));
    if (members.some((m) => m.status === 'submitted')) throw locked();
    const before = await relayVOs(tx, ids);
    for (const w of ws.values()) {
      const mine = rows.filter((r) => r.delegationId === w.d.id).map((r) => r.id);
      await reauditAthletes(
        tx,
        w,
        members.filter((m) => mine.includes(m.teamId)).map((m) => m.athleteId),
        async () => {
          await tx.delete(relayTeam).where(inArray(relayTeam.id, mine));
        },
      );
      await keepHistory(
        tx,
        w,
        mine.map((id) => ({
          entity: 'relay' as const,
          entityId: id,
          before: relaySnapshot(before.get(id)),
          after: null,
        })),
      );
    }
    return { deleted: rows.length, before: [...before.values()], override: [...ws.values()].some((w) => w.override) };
  });
}
