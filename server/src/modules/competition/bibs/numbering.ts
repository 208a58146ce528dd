import { BIB_MAX, type BibBlockVO, type BibSettings } from '@baton/contracts';
import { badInput } from '../../../lib/errors.js';

/**
 * Bib numbering (pure: the service reads the rows and writes the answer). The schemes:
 * - by delegation with a step: delegation k (in order) numbers from `start + k·step`, its
 *   athletes by name, at most `step` of them;
 * - by delegation, continuous (step 0): one run of numbers from `start`;
 * - group ranges: each group inside its own `from–to`, by delegation then name.
 * Numbers are unique in the meeting. With `keepExisting`, every bib already given stays (and
 * is skipped); otherwise eligible athletes are numbered afresh and the others lose theirs.
 * Any block too small for its athletes is an error, and nothing is written.
 */

export interface BibAthlete {
  id: number;
  name: string;
  delegationId: number;
  groupId: number;
  bib: string | null;
  status: 'draft' | 'submitted' | 'approved' | 'returned';
}

export interface BibNamed {
  id: number;
  name: string;
  nameEn: string;
}

export interface BibPlan {
  eligible: number;
  assigned: number;
  kept: number;
  cleared: number;
  /** The rows to write: only those whose bib changes. */
  changes: { id: number; bib: string | null }[];
  blocks: BibBlockVO[];
}

/** Chinese names by pinyin, other scripts by their own rules; the same order on every server. */
const collator = new Intl.Collator(['zh-Hans-CN-u-co-pinyin', 'en'], { numeric: true });
const byName = <T extends { name: string; id: number }>(a: T, b: T) => collator.compare(a.name, b.name) || a.id - b.id;

const hasBib = (a: BibAthlete) => a.bib !== null && a.bib.trim() !== '';

function overflow(label: BibNamed, from: number, to: number, need: number, free: number) {
  return badInput(
    `「${label.name}」需要 ${need} 个号码，号码段 ${from}–${to} 只剩 ${free} 个可用，未做任何修改`,
    `"${label.nameEn || label.name}" needs ${need} bibs but the range ${from}–${to} has only ${free} free; nothing was changed`,
  );
}

/** Give `list` the free numbers of `from..to` in order; throws when they do not fit. */
function fill(
  list: BibAthlete[],
  from: number,
  to: number,
  taken: Set<string>,
  label: BibNamed,
  out: Map<number, number>,
): { first: number | null; last: number | null } {
  let n = from;
  let first: number | null = null;
  let last: number | null = null;
  for (const [i, a] of list.entries()) {
    while (n <= to && taken.has(String(n))) n++;
    if (n > to) {
      let free = 0;
      for (let k = from; k <= to && free <= list.length; k++) if (!taken.has(String(k))) free++;
      // The numbers given so far in this block were free too.
      throw overflow(label, from, to, list.length, free + i);
    }
    out.set(a.id, n);
    taken.add(String(n));
    first ??= n;
    last = n;
    n++;
  }
  return { first, last };
}

export function planBibs(input: {
  athletes: BibAthlete[];
  /** The meeting's delegations and groups (any order). */
  delegations: BibNamed[];
  groups: BibNamed[];
  settings: BibSettings;
}): BibPlan {
  const { athletes, settings } = input;
  const { scheme, keepExisting } = settings;
  const statuses = new Set(settings.includeSubmitted ? ['approved', 'submitted'] : ['approved']);
  const eligible = athletes.filter((a) => statuses.has(a.status));
  const order = scheme.order ?? 'id';
  const delegations = [...input.delegations].sort(order === 'name' ? byName : (a, b) => a.id - b.id);
  const delegationRank = new Map(delegations.map((d, i) => [d.id, i]));
  const rank = (a: BibAthlete) => delegationRank.get(a.delegationId) ?? Number.MAX_SAFE_INTEGER;
  const byDelegationThenName = (a: BibAthlete, b: BibAthlete) => rank(a) - rank(b) || byName(a, b);

  const toNumber = (keepExisting ? eligible.filter((a) => !hasBib(a)) : eligible).sort(byDelegationThenName);
  const kept = keepExisting ? eligible.length - toNumber.length : 0;
  // Every bib still worn after this run is taken: with keepExisting all of them, else none.
  const taken = new Set<string>(keepExisting ? athletes.filter(hasBib).map((a) => a.bib!.trim()) : []);
  const given = new Map<number, number>();
  const blocks: BibBlockVO[] = [];

  if (scheme.kind === 'delegation') {
    const withAthletes = delegations.filter((d) => eligible.some((a) => a.delegationId === d.id));
    if (scheme.step === 0) {
      // One run: the delegations follow each other without gaps.
      let from = scheme.start;
      for (const d of withAthletes) {
        const list = toNumber.filter((a) => a.delegationId === d.id);
        if (!list.length) continue;
        const r = fill(list, from, BIB_MAX, taken, d, given);
        blocks.push({ name: d.name, nameEn: d.nameEn, from: null, to: null, count: list.length, ...r });
        from = (r.last ?? from) + 1;
      }
    } else {
      for (const [k, d] of withAthletes.entries()) {
        const from = scheme.start + k * scheme.step;
        const to = from + scheme.step - 1;
        const list = toNumber.filter((a) => a.delegationId === d.id);
        if (!list.length) continue;
        if (to > BIB_MAX) throw overflow(d, from, to, list.length, 0);
        const r = fill(list, from, to, taken, d, given);
        blocks.push({ name: d.name, nameEn: d.nameEn, from, to, count: list.length, ...r });
      }
    }
  } else {
    const groups = new Map(input.groups.map((g) => [g.id, g]));
    const ranges = [...scheme.ranges].sort((a, b) => a.from - b.from);
    for (const [i, r] of ranges.entries()) {
      const g = groups.get(r.groupId);
      if (!g) throw badInput(`组别 ${r.groupId} 不属于本赛事`, `group ${r.groupId} is not a group of this meeting`);
      if (r.from > r.to)
        throw badInput(
          `「${g.name}」的号码段 ${r.from}–${r.to} 起点大于终点`,
          `the range ${r.from}–${r.to} of "${g.nameEn || g.name}" ends before it starts`,
        );
      const next = ranges[i + 1];
      if (next && next.from <= r.to) {
        const h = groups.get(next.groupId);
        throw badInput(
          `号码段重叠：「${g.name}」${r.from}–${r.to} 与「${h?.name ?? next.groupId}」${next.from}–${next.to}`,
          `ranges overlap: "${g.nameEn || g.name}" ${r.from}–${r.to} and "${h?.nameEn || h?.name || next.groupId}" ${next.from}–${next.to}`,
        );
      }
    }
    if (new Set(ranges.map((r) => r.groupId)).size !== ranges.length)
      throw badInput('同一组别只能有一个号码段', 'each group may have one range only');
    const missing = [...new Set(toNumber.map((a) => a.groupId))].filter((id) => !ranges.some((r) => r.groupId === id));
    if (missing.length) {
      const names = missing.map((id) => groups.get(id)).filter((g): g is BibNamed => !!g);
      throw badInput(
        `以下组别有待编号的运动员，但没有号码段：${names.map((g) => g.name).join('、')}`,
        `these groups have athletes to number but no range: ${names.map((g) => g.nameEn || g.name).join(', ')}`,
      );
    }
    for (const r of [...scheme.ranges]) {
      const g = groups.get(r.groupId)!;
      const list = toNumber.filter((a) => a.groupId === r.groupId);
      const res = list.length ? fill(list, r.from, r.to, taken, g, given) : { first: null, last: null };
      blocks.push({ name: g.name, nameEn: g.nameEn, from: r.from, to: r.to, count: list.length, ...res });
    }
  }

  const eligibleIds = new Set(eligible.map((a) => a.id));
  const changes: BibPlan['changes'] = [];
  let cleared = 0;
  for (const a of athletes) {
    const n = given.get(a.id);
    if (n !== undefined) {
      if (a.bib !== String(n)) changes.push({ id: a.id, bib: String(n) });
    } else if (!keepExisting && !eligibleIds.has(a.id) && hasBib(a)) {
      cleared++;
      changes.push({ id: a.id, bib: null });
    }
  }
  return { eligible: eligible.length, assigned: given.size, kept, cleared, changes, blocks };
}
