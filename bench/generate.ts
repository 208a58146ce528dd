/**
 * The bench's meets, generated through the product's own services (the same calls the routes
 * make, every registration rule checked): a meeting with eight age groups, their events,
 * delegations, athletes with valid GB 11643 ID numbers whose birth dates fit their group,
 * coaches and entries. Each delegation is written in one transaction (the services run in
 * savepoints inside it), several delegations in parallel.
 *
 * provincial: 300 delegations × 20 athletes (6,000), 5 coaches (1,500), 20,000 entries;
 * carnival:   400 delegations × 50 athletes (20,000), 2 coaches, 60,000 entries.
 */
import { idCheckChar, MEETING_TIME_ZONE, USER_TYPE } from '@baton/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../server/src/db/client.js';
import { athlete, delegation, group, groupItem, item, user } from '../server/src/db/schema/index.js';
import { createAthlete } from '../server/src/modules/apply/athletes.js';
import { createCoach } from '../server/src/modules/apply/coaches.js';
import { createEntry } from '../server/src/modules/apply/entries.js';
import { submitApply } from '../server/src/modules/apply/submit.js';
import { decide } from '../server/src/modules/audit/decisions.js';
import { batchDelegations } from '../server/src/modules/delegations/bulk.js';
import { createGroupItem } from '../server/src/modules/groups/items.js';
import { createGroup } from '../server/src/modules/groups/service.js';
import { changeStatus } from '../server/src/modules/meetings/status.js';
import { createMeeting } from '../server/src/modules/meetings/write.js';
import type { CurrentUser } from '../server/src/plugins/auth.js';

export type Size = 'provincial' | 'carnival';

export interface SizeSpec {
  delegations: number;
  athletesPer: number;
  coachesPer: number;
  /** Entries of the n-th athlete of the meet. */
  entriesOf: (i: number) => number;
  maxPerDelegation: number;
}

/** provincial: 6,000 × 3 + every third athlete a fourth = 20,000; carnival: 20,000 × 3 = 60,000. */
export const SIZES: Record<Size, SizeSpec> = {
  provincial: {
    delegations: 300,
    athletesPer: 20,
    coachesPer: 5,
    entriesOf: (n) => (n % 3 === 0 ? 4 : 3),
    maxPerDelegation: 3,
  },
  carnival: { delegations: 400, athletesPer: 50, coachesPer: 2, entriesOf: () => 3, maxPerDelegation: 4 },
};

/** A smaller meet of the same shape (smoke tests): `scale` of the delegations, at least 2. */
export function scaled(size: Size, scale: number): SizeSpec {
  const s = SIZES[size];
  return { ...s, delegations: Math.max(2, Math.round(s.delegations * scale)) };
}

// ─── Names and ID numbers ─────────────────────────────────────────────────────────────────

const SURNAMES = '王李张刘陈杨黄赵周吴徐孙胡朱高林何郭马罗梁宋郑谢韩唐冯于董萧程曹袁邓许傅沈曾彭吕'.split('');
const BOY = [
  '子豪',
  '宇轩',
  '浩宇',
  '俊熙',
  '明哲',
  '嘉诚',
  '天佑',
  '思远',
  '泽宇',
  '一鸣',
  '铭扬',
  '睿哲',
  '浩然',
  '博文',
];
const GIRL = [
  '雨萱',
  '思琪',
  '梓涵',
  '欣妍',
  '可馨',
  '语桐',
  '佳怡',
  '若曦',
  '书瑶',
  '芷若',
  '晨曦',
  '静怡',
  '诗涵',
  '雨桐',
];
const PINYIN: Record<string, string> = { 王: 'Wang', 李: 'Li', 张: 'Zhang', 刘: 'Liu', 陈: 'Chen', 杨: 'Yang' };
const LATIN_FIRST_M = ['Lucas', 'Noah', 'Ethan', 'Mateo', 'Leon', 'Hugo', 'Arjun', 'Kenji', 'Omar', 'Felix'];
const LATIN_FIRST_F = ['Emma', 'Mia', 'Sofia', 'Lea', 'Chloe', 'Aiko', 'Nora', 'Amara', 'Ines', 'Clara'];
const LATIN_LAST = ['Martin', 'Garcia', 'Müller', 'Rossi', 'Silva', 'Kowalski', 'Tanaka', 'Okafor', 'Novak', 'Dubois'];
/** County codes (GB/T 2260) the ID numbers are issued in. */
const AREAS = ['330381', '330302', '330106', '110101', '310104', '440305', '320102', '510104', '420102', '370102'];
const CITIES = ['杭州', '宁波', '温州', '嘉兴', '湖州', '绍兴', '金华', '衢州', '舟山', '台州', '丽水', '瑞安'];

function personName(n: number, gender: 'M' | 'F'): { name: string; nameEn: string | null } {
  if (n % 10 === 7) {
    // One in ten: a Latin name (an international school, a foreign-born pupil with a resident ID).
    const first = (gender === 'M' ? LATIN_FIRST_M : LATIN_FIRST_F)[n % 10]!;
    return { name: `${first} ${LATIN_LAST[Math.floor(n / 10) % LATIN_LAST.length]}`, nameEn: null };
  }
  const surname = SURNAMES[n % SURNAMES.length]!;
  const given = (gender === 'M' ? BOY : GIRL)[Math.floor(n / SURNAMES.length) % BOY.length]!;
  const en = PINYIN[surname];
  return { name: `${surname}${given}`, nameEn: en ? `${en} ${Math.floor(n / SURNAMES.length) % 100}` : null };
}

/**
 * The n-th person of a group: a valid 18-digit GB 11643 number (area, birth date inside the
 * group's range, sequence odd for men and even for women, ISO 7064 MOD 11-2 check character).
 * Distinct for distinct n within a group (area × day × sequence), and groups differ in range.
 */
export function idNumberFor(n: number, g: { birthFrom: string; birthTo: string; gender: 'M' | 'F' | 'X' }) {
  const from = Date.parse(`${g.birthFrom}T00:00:00Z`);
  const days = Math.round((Date.parse(`${g.birthTo}T00:00:00Z`) - from) / 86_400_000) + 1;
  const area = AREAS[n % AREAS.length]!;
  const dayIndex = Math.floor(n / AREAS.length) % days;
  const seq = Math.floor(n / (AREAS.length * days));
  if (seq > 449) throw new Error('too many people for one group');
  const birth = new Date(from + dayIndex * 86_400_000).toISOString().slice(0, 10);
  const order = 100 + 2 * seq + (g.gender === 'F' ? 2 : 1);
  const first17 = `${area}${birth.replaceAll('-', '')}${String(order).padStart(3, '0')}`;
  return { idNumber: `${first17}${idCheckChar(first17)}`, birthDate: birth };
}

// ─── Events and seed marks ────────────────────────────────────────────────────────────────

/** Individual events by gender; sprints and hurdles run heats then a final (WA TR 20). */
const EVENTS: Record<'M' | 'F', string[]> = {
  M: ['100', '200', '400', '800', '1500', '110H', 'LJ', 'HJ', 'SP', 'JT'],
  F: ['100', '200', '400', '800', '1500', '100H', 'LJ', 'HJ', 'SP', 'DT'],
};
const SPRINTS = new Set(['100', '200', '400', '100H', '110H']);
/** [base, spread] of a plausible youth seed mark: seconds for races, metres for field events. */
const MARKS: Record<string, [number, number]> = {
  '100': [11.2, 2.4],
  '200': [23, 5],
  '400': [52, 12],
  '800': [125, 35],
  '1500': [260, 80],
  '100H': [14.8, 3],
  '110H': [15, 3],
  LJ: [4.6, 2],
  HJ: [1.35, 0.5],
  SP: [8, 6],
  JT: [30, 25],
  DT: [22, 18],
};

function seedMark(code: string, n: number): string | null {
  if (n % 5 === 4) return null; // no mark: seeded after those with one
  const [base, spread] = MARKS[code]!;
  const v = base + (((n * 7919) % 1000) / 1000) * spread;
  if (code === 'HJ') return v.toFixed(2);
  if (/^[A-Z]/.test(code)) return v.toFixed(2);
  if (v < 60) return v.toFixed(2);
  const min = Math.floor(v / 60);
  return `${min}:${(v - min * 60).toFixed(2).padStart(5, '0')}`;
}

// ─── The meet ─────────────────────────────────────────────────────────────────────────────

export interface GroupPlan {
  id: number;
  gender: 'M' | 'F';
  birthFrom: string;
  birthTo: string;
  /** Individual group items, in EVENTS order, with their item code. */
  items: { id: number; code: string }[];
}
export interface AthletePlan {
  id: number;
  groupId: number;
  name: string;
  nameEn: string | null;
  idNumber: string;
  /** The entries this athlete is planned to have: group item id and seed mark. */
  entries: { groupItemId: number; seedMark: string | null }[];
}
export interface DelegationPlan {
  id: number;
  athletes: AthletePlan[];
}
export interface Meet {
  meetingId: number;
  code: string;
  groups: GroupPlan[];
  delegations: DelegationPlan[];
  /** Entries written (0 with entries: false). */
  entries: number;
}

export async function rootUser(db: Db): Promise<CurrentUser> {
  const [row] = await db.select().from(user).where(eq(user.username, 'root'));
  if (!row) throw new Error('the root account is missing: is the database seeded?');
  return {
    id: row.id,
    username: row.username,
    nickname: row.nickname,
    avatar: null,
    userType: USER_TYPE.ROOT,
    deptId: row.deptId,
    roles: ['ROOT'],
    perms: [],
    isRoot: true,
    sessionId: 'bench',
    delegation: null,
  };
}

const pad = (n: number, w = 3) => String(n).padStart(w, '0');

async function pool<T>(items: T[], concurrency: number, work: (x: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i]!, i);
      }
    }),
  );
}

export interface GenerateOptions {
  spec: SizeSpec;
  code: string;
  /** Write the entries (false: leave them to the registration-write scenario). */
  entries?: boolean;
  /** Submit every delegation and approve every athlete (so start lists can be made). */
  approve?: boolean;
  concurrency?: number;
  log?: (line: string) => void;
}

/** Create the meeting, groups, events and delegations, then enrol every delegation. */
export async function generate(db: Db, o: GenerateOptions): Promise<Meet> {
  const log = o.log ?? (() => {});
  const u = await rootUser(db);
  const now = Date.now();
  const year = new Date(now + 40 * 86_400_000).getUTCFullYear();
  const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const spec = o.spec;
  const m = await createMeeting(
    db,
    u,
    {
      name: `${o.code} 基准测试田径运动会`,
      nameEn: `${o.code} benchmark athletics meeting`,
      code: o.code,
      year,
      venue: '省体育中心',
      startDate: dateOf(now + 40 * 86_400_000),
      endDate: dateOf(now + 42 * 86_400_000),
      regOpensAt: new Date(now - 86_400_000).toISOString(),
      regClosesAt: new Date(now + 30 * 86_400_000).toISOString(),
      maxEventsPerAthlete: 4,
      maxRelaysPerAthlete: 1,
      maxEntriesPerItem: spec.maxPerDelegation,
      maxAthletes: spec.athletesPer + 10,
      maxCoaches: spec.coachesPer + 3,
      lanes: 8,
      publicLists: true,
    },
    MEETING_TIME_ZONE,
  );
  await changeStatus(db, u, m.id, 'registration_open', 'bench');

  // U14, U16, U18, U20, boys and girls (WA age groups: age on 31 December of the year).
  const items = await db.select({ id: item.id, code: item.code }).from(item);
  const itemId = new Map(items.map((i) => [i.code, i.id]));
  const groups: GroupPlan[] = [];
  for (const [ai, [label, older]] of (
    [
      ['U14', 13],
      ['U16', 15],
      ['U18', 17],
      ['U20', 19],
    ] as const
  ).entries()) {
    for (const gender of ['M', 'F'] as const) {
      const g = await createGroup(db, u, {
        meetingId: m.id,
        name: `${label}${gender === 'M' ? '男子组' : '女子组'}`,
        nameEn: `${label} ${gender === 'M' ? 'Boys' : 'Girls'}`,
        gender,
        birthFrom: `${year - older}-01-01`,
        birthTo: `${year - older + 1}-12-31`,
        sort: ai * 2 + (gender === 'M' ? 1 : 2),
      });
      const plan: GroupPlan = { id: g.id, gender, birthFrom: g.birthFrom, birthTo: g.birthTo, items: [] };
      for (const [i, code] of EVENTS[gender].entries()) {
        const gi = await createGroupItem(db, u, {
          groupId: g.id,
          itemId: itemId.get(code)!,
          maxPerDelegation: spec.maxPerDelegation,
          rounds: SPRINTS.has(code)
            ? [{ name: 'heats', qualifyByPlace: 2, qualifyByTime: 2 }, { name: 'final' }]
            : [{ name: 'final' }],
          sort: i + 1,
        });
        plan.items.push({ id: gi.id, code });
      }
      groups.push(plan);
    }
  }
  log(`meeting ${o.code} (id ${m.id}): ${groups.length} groups, ${groups.length * 10} events`);

  // Delegations: pasted rows, as the committee would (one batch).
  const rows = Array.from({ length: spec.delegations }, (_, d) => ({
    name: `${CITIES[d % CITIES.length]}市第${d + 1}中学代表队`,
    shortName: `${CITIES[d % CITIES.length]}${d + 1}中`,
    contactName: `${SURNAMES[d % SURNAMES.length]}老师`,
    contactMobile: `137${pad(m.id % 100, 2)}${pad(d, 6)}`,
  }));
  for (let i = 0; i < rows.length; i += 2000) {
    const report = await batchDelegations(db, u, m.id, rows.slice(i, i + 2000), 'all-or-nothing', 'en');
    if (report.imported !== Math.min(2000, rows.length - i)) {
      throw new Error(`delegations refused: ${JSON.stringify(report.errors.slice(0, 3))}`);
    }
  }
  const dIds = (
    await db
      .select({ id: delegation.id })
      .from(delegation)
      .where(eq(delegation.meetingId, m.id))
      .orderBy(asc(delegation.id))
  ).map((r) => r.id);

  // Athletes, coaches and entries, each delegation in one transaction.
  const perGroup = new Map(groups.map((g) => [g.id, 0]));
  const delegations: DelegationPlan[] = dIds.map((id) => ({ id, athletes: [] }));
  // Plan first (deterministic), then write.
  for (const [d, plan] of delegations.entries()) {
    const inGroup = new Map<number, number>();
    for (let i = 0; i < spec.athletesPer; i++) {
      const g = groups[(i + d) % groups.length]!;
      const n = perGroup.get(g.id)!;
      perGroup.set(g.id, n + 1);
      const offset = inGroup.get(g.id) ?? 0;
      const { idNumber } = idNumberFor(n, g);
      const count = spec.entriesOf(d * spec.athletesPer + i);
      inGroup.set(g.id, offset + count);
      // The athletes of a group in a delegation take the group's events in turn (mod 10): at
      // most ceil(entries of the group / 10) entries per event per delegation.
      const entries = Array.from({ length: count }, (_, t) => {
        const ev = g.items[(offset + t) % g.items.length]!;
        return { groupItemId: ev.id, seedMark: seedMark(ev.code, n + t) };
      });
      plan.athletes.push({ id: 0, groupId: g.id, ...personName(n, g.gender), idNumber, entries });
    }
  }

  let done = 0;
  let entries = 0;
  const started = Date.now();
  await pool(delegations, o.concurrency ?? 6, async (plan, d) => {
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      for (const a of plan.athletes) {
        const { name } = a;
        const created = await createAthlete(t, u, {
          delegationId: plan.id,
          groupId: a.groupId,
          name,
          nameEn: a.nameEn,
          idNumber: a.idNumber,
        });
        a.id = created.after.id;
      }
      for (let c = 0; c < spec.coachesPer; c++) {
        const gender = c % 2 === 0 ? 'M' : 'F';
        await createCoach(t, u, {
          delegationId: plan.id,
          name: personName(d * 7 + c + 3, gender).name,
          gender,
          role: c === 0 ? 'leader' : c === 1 ? 'head_coach' : 'coach',
          mobile: `136${pad(d, 5)}${pad(c, 3)}`,
        });
      }
      if (o.entries !== false) {
        for (const a of plan.athletes) {
          for (const e of a.entries) {
            await createEntry(t, u, { delegationId: plan.id, athleteId: a.id, ...e });
            entries += 1;
          }
        }
      }
      if (o.approve) await submitApply(t, u, { delegationId: plan.id });
    });
    done += 1;
    if (done % 25 === 0 || done === delegations.length) {
      log(`  ${done}/${delegations.length} delegations enrolled (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
  });

  if (o.approve) {
    // The committee approves every athlete (their entries follow), 500 per decision.
    const ids = (
      await db
        .select({ id: athlete.id })
        .from(athlete)
        .where(and(eq(athlete.meetingId, m.id), eq(athlete.status, 'submitted')))
        .orderBy(asc(athlete.id))
    ).map((r) => r.id);
    for (let i = 0; i < ids.length; i += 500) {
      await decide(db, u, { entity: 'athlete', ids: ids.slice(i, i + 500), decision: 'approve' });
    }
    log(`  ${ids.length} athletes approved`);
  }
  return { meetingId: m.id, code: o.code, groups, delegations, entries };
}

/** Group items of a meeting (ids), for scenarios that walk every event. */
export async function groupItemsOf(db: Db, meetingId: number): Promise<number[]> {
  const gs = await db.select({ id: group.id }).from(group).where(eq(group.meetingId, meetingId));
  if (!gs.length) return [];
  const rows = await db
    .select({ id: groupItem.id })
    .from(groupItem)
    .where(
      inArray(
        groupItem.groupId,
        gs.map((g) => g.id),
      ),
    )
    .orderBy(asc(groupItem.id));
  return rows.map((r) => r.id);
}
