import type { Qualifier } from '@baton/contracts';
import { type Rng, shuffle } from './prng.js';

/**
 * Composition of heats (WA Technical Rules, Book C2.1, TR 20.4):
 * - first round: athletes ranked on the relevant list of valid performances (their seed marks),
 *   placed in heats by zigzag (TR 20.4.1, 20.4.3);
 * - later rounds: 100 m to 400 m and relays up to 4 × 400 m ranked by place, then time, in the
 *   previous round (TR 20.4.2(a)); longer races on the original list of performances, improved
 *   by the marks of the previous round (TR 20.4.2(b)); then zigzag (TR 20.4.3);
 * - representatives of the same team in different heats as far as possible, by exchanging
 *   athletes of similar ranking between heats after the zigzag (TR 20.4.1–20.4.3, the
 *   Technical Delegates' adjustment).
 */
export type Better = 'lower' | 'higher';

export interface Seedable {
  delegationId: number;
  /** The seed mark as a number (seconds, metres, points); null: none. */
  seedValue: number | null;
}

/**
 * Best first on the seed marks; equal marks in an order drawn by lot; no mark after all those
 * with one, in an order drawn by lot.
 */
export function rankBySeed<T extends Seedable>(list: readonly T[], better: Better, rng: Rng): T[] {
  const sign = better === 'lower' ? 1 : -1;
  // The shuffle first and a stable sort after it: ties keep the order drawn by lot.
  return shuffle(list, rng).sort((a, b) => {
    if (a.seedValue === null || b.seedValue === null) {
      return (a.seedValue === null ? 1 : 0) - (b.seedValue === null ? 1 : 0);
    }
    return sign * (a.seedValue - b.seedValue);
  });
}

/**
 * Zigzag (serpentine) distribution, TR 20.4.3: over three heats A = 1, 6, 7, 12, 13…;
 * B = 2, 5, 8, 11, 14…; C = 3, 4, 9, 10, 15…
 */
export function zigzag<T>(ranked: readonly T[], heats: number): T[][] {
  const out: T[][] = Array.from({ length: heats }, () => []);
  ranked.forEach((c, i) => {
    const tier = Math.floor(i / heats);
    const pos = i % heats;
    out[tier % 2 === 0 ? pos : heats - 1 - pos]!.push(c);
  });
  return out;
}

/**
 * Same-team athletes spread over the heats (TR 20.4): going down the ranking, an athlete whose
 * team already has one in the heat is exchanged with the nearest-ranked athlete of another heat
 * (the same zigzag tier first, then the nearest tiers) when the exchange makes no new
 * clash in either heat. Heat sizes do not change. `ranked` gives each competitor's rank.
 */
export function spreadDelegations<T extends Seedable>(heats: readonly T[][], ranked: readonly T[]): T[][] {
  const n = heats.length;
  if (n < 2) return heats.map((h) => [...h]);
  // `ranked` lists every competitor of the heats once: a competitor is its rank from here on.
  const total = ranked.length;
  const rankOf = new Map(ranked.map((c, i) => [c, i]));
  const heatOf = new Int32Array(total);
  heats.forEach((h, i) => {
    for (const c of h) heatOf[rankOf.get(c)!] = i;
  });
  // How many of each team are in each heat, and each team's ranks (best first).
  const count = new Map<number, Int32Array>();
  const team = new Map<number, number[]>();
  ranked.forEach((c, r) => {
    const per = count.get(c.delegationId) ?? new Int32Array(n);
    count.set(c.delegationId, per);
    per[heatOf[r]!]! += 1;
    const ranks = team.get(c.delegationId);
    if (ranks) ranks.push(r);
    else team.set(c.delegationId, [r]);
  });
  const inHeat = (delegationId: number, heat: number) => count.get(delegationId)![heat]! > 0;
  const tiers = Math.ceil(total / n);
  /**
   * The first athlete of another heat `c` (rank r, in heat h) may be exchanged with: nearest
   * zigzag tier first, then nearest rank, then the better rank — each rank met in that order
   * without sorting the field. -1: none.
   */
  const partnerOf = (r: number, h: number, delegationId: number): number => {
    const tier = Math.floor(r / n);
    for (let k = 0; k < tiers; k++) {
      if (tier - k < 0 && tier + k >= tiers) break;
      // Ranks below r (from r down) and above it (upward), merged by distance, the lower first on a tie.
      let a: number;
      let aEnd: number;
      let b: number;
      let bEnd: number;
      if (k === 0) {
        a = r;
        aEnd = tier * n;
        b = r + 1;
        bEnd = Math.min((tier + 1) * n, total) - 1;
      } else {
        a = tier - k >= 0 ? (tier - k + 1) * n - 1 : -1;
        aEnd = tier - k >= 0 ? (tier - k) * n : 0;
        b = tier + k < tiers ? (tier + k) * n : total;
        bEnd = Math.min((tier + k + 1) * n, total) - 1;
      }
      while ((a >= 0 && a >= aEnd) || b <= bEnd) {
        const takeA = a >= 0 && a >= aEnd && (b > bEnd || r - a <= b - r);
        const d = takeA ? a-- : b++;
        const hd = heatOf[d]!;
        if (hd === h) continue;
        const other = ranked[d]!.delegationId;
        if (other !== delegationId && !inHeat(delegationId, hd) && !inHeat(other, h)) return d;
      }
    }
    return -1;
  };
  // Two passes: an exchange further down may open a way for one higher up.
  for (let pass = 0; pass < 2; pass++) {
    for (let r = 0; r < total; r++) {
      const c = ranked[r]!;
      const h = heatOf[r]!;
      // The lower-ranked of two teammates moves; the better-ranked keeps its heat.
      let clash = false;
      for (const o of team.get(c.delegationId)!) {
        if (o >= r) break;
        if (heatOf[o] === h) {
          clash = true;
          break;
        }
      }
      if (!clash) continue;
      const d = partnerOf(r, h, c.delegationId);
      if (d < 0) continue;
      const hd = heatOf[d]!;
      const other = ranked[d]!.delegationId;
      heatOf[r] = hd;
      heatOf[d] = h;
      count.get(c.delegationId)![h]! -= 1;
      count.get(c.delegationId)![hd]! += 1;
      count.get(other)![hd]! -= 1;
      count.get(other)![h]! += 1;
    }
  }
  // Inside each heat, keep the ranking order.
  const out: T[][] = Array.from({ length: n }, () => []);
  ranked.forEach((c, r) => {
    out[heatOf[r]!]!.push(c);
  });
  return out;
}

/** A competitor of the previous round who qualified, with the result it qualified on. */
export interface Qualified extends Seedable {
  qualifier: Qualifier;
  /** Place in its heat. */
  place: number | null;
  /** The mark of the previous round as a number (seconds). */
  value: number | null;
  /**
   * How many per heat the previous round took by place. A qD placed within it was drawn in a
   * dead heat for the last place by place (note to TR 20.8) and is a placed qualifier.
   */
  byPlace?: number;
}

/**
 * Qualified on place: Q, or qD drawn among athletes tied for the last place by place (note to
 * TR 20.8 — "a tie for the last qualifying position based on place"): such an athlete
 * holds a place within the places that qualify, and is seeded with the placed qualifiers.
 */
export function onPlace(c: Qualified): boolean {
  if (c.qualifier === 'Q') return true;
  return c.qualifier === 'qD' && c.place !== null && c.byPlace !== undefined && c.place <= c.byPlace;
}

/**
 * The ranking for a later round.
 * - 'place' (TR 20.4.2(a), 100 m to 400 m and relays up to 4 × 400 m): qualifiers by place
 *   (Q, and qD drawn in a dead heat by place — `onPlace`) first — fastest heat winner, second
 *   fastest heat winner… then fastest second place… — then the qualifiers by time (q) and those
 *   advanced by the referee, the jury or by lot on time (qR, qJ, qD), fastest first. Equal
 *   times are separated by lot.
 * - 'performance' (TR 20.4.2(b), longer races): the original list of performances, improved by
 *   the mark of the previous round.
 */
export function rankQualifiers<T extends Qualified>(
  list: readonly T[],
  mode: 'place' | 'performance',
  better: Better,
  rng: Rng,
): T[] {
  const sign = better === 'lower' ? 1 : -1;
  const num = (v: number | null) => (v === null ? Number.POSITIVE_INFINITY : sign * v);
  const drawn = shuffle(list, rng);
  if (mode === 'performance') {
    const best = (c: T) => Math.min(num(c.seedValue), num(c.value));
    return drawn.sort((a, b) => best(a) - best(b));
  }
  const byPlace = (c: T) => (onPlace(c) ? (c.place ?? Number.MAX_SAFE_INTEGER) : Number.MAX_SAFE_INTEGER);
  return drawn.sort((a, b) => byPlace(a) - byPlace(b) || num(a.value) - num(b.value));
}
