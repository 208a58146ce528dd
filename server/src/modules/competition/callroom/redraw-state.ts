import type { HeatVO, RedrawState, RoundVO, StartVO } from '@baton/contracts';
import { startsInLanes } from '../startlists/rules/starts.js';

/**
 * Whether the call room may draw a heat's lanes again for the athletes still in it (redraw.ts),
 * or why not. Rules, as far as the stored copies of WA Book C2.1 show them:
 * - Lanes are drawn by lot in the first round (TR 20.5.1(a)) and by ranking groups in later
 *   rounds (TR 20.5.1(b)); the lanes a heat of n athletes uses are those the round's draw gives n
 *   (`lanesInUse`, startlists/rules/lanes.ts: central, no gap). A heat left with empty lanes by
 *   absentees is drawn again with that same code, for the athletes still in it.
 * - What the rules say of changing a published heat or its lanes (athletes compete only in the
 *   heat and lane the start list gives them unless the Referee decides otherwise) was NOT found in
 *   the stored copies: its text and number are unverified. Baton therefore re-draws:
 *   · a draft start list of any round;
 *   · a published first-round heat with no result yet — its lanes were drawn by lot, so drawing
 *     them again among those present changes nothing any athlete earned;
 *   · not a published heat of a later round: its lanes follow the ranking the athletes earned in
 *     the round before (TR 20.5.1(b)), so once published only the Referee changes them (moving
 *     athletes on the start list page, adjust.ts).
 * A combined event's disciplines are drawn like first rounds (startlists/generate.ts).
 */

/** A result other than a DNS (an absence's, or one results entry wrote): the race has started for it. */
export const hasRaceResult = (s: StartVO) =>
  s.mark !== null ||
  s.value !== null ||
  s.place !== null ||
  s.qualifier !== null ||
  s.trials.length > 0 ||
  (s.code !== null && s.code !== 'DNS');

/** A later round, whose lanes are drawn by ranking (a combined event's discipline is not one). */
export const isLaterRound = (r: Pick<RoundVO, 'index' | 'discipline'>) => r.index > 0 && r.discipline === null;

export function redrawStateOf(
  round: Pick<RoundVO, 'index' | 'discipline' | 'event' | 'start'>,
  heat: HeatVO,
): RedrawState {
  if (!startsInLanes(round.event, round.start)) return 'not-lanes';
  // An absentee still holding a lane, or an athlete with none (back after a re-draw).
  const gaps = heat.starts.some((s) => (s.code === 'DNS' ? s.lane !== null : s.lane === null));
  if (!gaps) return 'nothing';
  if (heat.status === 'official' || heat.starts.some(hasRaceResult)) return 'results';
  if (heat.status !== 'draft' && isLaterRound(round)) return 'published-later-round';
  return 'yes';
}
