import type { DbOrTx } from '../../db/client.js';
import { isUniqueViolation, pgConstraint } from '../../lib/sql.js';
import { invalid, personTaken } from './rules.js';

/** The apply module's write plumbing: the write answer, unique-index races as rule errors, the transaction. */

/** What a write answers: the record before and after, and whether a manager overrode a closed window. */
export interface Written<T> {
  before: T | null;
  after: T;
  override: boolean;
}

export const blank = (v: string | null | undefined) => v?.trim() || null;
/** JSON with object keys sorted (jsonb does not keep the order the form sent). */
export const canonical = (v: unknown) =>
  JSON.stringify(v ?? null, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : x,
  );
export const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/**
 * A unique index that caught a race the checks could not see (parallel requests): the clear
 * message for it. The person index never names the delegation that registered the person first.
 */
export function raceError(err: unknown): unknown {
  if (!isUniqueViolation(err)) return err;
  switch (pgConstraint(err)) {
    case 'reg_athlete_person_uq':
    case 'reg_athlete_person_no_id_uq':
      return personTaken();
    case 'reg_entry_uq':
      return invalid('groupItemId', '该运动员已报此项目', 'the athlete is already entered in this event');
    case 'reg_relay_team_uq':
      return invalid('letter', '该项目已有同名接力队', 'this event already has a relay team with that letter');
    default:
      return err;
  }
}

/** Run a write transaction, turning unique-index races into their rule errors. */
export async function inTransaction<T>(db: DbOrTx, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (err) {
    throw raceError(err);
  }
}
