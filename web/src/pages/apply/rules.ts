/**
 * Pure rules of the apply forms (no React): ID number checks, group eligibility, seed marks in
 * an item's result format. The server checks all of them again (DOMAIN.md "Registration").
 */
import {
  type ApplyGroupVO,
  type ApplyItemVO,
  type IdType,
  idCheckChar,
  parseIdNumber,
  type RelayVO,
  type ResultFormat,
  SEED_MARK_PATTERN,
} from '@baton/contracts';

export type Gender = 'M' | 'F';

/** Why a mainland ID number (type '1') is not valid, or null when it is (other types: never). */
export type IdProblem = 'format' | 'checkDigit' | 'date';

export function idNumberProblem(idType: IdType | undefined, raw: string | null | undefined): IdProblem | null {
  if (idType !== '1') return null;
  const id = (raw ?? '').trim().toUpperCase();
  if (!/^\d{17}[\dX]$/.test(id) && !/^\d{15}$/.test(id)) return 'format';
  if (parseIdNumber(id)) return null;
  // An 18-digit number whose date is real fails only on its last character.
  if (id.length === 18 && parseIdNumber(`${id.slice(0, 17)}${idCheckChar(id.slice(0, 17))}`)) return 'checkDigit';
  return 'date';
}

/**
 * Whether an athlete of this gender and birth date may enter a group: a mixed group (X) takes
 * both genders; the birth date lies within the group's range (inclusive). Unknown facts do not
 * exclude (the form asks for them first).
 */
export function isEligible(
  group: Pick<ApplyGroupVO, 'gender' | 'birthFrom' | 'birthTo'>,
  gender?: Gender | null,
  birthDate?: string | null,
) {
  if (gender && group.gender !== 'X' && group.gender !== gender) return false;
  if (birthDate) {
    const day = birthDate.slice(0, 10);
    if (day < group.birthFrom.slice(0, 10) || day > group.birthTo.slice(0, 10)) return false;
  }
  return true;
}

export function eligibleGroups<G extends Pick<ApplyGroupVO, 'gender' | 'birthFrom' | 'birthTo'>>(
  groups: readonly G[],
  gender?: Gender | null,
  birthDate?: string | null,
): G[] {
  return groups.filter((g) => isEligible(g, gender, birthDate));
}

// ─── Seed marks ───────────────────────────────────────────────────────────────────────

/** An example of a mark in each format, for placeholders and messages. */
export const SEED_MARK_EXAMPLE: Record<ResultFormat, string> = {
  time: '10.85 / 1:58.30',
  distance: '5.62',
  height: '1.75',
  points: '5120',
};

const TIME = /^(?:(\d{1,2}):)?(?:(\d{1,2}):)?(\d{1,2})(?:\.(\d{1,3}))?$/;
const METRES = /^\d{1,3}(?:\.\d{1,2})?$/;
const POINTS = /^\d{1,5}$/;
const ANY = new RegExp(SEED_MARK_PATTERN);

/** A typed mark made canonical: trimmed, a decimal comma read as a point. Empty text → null. */
export function normaliseSeedMark(raw: string | null | undefined): string | null {
  const text = (raw ?? '').trim().replace(',', '.');
  return text === '' ? null : text;
}

/**
 * Whether a (normalised) mark fits the item's format: times as `s.ss`, `m:ss.ss` or
 * `h:mm:ss.s` (minutes and seconds below 60 once a larger unit is written), distances and
 * heights in metres with up to two decimals, points as a whole number.
 */
export function isSeedMarkValid(format: ResultFormat, mark: string): boolean {
  if (!ANY.test(mark)) return false;
  if (format === 'points') return POINTS.test(mark);
  if (format === 'distance' || format === 'height') return METRES.test(mark);
  const m = TIME.exec(mark);
  if (!m) return false;
  const [, first, second, seconds] = m;
  const units = [first, second].filter((u): u is string => u !== undefined);
  if (units.length > 0 && Number(seconds) >= 60) return false;
  if (units.length === 2 && Number(units[1]) >= 60) return false;
  return true;
}

// ─── Limits, shown before they bite ───────────────────────────────────────────────────

/**
 * Why a tick on an individual event would be refused, in the server's order (entries.ts
 * `createEntry`): the athlete's events first (the group's maxEventsPerAthlete, else the
 * meeting's), then the delegation's places in the event (maxPerDelegation, else the meeting's
 * maxEntriesPerItem). An event already entered is never blocked: unticking frees a place.
 * The server stays the judge; this only spares the user a refusal they could have foreseen.
 */
export type EntryBlock = { kind: 'athleteFull'; used: number; max: number } | { kind: 'itemFull'; limit: number };

export function entryBlock(p: {
  entered: boolean;
  /** Individual events the athlete has entered. */
  athleteEvents: number;
  maxEvents: number;
  item: Pick<ApplyItemVO, 'limit' | 'remaining'>;
}): EntryBlock | null {
  if (p.entered) return null;
  if (p.athleteEvents >= p.maxEvents) return { kind: 'athleteFull', used: p.athleteEvents, max: p.maxEvents };
  if (p.item.remaining <= 0) return { kind: 'itemFull', limit: p.item.limit };
  return null;
}

/** Relay places an athlete holds, outside one team (the team being edited, or none). */
export function relayPlaces(
  relays: readonly Pick<RelayVO, 'id' | 'members'>[],
  athleteId: number,
  exceptTeam?: number,
) {
  return relays.filter((r) => r.id !== exceptTeam && r.members.some((m) => m.athleteId === athleteId)).length;
}

/**
 * Why an athlete cannot run in a team of a relay event, in the server's order (relays.ts
 * `checkMembers`): already in another team of the same event, then the meeting's relay places
 * per athlete (maxRelaysPerAthlete) held in other teams.
 */
export type RelayBlock = { kind: 'otherTeam'; letter: string } | { kind: 'relaysFull'; used: number; max: number };

export function relayBlock(p: {
  athleteId: number;
  groupItemId: number;
  /** The team being edited (saved), if any: its own places do not count. */
  teamId?: number;
  relays: readonly Pick<RelayVO, 'id' | 'groupItemId' | 'letter' | 'members'>[];
  maxRelays: number;
}): RelayBlock | null {
  const held = p.relays.filter((r) => r.id !== p.teamId && r.members.some((m) => m.athleteId === p.athleteId));
  const here = held.find((r) => r.groupItemId === p.groupItemId);
  if (here) return { kind: 'otherTeam', letter: here.letter };
  if (held.length >= p.maxRelays) return { kind: 'relaysFull', used: held.length, max: p.maxRelays };
  return null;
}

/** Room left under a per-delegation cap (athletes, coaches); null when the meeting sets none. */
export function headroom(count: number, max: number | null): { used: number; max: number; left: number } | null {
  if (max === null) return null;
  return { used: count, max, left: Math.max(0, max - count) };
}
