import { distanceOf, type EventShape, inLanes } from './heats.js';
import { type LaneGroup, laneGroupsFit, laneGroupsFor } from './lanes.js';

/**
 * Per-event lane tables (issue 23): World Athletics now draws the later rounds of the straight
 * races, the 200 m and the 400 m on different lane groups. A meeting keeps its one table
 * (`meet_meeting.lane_groups`, the default `laneTable: 'meeting'` of a round) or a round draws on
 * its event's table (`laneTable: 'event'`), or on its own groups (`laneGroups` of the round).
 *
 * Source. The WA Technical Rules' own text of the new tables (Book C2.1 TR 20.4.4/20.5) was NOT
 * found in the stored copies of the rules. What was found is a report of the change
 * (sportfulltime.co.uk, 2024-05-30, "New Track and Field Rules Ahead of World Athletics
 * Championships in Budapest"):
 *  - straight events: "In straight events (100 metres, hurdles, etc.), the top competitors will
 *    still utilise lanes 3, 4, 5, and 6, but the next-ranked competitors will now use lanes 2 and
 *    7, instead of the previous lanes 7 and 8. Following the filling of the aforementioned lanes,
 *    the final-ranked athletes will occupy lanes 1 and 8, rather than 1 and 2";
 *  - 400 m: "The top-ranked competitors in the 400-meter race will start in lanes 4,5,6, and 7;
 *    the next-ranked competitors will start in lanes 3 and 8, and the remaining competitors will
 *    start in lanes 1" — the text stops there; on eight lanes the lanes left are 1 and 2.
 *  - 200 m: no table found in any stored source. A 200 m round asking for its event's table
 *    draws on the meeting's table, and says so (`eventLaneTable` answers null) — never a guess.
 * The tables are for eight lanes; another track draws on the meeting's table.
 */
export type LaneTableKey = 'straight' | '200' | '400';
export type LaneTableChoice = 'meeting' | 'event';

const g = (places: number[], lanes: number[]): LaneGroup => ({ places, lanes });

/** The tables found (eight lanes), null where none was found. */
export const WA_EVENT_LANE_TABLES: Record<LaneTableKey, LaneGroup[] | null> = {
  straight: [g([1, 2, 3, 4], [3, 4, 5, 6]), g([5, 6], [2, 7]), g([7, 8], [1, 8])],
  '200': null,
  '400': [g([1, 2, 3, 4], [4, 5, 6, 7]), g([5, 6], [3, 8]), g([7, 8], [1, 2])],
};

/**
 * Which table an event draws on: races in lanes by their distance — up to 110 m run on the
 * straight (100 m, 100 m/110 m hurdles, 60/80 m), 200 m, 400 m (flat and hurdles). Relays and
 * other distances keep the meeting's table (the report names individual events only).
 */
export function laneTableKeyOf(e: EventShape): LaneTableKey | null {
  if (!inLanes(e) || e.kind !== 'track') return null;
  const d = distanceOf(e.itemCode);
  if (d === null) return null;
  if (d <= 110) return 'straight';
  if (d === 200) return '200';
  if (d === 400) return '400';
  return null;
}

/** The event's table for a track of `lanes` lanes, or null (none found / not eight lanes). */
export function eventLaneTable(e: EventShape, lanes: number): LaneGroup[] | null {
  const key = laneTableKeyOf(e);
  if (!key || lanes !== 8) return null;
  return WA_EVENT_LANE_TABLES[key]?.map((x) => g([...x.places], [...x.lanes])) ?? null;
}

export interface LaneTableOptions {
  /** 'meeting' (default): the meeting's one table; 'event': the event's table where there is one. */
  laneTable?: LaneTableChoice;
  /** The round's own groups (they win over both when they fit the track). */
  laneGroups?: LaneGroup[] | null;
}

/**
 * The lane groups a round draws on: the round's own groups when they fit the track; else with
 * `laneTable: 'event'` the event's table (`eventLaneTable`); else the meeting's table (or the
 * derived one, `laneGroupsFor`).
 */
export function roundLaneGroups(
  e: EventShape,
  lanes: number,
  meetingGroups: readonly LaneGroup[] | null | undefined,
  options: LaneTableOptions | undefined,
): LaneGroup[] {
  if (options?.laneGroups?.length && laneGroupsFit(lanes, options.laneGroups)) {
    return options.laneGroups.map((x) => g([...x.places], [...x.lanes]));
  }
  if (options?.laneTable === 'event') {
    const table = eventLaneTable(e, lanes);
    if (table) return table;
  }
  return laneGroupsFor(lanes, meetingGroups);
}
