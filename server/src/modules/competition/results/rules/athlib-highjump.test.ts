import { describe, expect, it } from 'vitest';
import { athlibCases, trialsOf } from '../../../../test/athlib.js';
import { verticalPlaces, verticalRecord } from './rank.js';

/**
 * openath/athlib's high-jump fixtures (and our own written from TR 26.8), as they are in
 * `shared/fixtures/real-world/athlib-highjump/cases.json`: every case through Baton's vertical
 * ranking must give the places athlib gives.
 *
 * TR 26.8: "26.8.1 The athlete with the fewest number of trials at the height at which the tie
 * occurs shall be awarded the higher place. 26.8.2 If the tie still remains, the athlete with the
 * fewest total number of failures throughout the competition, up to and including the height
 * last cleared, shall be awarded the higher place." A column whose bar is not above every earlier
 * one is the jump-off (TR 26.9: the bar goes down after all fail), as in athlib's "1066".
 */

describe('athlib high-jump fixtures through the vertical ranking (TR 26.8, 26.9)', () => {
  it('holds all twelve cases', () => {
    expect(Object.keys(athlibCases)).toHaveLength(12);
  });

  for (const [name, c] of Object.entries(athlibCases)) {
    it(`${name} (${c.state}): the places athlib gives`, () => {
      const rows = c.rows.map((r) => {
        const trials = trialsOf(r.attempts);
        return { record: verticalRecord(trials), code: null, trials };
      });
      const { places, jumpOff } = verticalPlaces(rows);
      expect(Object.fromEntries(c.rows.map((r, i) => [r.bib, places[i]]))).toEqual(
        Object.fromEntries(c.rows.map((r) => [r.bib, r.expected])),
      );
      // A tie for first left undecided is exactly athlib's "jumpoff" state.
      expect(jumpOff).toBe(c.state === 'jumpoff');
    });
  }
});
