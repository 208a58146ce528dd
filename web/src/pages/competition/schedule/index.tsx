import { DeleteOutlined, EditOutlined, PlusOutlined, PrinterOutlined } from '@ant-design/icons';
import {
  type SessionVO,
  type TimetableRoundVO,
  type TimetableVO,
  zonedDay,
  zonedInstant,
  zonedTime,
} from '@baton/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  type ButtonProps,
  Card,
  Empty,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { type DragEvent, useMemo, useState } from 'react';
import { scheduleApi, scheduleQueries } from '../../../api/competition-bibs';
import { useTranslation } from '../../../app/i18n';
import { FormModal } from '../../../components/crud';
import { useBilingual } from '../../../hooks/language';
import { usePerm } from '../../../hooks/usePerm';
import { timeZoneLabel } from '../../../utils/meeting-format';
import { MeetingSelect, NoCompetitionMeeting, StatusTag, useCompetitionSelection, useEventLabel } from '../shared';
import './schedule.css';

/** A session's times on the meeting's clock: `08:00–12:00`. */
const span = (s: Pick<SessionVO, 'startsAt' | 'endsAt'>, tz: string) =>
  `${zonedTime(s.startsAt, tz)}${s.endsAt ? `–${zonedTime(s.endsAt, tz)}` : ''}`;

/** Whether an instant falls inside a session (a session without an end lasts to the end of its day on the meeting's clock). */
function fits(s: SessionVO, at: string, tz: string): boolean {
  const t = Date.parse(at);
  if (t < Date.parse(s.startsAt)) return false;
  if (s.endsAt) return t <= Date.parse(s.endsAt);
  return zonedDay(at, tz) === s.day;
}

interface SessionForm {
  name: string;
  nameEn?: string;
  day: string;
  start: string;
  end?: string;
  sort?: number;
}

interface RoundForm {
  sessionId: number | null;
  day?: string;
  time?: string;
}

/** A row's icon button, named by its label (read aloud and shown on hover). */
function RowAction({ label, ...button }: { label: string } & ButtonProps) {
  return <Button type="text" size="small" aria-label={label} title={label} {...button} />;
}

/** A block of the timetable that accepts dropped rounds (a session, or "no session"). */
function Zone({
  title,
  extra,
  rows,
  columns,
  onDropRound,
  testId,
}: {
  title: React.ReactNode;
  extra?: React.ReactNode;
  rows: TimetableRoundVO[];
  columns: TableColumnsType<TimetableRoundVO>;
  onDropRound?: (roundId: number) => void;
  testId: string;
}) {
  const [over, setOver] = useState(false);
  const accept = (e: DragEvent) => {
    if (!onDropRound || !e.dataTransfer.types.includes('application/x-baton-round')) return;
    e.preventDefault();
    setOver(true);
  };
  return (
    <section
      aria-label={typeof title === 'string' ? title : undefined}
      className={`schedule-zone${over ? ' is-over' : ''}`}
      onDragOver={accept}
      onDragEnter={accept}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        setOver(false);
        const id = Number(e.dataTransfer.getData('application/x-baton-round'));
        if (id && onDropRound) onDropRound(id);
      }}
      data-testid={testId}
    >
      <div className="schedule-zone-head">
        <Typography.Text strong>{title}</Typography.Text>
        {extra}
      </div>
      <Table<TimetableRoundVO>
        size="small"
        rowKey="roundId"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: ' ' }}
        onRow={(r) => ({
          className: 'schedule-round-row',
          draggable: !!onDropRound,
          onDragStart: (e: DragEvent) => {
            e.dataTransfer.setData('application/x-baton-round', String(r.roundId));
            e.dataTransfer.effectAllowed = 'move';
          },
          'data-testid': `round-${r.roundId}`,
        })}
      />
    </section>
  );
}

export default function SchedulePage() {
  const { t, i18n } = useTranslation();
  const pick = useBilingual();
  const label = useEventLabel();
  const can = usePerm();
  const editable = can('comp:schedule:edit');
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const selection = useCompetitionSelection();
  const { meeting, meetingId, loading } = selection;
  const q = useQuery({ ...scheduleQueries.timetable(meetingId), enabled: meetingId !== undefined });
  const data: TimetableVO | undefined = q.data;
  const reload = () => void qc.invalidateQueries({ queryKey: scheduleQueries.timetable(meetingId).queryKey });

  const [sessionForm] = Form.useForm<SessionForm>();
  const [editingSession, setEditingSession] = useState<SessionVO | 'new' | null>(null);
  const [roundForm] = Form.useForm<RoundForm>();
  const [editingRound, setEditingRound] = useState<TimetableRoundVO | null>(null);

  const sessions = data?.sessions ?? [];
  const rounds = data?.rounds ?? [];
  // The meeting's clock: every time on this page is shown and entered on it.
  const tz = data?.timeZone ?? meeting?.timeZone;
  const dayName = (day: string) =>
    new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'zh-CN', {
      timeZone: 'UTC',
      weekday: 'short',
      month: 'long',
      day: 'numeric',
    }).format(new Date(`${day}T00:00:00Z`));

  const days = useMemo(() => {
    const set = new Set<string>(sessions.map((s) => s.day));
    if (tz) for (const r of rounds) if (r.scheduledAt && r.sessionId === null) set.add(zonedDay(r.scheduledAt, tz));
    return [...set].sort();
  }, [sessions, rounds, tz]);

  if (!meetingId || !tz) return <NoCompetitionMeeting loading={loading || !!meetingId} />;

  const move = async (round: TimetableRoundVO, session: SessionVO | null) => {
    if ((round.sessionId ?? null) === (session?.id ?? null)) return;
    // The round keeps its time when it fits the session, else it starts with the session.
    const keep = !session || (round.scheduledAt !== null && fits(session, round.scheduledAt, tz));
    try {
      await scheduleApi.scheduleRound(round.roundId, {
        version: round.version,
        sessionId: session?.id ?? null,
        ...(keep ? {} : { scheduledAt: session!.startsAt }),
      });
      message.success(
        t('schedule.moved', { name: session ? pick(session.name, session.nameEn) : t('schedule.noSession') }),
      );
    } catch {
      // Shown by the request layer (order of rounds, a stale version).
    }
    reload();
  };
  const dropOn = (session: SessionVO | null) => (roundId: number) => {
    const r = rounds.find((x) => x.roundId === roundId);
    if (r) void move(r, session);
  };

  const openSession = (s: SessionVO | 'new') => {
    if (s === 'new') {
      const last = sessions.at(-1);
      sessionForm.setFieldsValue({
        name: '',
        nameEn: '',
        day: last?.day ?? meeting?.startDate ?? '',
        start: '08:00',
        end: '12:00',
        sort: 0,
      });
    } else {
      sessionForm.setFieldsValue({
        name: s.name,
        nameEn: s.nameEn,
        day: s.day,
        start: zonedTime(s.startsAt, tz),
        end: s.endsAt ? zonedTime(s.endsAt, tz) : '',
        sort: s.sort,
      });
    }
    setEditingSession(s);
  };
  const saveSession = async (v: SessionForm) => {
    const body = {
      name: v.name.trim(),
      nameEn: v.nameEn?.trim() ?? '',
      startsAt: zonedInstant(v.day, v.start, tz),
      endsAt: v.end ? zonedInstant(v.day, v.end, tz) : null,
      sort: v.sort ?? 0,
    };
    if (editingSession === 'new') await scheduleApi.createSession(meetingId, body);
    else if (editingSession)
      await scheduleApi.updateSession(editingSession.id, { ...body, version: editingSession.version });
    message.success(t('schedule.saved'));
    reload();
  };
  const removeSession = (s: SessionVO) =>
    modal.confirm({
      title: t('schedule.deleteSession'),
      content: t('schedule.deleteConfirm', { name: pick(s.name, s.nameEn), count: s.rounds }),
      okButtonProps: { danger: true },
      onOk: async () => {
        await scheduleApi.deleteSession(s.id, s.version);
        message.success(t('schedule.deleted'));
        reload();
      },
    });

  const openRound = (r: TimetableRoundVO) => {
    const session = sessions.find((s) => s.id === r.sessionId);
    roundForm.setFieldsValue({
      sessionId: r.sessionId,
      day: r.scheduledAt ? zonedDay(r.scheduledAt, tz) : (session?.day ?? meeting?.startDate),
      time: r.scheduledAt ? zonedTime(r.scheduledAt, tz) : session ? zonedTime(session.startsAt, tz) : '',
    });
    setEditingRound(r);
  };
  const saveRound = async (v: RoundForm) => {
    if (!editingRound) return;
    const session = sessions.find((s) => s.id === v.sessionId);
    const day = session?.day ?? v.day;
    await scheduleApi.scheduleRound(editingRound.roundId, {
      version: editingRound.version,
      sessionId: v.sessionId ?? null,
      scheduledAt: v.time && day ? zonedInstant(day, v.time, tz) : null,
    });
    message.success(t('schedule.saved'));
    reload();
  };

  const columns: TableColumnsType<TimetableRoundVO> = [
    {
      title: t('schedule.time'),
      key: 'time',
      width: 72,
      render: (_, r) => (r.scheduledAt ? zonedTime(r.scheduledAt, tz) : '—'),
    },
    { title: t('schedule.event'), key: 'event', render: (_, r) => label(r) },
    {
      title: t('schedule.round'),
      key: 'round',
      render: (_, r) =>
        r.roundCount > 1
          ? t('schedule.roundOf', { name: t(`comp.roundName.${r.name}`), index: r.index + 1, count: r.roundCount })
          : t(`comp.roundName.${r.name}`),
    },
    { title: t('schedule.entries'), dataIndex: 'entries', align: 'right', width: 64 },
    { title: t('schedule.heats'), dataIndex: 'heats', align: 'right', width: 64 },
    { title: t('schedule.status'), key: 'status', render: (_, r) => <StatusTag status={r.status} /> },
    ...(editable
      ? [
          {
            title: t('schedule.actions'),
            key: 'actions',
            className: 'schedule-actions',
            width: 56,
            render: (_: unknown, r: TimetableRoundVO) => (
              <RowAction
                label={t('schedule.editRound')}
                icon={<EditOutlined />}
                onClick={() => openRound(r)}
                data-testid="round-edit"
              />
            ),
          },
        ]
      : []),
  ];

  const sessionColumns: TableColumnsType<SessionVO> = [
    { title: t('schedule.date'), key: 'day', render: (_, s) => dayName(s.day) },
    { title: t('schedule.name'), key: 'name', render: (_, s) => pick(s.name, s.nameEn) },
    { title: t('schedule.time'), key: 'time', render: (_, s) => span(s, tz) },
    { title: t('schedule.rounds'), dataIndex: 'rounds', align: 'right' },
    ...(editable
      ? [
          {
            title: t('schedule.actions'),
            key: 'actions',
            className: 'schedule-actions',
            render: (_: unknown, s: SessionVO) => (
              <Space size={0}>
                <RowAction
                  label={t('schedule.edit')}
                  icon={<EditOutlined />}
                  onClick={() => openSession(s)}
                  data-testid="session-edit"
                />
                <RowAction
                  label={t('schedule.delete')}
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => removeSession(s)}
                  data-testid="session-delete"
                />
              </Space>
            ),
          },
        ]
      : []),
  ];

  const zoneProps = (session: SessionVO | null) => (editable ? { onDropRound: dropOn(session) } : {});
  const unscheduled = rounds.filter((r) => r.sessionId === null && r.scheduledAt === null);

  return (
    <Space
      orientation="vertical"
      size={12}
      style={{ width: '100%' }}
      className="schedule-page"
      data-testid="schedule-page"
    >
      <div className="schedule-print-title">
        {meeting ? pick(meeting.name, meeting.nameEn) : ''} · {t('schedule.timetable')}
      </div>
      <Card variant="borderless" size="small" className="schedule-no-print">
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Space wrap>
            <MeetingSelect selection={selection} />
            <Typography.Text type="secondary">{t('schedule.timeZone', { zone: timeZoneLabel(tz) })}</Typography.Text>
          </Space>
          <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
            {t('schedule.print')}
          </Button>
        </Space>
      </Card>

      <Card
        variant="borderless"
        title={t('schedule.sessions')}
        className="schedule-no-print"
        extra={
          editable && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openSession('new')} data-testid="session-add">
              {t('schedule.addSession')}
            </Button>
          )
        }
      >
        <Table<SessionVO>
          size="small"
          rowKey="id"
          columns={sessionColumns}
          dataSource={sessions}
          pagination={false}
          loading={q.isLoading}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('schedule.noSessions')} /> }}
          data-testid="session-list"
        />
      </Card>

      <Card
        variant="borderless"
        title={t('schedule.timetable')}
        loading={q.isLoading}
        extra={
          editable && (
            <Typography.Text type="secondary" className="schedule-no-print">
              {t('schedule.dragHint')}
            </Typography.Text>
          )
        }
        data-testid="timetable"
      >
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          {days.map((day) => {
            const daySessions = sessions.filter((s) => s.day === day);
            const loose = rounds.filter(
              (r) => r.sessionId === null && r.scheduledAt && zonedDay(r.scheduledAt, tz) === day,
            );
            return (
              <Card key={day} size="small" className="schedule-day" title={dayName(day)} data-testid={`day-${day}`}>
                <Space orientation="vertical" size={8} style={{ width: '100%' }}>
                  {daySessions.map((s) => (
                    <Zone
                      key={s.id}
                      title={pick(s.name, s.nameEn)}
                      extra={<Tag>{span(s, tz)}</Tag>}
                      rows={rounds.filter((r) => r.sessionId === s.id)}
                      columns={columns}
                      testId={`zone-session-${s.id}`}
                      {...zoneProps(s)}
                    />
                  ))}
                  {loose.length > 0 && (
                    <Zone
                      title={t('schedule.noSession')}
                      rows={loose}
                      columns={columns}
                      testId={`zone-loose-${day}`}
                      {...zoneProps(null)}
                    />
                  )}
                </Space>
              </Card>
            );
          })}
          {unscheduled.length > 0 && (
            <Card size="small" className="schedule-day" title={t('schedule.unscheduled')}>
              <Zone
                title={t('schedule.noSession')}
                rows={unscheduled}
                columns={columns}
                testId="zone-unscheduled"
                {...zoneProps(null)}
              />
            </Card>
          )}
          {!q.isLoading && rounds.length === 0 && <Empty />}
        </Space>
      </Card>

      <FormModal<SessionForm>
        open={editingSession !== null}
        title={editingSession === 'new' ? t('schedule.addSession') : t('schedule.editSession')}
        form={sessionForm}
        onSubmit={saveSession}
        onClose={() => setEditingSession(null)}
        width={520}
        data-testid="session-form"
      >
        <Form.Item
          name="name"
          label={t('schedule.name')}
          rules={[{ required: true, whitespace: true, message: t('schedule.nameRequired') }]}
        >
          <Input maxLength={50} data-testid="session-name" />
        </Form.Item>
        <Form.Item name="nameEn" label={t('schedule.nameEn')}>
          <Input maxLength={100} data-testid="session-name-en" />
        </Form.Item>
        <Form.Item
          name="day"
          label={t('schedule.date')}
          rules={[{ required: true, message: t('schedule.timeRequired') }]}
        >
          <Input type="date" min={meeting?.startDate} max={meeting?.endDate} data-testid="session-day" />
        </Form.Item>
        <Space wrap>
          <Form.Item
            name="start"
            label={t('schedule.startsAt')}
            rules={[{ required: true, message: t('schedule.timeRequired') }]}
          >
            <Input type="time" data-testid="session-start" />
          </Form.Item>
          <Form.Item
            name="end"
            label={t('schedule.endsAt')}
            dependencies={['start']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, v?: string) =>
                  !v || v > String(getFieldValue('start') ?? '')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('schedule.endAfterStart'))),
              }),
            ]}
          >
            <Input type="time" data-testid="session-end" />
          </Form.Item>
          <Form.Item name="sort" label={t('schedule.sort')}>
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
        </Space>
      </FormModal>

      <FormModal<RoundForm>
        open={editingRound !== null}
        title={
          editingRound
            ? `${t('schedule.editRound')} · ${label(editingRound)} ${t(`comp.roundName.${editingRound.name}`)}`
            : ''
        }
        form={roundForm}
        onSubmit={saveRound}
        onClose={() => setEditingRound(null)}
        width={480}
        data-testid="round-form"
      >
        <Form.Item name="sessionId" label={t('schedule.session')}>
          <Select
            allowClear
            placeholder={t('schedule.noSession')}
            options={sessions.map((s) => ({
              value: s.id,
              label: `${dayName(s.day)} ${pick(s.name, s.nameEn)} ${span(s, tz)}`,
            }))}
            onChange={(id?: number) => {
              const s = sessions.find((x) => x.id === id);
              if (s)
                roundForm.setFieldsValue({
                  day: s.day,
                  time: roundForm.getFieldValue('time') || zonedTime(s.startsAt, tz),
                });
            }}
            data-testid="round-session"
          />
        </Form.Item>
        <Space wrap>
          <Form.Item noStyle dependencies={['sessionId']}>
            {({ getFieldValue }) => (
              <Form.Item name="day" label={t('schedule.date')}>
                <Input
                  type="date"
                  min={meeting?.startDate}
                  max={meeting?.endDate}
                  disabled={getFieldValue('sessionId') != null}
                  data-testid="round-day"
                />
              </Form.Item>
            )}
          </Form.Item>
          <Form.Item name="time" label={t('schedule.time')}>
            <Input type="time" data-testid="round-time" />
          </Form.Item>
        </Space>
      </FormModal>
    </Space>
  );
}
