/**
 * What every apply page shares: the delegation it works on, the context query (meeting, groups,
 * fields, counts, writable), cache invalidation after a write, and small display helpers.
 */
import type { ApplyContextVO } from '@baton/contracts';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { applyQueries } from '../../api/apply';
import type { TFunction } from '../../app/i18n';
import { queryClient } from '../../app/query-client';
import { meetingStampNoted } from '../../utils/meeting-format';

/**
 * The delegation of the calls: none for a delegation account (its token names it); a meeting
 * manager acting for a delegation opens the pages with `?delegationId=`.
 */
export function useDelegationId(): number | undefined {
  const [params] = useSearchParams();
  const raw = Number(params.get('delegationId'));
  return Number.isInteger(raw) && raw > 0 ? raw : undefined;
}

export function useApplyContext() {
  const delegationId = useDelegationId();
  const query = useQuery(applyQueries.context(delegationId));
  return { delegationId, ctx: query.data, query };
}

/**
 * After a write: the counts and the summary are stale, and the lists named (key prefixes from
 * `applyQueries`, e.g. `applyQueries.athletes()`).
 */
export function refreshApply(...keys: QueryKey[]): void {
  for (const queryKey of [applyQueries.contexts(), applyQueries.summaries(), ...keys]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/** Why the delegation cannot change its records now, or null when it can. */
export function readOnlyReason(ctx: ApplyContextVO | undefined, t: TFunction): string | null {
  if (!ctx || ctx.writable) return null;
  const { meeting, delegation } = ctx;
  if (!meeting.registrationOpen) {
    const now = Date.now();
    if (now < Date.parse(meeting.regOpensAt))
      return t('apply.readOnly.notYet', {
        at: meetingStampNoted(meeting.regOpensAt, meeting.timeZone, (zone) => t('common.meetingClock', { zone })),
      });
    return t('apply.readOnly.closed');
  }
  if (delegation.status === 'submitted') return t('apply.readOnly.submitted');
  if (delegation.status === 'approved') return t('apply.readOnly.approved');
  return t('apply.readOnly.locked');
}

/** Now, refreshed every `ms` (for countdowns). */
export function useNow(ms = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/** "3 d 4 h" / "4 h 12 min" / "12 min" until a moment (empty when it has passed). */
export function formatDuration(ms: number, t: TFunction): string {
  if (ms <= 0) return '';
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return t('apply.header.daysHours', { days, hours });
  if (hours > 0) return t('apply.header.hoursMinutes', { hours, minutes: mins });
  return t('apply.header.minutes', { minutes: Math.max(1, mins) });
}
