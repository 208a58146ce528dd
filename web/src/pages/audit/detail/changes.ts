import type { AuditDecisionVO, FieldLinkVO, RecordHistoryVO } from '@baton/contracts';

/**
 * The audit's change history as people read it (pure): each change of a record as the fields it
 * changed, in the form's order, and the changes and decisions in one timeline, newest first.
 */

type Snapshot = Record<string, unknown>;

/** Keys in a fixed order at every level, so a diff shows changed values only, not moved keys. */
export function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === 'object') {
    return Object.fromEntries(
      Object.keys(v as Snapshot)
        .sort()
        .map((k) => [k, sortKeys((v as Snapshot)[k])]),
    );
  }
  return v;
}

/** A snapshot as indented JSON (nothing for a record that did not exist yet). */
export const prettyJson = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(sortKeys(v), null, 2));

/** No value: null, missing, an empty text or an empty list. */
export const isEmpty = (v: unknown) =>
  v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

const same = (a: unknown, b: unknown) =>
  (isEmpty(a) && isEmpty(b)) || JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));

const objectOf = (v: unknown): Snapshot => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Snapshot) : {});

/** The record's own values in the order the info table shows them; the form's fields follow `fields`. */
const ORDER = [
  'name',
  'nameEn',
  'gender',
  'birthDate',
  'idType',
  'idNumber',
  'role',
  'mobile',
  'groupId',
  'photoFileId',
  'fields',
  'entries',
  'relays',
  'status',
  'auditReason',
] as const;
/** Kept in a snapshot for the machine, said by another row (the group's name by `groupId`) or not at all. */
const HIDDEN = new Set(['id', 'meetingId', 'delegationId', 'groupName', 'version', 'createdAt', 'updatedAt']);

export interface ChangeRow {
  /** A snapshot key (`name`, `groupId`…) or `fields.<key>` for a form field. */
  key: string;
  before: unknown;
  after: unknown;
}

/**
 * What one change did, a row per value: for an edit the values that changed, for a creation
 * (nothing before) every value given. Form fields in the form's order, then any other.
 */
export function changeRows(before: unknown, after: unknown, formFields: readonly Pick<FieldLinkVO, 'key'>[]) {
  const b = objectOf(before);
  const a = objectOf(after);
  const created = before === null || before === undefined;
  const keep = (x: unknown, y: unknown) => (created ? !isEmpty(y) : !same(x, y));
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => !HIDDEN.has(k));
  const rank = (k: string) => {
    const i = (ORDER as readonly string[]).indexOf(k);
    return i < 0 ? ORDER.length : i;
  };
  const rows: ChangeRow[] = [];
  for (const k of keys.sort((x, y) => rank(x) - rank(y))) {
    if (k !== 'fields') {
      if (keep(b[k], a[k])) rows.push({ key: k, before: b[k], after: a[k] });
      continue;
    }
    const fb = objectOf(b.fields);
    const fa = objectOf(a.fields);
    const order = formFields.map((f) => f.key);
    const fieldKeys = [...new Set([...order, ...Object.keys(fb), ...Object.keys(fa)])].filter(
      (f) => f in fb || f in fa,
    );
    for (const f of fieldKeys) if (keep(fb[f], fa[f])) rows.push({ key: `fields.${f}`, before: fb[f], after: fa[f] });
  }
  return { created, rows };
}

export type TimelineEntry =
  | { kind: 'change'; at: string; change: RecordHistoryVO; sinceDecision: boolean }
  | { kind: 'decision'; at: string; decision: AuditDecisionVO; last: boolean };

/**
 * Changes and decisions in one list, newest first; a change newer than the last decision is
 * `sinceDecision` (what the auditor has not seen yet). `recent` is how many entries to show
 * first: the changes since the last decision and that decision, or the newest few when none.
 */
export function timeline(
  history: readonly RecordHistoryVO[],
  decisions: readonly AuditDecisionVO[],
  fewest = 5,
): { entries: TimelineEntry[]; recent: number; lastDecision: AuditDecisionVO | null; since: number } {
  const newest = <T extends { createdAt: string; id: number }>(x: T, y: T) =>
    y.createdAt.localeCompare(x.createdAt) || y.id - x.id;
  const lastDecision = [...decisions].sort(newest)[0] ?? null;
  const cut = lastDecision?.createdAt ?? null;
  const entries: TimelineEntry[] = [
    ...history.map(
      (change): TimelineEntry => ({
        kind: 'change',
        at: change.createdAt,
        change,
        sinceDecision: cut !== null && change.createdAt > cut,
      }),
    ),
    ...decisions.map(
      (decision): TimelineEntry => ({
        kind: 'decision',
        at: decision.createdAt,
        decision,
        last: decision === lastDecision,
      }),
    ),
  ].sort((x, y) => {
    const byTime = y.at.localeCompare(x.at);
    if (byTime) return byTime;
    // At the same instant the decision comes first (newest first: it was seen after the change).
    if (x.kind !== y.kind) return x.kind === 'decision' ? -1 : 1;
    const idOf = (e: TimelineEntry) => (e.kind === 'change' ? e.change.id : e.decision.id);
    return idOf(y) - idOf(x);
  });
  const since = entries.filter((e) => e.kind === 'change' && e.sinceDecision).length;
  const lastAt = entries.findIndex((e) => e.kind === 'decision' && e.last);
  const recent = lastAt >= 0 ? lastAt + 1 : Math.min(fewest, entries.length);
  return { entries, recent, lastDecision, since };
}
