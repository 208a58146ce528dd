/** Heats and events as the public reads answer them, for the tests of the live pages (the screen, the meeting page). */
import type { EventVO, PublicLatestHeatVO, StartVO } from '@baton/contracts';

export const EVENT_100: EventVO = {
  meetingId: 7,
  groupItemId: 11,
  groupId: 1,
  groupName: 'U16男子组',
  groupNameEn: 'U16 Boys',
  gender: 'M',
  itemId: 1,
  itemCode: '100',
  itemName: '100米',
  itemNameEn: '100 m',
  kind: 'track',
  resultFormat: 'time',
  windMeasured: true,
  usesLanes: true,
  relayLegs: null,
  scoringTable: [9, 7, 6, 5, 4, 3, 2, 1],
};

export const EVENT_LJ: EventVO = {
  ...EVENT_100,
  groupItemId: 12,
  itemId: 2,
  itemCode: 'LJ',
  itemName: '跳远',
  itemNameEn: 'Long jump',
  kind: 'field-distance',
  resultFormat: 'distance',
  usesLanes: false,
};

export function start(id: number, extra: Partial<StartVO> = {}): StartVO {
  return {
    id,
    version: 1,
    position: id,
    lane: id,
    entryId: id,
    relayTeamId: null,
    athleteId: id,
    delegationId: 1,
    delegationName: `学校${id}`,
    delegationShort: null,
    bib: String(100 + id),
    name: `选手${id}`,
    nameEn: `Runner ${id}`,
    gender: 'M',
    birthYear: 2010,
    members: [],
    seedMark: null,
    seedValue: null,
    mark: null,
    value: null,
    reactionTime: null,
    wind: null,
    code: null,
    dqRule: null,
    place: null,
    qualifier: null,
    points: null,
    record: null,
    note: null,
    trials: [],
    ...extra,
  };
}

/** A heat of the 100 m (or `event`) with `starts`; official when `officialAt` is given. */
export function heat(
  id: number,
  starts: StartVO[],
  opts: {
    number?: number;
    officialAt?: string;
    scheduledAt?: string | null;
    event?: EventVO;
    roundHeats?: number;
  } = {},
): PublicLatestHeatVO {
  const official = opts.officialAt !== undefined;
  return {
    roundId: 1,
    roundIndex: 0,
    roundName: 'heats',
    roundHeats: opts.roundHeats ?? 3,
    scheduledAt: opts.scheduledAt ?? null,
    event: opts.event ?? EVENT_100,
    heat: {
      id,
      version: 1,
      number: opts.number ?? 1,
      status: official ? 'official' : 'set',
      scheduledAt: opts.scheduledAt ?? null,
      wind: official ? 0.8 : null,
      officialAt: opts.officialAt ?? null,
      handTimed: false,
      starts,
    },
  };
}

/** `n` competitors; as results, placed in order with marks from 11.00. */
export function field(n: number, from = 1, results = false): StartVO[] {
  return Array.from({ length: n }, (_, i) =>
    start(
      from + i,
      results ? { place: i + 1, mark: (11 + i / 10).toFixed(2), value: 11 + i / 10 } : { seedMark: '12.00' },
    ),
  );
}
