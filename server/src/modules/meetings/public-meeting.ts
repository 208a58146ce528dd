import type { MeetingPublicVO } from '@baton/contracts';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { group, groupItem, item, meeting, nature } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { iso } from '../../lib/sql.js';
import { isRegistrationOpen } from './registration-window.js';

// ─── Public page ────────────────────────────────────────────────────────────────────────

/** What `/m/:code` shows: a meeting past draft, its groups and their items. */
export async function publicMeeting(db: Db, code: string, now: Date = new Date()): Promise<MeetingPublicVO> {
  const [row] = await db
    .select({ m: meeting, natureName: nature.name, natureNameEn: nature.nameEn })
    .from(meeting)
    .leftJoin(nature, eq(nature.id, meeting.natureId))
    .where(and(sql`lower(${meeting.code}) = ${code.toLowerCase()}`, ne(meeting.status, 'draft')));
  if (!row) throw notFound();
  const m = row.m;
  const groups = await db.select().from(group).where(eq(group.meetingId, m.id)).orderBy(asc(group.sort), asc(group.id));
  const items = groups.length
    ? await db
        .select({
          id: groupItem.id,
          groupId: groupItem.groupId,
          code: item.code,
          name: item.name,
          nameEn: item.nameEn,
          scheduledAt: groupItem.scheduledAt,
        })
        .from(groupItem)
        .innerJoin(item, eq(item.id, groupItem.itemId))
        .where(
          inArray(
            groupItem.groupId,
            groups.map((g) => g.id),
          ),
        )
        .orderBy(asc(groupItem.sort), asc(item.sort), asc(groupItem.id))
    : [];
  return {
    id: m.id,
    code: m.code,
    name: m.name,
    nameEn: m.nameEn,
    year: m.year,
    natureName: row.natureName,
    natureNameEn: row.natureNameEn,
    venue: m.venue,
    startDate: m.startDate,
    endDate: m.endDate,
    regOpensAt: iso(m.regOpensAt),
    regClosesAt: iso(m.regClosesAt),
    timeZone: m.timeZone,
    status: m.status,
    registrationOpen: isRegistrationOpen(m, now),
    remark: m.remark ?? '',
    regulations: m.regulations ?? '',
    organisers: m.organisers,
    groups: groups.map((g) => ({
      id: g.id,
      name: g.name,
      nameEn: g.nameEn,
      gender: g.gender,
      birthFrom: g.birthFrom,
      birthTo: g.birthTo,
      items: items
        .filter((i) => i.groupId === g.id)
        .map((i) => ({
          id: i.id,
          code: i.code,
          name: i.name,
          nameEn: i.nameEn,
          scheduledAt: i.scheduledAt ? iso(i.scheduledAt) : null,
        })),
    })),
  };
}
