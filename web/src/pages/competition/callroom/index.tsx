/**
 * The call room (检录, issue 24), phone and tablet first: the heats of the day in start order with
 * their call times (start − the meeting's lead), and the heat chosen with its athletes to mark
 * present, absent (DNS on the start list) or late — by a tap, a typed bib, or the bib's QR code
 * through the camera; a heat with absentees may have its lanes drawn again. When the meeting
 * checks in before seeding (检录后编排), the day's first rounds with no start list yet come first,
 * their entries marked the same way (the absent are then not seeded). Changes arrive live
 * (realtime `competition` frames) from the other call-room devices, results entry and the start
 * lists. On a phone the list and the heat take turns; wider, they sit side by side.
 */
import type { CallRoomHeatVO, CallRoomVO, CheckInAnswer, CompetitionFrame, EntryCheckInAnswer } from '@baton/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Empty, Segmented, Select, Space, Switch, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { callRoomQueries } from '../../../api/competition-callroom';
import { useTranslation } from '../../../app/i18n';
import { useBilingual } from '../../../hooks/language';
import { useMinuteTick } from '../../../hooks/live';
import { useMobile } from '../../../hooks/useMobile';
import { useNumberParams } from '../../../hooks/useNumberParams';
import { usePerm } from '../../../hooks/usePerm';
import { useTopic } from '../../../realtime';
import { batchFrames } from '../../../realtime/batch';
import { HeatPanel } from './HeatPanel';
import { CallRoomSettings, HeatItem, RoundItem, type RowProps } from './ListItems';
import { RoundPanel } from './RoundPanel';
import { callPhase } from './state';
import './callroom.css';

export default function CallRoomPage() {
  const { t } = useTranslation();
  const pick = useBilingual();
  const mobile = useMobile();
  const can = usePerm();
  const qc = useQueryClient();
  const now = useMinuteTick();
  const { get, set: setNumbers } = useNumberParams();
  const [fromUrl, heatId, roundId] = [get('meetingId'), get('heatId'), get('roundId')];
  // A heat or a round checked in before seeding is open, never both.
  const setHeatId = useCallback((v: number | undefined) => setNumbers({ heatId: v, roundId: undefined }), [setNumbers]);
  const setRoundId = useCallback(
    (v: number | undefined) => setNumbers({ roundId: v, heatId: undefined }),
    [setNumbers],
  );
  const [day, setDay] = useState<string | undefined>();
  const [all, setAll] = useState(false);

  const meetingsQ = useQuery(callRoomQueries.meetings());
  const meetings = useMemo(() => meetingsQ.data ?? [], [meetingsQ.data]);
  const meeting = meetings.find((m) => m.id === fromUrl) ?? meetings[0];
  const meetingId = meeting?.id;

  const listQ = useQuery({ ...callRoomQueries.list(meetingId, day, all), enabled: meetingId !== undefined });
  const room: CallRoomVO | undefined = listQ.data;
  const heatQ = useQuery({ ...callRoomQueries.heat(heatId), enabled: heatId !== undefined });
  const roundQ = useQuery({ ...callRoomQueries.round(roundId), enabled: roundId !== undefined });

  // Live: marks from the other devices, DNS from results entry, start lists changed.
  const batch = useMemo(
    () =>
      batchFrames<CompetitionFrame>((frames) => {
        void qc.invalidateQueries({ queryKey: callRoomQueries.listOf(meetingId) });
        for (const id of new Set(frames.map((f) => f.heatId)))
          if (id !== null) void qc.invalidateQueries({ queryKey: callRoomQueries.heat(id).queryKey });
        // A start list made again has new heats: the one open may be gone. A round's frame (a
        // mark before seeding, its start list made) changes its entries.
        if (frames.some((f) => f.heatId === null)) {
          void qc.invalidateQueries({ queryKey: callRoomQueries.heats() });
          for (const id of new Set(frames.filter((f) => f.heatId === null).map((f) => f.roundId)))
            void qc.invalidateQueries({ queryKey: callRoomQueries.round(id).queryKey });
        }
      }),
    [qc, meetingId],
  );
  useEffect(() => () => batch.cancel(), [batch]);
  useTopic('competition', (frame) => {
    if (frame.meetingId === meetingId) batch.push(frame);
  });

  // A mark answers the heat (or the round) as it now is; the list's counts follow.
  const onHeat = useCallback(
    (h: CallRoomHeatVO) => {
      qc.setQueryData(callRoomQueries.heat(h.heatId).queryKey, h);
      void qc.invalidateQueries({ queryKey: callRoomQueries.listOf(meetingId) });
    },
    [qc, meetingId],
  );
  const onAnswer = useCallback((a: CheckInAnswer) => onHeat(a.heat), [onHeat]);
  const onEntryAnswer = useCallback(
    (a: EntryCheckInAnswer) => {
      qc.setQueryData(callRoomQueries.round(a.round.roundId).queryKey, a.round);
      void qc.invalidateQueries({ queryKey: callRoomQueries.listOf(meetingId) });
    },
    [qc, meetingId],
  );

  if (!meetingsQ.isLoading && !meetings.length) {
    return (
      <Card variant="borderless">
        <Empty description={t('callroom.noMeeting')} />
      </Card>
    );
  }

  const heats = room?.heats ?? [];
  const rounds = room?.rounds ?? [];
  const open = heatId !== undefined || roundId !== undefined;
  const showList = !mobile || !open;
  const showHeat = !mobile || open;
  const row = (x: Parameters<typeof callPhase>[0], active: boolean, onOpen: () => void): RowProps => ({
    phase: callPhase(x, now),
    active,
    timeZone: meeting?.timeZone,
    onOpen,
  });

  const list = (
    <Card
      variant="borderless"
      className="callroom-list"
      loading={listQ.isLoading}
      title={t('callroom.heats')}
      extra={
        <Space size={6}>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {t('callroom.showOfficial')}
          </Typography.Text>
          <Switch size="small" checked={all} onChange={setAll} aria-label={t('callroom.showOfficial')} />
        </Space>
      }
    >
      {rounds.length ? (
        <div className="callroom-before" data-testid="callroom-rounds">
          <Typography.Text strong>{t('callroom.before.list')}</Typography.Text>
          <Typography.Text type="secondary" className="callroom-hint">
            {t('callroom.before.listHelp')}
          </Typography.Text>
          <div className="callroom-heats">
            {rounds.map((r) => (
              <RoundItem key={r.roundId} r={r} {...row(r, r.roundId === roundId, () => setRoundId(r.roundId))} />
            ))}
          </div>
        </div>
      ) : null}
      {heats.length ? (
        <div className="callroom-heats" data-testid="callroom-heats">
          {heats.map((h) => (
            <HeatItem key={h.heatId} h={h} {...row(h, h.heatId === heatId, () => setHeatId(h.heatId))} />
          ))}
        </div>
      ) : rounds.length ? null : (
        <Empty description={t('callroom.noHeats')} />
      )}
    </Card>
  );

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} className="callroom-page">
      <Card variant="borderless" size="small" className="callroom-bar">
        <div className="callroom-bar-row">
          {meetings.length > 1 && (
            <Select
              value={meetingId}
              onChange={(v: number) => {
                setNumbers({ meetingId: v, heatId: undefined, roundId: undefined });
                setDay(undefined);
              }}
              options={meetings.map((m) => ({ value: m.id, label: pick(m.name, m.nameEn) }))}
              className="callroom-meeting"
              aria-label={t('comp.meeting')}
              data-testid="callroom-meeting"
            />
          )}
          {meetings.length === 1 && meeting && (
            <Typography.Text strong>{pick(meeting.name, meeting.nameEn)}</Typography.Text>
          )}
          {room && room.days.length > 1 && (
            <Segmented
              value={room.day ?? undefined}
              onChange={(v) => setDay(String(v))}
              options={room.days.map((d) => ({ value: d, label: d.slice(5) }))}
              aria-label={t('callroom.day')}
              data-testid="callroom-day"
            />
          )}
          {room &&
            meeting &&
            (meeting.manage && can('comp:callroom:setup') ? (
              <CallRoomSettings
                meetingId={meeting.id}
                lead={room.leadMinutes}
                beforeSeeding={room.beforeSeeding}
                onSaved={() => {
                  void qc.invalidateQueries({ queryKey: callRoomQueries.listOf(meetingId) });
                  void qc.invalidateQueries({ queryKey: callRoomQueries.heats() });
                  void qc.invalidateQueries({ queryKey: callRoomQueries.rounds() });
                  void qc.invalidateQueries({ queryKey: callRoomQueries.meetings().queryKey });
                }}
              />
            ) : (
              <Typography.Text type="secondary">
                {t('callroom.lead', { minutes: room.leadMinutes })}
                {room.beforeSeeding ? (
                  <Tag color="gold" style={{ marginInlineStart: 8 }}>
                    {t('callroom.before.tag')}
                  </Tag>
                ) : null}
              </Typography.Text>
            ))}
        </div>
      </Card>
      <div className={mobile ? 'callroom-body is-mobile' : 'callroom-body'}>
        {showList && list}
        {showHeat &&
          (roundId !== undefined && roundQ.data ? (
            <RoundPanel
              round={roundQ.data}
              timeZone={meeting?.timeZone}
              loading={roundQ.isFetching && !roundQ.data}
              onBack={mobile ? () => setRoundId(undefined) : undefined}
              onAnswer={onEntryAnswer}
            />
          ) : (
            <HeatPanel
              heat={heatId !== undefined ? heatQ.data : undefined}
              timeZone={meeting?.timeZone}
              loading={(heatQ.isFetching && !heatQ.data) || (roundId !== undefined && roundQ.isLoading)}
              onBack={mobile ? () => setNumbers({ heatId: undefined, roundId: undefined }) : undefined}
              onAnswer={onAnswer}
              onHeat={onHeat}
            />
          ))}
      </div>
    </Space>
  );
}
