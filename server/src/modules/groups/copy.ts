/** Copying groups (with their items and extra fields) from one meeting into another. */
import type { GroupCopyBody, GroupCopyResult } from '@baton/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { group, groupField, groupItem } from '../../db/schema/index.js';
import { badInput } from '../../lib/errors.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { requireMeeting } from '../meetings/access.js';

/**
 * Copy groups (all, or the chosen ones) of one meeting into another, with their items and
 * fields, in one transaction. Names are kept; a name the target already has refuses the copy
 * (all clashing names listed). Schedule slots belong to the source's days and are not copied.
 */
export async function copyGroups(db: Db, u: CurrentUser, body: GroupCopyBody): Promise<GroupCopyResult> {
  if (body.fromMeetingId === body.toMeetingId) {
    throw badInput('源赛事与目标赛事不能相同', 'the source and target meetings must differ');
  }
  return db.transaction(async (tx) => {
    await requireMeeting(tx, u, body.fromMeetingId, 'view');
    await requireMeeting(tx, u, body.toMeetingId, 'manage');
    const source = await tx
      .select()
      .from(group)
      .where(and(eq(group.meetingId, body.fromMeetingId), body.groupIds ? inArray(group.id, body.groupIds) : undefined))
      .orderBy(asc(group.sort), asc(group.id));
    if (body.groupIds && source.length !== new Set(body.groupIds).size) {
      throw badInput('所选组别不属于源赛事', 'some chosen groups are not groups of the source meeting');
    }
    if (!source.length) throw badInput('源赛事没有可复制的组别', 'the source meeting has no groups to copy');
    const clash = await tx
      .select({ name: group.name })
      .from(group)
      .where(
        and(
          eq(group.meetingId, body.toMeetingId),
          inArray(
            group.name,
            source.map((g) => g.name),
          ),
        ),
      )
      .orderBy(asc(group.name));
    if (clash.length) {
      const names = clash.map((c) => c.name);
      throw badInput(
        `目标赛事已有同名组别：${names.join('、')}`,
        `the target meeting already has group(s) named ${names.join(', ')}`,
      );
    }
    const created = await tx
      .insert(group)
      .values(
        source.map((g) => ({
          meetingId: body.toMeetingId,
          name: g.name,
          nameEn: g.nameEn,
          gender: g.gender,
          birthFrom: g.birthFrom,
          birthTo: g.birthTo,
          maxEventsPerAthlete: g.maxEventsPerAthlete,
          sort: g.sort,
        })),
      )
      .returning({ id: group.id, name: group.name });
    const newId = new Map(source.map((g) => [g.id, created.find((c) => c.name === g.name)!.id]));
    const sourceIds = source.map((g) => g.id);
    const items = await tx.select().from(groupItem).where(inArray(groupItem.groupId, sourceIds));
    if (items.length) {
      await tx.insert(groupItem).values(
        items.map((i) => ({
          groupId: newId.get(i.groupId)!,
          itemId: i.itemId,
          maxPerDelegation: i.maxPerDelegation,
          relayTeamSize: i.relayTeamSize,
          relayAlternates: i.relayAlternates,
          rounds: i.rounds,
          scoringTable: i.scoringTable,
          scheduledAt: null,
          sort: i.sort,
        })),
      );
    }
    const fields = await tx.select().from(groupField).where(inArray(groupField.groupId, sourceIds));
    if (fields.length) {
      await tx.insert(groupField).values(
        fields.map((f) => ({
          groupId: newId.get(f.groupId)!,
          fieldId: f.fieldId,
          required: f.required,
          sort: f.sort,
        })),
      );
    }
    return { groups: created.length, items: items.length, fields: fields.length };
  });
}
