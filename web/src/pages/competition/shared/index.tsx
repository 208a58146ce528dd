/**
 * What every competition page shares: the meeting chosen (kept in `?meetingId=`), the event
 * and round chosen (`?groupItemId=&roundId=`), the queries of the shared reads, and the live
 * refresh on the realtime `competition` frames.
 */
import type {
  CompetitionEventVO,
  CompetitionFrame,
  CompetitionMeetingVO,
  EventVO,
  RoundSummaryVO,
  RoundVO,
} from '@baton/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Empty, Segmented, Select, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo } from 'react';
import { competitionQueries } from '../../../api/competition';
import { useTranslation } from '../../../app/i18n';
import { useBilingual } from '../../../hooks/language';
import { useRoundLabel } from '../../../hooks/round-label';
import { useNumberParams } from '../../../hooks/useNumberParams';
import { useTopic } from '../../../realtime';
import { batchFrames } from '../../../realtime/batch';

export interface CompetitionSelection {
  meetings: CompetitionMeetingVO[];
  meeting: CompetitionMeetingVO | undefined;
  meetingId: number | undefined;
  setMeetingId: (id: number) => void;
  events: CompetitionEventVO[];
  event: CompetitionEventVO | undefined;
  setGroupItemId: (id: number | undefined) => void;
  round: RoundSummaryVO | undefined;
  roundId: number | undefined;
  setRoundId: (id: number | undefined) => void;
  loading: boolean;
}

/**
 * The meeting (the first the user works in unless `?meetingId=` names another), its events,
 * and the event and round chosen (by default the first round with heats not yet official).
 */
export function useCompetitionSelection(): CompetitionSelection {
  const meetingsQ = useQuery(competitionQueries.meetings());
  const meetings = useMemo(() => meetingsQ.data ?? [], [meetingsQ.data]);
  const { get, set } = useNumberParams();
  const [fromUrl, groupItemId, roundParam] = [get('meetingId'), get('groupItemId'), get('roundId')];
  const meetingId = meetings.some((m) => m.id === fromUrl) ? fromUrl : meetings[0]?.id;
  const eventsQ = useQuery({ ...competitionQueries.events(meetingId), enabled: meetingId !== undefined });
  const events = useMemo(() => eventsQ.data ?? [], [eventsQ.data]);
  const event = events.find((e) => e.groupItemId === groupItemId);
  // By default the round being worked on: the first not yet official (else the last).
  const round =
    event?.rounds.find((r) => r.id === roundParam) ??
    event?.rounds.find((r) => r.status !== 'official' && r.heats > 0) ??
    event?.rounds.findLast((r) => r.heats > 0) ??
    event?.rounds[0];
  const setRoundId = useCallback((id: number | undefined) => set({ roundId: id }), [set]);
  const setGroupItemId = useCallback((id: number | undefined) => set({ groupItemId: id, roundId: undefined }), [set]);
  const setMeetingId = useCallback(
    (id: number) => set({ meetingId: id, groupItemId: undefined, roundId: undefined }),
    [set],
  );
  return {
    meetings,
    meeting: meetings.find((m) => m.id === meetingId),
    meetingId,
    setMeetingId,
    events,
    event,
    setGroupItemId,
    round,
    roundId: round?.id,
    setRoundId,
    loading: meetingsQ.isLoading || eventsQ.isLoading,
  };
}

/** One round with heats and results, refreshed live. */
export function useRound(roundId: number | undefined) {
  return useQuery({ ...competitionQueries.round(roundId), enabled: roundId !== undefined });
}

/**
 * Refresh the events and the rounds of a meeting when the server announces a change: once per
 * burst of frames (Generate all announces every round it made), each round named once.
 */
export function useCompetitionLive(meetingId: number | undefined) {
  const qc = useQueryClient();
  const batch = useMemo(
    () =>
      batchFrames<CompetitionFrame>((frames) => {
        void qc.invalidateQueries({ queryKey: competitionQueries.events(meetingId).queryKey });
        for (const roundId of new Set(frames.map((f) => f.roundId)))
          void qc.invalidateQueries({ queryKey: competitionQueries.round(roundId).queryKey });
      }),
    [qc, meetingId],
  );
  useEffect(() => () => batch.cancel(), [batch]);
  useTopic('competition', (frame) => {
    if (frame.meetingId === meetingId) batch.push(frame);
  });
}

/** "U16 Boys 100 m" in the user's language. */
export function useEventLabel() {
  const pick = useBilingual();
  return useCallback(
    (e: Pick<EventVO, 'groupName' | 'groupNameEn' | 'itemName' | 'itemNameEn'>) =>
      `${pick(e.groupName, e.groupNameEn)} ${pick(e.itemName, e.itemNameEn)}`,
    [pick],
  );
}

/** The state of a round or heat as a coloured tag. */
export function StatusTag({ status }: { status: RoundVO['status'] }) {
  const { t } = useTranslation();
  const color = { draft: 'default', set: 'processing', official: 'success' }[status];
  return (
    <Tag color={color} data-testid="comp-status">
      {t(`comp.status.${status}`)}
    </Tag>
  );
}

/** The meeting chooser (with its label) of a competition page. */
export function MeetingSelect({
  selection: { meetings, meetingId, setMeetingId },
}: {
  selection: Pick<CompetitionSelection, 'meetings' | 'meetingId' | 'setMeetingId'>;
}) {
  const { t } = useTranslation();
  const pick = useBilingual();
  return (
    <Space wrap>
      <Typography.Text strong>{t('comp.meeting')}</Typography.Text>
      <Select
        value={meetingId}
        onChange={(v: number) => setMeetingId(v)}
        options={meetings.map((m) => ({ value: m.id, label: `${pick(m.name, m.nameEn)} (${m.code})` }))}
        style={{ width: 280, maxWidth: 'calc(100vw - 96px)' }}
        data-testid="comp-meeting"
      />
    </Space>
  );
}

/** The meeting, event and round choosers above a competition page. */
export function CompetitionPicker({ selection, extra }: { selection: CompetitionSelection; extra?: React.ReactNode }) {
  const { t } = useTranslation();
  const label = useEventLabel();
  const roundLabel = useRoundLabel();
  const { events, event, setGroupItemId, round, setRoundId } = selection;
  return (
    <Card variant="borderless" size="small" data-testid="comp-picker">
      <Space wrap style={{ width: '100%' }}>
        <MeetingSelect selection={selection} />
        <Typography.Text strong>{t('comp.event')}</Typography.Text>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          value={event?.groupItemId}
          onChange={(v: number) => setGroupItemId(v)}
          placeholder={t('comp.eventPlaceholder')}
          options={events.map((e) => ({
            value: e.groupItemId,
            label: `${label(e)} · ${t('comp.entries', { count: e.entries })}`,
          }))}
          style={{ width: 320, maxWidth: 'calc(100vw - 96px)' }}
          data-testid="comp-event"
        />
        {event &&
          (event.kind === 'combined' && event.rounds.length ? (
            // A combined event's rounds are its disciplines (up to ten): a list, not a row of buttons.
            <Select
              value={round?.id}
              onChange={(v: number) => setRoundId(v)}
              options={event.rounds.map((r) => ({ value: r.id, label: roundLabel(r) }))}
              style={{ width: 200, maxWidth: 'calc(100vw - 96px)' }}
              aria-label={t('comp.round')}
              data-testid="comp-round"
            />
          ) : event.rounds.length ? (
            <Segmented
              value={round?.id}
              onChange={(v) => setRoundId(Number(v))}
              options={event.rounds.map((r) => ({ value: r.id, label: roundLabel(r) }))}
              data-testid="comp-round"
            />
          ) : (
            <Typography.Text type="secondary">{t('comp.noRounds')}</Typography.Text>
          ))}
        {round && <StatusTag status={round.status} />}
        {extra}
      </Space>
    </Card>
  );
}

/** Shown when the user works in no meeting. */
export function NoCompetitionMeeting({ loading }: { loading: boolean }) {
  const { t } = useTranslation();
  return (
    <Card variant="borderless" loading={loading}>
      <Empty description={t('comp.meetingNone')} />
    </Card>
  );
}
