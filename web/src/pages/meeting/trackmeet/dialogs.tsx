import type { MeetingStatus, MeetingStatusLogVO, MeetingTextKind, MeetingVO, OfficialDuty } from '@baton/contracts';
import { MEETING_STATUS_LIST } from '@baton/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Form, Input, Select, Space, Spin, Table, type TableColumnsType, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { meetingApi, meetingQueries } from '../../../api/meetings';
import { useTranslation } from '../../../app/i18n';
import { ActionModal, DictTag, useDict } from '../../../components/crud';
import { HtmlEditor } from '../../../components/HtmlEditor';
import { ServerHtml } from '../../../components/ServerHtml';
import { useBilingual } from '../../../hooks/language';
import { useSticky } from '../../../hooks/useSticky';
import { meetingStamp } from '../../../utils/meeting-format';

/** Status changes of a meeting, newest first. */
function StatusLog({ meetingId, timeZone }: { meetingId: number; timeZone: string }) {
  const { t } = useTranslation();
  const log = useQuery(meetingQueries.statusLog(meetingId));
  const columns: TableColumnsType<MeetingStatusLogVO> = [
    { title: t('meeting.status.at'), dataIndex: 'createdAt', render: (v: string) => meetingStamp(v, timeZone) },
    {
      title: t('meeting.status.change'),
      key: 'change',
      render: (_, r) => (
        <Space size={4} wrap>
          <DictTag dictCode="meeting_status" value={r.fromStatus} />→
          <DictTag dictCode="meeting_status" value={r.toStatus} />
        </Space>
      ),
    },
    { title: t('meeting.status.by'), dataIndex: 'username' },
    { title: t('meeting.status.reason'), dataIndex: 'reason', ellipsis: true },
  ];
  return (
    <Table<MeetingStatusLogVO>
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={log.data ?? []}
      loading={log.isFetching}
      pagination={false}
      scroll={{ x: 'max-content', y: 240 }}
      data-testid="status-log"
    />
  );
}

/**
 * Moves a meeting forward (the next status by default; the server refuses going back), with a
 * reason; the status log below. `readOnly` shows the log only.
 */
export function StatusModal({
  meeting,
  readOnly,
  onClose,
  onSaved,
}: {
  meeting: MeetingVO | null;
  readOnly?: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { label } = useDict('meeting_status');
  const shown = useSticky(meeting);
  const [form] = Form.useForm<{ to: MeetingStatus; reason?: string }>();
  const index = shown ? MEETING_STATUS_LIST.indexOf(shown.status) : -1;
  const later = MEETING_STATUS_LIST.slice(index + 1);

  useEffect(() => {
    if (!meeting) return;
    form.resetFields();
    const i = MEETING_STATUS_LIST.indexOf(meeting.status);
    form.setFieldsValue({ to: MEETING_STATUS_LIST[i + 1], reason: '' });
  }, [meeting, form]);

  const ok = async () => {
    if (readOnly || !meeting) return;
    const v = await form.validateFields();
    await meetingApi.changeStatus(meeting.id, v.to, v.reason?.trim() || null);
    message.success(t('meeting.status.changed'));
    onSaved();
  };

  return (
    <ActionModal
      open={Boolean(meeting)}
      title={readOnly ? t('meeting.status.logTitle') : t('meeting.status.title')}
      onOk={ok}
      onClose={onClose}
      okText={readOnly ? t('common.confirm') : t('meeting.status.submit')}
      okDisabled={!readOnly && later.length === 0}
      okTestId="status-ok"
      width={640}
      destroyOnHidden
    >
      {shown && (
        <Space orientation="vertical" style={{ width: '100%' }} size="middle">
          <Space wrap>
            <Typography.Text>{t('meeting.status.current')}</Typography.Text>
            <DictTag dictCode="meeting_status" value={shown.status} />
          </Space>
          {!readOnly &&
            (later.length === 0 ? (
              <Alert type="info" showIcon title={t('meeting.status.last')} />
            ) : (
              <Form form={form} layout="vertical">
                <Form.Item name="to" label={t('meeting.status.to')} rules={[{ required: true }]}>
                  <Select options={later.map((s) => ({ value: s, label: label(s) || s }))} data-testid="status-to" />
                </Form.Item>
                <Form.Item name="reason" label={t('meeting.status.reason')}>
                  <Input.TextArea rows={2} maxLength={500} showCount data-testid="status-reason" />
                </Form.Item>
              </Form>
            ))}
          <Typography.Text strong>{t('meeting.status.logTitle')}</Typography.Text>
          <StatusLog meetingId={shown.id} timeZone={shown.timeZone} />
        </Space>
      )}
    </ActionModal>
  );
}

/** Chooses the committee users who administer a meeting. */
export function AdminsModal({ meeting, onClose }: { meeting: MeetingVO | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const pick = useBilingual();
  const shown = useSticky(meeting);
  const [chosen, setChosen] = useState<number[]>([]);
  const [loading, setLoading] = useState(false);
  const options = useQuery({ ...meetingQueries.adminOptions(), enabled: Boolean(meeting) });

  useEffect(() => {
    if (!meeting) return;
    setLoading(true);
    meetingApi
      .admins(meeting.id)
      .then((list) => setChosen(list.map((a) => a.userId)))
      .catch(onClose)
      .finally(() => setLoading(false));
  }, [meeting, onClose]);

  const ok = async () => {
    if (!meeting) return;
    await meetingApi.setAdmins(meeting.id, chosen);
    message.success(t('crud.saved'));
  };

  return (
    <ActionModal
      open={Boolean(meeting)}
      title={t('meeting.admins.title', { name: shown ? pick(shown.name, shown.nameEn) : '' })}
      onOk={ok}
      onClose={onClose}
      width={560}
    >
      <Spin spinning={loading}>
        <Typography.Paragraph type="secondary">{t('meeting.admins.hint')}</Typography.Paragraph>
        <Select
          mode="multiple"
          value={chosen}
          onChange={(v: number[]) => setChosen(v)}
          loading={options.isLoading}
          showSearch={{ optionFilterProp: 'label' }}
          options={(options.data ?? []).map((u) => ({ value: u.userId, label: `${u.nickname} (${u.username})` }))}
          placeholder={t('meeting.admins.placeholder')}
          style={{ width: '100%' }}
          data-testid="admins-select"
        />
      </Spin>
    </ActionModal>
  );
}

/**
 * The officials of a meeting by duty: referees (results entry) and call-room officials (检录),
 * both chosen from the official users (userType 40). Saved one duty after the other.
 */
export function OfficialsModal({ meeting, onClose }: { meeting: MeetingVO | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const pick = useBilingual();
  const shown = useSticky(meeting);
  const [chosen, setChosen] = useState<Record<OfficialDuty, number[]>>({ referee: [], 'call-room': [] });
  const [loading, setLoading] = useState(false);
  const options = useQuery({ ...meetingQueries.officialOptions(), enabled: Boolean(meeting) });

  useEffect(() => {
    if (!meeting) return;
    setLoading(true);
    meetingApi
      .officials(meeting.id)
      .then((list) =>
        setChosen({
          referee: list.filter((o) => o.duty === 'referee').map((o) => o.userId),
          'call-room': list.filter((o) => o.duty === 'call-room').map((o) => o.userId),
        }),
      )
      .catch(onClose)
      .finally(() => setLoading(false));
  }, [meeting, onClose]);

  const ok = async () => {
    if (!meeting) return;
    await meetingApi.setOfficials(meeting.id, 'referee', chosen.referee);
    await meetingApi.setOfficials(meeting.id, 'call-room', chosen['call-room']);
    message.success(t('crud.saved'));
  };

  const choices = (options.data ?? []).map((u) => ({ value: u.userId, label: `${u.nickname} (${u.username})` }));
  const duty = (d: OfficialDuty, key: 'referees' | 'callRoom') => (
    <Space orientation="vertical" size={4} style={{ width: '100%' }}>
      <Typography.Text strong>{t(`meeting.officials.${key}`)}</Typography.Text>
      <Typography.Text type="secondary">{t(`meeting.officials.${key}Hint`)}</Typography.Text>
      <Select
        mode="multiple"
        value={chosen[d]}
        onChange={(v: number[]) => setChosen((c) => ({ ...c, [d]: v }))}
        loading={options.isLoading}
        showSearch={{ optionFilterProp: 'label' }}
        options={choices}
        placeholder={t('meeting.officials.placeholder')}
        style={{ width: '100%' }}
        data-testid={`officials-${d}`}
      />
    </Space>
  );

  return (
    <ActionModal
      open={Boolean(meeting)}
      title={t('meeting.officials.title', { name: shown ? pick(shown.name, shown.nameEn) : '' })}
      onOk={ok}
      onClose={onClose}
      okTestId="officials-ok"
      width={560}
    >
      <Spin spinning={loading}>
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t('meeting.officials.hint')}</Typography.Text>
          {duty('referee', 'referees')}
          {duty('call-room', 'callRoom')}
        </Space>
      </Spin>
    </ActionModal>
  );
}

/**
 * One of the meeting's rich texts — the remarks (shown to delegations and on the public page) or
 * the 竞赛规程 (printed in the programme book) — written with the project's HTML editor; the
 * preview shows only what the SERVER answered (sanitised) after loading or saving.
 */
export function MeetingTextModal({
  meeting,
  kind,
  onClose,
}: {
  meeting: MeetingVO | null;
  kind: MeetingTextKind;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const pick = useBilingual();
  const shown = useSticky(meeting);
  const [text, setText] = useState('');
  const [saved, setSaved] = useState('');
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!meeting) return;
    setLoading(true);
    setText('');
    setSaved('');
    meetingApi
      .text(meeting.id, kind)
      .then((r) => {
        setText(r.html);
        setSaved(r.html);
      })
      .catch(onClose)
      .finally(() => setLoading(false));
  }, [meeting, kind, onClose]);

  const save = async () => {
    if (!meeting) return;
    const r = await meetingApi.setText(meeting.id, kind, text);
    setSaved(r.html);
    setText(r.html);
    message.success(t('crud.saved'));
  };

  return (
    <ActionModal
      open={Boolean(meeting)}
      title={t(`meeting.${kind}.title`, { name: shown ? pick(shown.name, shown.nameEn) : '' })}
      onOk={save}
      onClose={onClose}
      keepOpen
      cancelText={t('crud.importDialog.close')}
      width={760}
      okTestId={`${kind}-ok`}
    >
      <Spin spinning={loading}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t(`meeting.${kind}.hint`)}</Typography.Text>
          <HtmlEditor value={text} onChange={setText} testId={`${kind}-input`} />
          <Typography.Text strong>{t('meeting.remark.preview')}</Typography.Text>
          <ServerHtml html={saved} testId={`${kind}-preview`} />
        </Space>
      </Spin>
    </ActionModal>
  );
}
