import type { SportsmanshipBody, SportsmanshipVO, TeamScoringBody, TeamScoringOptions } from '@baton/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { compAward, compRound, delegation, group, groupItem, meeting } from '../../../db/schema/index.js';
import { badInput, notFound } from '../../../lib/errors.js';
import { invalid } from '../../apply/rules.js';
import { scoreRound } from './service.js';
import { sportsmanshipOf } from './team-table.js';

/**
 * The committee's settings of the team table (issue 23): the 竞赛规程 team-scoring options of
 * the meeting or a group, and the 体育道德风尚奖 list. Written in one transaction each.
 */

/**
 * Set the meeting's options (`groupId` absent) or a group's (`options` null: the group follows
 * the meeting again). Points already written on the final rounds are scored again with them.
 */
export async function setTeamScoring(
  db: Db,
  meetingId: number,
  body: TeamScoringBody,
): Promise<{ before: TeamScoringOptions | null; after: TeamScoringOptions | null }> {
  return db.transaction(async (tx) => {
    let before: TeamScoringOptions | null;
    if (body.groupId == null) {
      if (body.options === null)
        throw badInput(
          '会议的计分办法不能为空；请给出每一项。',
          "The meeting's scoring options cannot be empty; give each one.",
        );
      const [m] = await tx
        .select({ options: meeting.teamScoring })
        .from(meeting)
        .where(eq(meeting.id, meetingId))
        .for('update');
      if (!m) throw notFound();
      before = m.options;
      await tx.update(meeting).set({ teamScoring: body.options }).where(eq(meeting.id, meetingId));
    } else {
      const [g] = await tx
        .select({ options: group.teamScoring })
        .from(group)
        .where(and(eq(group.id, body.groupId), eq(group.meetingId, meetingId)))
        .for('update');
      if (!g) throw invalid('groupId', '该组别不属于本次比赛。', 'The group is not one of this meeting.');
      before = g.options;
      await tx.update(group).set({ teamScoring: body.options }).where(eq(group.id, body.groupId));
    }
    // Points on the start rows follow the options (relays double, 减一录取).
    const rounds = await tx
      .select({ id: compRound.id })
      .from(compRound)
      .innerJoin(groupItem, eq(groupItem.id, compRound.groupItemId))
      .where(
        and(eq(compRound.meetingId, meetingId), body.groupId == null ? undefined : eq(groupItem.groupId, body.groupId)),
      );
    for (const r of rounds) await scoreRound(tx, r.id);
    return { before, after: body.options };
  });
}

/**
 * Replace the 体育道德风尚奖 list: each row a delegation of this meeting, once. A bad row is named
 * (row 2: …) and nothing is written.
 */
export async function setSportsmanship(db: Db, meetingId: number, body: SportsmanshipBody): Promise<SportsmanshipVO[]> {
  const ids = body.awards.map((a) => a.delegationId);
  const seen = new Set<number>();
  body.awards.forEach((a, i) => {
    if (seen.has(a.delegationId))
      throw invalid(
        `awards[${i}]`,
        `第 ${i + 1} 行：该代表队已在名单中，请删去重复的一行。`,
        `Row ${i + 1}: this delegation is already on the list; remove the repeated row.`,
      );
    seen.add(a.delegationId);
  });
  return db.transaction(async (tx) => {
    const [m] = await tx.select({ id: meeting.id }).from(meeting).where(eq(meeting.id, meetingId));
    if (!m) throw notFound();
    const own = ids.length
      ? await tx
          .select({ id: delegation.id })
          .from(delegation)
          .where(and(eq(delegation.meetingId, meetingId), inArray(delegation.id, ids)))
      : [];
    const ok = new Set(own.map((d) => d.id));
    body.awards.forEach((a, i) => {
      if (!ok.has(a.delegationId))
        throw invalid(
          `awards[${i}]`,
          `第 ${i + 1} 行：该代表队不属于本次比赛，请从本次比赛的代表队中选择。`,
          `Row ${i + 1}: the delegation is not one of this meeting; choose one of its delegations.`,
        );
    });
    await tx.delete(compAward).where(eq(compAward.meetingId, meetingId));
    if (body.awards.length)
      await tx
        .insert(compAward)
        .values(body.awards.map((a) => ({ meetingId, delegationId: a.delegationId, note: a.note.trim() })));
    return sportsmanshipOf(tx, meetingId);
  });
}
