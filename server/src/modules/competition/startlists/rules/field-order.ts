/**
 * The order of a field event after the cut (WA TR 25.5 and 25.6, Book C2.1):
 * - with more than `cutSize` (8) athletes, the best `cutSize` after `cutAfter` (3) trials get
 *   the remaining trials; a tie for the last place takes all the tied athletes on (TR 25.6);
 *   athletes without a valid trial do not go on;
 * - with `cutSize` or fewer, everyone goes on; those without a valid trial compete first, in
 *   their original drawn order (TR 25.5);
 * - the order of the remaining trials is the reverse of the standing after the cut (the
 *   leader last); athletes tied compete in their original drawn order (TR 25.6).
 * Results entry reuses this for the 4th to 6th trials.
 */
export interface Standing {
  /** The place after the trials before the cut (ties share a place); null: no valid trial. */
  place: number | null;
  /** The original competition order drawn by lot (1 = first). */
  order: number;
}

export function orderAfterCut<T extends Standing>(standing: readonly T[], cutSize = 8): T[] {
  const byOrder = (a: T, b: T) => a.order - b.order;
  const reverse = (a: T, b: T) => (b.place ?? 0) - (a.place ?? 0) || byOrder(a, b);
  const marked = standing.filter((s) => s.place !== null);
  if (standing.length <= cutSize) {
    const unmarked = standing.filter((s) => s.place === null).sort(byOrder);
    return [...unmarked, ...marked.sort(reverse)];
  }
  return marked.filter((s) => (s.place as number) <= cutSize).sort(reverse);
}
