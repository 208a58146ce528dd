import {
  lastDays,
  MEETING_TIME_ZONE,
  type RegistrationStatsQuery,
  type RegistrationStatsVO,
  zonedInstant,
} from '@baton/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { delegation, meeting } from '../../db/schema/index.js';
import { rowsOf } from '../../lib/sql.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { meetingRole, meetingScope, requireMeeting, scopeCondition } from '../meetings/access.js';

/**
 * Registration figures for the dashboard: per meeting in the caller's scope, delegations,
 * athletes, coaches, entries (individual entries plus relay teams) and the audit backlog
 * (athletes and coaches submitted, not yet decided); for one meeting, registrations per day
 * (last 30 days, the server's calendar days), athletes by group and entries by event (top 20).
 * Area users count only the delegations of their areas. Four statements, whatever the size.
 */

const MEETINGS_MAX = 100;
const DAYS = 30;
const TOP_ITEMS = 20;

/**
 * `with recursive ua(...), dl(id, meeting_id)`: the delegations the caller counts — those of the
 * meetings in scope and, for area users, of their areas (with the areas below them).
 */
function visibleDelegations(u: CurrentUser, meetingsWhere: SQL): SQL {
  const areaUser = meetingRole(u) === 'area';
  return sql`with recursive ua(meeting_id, id) as (
      select meeting_id, area_code_id from meet_area_user where user_id = ${u.id} and ${areaUser}
      union select ua.meeting_id, c.id from base_area_code c join ua on c.parent_id = ua.id
    ),
    dl as (
      select ${delegation.id} as id, ${delegation.meetingId} as meeting_id from ${delegation}
      where ${meetingsWhere}
        and (not ${areaUser} or (${delegation.meetingId}, ${delegation.areaCodeId}) in (select meeting_id, id from ua))
    )`;
}

interface MeetingSqlRow {
  id: number;
  name: string;
  name_en: string;
  status: string;
  time_zone: string;
  delegations: number;
  athletes: number;
  coaches: number;
  entries: number;
  backlog: number;
}

export async function registrationStats(
  db: Db,
  u: CurrentUser,
  q: RegistrationStatsQuery,
): Promise<RegistrationStatsVO> {
  const asked = q.meetingId ? (await requireMeeting(db, u, q.meetingId, 'view')).meeting : null;
  const scope = await meetingScope(db, u);
  const inScope = (column: typeof meeting.id | typeof delegation.meetingId) =>
    scopeCondition(scope, column) ?? sql`true`;

  const meetingRows = await rowsOf<MeetingSqlRow>(
    db.execute(sql`${visibleDelegations(u, inScope(delegation.meetingId))},
      a as (select x.meeting_id, count(*)::int as n, (count(*) filter (where x.status = 'submitted'))::int as waiting
        from reg_athlete x join dl on dl.id = x.delegation_id group by x.meeting_id),
      c as (select x.meeting_id, count(*)::int as n, (count(*) filter (where x.status = 'submitted'))::int as waiting
        from reg_coach x join dl on dl.id = x.delegation_id group by x.meeting_id),
      e as (select meeting_id, count(*)::int as n from (
          select x.meeting_id from reg_entry x join dl on dl.id = x.delegation_id
          union all select x.meeting_id from reg_relay_team x join dl on dl.id = x.delegation_id) y
        group by meeting_id),
      d as (select meeting_id, count(*)::int as n from dl group by meeting_id)
      select ${meeting.id} as id, ${meeting.name} as name, ${meeting.nameEn} as name_en, ${meeting.status} as status, ${meeting.timeZone} as time_zone,
        coalesce(d.n, 0) as delegations, coalesce(a.n, 0) as athletes, coalesce(c.n, 0) as coaches,
        coalesce(e.n, 0) as entries, coalesce(a.waiting, 0) + coalesce(c.waiting, 0) as backlog
      from ${meeting}
        left join d on d.meeting_id = ${meeting.id}
        left join a on a.meeting_id = ${meeting.id}
        left join c on c.meeting_id = ${meeting.id}
        left join e on e.meeting_id = ${meeting.id}
      where ${inScope(meeting.id)}
      order by ${meeting.startDate} desc, ${meeting.id} desc
      limit ${MEETINGS_MAX}`),
  );
  const meetings = meetingRows.map((m) => ({
    id: Number(m.id),
    name: m.name,
    nameEn: m.name_en,
    status: m.status,
    delegations: Number(m.delegations),
    athletes: Number(m.athletes),
    coaches: Number(m.coaches),
    entries: Number(m.entries),
    backlog: Number(m.backlog),
  }));

  const chosen = q.meetingId ?? (meetings.find((m) => m.status === 'registration_open') ?? meetings[0])?.id;
  if (chosen === undefined) return { meetings, perDay: [], byGroup: [], byItem: [] };
  const dl = visibleDelegations(u, sql`${delegation.meetingId} = ${chosen}`);

  // Days on the chosen meeting's clock (issue 25: one clock per meeting), read with the rest.
  const zone = asked?.timeZone ?? meetingRows.find((m) => Number(m.id) === chosen)?.time_zone ?? MEETING_TIME_ZONE;
  const dates = lastDays(DAYS, zone);
  const since = zonedInstant(dates[0]!, '00:00', zone);
  const day = (column: SQL) => sql`to_char((${column} at time zone ${zone})::date, 'YYYY-MM-DD')`;

  const [days, groups, items] = await Promise.all([
    rowsOf<{ day: string; athletes: number; entries: number }>(
      db.execute(sql`${dl},
        x as (
          select ${day(sql`a.created_at`)} as day, 1 as athletes, 0 as entries
            from reg_athlete a join dl on dl.id = a.delegation_id where a.created_at >= ${since}
          union all select ${day(sql`e.created_at`)}, 0, 1
            from reg_entry e join dl on dl.id = e.delegation_id where e.created_at >= ${since}
          union all select ${day(sql`r.created_at`)}, 0, 1
            from reg_relay_team r join dl on dl.id = r.delegation_id where r.created_at >= ${since})
        select day, sum(athletes)::int as athletes, sum(entries)::int as entries from x group by day`),
    ),
    rowsOf<{ name: string; name_en: string; athletes: number }>(
      db.execute(sql`${dl}
        select g.name, g.name_en, count(a.id)::int as athletes
        from meet_group g
          left join reg_athlete a on a.group_id = g.id and a.delegation_id in (select id from dl)
        where g.meeting_id = ${chosen}
        group by g.id, g.name, g.name_en, g.sort
        order by g.sort, g.id`),
    ),
    rowsOf<{ name: string; name_en: string; entries: number }>(
      db.execute(sql`${dl},
        x as (
          select e.group_item_id from reg_entry e join dl on dl.id = e.delegation_id
          union all select r.group_item_id from reg_relay_team r join dl on dl.id = r.delegation_id)
        select i.name, i.name_en, count(*)::int as entries
        from x join meet_group_item gi on gi.id = x.group_item_id join base_item i on i.id = gi.item_id
        group by i.id, i.name, i.name_en, i.sort
        order by entries desc, i.sort, i.id
        limit ${TOP_ITEMS}`),
    ),
  ]);
  const perDayMap = new Map(days.map((d) => [d.day, d]));
  return {
    meetings,
    perDay: dates.map((date) => ({
      date,
      athletes: Number(perDayMap.get(date)?.athletes ?? 0),
      entries: Number(perDayMap.get(date)?.entries ?? 0),
    })),
    byGroup: groups.map((g) => ({ name: g.name, nameEn: g.name_en, athletes: Number(g.athletes) })),
    byItem: items.map((i) => ({ name: i.name, nameEn: i.name_en, entries: Number(i.entries) })),
  };
}
