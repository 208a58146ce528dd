import type { CallRoomHeatSummaryVO, CallRoomRoundSummaryVO, CheckInCounts } from '@baton/contracts';
import { App, Button, InputNumber, Popover, Space, Switch, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { callRoomApi } from '../../../api/competition-callroom';
import { useTranslation } from '../../../app/i18n';
import { useBusy } from '../../../hooks/useBusy';
import { meetingTime } from '../../../utils/meeting-format';
import { useEventLabel } from '../shared';
import type { CallPhase } from './state';

/** The call room's list: a heat or a first round to check in before seeding, and the managers' settings. */

/** What the list tells each row. */
export interface RowProps {
  phase: CallPhase;
  active: boolean;
  /** The meeting's clock, the times are shown on (unknown: the times wait for it). */
  timeZone: string | undefined;
  onOpen: () => void;
}

/** One row of the list: call and start times, what it is, the phase and how many are in. */
function ListRow({
  item,
  what,
  phase,
  active,
  official,
  counts,
  absent,
  onOpen,
  testId,
  data,
  timeZone,
}: RowProps & {
  item: Pick<CallRoomHeatSummaryVO, 'callAt' | 'startsAt' | 'groupName' | 'groupNameEn' | 'itemName' | 'itemNameEn'>;
  what: ReactNode;
  official: boolean;
  counts: CheckInCounts;
  /** How the absent are counted: DNS on a start list, or absent before seeding. */
  absent: string;
  testId: string;
  data: Record<string, number>;
}) {
  const { t } = useTranslation();
  const label = useEventLabel();
  const c = counts;
  return (
    <button
      type="button"
      className={`callroom-heat is-${phase}${active ? ' is-active' : ''}${official ? ' is-official' : ''}`}
      onClick={onOpen}
      data-testid={testId}
      {...Object.fromEntries(Object.entries(data).map(([k, v]) => [`data-${k}`, v]))}
    >
      <span className="callroom-heat-time">
        {item.callAt && timeZone ? (
          <>
            <small>{t('callroom.call')}</small>
            <b>{meetingTime(item.callAt, timeZone)}</b>
            <span>{t('callroom.startsAt', { time: meetingTime(item.startsAt, timeZone) })}</span>
          </>
        ) : (
          <span className="callroom-heat-unscheduled">{t('callroom.unscheduled')}</span>
        )}
      </span>
      <span className="callroom-heat-what">
        <strong>{label(item)}</strong>
        <span>{what}</span>
      </span>
      <span className="callroom-heat-count">
        {phase !== 'unscheduled' && <span className={`callroom-phase is-${phase}`}>{t(`callroom.${phase}`)}</span>}
        <span>{t('callroom.counts', { present: c.present + c.late, total: c.total })}</span>
        {c.absent ? <span className="callroom-absent">{absent}</span> : null}
      </span>
    </button>
  );
}

/** One heat in the list: call and start times, the event, heat n / N, how many are in. */
export function HeatItem({ h, ...row }: RowProps & { h: CallRoomHeatSummaryVO }) {
  const { t } = useTranslation();
  const field = h.kind === 'field-height' || h.kind === 'field-distance';
  return (
    <ListRow
      item={h}
      what={
        <>
          {t(`comp.roundName.${h.roundName}`)} ·{' '}
          {t(field ? 'callroom.flight' : 'callroom.heat', { number: h.heatNumber, count: h.heatCount })}
        </>
      }
      official={h.status === 'official'}
      counts={h.counts}
      absent={`DNS ${h.counts.absent}`}
      testId="callroom-heat-item"
      data={{ heat: h.heatId }}
      {...row}
    />
  );
}

/** A first round to check in before seeding: its entries, how many are in and absent. */
export function RoundItem({ r, ...row }: RowProps & { r: CallRoomRoundSummaryVO }) {
  const { t } = useTranslation();
  return (
    <ListRow
      item={r}
      what={`${t(`comp.roundName.${r.roundName}`)} · ${t('callroom.before.notSeeded')}`}
      official={false}
      counts={r.counts}
      absent={t('callroom.absentCount', { count: r.counts.absent })}
      testId="callroom-round-item"
      data={{ round: r.roundId }}
      {...row}
    />
  );
}

/** The managers' settings: how many minutes before the start a heat is called; check-in before seeding. */
export function CallRoomSettings({
  meetingId,
  lead,
  beforeSeeding,
  onSaved,
}: {
  meetingId: number;
  lead: number;
  beforeSeeding: boolean;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [value, setValue] = useState<number | null>(lead);
  const [saving, run] = useBusy();
  const switchId = useId();
  useEffect(() => setValue(lead), [lead]);
  const save = async (body: { leadMinutes?: number; beforeSeeding?: boolean }) => {
    await run(async () => {
      const m = await callRoomApi.settings(meetingId, body);
      message.success(
        body.beforeSeeding === undefined
          ? t('callroom.leadSaved', { minutes: m.leadMinutes })
          : t(m.beforeSeeding ? 'callroom.before.on' : 'callroom.before.off'),
      );
      onSaved();
    });
  };
  return (
    <Popover
      trigger="click"
      title={t('callroom.settings')}
      content={
        <Space orientation="vertical" size={12} style={{ maxWidth: 300 }}>
          <div>
            <Typography.Text>{t('callroom.leadLabel')}</Typography.Text>
            <Space.Compact style={{ display: 'flex', marginTop: 4 }}>
              <InputNumber
                min={0}
                max={240}
                precision={0}
                value={value}
                onChange={setValue}
                className="callroom-touch"
                data-testid="callroom-lead"
              />
              <Button
                type="primary"
                loading={saving}
                onClick={() => value !== null && void save({ leadMinutes: value })}
                className="callroom-touch"
                data-testid="callroom-lead-save"
              >
                {t('crud.save')}
              </Button>
            </Space.Compact>
          </div>
          <label className="callroom-switch" htmlFor={switchId}>
            <Switch
              id={switchId}
              checked={beforeSeeding}
              loading={saving}
              onChange={(on) => void save({ beforeSeeding: on })}
              data-testid="callroom-before-seeding"
            />
            <span>
              <Typography.Text strong>{t('callroom.before.label')}</Typography.Text>
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
                {t('callroom.before.help')}
              </Typography.Text>
            </span>
          </label>
        </Space>
      }
    >
      <Button type="link" className="callroom-touch callroom-settings-open" data-testid="callroom-lead-open">
        {t('callroom.lead', { minutes: lead })}
        {beforeSeeding ? <Tag color="gold">{t('callroom.before.tag')}</Tag> : null}
      </Button>
    </Popover>
  );
}
