import {
  type CodeSent,
  type DlgCodeBody,
  ID_TYPE_LIST,
  maskIdNumber,
  maskPhone,
  NOTICE_STATUS,
  NOTICE_TARGET,
  type PublicCountsVO,
  type PublicDelegationVO,
  type PublicEntriesQuery,
  type PublicEntryVO,
  type PublicHomeVO,
  type PublicQueryBody,
  type PublicQueryByMobileBody,
  type PublicRegistrationVO,
  type SelfRegisterBody,
} from '@baton/contracts';
import { and, desc, eq, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { areaCode, delegation, meeting, notice } from '../../db/schema/index.js';
import { AppError, badInput, notFound } from '../../lib/errors.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { iso, isUniqueViolation, pgConstraint, rowsOf } from '../../lib/sql.js';
import { normalizeName } from '../apply/rules.js';
import { SELF_REGISTRATION_STATUS, selfRegistrationPending } from '../dlg/account.js';
import {
  cardColumns,
  checkCaptcha,
  type DlgDeps,
  delegationOfMobile,
  readMobile,
  toMeetingCard,
} from '../dlg/service.js';
import { isRegistrationOpen } from '../meetings/registration-window.js';
import { codeErrors, consumeCode, issueCode } from '../verification/service.js';

/**
 * The public pages (no sign-in): home, a meeting's public lists, the registration query and
 * self-registration. These are the hot reads: each answers with one or two statements on the
 * existing indexes, never a query per row.
 */

export type PublicDeps = Pick<DlgDeps, 'db' | 'keys' | 'captchaOn' | 'sender'>;

/** Cards per home section. */
export const HOME_MAX = 20;
const HOME_NOTICES = 10;
/** Name + ID queries per IP per minute: enough for a family, too few to enumerate. */
export const QUERY_PER_MIN = 20;
const SELF_REGISTER_PER_MIN = 10;
/** Records the public lists show: sent to (or passed) the audit, never a delegation's draft. */
const LISTED = sql.raw(`('submitted', 'approved')`);

// ─── Home ───────────────────────────────────────────────────────────────────────────────

type Section = 'open' | 'competing' | 'finished';

/**
 * `GET /api/v1/public/home`: meetings past draft in three sections, newest first, at most
 * HOME_MAX each, and the published notices addressed to everyone (title and date).
 * - open: registration open (or opening: published with the window still ahead; the card's
 *   `registrationOpen` says which);
 * - competing: in competition, or registration closed and the competition not over;
 * - finished: finished or archived, or closed with the competition's last day past.
 * A meeting's dates are days on its own clock: its last day is past once its zone's date is later.
 */
export async function publicHome(db: Db, now: Date = new Date()): Promise<PublicHomeVO> {
  const section = sql<Section>`case
    when ${meeting.status} in ('finished', 'archived') then 'finished'
    when ${meeting.status} = 'registration_open' and ${meeting.regClosesAt} > ${now.toISOString()}::timestamptz then 'open'
    when ${meeting.status} = 'in_competition' or ${meeting.endDate} >= (${now.toISOString()}::timestamptz at time zone ${meeting.timeZone})::date then 'competing'
    else 'finished' end`;
  const ranked = db
    .select({
      ...cardColumns,
      section: section.as('section'),
      rank: sql<number>`row_number() over (partition by ${section}
        order by ${meeting.startDate} desc, ${meeting.id} desc)`.as('rank'),
    })
    .from(meeting)
    .where(ne(meeting.status, 'draft'))
    .as('ranked');
  const [meetings, notices] = await Promise.all([
    db.select().from(ranked).where(lte(ranked.rank, HOME_MAX)).orderBy(ranked.rank),
    db
      .select({ id: notice.id, title: notice.title, publishedAt: notice.publishedAt })
      .from(notice)
      .where(and(eq(notice.status, NOTICE_STATUS.PUBLISHED), eq(notice.targetType, NOTICE_TARGET.ALL)))
      .orderBy(desc(notice.publishedAt), desc(notice.id))
      .limit(HOME_NOTICES),
  ]);
  const home: PublicHomeVO = { open: [], competing: [], finished: [], notices: [] };
  for (const { section: s, rank: _rank, ...m } of meetings) home[s].push(toMeetingCard(m, now));
  home.notices = notices.map((n) => ({ id: n.id, title: n.title, publishedAt: iso(n.publishedAt ?? new Date(0)) }));
  return home;
}

// ─── A meeting's public lists (querytm) ─────────────────────────────────────────────────

/** A meeting whose lists are public: past draft and `publicLists`; otherwise 404. */
/** The meeting publishes its lists (past draft, public lists on); else 404. */
export async function requirePublicLists(db: DbOrTx, id: number): Promise<void> {
  const [m] = await db
    .select({ id: meeting.id })
    .from(meeting)
    .where(and(eq(meeting.id, id), ne(meeting.status, 'draft'), eq(meeting.publicLists, true)));
  if (!m) throw notFound();
}

/** The meeting's admitted delegations (a self-registration still waiting is not public). */
const admittedDelegations = (meetingId: number) =>
  sql`select id, name, area_code_id from meet_delegation
    where meeting_id = ${meetingId} and not ${selfRegistrationPending}`;

/**
 * Public entries of the delegations in CTE `dl`: individual entries (entry and athlete
 * listed) and relay teams, one row each, with the delegation and the group item.
 */
const listedEntries = sql`select e.delegation_id, e.group_item_id from reg_entry e
    join reg_athlete a on a.id = e.athlete_id
    where e.delegation_id in (select id from dl) and e.status in ${LISTED} and a.status in ${LISTED}
  union all
  select r.delegation_id, r.group_item_id from reg_relay_team r
    where r.delegation_id in (select id from dl) and r.status in ${LISTED}`;

/** `GET /api/v1/public/meetings/{id}/counts`: listed delegations, athletes, coaches, entries (relay teams count one). */
export async function publicCounts(db: Db, meetingId: number): Promise<PublicCountsVO> {
  await requirePublicLists(db, meetingId);
  const [row] = await rowsOf<{
    delegations: number;
    athletes: number;
    coaches: number;
    entries: number;
    group_items: { groupItemId: number; entries: number }[];
  }>(
    db.execute(sql`with dl as (${admittedDelegations(meetingId)}), en as (${listedEntries})
      select (select count(*)::int from dl) as delegations,
        (select count(*)::int from reg_athlete a
          where a.delegation_id in (select id from dl) and a.status in ${LISTED}) as athletes,
        (select count(*)::int from reg_coach c
          where c.delegation_id in (select id from dl) and c.status in ${LISTED}) as coaches,
        (select count(*)::int from en) as entries,
        coalesce((select json_agg(json_build_object('groupItemId', g.group_item_id, 'entries', g.n)
            order by g.group_item_id)
          from (select group_item_id, count(*)::int as n from en group by group_item_id) g), '[]'::json) as group_items`),
  );
  return {
    delegations: row?.delegations ?? 0,
    athletes: row?.athletes ?? 0,
    coaches: row?.coaches ?? 0,
    entries: row?.entries ?? 0,
    groupItems: row?.group_items ?? [],
  };
}

/** `GET /api/v1/public/meetings/{id}/delegations`: admitted delegations with their listed counts. */
export async function publicDelegations(db: Db, meetingId: number): Promise<PublicDelegationVO[]> {
  await requirePublicLists(db, meetingId);
  const rows = await rowsOf<{
    id: number;
    name: string;
    area_name: string | null;
    athletes: number;
    coaches: number;
    entries: number;
  }>(
    db.execute(sql`with dl as (${admittedDelegations(meetingId)}), en as (${listedEntries})
      select dl.id, dl.name, ac.name as area_name, coalesce(a.n, 0) as athletes, coalesce(c.n, 0) as coaches,
        coalesce(e.n, 0) as entries
      from dl
      left join base_area_code ac on ac.id = dl.area_code_id
      left join (select delegation_id, count(*)::int as n from reg_athlete
        where delegation_id in (select id from dl) and status in ${LISTED} group by delegation_id) a
        on a.delegation_id = dl.id
      left join (select delegation_id, count(*)::int as n from reg_coach
        where delegation_id in (select id from dl) and status in ${LISTED} group by delegation_id) c
        on c.delegation_id = dl.id
      left join (select delegation_id, count(*)::int as n from en group by delegation_id) e on e.delegation_id = dl.id
      order by dl.name, dl.id`),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    areaName: r.area_name,
    athletes: r.athletes,
    coaches: r.coaches,
    entries: r.entries,
  }));
}

/**
 * `GET /api/v1/public/meetings/{id}/entries?groupItemId&delegationId`: an event's (or a
 * delegation's) entry list — listed individual entries and relay teams. One of the two filters
 * is required, so the list stays the size of an event or a team.
 */
export async function publicEntries(db: Db, meetingId: number, q: PublicEntriesQuery): Promise<PublicEntryVO[]> {
  if (!q.groupItemId && !q.delegationId) {
    throw badInput('请选择项目或代表队', 'choose an event (groupItemId) or a delegation (delegationId)');
  }
  await requirePublicLists(db, meetingId);
  const only = (alias: string) =>
    sql.join(
      [
        q.groupItemId ? sql`and ${sql.raw(alias)}.group_item_id = ${q.groupItemId}` : sql``,
        q.delegationId ? sql`and ${sql.raw(alias)}.delegation_id = ${q.delegationId}` : sql``,
      ],
      sql` `,
    );
  const rows = await rowsOf<{
    group_item_id: number;
    athlete_name: string;
    gender: string;
    delegation_name: string;
    bib: string | null;
    seed_mark: string | null;
    relay_letter: string | null;
  }>(
    db.execute(sql`select * from (
        select e.group_item_id, a.name as athlete_name, a.gender, d.name as delegation_name, a.bib, e.seed_mark,
          null::text as relay_letter
        from reg_entry e
        join reg_athlete a on a.id = e.athlete_id
        join meet_delegation d on d.id = e.delegation_id
        where e.meeting_id = ${meetingId} and e.status in ${LISTED} and a.status in ${LISTED} ${only('e')}
        union all
        select r.group_item_id, d.name, g.gender, d.name, null, r.seed_mark, r.letter
        from reg_relay_team r
        join meet_delegation d on d.id = r.delegation_id
        join meet_group_item gi on gi.id = r.group_item_id
        join meet_group g on g.id = gi.group_id
        where r.meeting_id = ${meetingId} and r.status in ${LISTED} ${only('r')}
      ) x
      order by group_item_id, delegation_name, relay_letter, athlete_name`),
  );
  return rows.map((r) => ({
    groupItemId: r.group_item_id,
    athleteName: r.athlete_name,
    gender: r.gender,
    delegationName: r.delegation_name,
    bib: r.bib,
    seedMark: r.seed_mark,
    relayLetter: r.relay_letter,
  }));
}

// ─── The registration query ─────────────────────────────────────────────────────────────

/** First 3 + last 4 visible; anything too short to keep a hidden middle is hidden whole. */
const masked = (text: string | null) => {
  if (text === null) return '';
  const m = maskIdNumber(text);
  return m === text ? '*'.repeat(text.length) : m;
};

type PersonRow = {
  meeting_id: number;
  meeting_name: string;
  meeting_name_en: string;
  delegation_name: string;
  name: string;
  gender: string;
  id_number: string | null;
  contact_mobile: string;
  group_name: string;
  group_name_en: string;
  status: PublicRegistrationVO['status'];
  bib: string | null;
  items: PublicRegistrationVO['items'];
};

/** Athletes matching `where` (on `reg_athlete a`) in meetings past draft, each with its events, masked. */
async function registrations(db: Db, where: SQL): Promise<PublicRegistrationVO[]> {
  const rows = await rowsOf<PersonRow>(
    db.execute(sql`select a.meeting_id, m.name as meeting_name, m.name_en as meeting_name_en,
        d.name as delegation_name, a.name, a.gender, a.id_number, d.contact_mobile, g.name as group_name,
        g.name_en as group_name_en, a.status, a.bib,
        coalesce((select json_agg(json_build_object('itemName', i.name, 'itemNameEn', i.name_en,
              'seedMark', x.seed_mark) order by gi.sort, i.sort, gi.id)
            from (select e.group_item_id, e.seed_mark from reg_entry e where e.athlete_id = a.id
              union all
              select t.group_item_id, t.seed_mark from reg_relay_member rm
                join reg_relay_team t on t.id = rm.relay_team_id where rm.athlete_id = a.id) x
            join meet_group_item gi on gi.id = x.group_item_id
            join base_item i on i.id = gi.item_id), '[]'::json) as items
      from reg_athlete a
      join meet_meeting m on m.id = a.meeting_id
      join meet_delegation d on d.id = a.delegation_id
      join meet_group g on g.id = a.group_id
      where m.status <> 'draft' and ${where}
      order by m.start_date desc, a.meeting_id desc, g.sort, a.name, a.id
      limit 200`),
  );
  // Only the masked forms leave: the full ID number and mobile are never in the answer.
  return rows.map((r) => ({
    meetingId: r.meeting_id,
    meetingName: r.meeting_name,
    meetingNameEn: r.meeting_name_en,
    delegationName: r.delegation_name,
    name: r.name,
    gender: r.gender,
    idNumberMasked: masked(r.id_number),
    contactMobileMasked: maskPhone(r.contact_mobile),
    groupName: r.group_name,
    groupNameEn: r.group_name_en,
    status: r.status,
    bib: r.bib,
    items: r.items,
  }));
}

/** One public query more from this address (A0429 past QUERY_PER_MIN a minute). */
export const limitPublicQuery = (db: Db, ip: string) => hitRateLimit(db, `public-query-ip:${ip}`, QUERY_PER_MIN, 60);

/** The key under which `queryByPerson`'s answer is kept (what decides the answer, normalised). */
export const personQueryKey = (q: PublicQueryBody) =>
  `public-query|${q.meetingId ?? ''}|${normalizeName(q.name)}|${q.idNumber.trim().toUpperCase()}`;

/**
 * `POST /api/v1/public/query`: an athlete (or parent) finds their registration by exact name
 * and ID number, in every meeting past draft or the given one. Rate-limited per IP by the route
 * (`limitPublicQuery`, before any kept answer is served); no match is an empty list, the same
 * shape as a match. Uses the person index
 * (meeting_id, id_type, upper(id_number)).
 */
export async function queryByPerson(db: Db, q: PublicQueryBody): Promise<PublicRegistrationVO[]> {
  // Names are stored normalised (apply/rules normalizeName): `李　明` finds 李明.
  const name = normalizeName(q.name);
  const idNumber = q.idNumber.trim().toUpperCase();
  if (!name) return [];
  const meetings = q.meetingId
    ? sql`array[${q.meetingId}::int]`
    : sql`array(select id from meet_meeting where status <> 'draft')`;
  const idTypes = sql.join(
    ID_TYPE_LIST.map((t) => sql`${t}`),
    sql`, `,
  );
  return registrations(
    db,
    sql`a.meeting_id = any(${meetings}) and a.id_type in (${idTypes})
      and upper(a.id_number) = ${idNumber} and a.name = ${name}`,
  );
}

/**
 * `POST /api/v1/public/query/by-mobile`: the delegation's contact mobile and its sign-in code
 * (`POST /api/v2/dlg/sms-code`, purpose 'dlg-login') → the delegation's athletes, masked.
 * A right code for a mobile without a delegation in the meeting answers like a wrong code.
 */
export async function queryByMobile(
  deps: PublicDeps,
  q: PublicQueryByMobileBody,
  ip: string,
): Promise<PublicRegistrationVO[]> {
  const { db } = deps;
  await limitPublicQuery(db, ip);
  const mobile = readMobile(deps.keys, q.mobile);
  await consumeCode(db, { target: mobile, purpose: 'dlg-login', code: q.smcode });
  const d = await delegationOfMobile(db, q.tmid, mobile);
  if (!d) throw codeErrors.wrong();
  return registrations(db, sql`a.delegation_id = ${d.id}`);
}

// ─── Self-registration ──────────────────────────────────────────────────────────────────

/** A meeting that takes self-registrations now: past draft, allowing it, window open. */
async function requireSelfRegistration(db: Db, meetingId: number, now: Date) {
  const [m] = await db
    .select({
      status: meeting.status,
      regOpensAt: meeting.regOpensAt,
      regClosesAt: meeting.regClosesAt,
      allowSelfRegistration: meeting.allowSelfRegistration,
    })
    .from(meeting)
    .where(and(eq(meeting.id, meetingId), ne(meeting.status, 'draft')));
  if (!m) throw notFound();
  if (!m.allowSelfRegistration) {
    throw badInput('该赛事不接受代表队自主报名', 'this meeting does not accept delegations registering themselves');
  }
  if (!isRegistrationOpen(m, now)) throw new AppError('A0460');
}

/**
 * `POST /api/v1/public/sms-code`: a code proving the mobile of a team that registers itself
 * (purpose 'dlg-register'). Captcha (when on); the meeting must take self-registrations now.
 */
export async function sendRegisterCode(deps: PublicDeps, body: DlgCodeBody, ip: string): Promise<CodeSent> {
  await checkCaptcha(deps, body.captchaKey, body.captchaCode);
  await requireSelfRegistration(deps.db, body.tmid, new Date());
  const mobile = readMobile(deps.keys, body.mobile);
  return issueCode(deps.db, { target: mobile, channel: 'sms', purpose: 'dlg-register', ip }, deps.sender);
}

const taken = (zh: string, en: string) => new AppError('A0400', { detail: en }, { zh, en }, 409);
const nameTaken = (name: string) =>
  taken(
    `本赛事已有代表队“${name}”，请换一个名称`,
    `the meeting already has a delegation named ${name}: choose another name`,
  );
const mobileTaken = () =>
  taken(
    '该手机号码已是本赛事一个代表队的联系手机，请直接用它登录',
    'this mobile is already the contact of a delegation in this meeting: sign in with it instead',
  );

/**
 * `POST /api/v1/public/meetings/{id}/self-register`: a team registers itself as a new
 * delegation (source 'self', status SELF_REGISTRATION_STATUS: awaiting the committee's review,
 * see selfRegistrationPending). The mobile is proven by its 'dlg-register' code and becomes the
 * delegation's sign-in. A name or mobile the meeting already has is refused (409) — the
 * mobile only after the code proved it, so nobody learns which mobiles are registered.
 */
export async function selfRegister(
  deps: PublicDeps,
  meetingId: number,
  body: SelfRegisterBody,
  ip: string,
): Promise<{ id: number; name: string; contactMobile: string }> {
  const { db } = deps;
  await hitRateLimit(db, `self-register-ip:${ip}`, SELF_REGISTER_PER_MIN, 60);
  await requireSelfRegistration(db, meetingId, new Date());
  const name = body.name.trim();
  const contactName = body.contactName.trim();
  if (!name) throw badInput('代表队名称必填', 'the delegation name is required');
  if (!contactName) throw badInput('联系人必填', 'the contact name is required');
  const mobile = readMobile(deps.keys, body.mobile);
  if (body.areaCodeId) {
    const [a] = await db.select({ id: areaCode.id }).from(areaCode).where(eq(areaCode.id, body.areaCodeId));
    if (!a) throw badInput('区域编码不存在', 'the area code does not exist');
  }
  // Names are public: say so before the code is spent.
  const [sameName] = await db
    .select({ id: delegation.id })
    .from(delegation)
    .where(and(eq(delegation.meetingId, meetingId), eq(delegation.name, name)));
  if (sameName) throw nameTaken(name);
  await consumeCode(db, { target: mobile, purpose: 'dlg-register', code: body.smcode });
  try {
    const [row] = await db
      .insert(delegation)
      .values({
        meetingId,
        name,
        shortName: body.shortName?.trim() || null,
        contactName,
        contactMobile: mobile,
        areaCodeId: body.areaCodeId ?? null,
        source: 'self',
        status: SELF_REGISTRATION_STATUS,
        reviewReason: null,
      })
      .returning({ id: delegation.id });
    return { id: row!.id, name, contactMobile: mobile };
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw pgConstraint(err) === 'meet_delegation_name_uq' ? nameTaken(name) : mobileTaken();
    }
    throw err;
  }
}
