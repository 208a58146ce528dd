import { CheckOutlined, CloseOutlined, EditOutlined, EyeOutlined, NumberOutlined } from '@ant-design/icons';
import {
  BIB_PATTERN,
  type BibAssignBody,
  type BibAssignResult,
  type BibPageVO,
  type BibSettings,
  type BibVO,
} from '@baton/contracts';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Statistic,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { bibsApi, bibsQueries, DEFAULT_BIB_SCHEME } from '../../../api/competition-bibs';
import { feedback } from '../../../app/feedback';
import { useTranslation } from '../../../app/i18n';
import { CrudTable, type CrudTableHandle } from '../../../components/crud';
import { useBilingual } from '../../../hooks/language';
import { useBusy } from '../../../hooks/useBusy';
import { usePerm } from '../../../hooks/usePerm';
import { MeetingSelect, NoCompetitionMeeting, useCompetitionSelection } from '../shared';

const BIB_RE = new RegExp(BIB_PATTERN);

interface GroupOption {
  id: number;
  name: string;
  nameEn: string;
}

/** The form's values: both schemes' fields, so switching kinds keeps what was typed. */
interface SchemeForm {
  kind: 'delegation' | 'group-ranges';
  start: number;
  step: number;
  order: 'id' | 'name';
  ranges: { groupId: number; from: number | null; to: number | null }[];
  keepExisting: boolean;
  includeSubmitted: boolean;
}

function formFrom(settings: BibSettings | null, groups: GroupOption[]): SchemeForm {
  const saved = settings?.scheme;
  const savedRanges = saved?.kind === 'group-ranges' ? saved.ranges : [];
  return {
    kind: saved?.kind ?? 'delegation',
    start: saved?.kind === 'delegation' ? saved.start : DEFAULT_BIB_SCHEME.start,
    step: saved?.kind === 'delegation' ? saved.step : DEFAULT_BIB_SCHEME.step,
    order: saved?.order ?? DEFAULT_BIB_SCHEME.order,
    ranges: groups.map((g, i) => {
      const r = savedRanges.find((x) => x.groupId === g.id);
      return { groupId: g.id, from: r?.from ?? (i + 1) * 1000 + 1, to: r?.to ?? (i + 1) * 1000 + 999 };
    }),
    keepExisting: settings?.keepExisting ?? false,
    includeSubmitted: settings?.includeSubmitted ?? false,
  };
}

function bodyFrom(v: SchemeForm): BibAssignBody {
  const common = { keepExisting: v.keepExisting, includeSubmitted: v.includeSubmitted };
  if (v.kind === 'delegation')
    return { ...common, scheme: { kind: 'delegation', start: v.start, step: v.step, order: v.order } };
  return {
    ...common,
    scheme: {
      kind: 'group-ranges',
      order: v.order,
      ranges: v.ranges
        .filter((r) => r.from !== null && r.to !== null)
        .map((r) => ({ groupId: r.groupId, from: r.from!, to: r.to! })),
    },
  };
}

/** A bib with an edit button; Enter saves, Escape cancels. */
function BibCell({ row, meetingId, onSaved }: { row: BibVO; meetingId: number; onSaved: () => void }) {
  const { t } = useTranslation();
  const can = usePerm();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(row.bib ?? '');
  const [saving, run] = useBusy();
  const valid = value.trim() === '' || BIB_RE.test(value.trim());
  const save = async () => {
    if (!valid) return;
    // The request layer has shown the reason (taken, stale…); the editor stays open.
    await run(async () => {
      await bibsApi.update(meetingId, { athleteId: row.athleteId, bib: value.trim() || null, version: row.version });
      feedback.message.success(t('bibs.saved'));
      setEditing(false);
      onSaved();
    });
  };
  if (!editing)
    return (
      <Space size={4}>
        <Typography.Text strong data-testid="bib-value">
          {row.bib ?? t('bibs.none')}
        </Typography.Text>
        {can('comp:bib:assign') && (
          <Button
            type="text"
            size="small"
            icon={<EditOutlined />}
            aria-label={t('bibs.edit')}
            title={t('bibs.edit')}
            data-testid="bib-edit"
            onClick={() => {
              setValue(row.bib ?? '');
              setEditing(true);
            }}
          />
        )}
      </Space>
    );
  return (
    <Space size={4}>
      <Input
        size="small"
        autoFocus
        value={value}
        maxLength={10}
        status={valid ? undefined : 'error'}
        title={valid ? undefined : t('bibs.bibInvalid')}
        style={{ width: 96 }}
        onChange={(e) => setValue(e.target.value)}
        onPressEnter={() => void save()}
        onKeyDown={(e) => e.key === 'Escape' && setEditing(false)}
        data-testid="bib-input"
        aria-label={t('bibs.bib')}
      />
      <Button
        size="small"
        type="primary"
        icon={<CheckOutlined />}
        loading={saving}
        disabled={!valid}
        aria-label={t('bibs.save')}
        onClick={() => void save()}
        data-testid="bib-save"
      />
      <Button size="small" icon={<CloseOutlined />} aria-label={t('bibs.cancel')} onClick={() => setEditing(false)} />
    </Space>
  );
}

function PreviewCard({ result }: { result: BibAssignResult }) {
  const { t } = useTranslation();
  const pick = useBilingual();
  const columns: TableColumnsType<BibAssignResult['blocks'][number]> = [
    { title: t('bibs.block'), key: 'name', render: (_, b) => pick(b.name, b.nameEn) },
    {
      title: t('bibs.range'),
      key: 'range',
      render: (_, b) => (b.from === null ? t('bibs.continuous') : `${b.from}–${b.to}`),
    },
    { title: t('bibs.count'), dataIndex: 'count', align: 'right' },
    {
      title: t('bibs.numbers'),
      key: 'numbers',
      render: (_, b) => (b.first === null ? t('bibs.none') : b.first === b.last ? b.first : `${b.first}–${b.last}`),
    },
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="bib-preview">
      <Alert type="info" showIcon title={t('bibs.summary', result)} />
      <Table
        size="small"
        rowKey={(b) => `${b.name}-${b.from ?? b.first}`}
        columns={columns}
        dataSource={result.blocks}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </Space>
  );
}

export default function BibsPage() {
  const { t } = useTranslation();
  const pick = useBilingual();
  const can = usePerm();
  const qc = useQueryClient();
  const { modal } = App.useApp();
  const selection = useCompetitionSelection();
  const { meetings, meetingId, setMeetingId, events, loading } = selection;
  const [form] = Form.useForm<SchemeForm>();
  const kind = Form.useWatch('kind', form);
  const [summary, setSummary] = useState<Omit<BibPageVO, 'list' | 'total'> | null>(null);
  const [preview, setPreview] = useState<BibAssignResult | null>(null);
  const [busy, whileBusy] = useBusy();
  const [filters, setFilters] = useState<{ keywords?: string; hasBib?: boolean }>({});
  const table = useRef<CrudTableHandle<BibVO>>(null);

  const groups = useMemo(() => {
    const seen = new Map<number, GroupOption>();
    for (const e of [...events].sort((a, b) => a.groupId - b.groupId))
      if (!seen.has(e.groupId)) seen.set(e.groupId, { id: e.groupId, name: e.groupName, nameEn: e.groupNameEn });
    return [...seen.values()];
  }, [events]);

  // The form starts from the meeting's saved settings once they and the groups are known.
  const initialised = useRef<number | null>(null);
  useEffect(() => {
    if (!summary || !meetingId || !groups.length || initialised.current === meetingId) return;
    initialised.current = meetingId;
    form.setFieldsValue(formFrom(summary.settings, groups));
  }, [summary, groups, meetingId, form]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new meeting clears the preview
  useEffect(() => setPreview(null), [meetingId]);

  if (!meetingId) return <NoCompetitionMeeting loading={loading} />;

  const reloadList = () => void qc.invalidateQueries({ queryKey: bibsQueries.list() });

  const run = async (dryRun: boolean) => {
    const values = await form.validateFields();
    const body = bodyFrom({ ...formFrom(null, groups), ...values });
    // Shown by the request layer (an overflowing range names the block).
    await whileBusy(async () => {
      const result = await bibsApi.assign(meetingId, { ...body, dryRun: true });
      setPreview(result);
      if (dryRun) return;
      modal.confirm({
        title: t('bibs.assignConfirmTitle'),
        content: t('bibs.assignConfirm', result),
        onOk: async () => {
          const done = await bibsApi.assign(meetingId, body);
          setPreview(done);
          feedback.message.success(t('bibs.assigned', done));
          reloadList();
        },
      });
    });
  };

  const columns: TableColumnsType<BibVO> = [
    {
      title: t('bibs.bib'),
      key: 'bib',
      sorter: true,
      width: 180,
      render: (_, r) => (
        <BibCell key={`${r.athleteId}-${r.version}`} row={r} meetingId={meetingId} onSaved={reloadList} />
      ),
    },
    {
      title: t('bibs.name'),
      key: 'name',
      sorter: true,
      render: (_, r) => (
        <span>
          {r.name}
          {r.nameEn && <Typography.Text type="secondary"> {r.nameEn}</Typography.Text>}
        </span>
      ),
    },
    { title: t('bibs.gender'), key: 'gender', render: (_, r) => t(`comp.gender.${r.gender}`) },
    { title: t('bibs.group'), key: 'group', sorter: true, render: (_, r) => pick(r.groupName, r.groupNameEn) },
    { title: t('bibs.delegation'), key: 'delegation', sorter: true, render: (_, r) => r.delegationName },
    {
      title: t('bibs.status'),
      key: 'status',
      render: (_, r) => (
        <Tag color={r.status === 'approved' ? 'success' : r.status === 'submitted' ? 'processing' : 'default'}>
          {t(`audit.status.${r.status}`)}
        </Tag>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="bibs-page">
      <Card variant="borderless" size="small">
        <Space wrap size={24} style={{ width: '100%', justifyContent: 'space-between' }}>
          <MeetingSelect
            selection={{
              meetings,
              meetingId,
              setMeetingId: (v) => {
                initialised.current = null;
                setMeetingId(v);
              },
            }}
          />
          <Space size={32}>
            <Statistic title={t('bibs.approved')} value={summary?.approved ?? 0} />
            <Statistic title={t('bibs.submitted')} value={summary?.submitted ?? 0} />
            <Statistic title={t('bibs.withBib')} value={summary?.withBib ?? 0} data-testid="bib-with" />
          </Space>
        </Space>
      </Card>

      {can('comp:bib:assign') && (
        <Card variant="borderless" title={t('bibs.scheme')} data-testid="bib-scheme">
          <Form<SchemeForm>
            form={form}
            layout="vertical"
            initialValues={formFrom(null, groups)}
            onValuesChange={() => setPreview(null)}
          >
            <Form.Item name="kind" label={t('bibs.kind')}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'delegation', label: t('bibs.kindDelegation') },
                  { value: 'group-ranges', label: t('bibs.kindGroups') },
                ]}
                data-testid="bib-kind"
              />
            </Form.Item>
            <Space wrap align="start" size={16}>
              {kind !== 'group-ranges' && (
                <>
                  <Form.Item name="start" label={t('bibs.start')} rules={[{ required: true }]}>
                    <InputNumber min={1} max={999999} precision={0} data-testid="bib-start" />
                  </Form.Item>
                  <Form.Item
                    name="step"
                    label={t('bibs.step')}
                    rules={[{ required: true }]}
                    tooltip={t('bibs.stepHelp')}
                  >
                    <InputNumber min={0} max={100000} precision={0} data-testid="bib-step" />
                  </Form.Item>
                </>
              )}
              <Form.Item name="order" label={t('bibs.order')}>
                <Select
                  style={{ width: 160 }}
                  options={[
                    { value: 'id', label: t('bibs.orderId') },
                    { value: 'name', label: t('bibs.orderName') },
                  ]}
                />
              </Form.Item>
            </Space>
            {kind === 'group-ranges' && (
              <Form.Item label={t('bibs.group')} extra={t('bibs.rangesHelp')}>
                {groups.length === 0 && <Typography.Text type="secondary">{t('bibs.noGroups')}</Typography.Text>}
                <Form.List name="ranges">
                  {(fields) => (
                    <Space orientation="vertical" size={4}>
                      {fields.map((f) => {
                        const g = groups[f.name];
                        return (
                          <Space key={f.key} wrap>
                            <Typography.Text style={{ display: 'inline-block', minWidth: 140 }}>
                              {g ? pick(g.name, g.nameEn) : ''}
                            </Typography.Text>
                            <Form.Item name={[f.name, 'from']} noStyle>
                              <InputNumber min={1} max={999999} precision={0} placeholder={t('bibs.from')} />
                            </Form.Item>
                            <span>–</span>
                            <Form.Item name={[f.name, 'to']} noStyle>
                              <InputNumber min={1} max={999999} precision={0} placeholder={t('bibs.to')} />
                            </Form.Item>
                          </Space>
                        );
                      })}
                    </Space>
                  )}
                </Form.List>
              </Form.Item>
            )}
            <Form.Item name="keepExisting" valuePropName="checked" style={{ marginBottom: 4 }}>
              <Checkbox data-testid="bib-keep">{t('bibs.keepExisting')}</Checkbox>
            </Form.Item>
            <Form.Item name="includeSubmitted" valuePropName="checked">
              <Checkbox data-testid="bib-submitted">{t('bibs.includeSubmitted')}</Checkbox>
            </Form.Item>
            <Space wrap>
              <Button
                icon={<EyeOutlined />}
                loading={busy}
                onClick={() => void run(true)}
                data-testid="bib-preview-btn"
              >
                {t('bibs.preview')}
              </Button>
              <Button
                type="primary"
                icon={<NumberOutlined />}
                loading={busy}
                onClick={() => void run(false)}
                data-testid="bib-assign"
              >
                {t('bibs.assign')}
              </Button>
            </Space>
          </Form>
          {preview && (
            <div style={{ marginTop: 16 }}>
              <PreviewCard result={preview} />
            </div>
          )}
        </Card>
      )}

      <CrudTable<BibVO, { meetingId: number; keywords?: string; hasBib?: boolean }>
        ref={table}
        queryKey={bibsQueries.list()}
        title={t('bibs.list')}
        params={{ meetingId, ...filters }}
        request={async ({ meetingId: id, ...q }) => {
          const page = await bibsApi.page(id, q as Parameters<typeof bibsApi.page>[1]);
          const { list: _l, total: _t, ...rest } = page;
          setSummary(rest);
          return page;
        }}
        columns={columns}
        rowKey="athleteId"
        defaultPageSize={20}
        toolbar={
          <Space wrap>
            <Input.Search
              allowClear
              placeholder={t('bibs.keywords')}
              maxLength={100}
              style={{ width: 220 }}
              onSearch={(v) => setFilters((f) => ({ ...f, keywords: v.trim() || undefined }))}
              data-testid="bib-search"
            />
            <Select
              style={{ width: 130 }}
              value={filters.hasBib === undefined ? 'all' : filters.hasBib ? 'with' : 'without'}
              onChange={(v: string) => setFilters((f) => ({ ...f, hasBib: v === 'all' ? undefined : v === 'with' }))}
              options={[
                { value: 'all', label: t('bibs.filterAll') },
                { value: 'with', label: t('bibs.filterWith') },
                { value: 'without', label: t('bibs.filterWithout') },
              ]}
            />
          </Space>
        }
        data-testid="bib-list"
      />
    </Space>
  );
}
