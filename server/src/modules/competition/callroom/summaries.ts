import type { CheckInCounts, CheckInState, EventVO } from '@baton/contracts';
import { isoOrNull } from '../../../lib/sql.js';

/*
 * What the call room's summaries of heats (service.ts) and of first rounds not seeded yet
 * (before-seeding.ts) share: the event's names, the start and call times, the check-in counts.
 */

/** A driver's timestamp (PGlite and node-postgres answer a raw `coalesce` or raw SQL differently). */
export const asDate = (v: Date | string | null): Date | null =>
  v === null ? null : v instanceof Date ? v : new Date(v);

/** The names of the event a heat or a round belongs to, as a summary shows them. */
export const eventNames = (e: EventVO) => ({
  groupName: e.groupName,
  groupNameEn: e.groupNameEn,
  itemCode: e.itemCode,
  itemName: e.itemName,
  itemNameEn: e.itemNameEn,
  kind: e.kind,
});

/** When a heat or round starts, and when it is called: `lead` minutes before (none without a start time). */
export const callTimes = (startsAt: Date | null, lead: number) => ({
  startsAt: isoOrNull(startsAt),
  callAt: startsAt ? new Date(startsAt.getTime() - lead * 60_000).toISOString() : null,
});

/** The counts of a heat or a round with nothing to call. */
export const NO_CHECK_INS: CheckInCounts = { total: 0, present: 0, absent: 0, late: 0, unmarked: 0 };

/** The counts from a statement's totals (drivers may answer a count as a string); unmarked: the rest. */
export function countsOfTotals(r: { total: unknown; present: unknown; absent: unknown; late: unknown }): CheckInCounts {
  const [total, present, absent, late] = [r.total, r.present, r.absent, r.late].map(Number) as [
    number,
    number,
    number,
    number,
  ];
  return { total, present, absent, late, unmarked: total - present - absent - late };
}

/** The counts of the starts or entries of one heat or round, by their call-room marks. */
export function countsOfMarks(marked: readonly { checkIn: CheckInState | null }[]): CheckInCounts {
  const count = (s: CheckInState | null) => marked.filter((e) => e.checkIn === s).length;
  return {
    total: marked.length,
    present: count('present'),
    absent: count('absent'),
    late: count('late'),
    unmarked: count(null),
  };
}
