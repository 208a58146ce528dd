import type { MeetingVO } from '@baton/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Select, Space, Typography } from 'antd';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { meetingQueries } from '../api/meetings';
import { useTranslation } from '../app/i18n';
import { useBilingual } from '../hooks/language';
import { DictTag } from './crud';

export interface MeetingSelection {
  /** The chosen meeting: `?meetingId=` when the user can see it, else the first visible one. */
  meetingId: number | undefined;
  meeting: MeetingVO | undefined;
  meetings: MeetingVO[];
  loading: boolean;
  setMeetingId: (id: number) => void;
}

/** The meetings the user can see (first page of 500, newest first) — shared by every picker. */
export function useMeetingOptions() {
  return useQuery(meetingQueries.options());
}

/**
 * The meeting a page is scoped to, kept in the URL query `meetingId` so that a reload, a link
 * or another meeting page keeps the choice; defaults to the first meeting the user can see.
 */
export function useMeetingSelection(): MeetingSelection {
  const [params, setParams] = useSearchParams();
  const query = useMeetingOptions();
  const meetings = useMemo(() => query.data?.list ?? [], [query.data]);
  const fromUrl = Number(params.get('meetingId')) || undefined;
  const known = fromUrl !== undefined && meetings.some((m) => m.id === fromUrl);
  const meetingId = known ? fromUrl : query.isSuccess ? meetings[0]?.id : undefined;
  const setMeetingId = useCallback(
    (id: number) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.set('meetingId', String(id));
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return {
    meetingId,
    meeting: meetings.find((m) => m.id === meetingId),
    meetings,
    loading: query.isLoading,
    setMeetingId,
  };
}

/** The props of a dialog acting on the chosen meeting; `onDone` after it wrote (the page reloads). */
export interface MeetingDialogProps {
  meetingId: number | undefined;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}

/** The meeting chooser above a meeting-scoped page. */
export function MeetingPicker({ selection }: { selection: MeetingSelection }) {
  const { t } = useTranslation();
  const pick = useBilingual();
  const { meetingId, meeting, meetings, loading, setMeetingId } = selection;
  const options = meetings.map((m) => ({ value: m.id, label: `${pick(m.name, m.nameEn)} (${m.code})` }));
  return (
    <Card variant="borderless" size="small" data-testid="meeting-picker-card">
      <Space wrap style={{ width: '100%' }}>
        <Typography.Text strong>{t('meeting.picker.label')}</Typography.Text>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          value={meetingId}
          onChange={(v: number) => setMeetingId(v)}
          options={options}
          loading={loading}
          placeholder={t('meeting.picker.placeholder')}
          notFoundContent={t('meeting.picker.none')}
          style={{ width: 360, maxWidth: 'calc(100vw - 96px)' }}
          data-testid="meeting-picker"
        />
        {meeting && <DictTag dictCode="meeting_status" value={meeting.status} />}
      </Space>
    </Card>
  );
}

/** Shown instead of a page's table while no meeting is chosen (or none exists). */
export function NoMeeting({ loading }: { loading: boolean }) {
  const { t } = useTranslation();
  return (
    <Card variant="borderless" loading={loading}>
      <Typography.Text type="secondary">{t('meeting.picker.none')}</Typography.Text>
    </Card>
  );
}
