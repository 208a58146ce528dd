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
  const out = heats.map((h) => [...h]);
  const n = out.length;
  if (n < 2) return out;
  const rank = new Map(ranked.map((c, i) => [c, i]));
  const heatOf = new Map<T, number>();
  out.forEach((h, i) => {
    for (const c of h) heatOf.set(c, i);
  });
  const clashes = (heat: number, delegationId: number, except: T) =>
    out[heat]!.some((o) => o !== except && o.delegationId === delegationId);
  const tierOf = (x: T) => Math.floor(rank.get(x)! / n);
  // Two passes: an exchange further down may open a way for one higher up.
  for (let pass = 0; pass < 2; pass++) {
    for (const c of ranked) {
      const h = heatOf.get(c)!;
      const r = rank.get(c)!;
      // The lower-ranked of two teammates moves; the better-ranked keeps its heat.
      if (!out[h]!.some((o) => o.delegationId === c.delegationId && rank.get(o)! < r)) continue;
      // Athletes of other heats, nearest rank first (the same zigzag tier before the others).
      const candidates = ranked
        .filter((d) => heatOf.get(d) !== h)
        .sort(
          (a, b) =>
            Math.abs(tierOf(a) - tierOf(c)) - Math.abs(tierOf(b) - tierOf(c)) ||
            Math.abs(rank.get(a)! - r) - Math.abs(rank.get(b)! - r) ||
            rank.get(a)! - rank.get(b)!,
        );
      const d = candidates.find(
        (d) =>
          d.delegationId !== c.delegationId &&
          !clashes(heatOf.get(d)!, c.delegationId, d) &&
          !clashes(h, d.delegationId, c),
      );
      if (!d) continue;
      const hd = heatOf.get(d)!;
      out[h]![out[h]!.indexOf(c)] = d;
      out[hd]![out[hd]!.indexOf(d)] = c;
      heatOf.set(c, hd);
      heatOf.set(d, h);
    }
  }
  // Inside each heat, keep the ranking order.
  return out.map((h) => h.sort((a, b) => rank.get(a)! - rank.get(b)!));
}

/** A competitor of the previous round who qualified, with the result it qualified on. */
export interface Qualified extends Seedable {
  qualifier: Qualifier;
  /** Place in its heat. */
  place: number | null;
  /** The mark of the previous round as a number (seconds). */
  value: number | null;
}

/**
 * The ranking for a later round.
 * - 'place' (TR 20.4.2(a), 100 m to 400 m and relays up to 4 × 400 m): qualifiers by place
 *   (Q) first — fastest heat winner, second fastest heat winner… then fastest second place… —
 *   then the qualifiers by time (q) and those advanced by the referee, the jury or by lot (qR,
 *   qJ, qD), fastest first. Equal times are separated by lot.
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
  const byPlace = (c: T) => (c.qualifier === 'Q' ? (c.place ?? Number.MAX_SAFE_INTEGER) : Number.MAX_SAFE_INTEGER);
  return drawn.sort((a, b) => byPlace(a) - byPlace(b) || num(a.value) - num(b.value));
}
