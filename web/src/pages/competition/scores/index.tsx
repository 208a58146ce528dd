/**
 * Scores and records (issue 6): a meeting's team points and medal table (official final results
 * only, optionally one group), and its meeting records with add / edit / delete. Refreshed live
 * on `competition` frames announcing scores or results.
 */
import { PlusOutlined, SettingOutlined, TrophyOutlined } from '@ant-design/icons';
import type { CompetitionEventVO, RecordVO, TeamScoresVO, TeamScoreVO } from '@baton/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Col,
  Empty,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Row,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { scoresApi, scoresQueries } from '../../../api/competition-scores';
import { useTranslation } from '../../../app/i18n';
import { FormModal } from '../../../components/crud';
import { useBilingual } from '../../../hooks/language';
import { useMobile } from '../../../hooks/useMobile';
import { usePerm } from '../../../hooks/usePerm';
import { useTopic } from '../../../realtime';
import { MeetingSelect, NoCompetitionMeeting, useCompetitionSelection, useEventLabel } from '../shared';
import { AwardModal, formatPoints, ScoringRules, SportsmanshipList, TeamOptionsModal } from './TeamScoring';

/** `+1.2` / `-0.4` / `0.0`. */
export const windText = (w: number | null | undefined) =>
  w === null || w === undefined ? '' : `${w > 0 ? '+' : ''}${w.toFixed(1)}`;

export default function ScoresPage() {
  const { t } = useTranslation();
  const pick = useBilingual();
  const qc = useQueryClient();
  const selection = useCompetitionSelection();
  const { meetings, meetingId, events, loading } = selection;
  // The group filter belongs to the meeting it was chosen in.
  const [chosen, setChosen] = useState<{ meetingId?: number; groupId?: number }>({});
  const groupId = chosen.meetingId === meetingId ? chosen.groupId : undefined;
  const setGroupId = (id: number | undefined) => setChosen({ meetingId, groupId: id });

  const scoresQ = useQuery({ ...scoresQueries.points(meetingId, groupId), enabled: meetingId !== undefined });
  const recordsQ = useQuery({ ...scoresQueries.records(meetingId), enabled: meetingId !== undefined });
  useTopic('competition', (frame) => {
    if (frame.meetingId !== meetingId || (frame.change !== 'scores' && frame.change !== 'results')) return;
    void qc.invalidateQueries({ queryKey: scoresQueries.pointsOf(meetingId) });
    void qc.invalidateQueries({ queryKey: scoresQueries.records(meetingId).queryKey });
  });

  const can = usePerm();
  const manage = selection.meeting?.access === 'manage' && can('comp:score:record');
  const [dialog, setDialog] = useState<'options' | 'awards' | null>(null);
  const closeDialog = useCallback(() => setDialog(null), []);
  const readDelegations = manage && can('meeting:delegation:query');
  const delegationsQ = useQuery({
    ...scoresQueries.delegations(meetingId),
    enabled: meetingId !== undefined && readDelegations && dialog === 'awards',
  });

  const groups = useMemo(() => {
    const seen = new Map<number, string>();
    for (const e of events) if (!seen.has(e.groupId)) seen.set(e.groupId, pick(e.groupName, e.groupNameEn));
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [events, pick]);

  if (!loading && !meetings.length) return <NoCompetitionMeeting loading={loading} />;
  const s = scoresQ.data;
  const refetchScores = () => {
    void qc.invalidateQueries({ queryKey: scoresQueries.pointsOf(meetingId) });
  };
  // The meeting's delegations to award: those listed (with the right to read them), those in the
  // table and those already awarded.
  const delegationOptions = (() => {
    const seen = new Map<number, string>();
    for (const d of delegationsQ.data?.list ?? []) seen.set(d.id, d.name);
    for (const d of s?.points ?? []) seen.set(d.delegationId, d.delegationName);
    for (const d of s?.sportsmanship ?? []) seen.set(d.delegationId, d.delegationName);
    return [...seen]
      .map(([value, label]) => ({ value, label }))
      .sort((a, b) => a.label.localeCompare(b.label, 'zh-CN'));
  })();

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="scores-page">
      <Card variant="borderless" size="small">
        <Space wrap style={{ width: '100%' }}>
          <MeetingSelect selection={selection} />
          <Typography.Text strong>{t('scores.group')}</Typography.Text>
          <Select
            allowClear
            value={groupId}
            onChange={(v?: number) => setGroupId(v)}
            placeholder={t('scores.allGroups')}
            options={groups}
            style={{ width: 200, maxWidth: 'calc(100vw - 96px)' }}
            data-testid="scores-group"
          />
          {s && (
            <Tag
              color={s.finished === s.events && s.events > 0 ? 'success' : 'processing'}
              data-testid="scores-finished"
            >
              {t('scores.finished')} {t('scores.finishedOf', { finished: s.finished, events: s.events })}
            </Tag>
          )}
          <Typography.Text type="secondary">{t('scores.live')}</Typography.Text>
          {manage && s && (
            <>
              <Button icon={<SettingOutlined />} onClick={() => setDialog('options')} data-testid="team-options">
                {t('scores.team.options')}
              </Button>
              <Button icon={<TrophyOutlined />} onClick={() => setDialog('awards')} data-testid="award-edit">
                {t('scores.team.editAwards')}
              </Button>
            </>
          )}
        </Space>
      </Card>
      {s && (
        <Card variant="borderless" size="small">
          <ScoringRules scores={s} />
          <SportsmanshipList awards={s.sportsmanship} />
        </Card>
      )}
      {manage && s && meetingId !== undefined && (
        <>
          {/* Mounted only while open: a FormModal renders its dialog (and its OK button) even when closed. */}
          {dialog === 'options' && (
            <TeamOptionsModal
              open
              meetingId={meetingId}
              groupId={groupId}
              groupLabel={groups.find((g) => g.value === groupId)?.label}
              options={s.options}
              onClose={closeDialog}
              onSaved={refetchScores}
            />
          )}
          {dialog === 'awards' && (
            <AwardModal
              open
              meetingId={meetingId}
              awards={s.sportsmanship}
              delegations={delegationOptions}
              onClose={closeDialog}
              onSaved={refetchScores}
            />
          )}
        </>
      )}
      <Card variant="borderless" size="small">
        <Tabs
          destroyOnHidden={false}
          items={[
            {
              key: 'points',
              label: t('scores.tabs.points'),
              children: <PointsTable scores={s} loading={scoresQ.isLoading} />,
            },
            {
              key: 'medals',
              label: t('scores.tabs.medals'),
              children: <MedalTable rows={s?.medals ?? []} loading={scoresQ.isLoading} />,
            },
            {
              key: 'records',
              label: t('scores.tabs.records'),
              children: (
                <RecordsTab
                  meetingId={meetingId}
                  events={events}
                  records={recordsQ.data ?? []}
                  loading={recordsQ.isLoading}
                  manage={selection.meeting?.access === 'manage'}
                  onChanged={() => {
                    void qc.invalidateQueries({ queryKey: scoresQueries.records(meetingId).queryKey });
                  }}
                />
              ),
            },
          ]}
          data-testid="scores-tabs"
        />
      </Card>
    </Space>
  );
}

/** The delegation: its name with the short name; on a phone the short name alone (the full name on hover). */
function useDelegationColumn(): TableColumnsType<TeamScoreVO>[number] {
  const { t } = useTranslation();
  const mobile = useMobile();
  return {
    title: t('scores.delegation'),
    dataIndex: 'delegationName',
    render: (name: string, r) =>
      mobile && r.delegationShort ? (
        <span title={name}>{r.delegationShort}</span>
      ) : (
        <Space size={4} wrap>
          <span>{name}</span>
          {r.delegationShort && r.delegationShort !== name && (
            <Typography.Text type="secondary">({r.delegationShort})</Typography.Text>
          )}
        </Space>
      ),
  };
}

/** A table of the delegations (the team points, the medals). */
function TeamTable({
  testId,
  ...table
}: {
  rows: TeamScoreVO[];
  loading: boolean;
  columns: TableColumnsType<TeamScoreVO>;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Table<TeamScoreVO>
      rowKey="delegationId"
      size="small"
      loading={table.loading}
      columns={table.columns}
      dataSource={table.rows}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty description={t('scores.noScores')} /> }}
      data-testid={testId}
    />
  );
}

const rankColumn = (title: string): TableColumnsType<TeamScoreVO>[number] => ({
  title,
  dataIndex: 'rank',
  width: 56,
  align: 'center',
  render: (rank: number) => <Typography.Text strong={rank <= 3}>{rank}</Typography.Text>,
});

/**
 * The team table; with a record bonus in it, a bonus column; with ties by places, the counts of
 * firsts, seconds, … for the delegations whose points are equal to another's.
 */
export function PointsTable({ scores, loading }: { scores: TeamScoresVO | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const rows = scores?.points ?? [];
  const delegation = useDelegationColumn();
  const columns: TableColumnsType<TeamScoreVO> = [
    rankColumn(t('scores.rank')),
    delegation,
    {
      title: t('scores.points'),
      dataIndex: 'points',
      align: 'right',
      width: 96,
      render: (p: number) => <Typography.Text strong>{formatPoints(p)}</Typography.Text>,
    },
  ];
  if (rows.some((r) => r.bonus > 0)) {
    columns.push({
      title: t('scores.team.bonus'),
      dataIndex: 'bonus',
      align: 'right',
      width: 96,
      render: (b: number) => (b > 0 ? formatPoints(b) : ''),
    });
  }
  const tied = new Set(
    rows.filter((r) => rows.some((o) => o !== r && o.points === r.points)).map((r) => r.delegationId),
  );
  if (scores?.options.tieByPlaces && tied.size) {
    columns.push({
      title: <span title={t('scores.team.placesHint')}>{t('scores.team.places')}</span>,
      dataIndex: 'places',
      render: (places: number[], r) => (tied.has(r.delegationId) ? places.join('-') : ''),
    });
  }
  return <TeamTable rows={rows} loading={loading} columns={columns} testId="scores-points" />;
}

function MedalTable({ rows, loading }: { rows: TeamScoreVO[]; loading: boolean }) {
  const { t } = useTranslation();
  const delegation = useDelegationColumn();
  const mobile = useMobile();
  const medal = (key: 'gold' | 'silver' | 'bronze', color: string): TableColumnsType<TeamScoreVO>[number] => ({
    title: (
      <Space size={4} aria-label={t(`scores.${key}`)}>
        <span style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 5, background: color }} />
        {!mobile && t(`scores.${key}`)}
      </Space>
    ),
    dataIndex: key,
    align: 'center',
    width: mobile ? 44 : 72,
  });
  const columns: TableColumnsType<TeamScoreVO> = [
    rankColumn(t('scores.rank')),
    delegation,
    medal('gold', '#d4a017'),
    medal('silver', '#a8a9ad'),
    medal('bronze', '#b0713a'),
    {
      title: t('scores.total'),
      key: 'total',
      align: 'center',
      width: mobile ? 52 : 64,
      render: (_, r) => r.gold + r.silver + r.bronze,
    },
  ];
  return <TeamTable rows={rows} loading={loading} columns={columns} testId="scores-medals" />;
}

function RecordsTab({
  meetingId,
  events,
  records,
  loading,
  manage,
  onChanged,
}: {
  meetingId: number | undefined;
  events: CompetitionEventVO[];
  records: RecordVO[];
  loading: boolean;
  manage: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = usePerm();
  const label = useEventLabel();
  const [editing, setEditing] = useState<RecordVO | 'new' | null>(null);
  const close = useCallback(() => setEditing(null), []);
  const editable = manage && can('comp:score:record');

  const remove = async (r: RecordVO) => {
    await scoresApi.removeRecord(r.id);
    message.success(t('crud.deleted'));
    onChanged();
  };

  const columns: TableColumnsType<RecordVO> = [
    { title: t('scores.event'), key: 'event', render: (_, r) => label(r) },
    {
      title: t('scores.mark'),
      dataIndex: 'mark',
      render: (mark: string, r) => (
        <Space size={4}>
          <Typography.Text strong>{mark}</Typography.Text>
          {r.windMeasured && r.wind !== null && (
            <Typography.Text type="secondary">({windText(r.wind)})</Typography.Text>
          )}
        </Space>
      ),
    },
    { title: t('scores.holder'), dataIndex: 'holder' },
    { title: t('scores.recordDelegation'), dataIndex: 'delegationName', render: (v: string | null) => v ?? '' },
    { title: t('scores.year'), dataIndex: 'year', width: 72, render: (v: number | null) => v ?? '' },
    {
      title: t('scores.source'),
      key: 'source',
      render: (_, r) =>
        r.startId ? <Tag color="gold">{t('scores.sourceMeeting')}</Tag> : <Tag>{t('scores.sourceHand')}</Tag>,
    },
  ];
  if (editable) {
    columns.push({
      title: t('crud.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(r)} data-testid={`record-edit-${r.id}`}>
            {t('crud.edit')}
          </Button>
          <Popconfirm title={t('scores.deleteConfirm')} onConfirm={() => remove(r)}>
            <Button type="link" size="small" danger data-testid={`record-delete-${r.id}`}>
              {t('crud.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    });
  }

  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      {editable && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="record-add">
          {t('scores.addRecord')}
        </Button>
      )}
      <Table<RecordVO>
        rowKey="id"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={records}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('scores.noRecords')} /> }}
        data-testid="scores-records"
      />
      <RecordModal
        meetingId={meetingId}
        editing={editing}
        events={events}
        taken={new Set(records.map((r) => r.groupItemId))}
        onClose={close}
        onSaved={onChanged}
      />
    </Space>
  );
}

interface RecordValues {
  groupItemId: number;
  mark: string;
  holder: string;
  delegationName?: string;
  year?: number | null;
  wind?: number | null;
}

function RecordModal({
  meetingId,
  editing,
  events,
  taken,
  onClose,
  onSaved,
}: {
  meetingId: number | undefined;
  editing: RecordVO | 'new' | null;
  events: CompetitionEventVO[];
  taken: Set<number>;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const label = useEventLabel();
  const [form] = Form.useForm<RecordValues>();
  const groupItemId = Form.useWatch('groupItemId', form);
  const event = events.find((e) => e.groupItemId === groupItemId);
  const existing = editing && editing !== 'new' ? editing : null;

  useEffect(() => {
    if (editing === null) return;
    form.resetFields();
    if (editing !== 'new') {
      form.setFieldsValue({
        groupItemId: editing.groupItemId,
        mark: editing.mark,
        holder: editing.holder,
        delegationName: editing.delegationName ?? '',
        year: editing.year,
        wind: editing.wind,
      });
    }
  }, [editing, form]);

  const submit = async (v: RecordValues) => {
    const fields = {
      mark: v.mark.trim(),
      holder: v.holder.trim(),
      delegationName: v.delegationName?.trim() || null,
      year: v.year ?? null,
      wind: event?.windMeasured ? (v.wind ?? null) : null,
    };
    if (existing) await scoresApi.updateRecord(existing.id, { ...fields, version: existing.version });
    else await scoresApi.createRecord({ ...fields, meetingId: meetingId!, groupItemId: v.groupItemId });
    message.success(t('crud.saved'));
    onSaved();
  };

  return (
    <FormModal<RecordValues>
      open={editing !== null}
      title={existing ? t('scores.editTitle') : t('scores.addTitle')}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      width={560}
      data-testid="record-form"
    >
      <Form.Item
        name="groupItemId"
        label={t('scores.event')}
        rules={[{ required: true, message: t('scores.rules.event') }]}
      >
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          disabled={Boolean(existing)}
          options={events
            .filter((e) => e.groupItemId === existing?.groupItemId || !taken.has(e.groupItemId))
            .map((e) => ({ value: e.groupItemId, label: label(e) }))}
          data-testid="record-event"
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="mark"
            label={t('scores.mark')}
            rules={[{ required: true, whitespace: true, message: t('scores.rules.mark') }]}
          >
            <Input
              maxLength={16}
              placeholder={event ? t(`scores.markPlaceholder.${event.resultFormat}`) : undefined}
              data-testid="record-mark"
            />
          </Form.Item>
        </Col>
        {event?.windMeasured && (
          <Col xs={24} sm={12}>
            <Form.Item
              name="wind"
              label={t('scores.wind')}
              tooltip={t('scores.windHint')}
              rules={[{ type: 'number', max: 2, message: t('scores.rules.wind') }]}
            >
              <InputNumber
                step={0.1}
                min={-20}
                max={20}
                precision={1}
                style={{ width: '100%' }}
                data-testid="record-wind"
              />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} sm={12}>
          <Form.Item
            name="holder"
            label={t('scores.holder')}
            rules={[{ required: true, whitespace: true, message: t('scores.rules.holder') }]}
          >
            <Input maxLength={64} data-testid="record-holder" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="delegationName" label={t('scores.recordDelegation')}>
            <Input maxLength={100} data-testid="record-delegation" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="year" label={t('scores.year')}>
            <InputNumber min={1900} max={2100} precision={0} style={{ width: '100%' }} data-testid="record-year" />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
