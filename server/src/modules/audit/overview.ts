import type { AuditOverviewQuery, AuditOverviewRow, AuditOverviewVO } from '@baton/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { areaCode, delegation, entry, relayTeam } from '../../db/schema/index.js';
import { say } from '../../lib/errors.js';
import { likeAny, rowsOf } from '../../lib/sql.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { areaCondition } from '../meetings/access.js';
import { reach } from './access.js';

// The audit's overview: progress per delegation, with totals (who reaches what: ./access.ts).

type Counts = AuditOverviewRow['athletes'];
const zeroCounts = (): Counts => ({ total: 0, draft: 0, submitted: 0, approved: 0, returned: 0 });
const byStatus = (table: 'reg_athlete' | 'reg_coach', meetingId: number) =>
  sql`select delegation_id, count(*)::int as total,
      (count(*) filter (where status = 'draft'))::int as draft,
      (count(*) filter (where status = 'submitted'))::int as submitted,
      (count(*) filter (where status = 'approved'))::int as approved,
      (count(*) filter (where status = 'returned'))::int as returned
    from ${sql.identifier(table)} where meeting_id = ${meetingId} group by delegation_id`;

interface OverviewSqlRow {
  id: number;
  name: string;
  area_name: string | null;
  area_name_en: string | null;
  status: string;
  a_total: number | null;
  a_draft: number | null;
  a_submitted: number | null;
  a_approved: number | null;
  a_returned: number | null;
  c_total: number | null;
  c_draft: number | null;
  c_submitted: number | null;
  c_approved: number | null;
  c_returned: number | null;
  entries: number | null;
}

const countsOf = (r: OverviewSqlRow, p: 'a' | 'c'): Counts => ({
  total: Number(r[`${p}_total`] ?? 0),
  draft: Number(r[`${p}_draft`] ?? 0),
  submitted: Number(r[`${p}_submitted`] ?? 0),
  approved: Number(r[`${p}_approved`] ?? 0),
  returned: Number(r[`${p}_returned`] ?? 0),
});

/** Progress per delegation (area users: their areas), in one statement; totals added up here. */
export async function auditOverview(
  db: Db,
  u: CurrentUser,
  q: AuditOverviewQuery,
  lang: string,
): Promise<AuditOverviewVO> {
  const r = await reach(db, u, q.meetingId);
  const where = and(
    eq(delegation.meetingId, q.meetingId),
    areaCondition(r.areas, delegation.areaCodeId),
    likeAny(q.keywords, [delegation.name, delegation.shortName]),
  );
  const rows = await rowsOf<OverviewSqlRow>(
    db.execute(sql`with a as (${byStatus('reg_athlete', q.meetingId)}),
      c as (${byStatus('reg_coach', q.meetingId)}),
      e as (select delegation_id, count(*)::int as n from (
          select delegation_id from ${entry} where meeting_id = ${q.meetingId}
          union all select delegation_id from ${relayTeam} where meeting_id = ${q.meetingId}) x
        group by delegation_id)
      select ${delegation.id} as id, ${delegation.name} as name, ${delegation.status} as status,
        ${areaCode.name} as area_name, ${areaCode.nameEn} as area_name_en,
        a.total as a_total, a.draft as a_draft, a.submitted as a_submitted, a.approved as a_approved,
        a.returned as a_returned,
        c.total as c_total, c.draft as c_draft, c.submitted as c_submitted, c.approved as c_approved,
        c.returned as c_returned,
        e.n as entries
      from ${delegation}
        left join ${areaCode} on ${areaCode.id} = ${delegation.areaCodeId}
        left join a on a.delegation_id = ${delegation.id}
        left join c on c.delegation_id = ${delegation.id}
        left join e on e.delegation_id = ${delegation.id}
      where ${where}
      order by ${delegation.name}, ${delegation.id}`),
  );
  const totals = { athletes: zeroCounts(), coaches: zeroCounts(), delegations: rows.length };
  const delegations = rows.map((row): AuditOverviewRow => {
    const athletes = countsOf(row, 'a');
    const coaches = countsOf(row, 'c');
    for (const k of Object.keys(totals.athletes) as (keyof Counts)[]) {
      totals.athletes[k] += athletes[k];
      totals.coaches[k] += coaches[k];
    }
    return {
      delegationId: Number(row.id),
      delegationName: row.name,
      areaName: row.area_name === null ? null : say(lang, row.area_name, row.area_name_en || row.area_name),
      status: row.status,
      athletes,
      coaches,
      entries: Number(row.entries ?? 0),
    };
  });
  return { totals, delegations };
}
