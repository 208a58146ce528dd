import type { CompetitionFrame } from '@baton/contracts';
import { useEffect, useState } from 'react';
import { publicApi } from '../api/public';
import { type ReadKey, refreshPublicReads, usePublicRead } from '../api/public-reads';
import { batchFrames } from '../realtime/batch';
import { onTopic } from '../realtime/client';
import { useRealtimeState } from '../realtime/index';

/**
 * The public competition reads and their live refresh. Every query of a meeting sits under
 * `['public', 'comp', meetingId]` (athlete cards under `['public', 'comp', 'athlete']`): a
 * `competition` frame for the meeting refetches what is on screen — no polling.
 */
export const LIVE_KEYS = {
  meeting: (meetingId: number) => ['public', 'comp', meetingId] as const,
  events: (meetingId: number) => ['public', 'comp', meetingId, 'events'] as const,
  rounds: (meetingId: number, groupItemId: number) => ['public', 'comp', meetingId, 'rounds', groupItemId] as const,
  results: (meetingId: number) => ['public', 'comp', meetingId, 'results'] as const,
  next: (meetingId: number) => ['public', 'comp', meetingId, 'next'] as const,
  scores: (meetingId: number) => ['public', 'comp', meetingId, 'scores'] as const,
  combined: (meetingId: number, groupItemId: number) => ['public', 'comp', meetingId, 'combined', groupItemId] as const,
  athlete: (athleteId: number, meetingId?: number) => ['public', 'comp', 'athlete', athleteId, meetingId ?? 0] as const,
};

/** Meetings whose answers changed a moment ago: their next fetch skips the browser's 2-s cache. */
const changedAt = new Map<number, number>();
const FRESH_MS = 5_000;
const fresh = (meetingId: number | undefined) =>
  meetingId !== undefined && Date.now() - (changedAt.get(meetingId) ?? 0) < FRESH_MS;

/** Whether a query key belongs to the meeting (athlete cards: any, they are few and cheap). */
export function affected(key: ReadKey, meetingId: number): boolean {
  return key[0] === 'public' && key[1] === 'comp' && (key[2] === meetingId || key[2] === 'athlete');
}

/**
 * Listen to the `competition` topic on an anonymous socket while mounted and refetch the
 * meeting's queries when a frame for it arrives. Answers whether the channel is open (the
 * "live" indicator).
 */
export function useLiveCompetition(meetingId: number | undefined): boolean {
  const { status } = useRealtimeState();
  useEffect(() => {
    if (meetingId === undefined) return undefined;
    // A burst of frames (rounds published together) refetches what is on screen once.
    const batch = batchFrames<CompetitionFrame>(() => {
      changedAt.set(meetingId, Date.now());
      refreshPublicReads((key) => affected(key, meetingId));
    });
    const stop = onTopic(
      'competition',
      (frame: CompetitionFrame) => {
        if (frame?.meetingId === meetingId) batch.push(frame);
      },
      { public: true },
    );
    return () => {
      stop();
      batch.cancel();
    };
  }, [meetingId]);
  return meetingId !== undefined && status === 'open';
}

/** Re-render once a minute (relative times such as "3 min ago"). */
export function useMinuteTick(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(id);
  }, []);
  return now;
}

export function usePublicEvents(meetingId: number | undefined) {
  return usePublicRead(
    LIVE_KEYS.events(meetingId ?? 0),
    () => publicApi.competition.events(meetingId!, fresh(meetingId)),
    { enabled: meetingId !== undefined },
  );
}

export function usePublicRounds(meetingId: number | undefined, groupItemId: number | undefined) {
  return usePublicRead(
    LIVE_KEYS.rounds(meetingId ?? 0, groupItemId ?? 0),
    () => publicApi.competition.rounds(meetingId!, groupItemId!, fresh(meetingId)),
    { enabled: meetingId !== undefined && groupItemId !== undefined },
  );
}

export function useLatestResults(meetingId: number | undefined) {
  return usePublicRead(
    LIVE_KEYS.results(meetingId ?? 0),
    () => publicApi.competition.results(meetingId!, fresh(meetingId)),
    { enabled: meetingId !== undefined },
  );
}

/** The meeting's names and its next start lists (the big screen). */
export function useNextHeats(meetingId: number | undefined) {
  return usePublicRead(LIVE_KEYS.next(meetingId ?? 0), () => publicApi.competition.next(meetingId!, fresh(meetingId)), {
    enabled: meetingId !== undefined,
  });
}

export function usePublicScores(meetingId: number | undefined) {
  return usePublicRead(
    LIVE_KEYS.scores(meetingId ?? 0),
    () => publicApi.competition.scores(meetingId!, fresh(meetingId)),
    { enabled: meetingId !== undefined },
  );
}

/** A combined event's standing (only read for a combined event: `enabled`). */
export function usePublicCombined(meetingId: number | undefined, groupItemId: number | undefined, enabled = true) {
  return usePublicRead(
    LIVE_KEYS.combined(meetingId ?? 0, groupItemId ?? 0),
    () => publicApi.competition.combined(meetingId!, groupItemId!, fresh(meetingId)),
    { enabled: enabled && meetingId !== undefined && groupItemId !== undefined },
  );
}

export function usePublicAthlete(athleteId: number | undefined, meetingId?: number) {
  return usePublicRead(
    LIVE_KEYS.athlete(athleteId ?? 0, meetingId),
    // The QR link names no meeting: then any meeting's change a moment ago asks for a fresh card.
    () =>
      publicApi.competition.athlete(
        athleteId!,
        meetingId,
        meetingId === undefined ? [...changedAt.keys()].some(fresh) : fresh(meetingId),
      ),
    { enabled: athleteId !== undefined },
  );
}
