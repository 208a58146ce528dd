import { CheckOutlined, FileSearchOutlined, RollbackOutlined } from '@ant-design/icons';
import {
  type AthleteVO,
  AUDIT_PROBLEM_FILTERS,
  AUDIT_STATUS_LIST,
  type AuditAthleteQuery,
  type AuditCoachQuery,
  COACH_ROLE_LIST,
  type CoachVO,
} from '@baton/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Form,
  Input,
  Popconfirm,
  Select,
  Space,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import { type CSSProperties, type Key, useCallback, useMemo, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type AuditEntity, auditApi, auditQueries } from '../../api/audit';
import type { ListQuery } from '../../api/request';
import { useTranslation } from '../../app/i18n';
import {
  CrudTable,
  type CrudTableHandle,
  cleanParams,
  DictSelect,
  DictTag,
  formatTime,
  SearchForm,
} from '../../components/crud';
import { MeetingPicker, NoMeeting, useMeetingSelection } from '../../components/MeetingPicker';
import { NoIdNumberTag } from '../../components/NoIdNumberTag';
import { Perm } from '../../components/Perm';
import { useBilingual } from '../../hooks/language';
import { useMobile } from '../../hooks/useMobile';
import { canDecide, detailPath, PERM, rememberList, StatusTag, useDecision, useDecisionPerms } from './shared';

type Row = AthleteVO | CoachVO;
type Filters = ListQuery<AuditAthleteQuery> & ListQuery<AuditCoachQuery>;
/** The filters a list keeps in the URL (besides `meetingId`), so links and reloads keep them. */
const FILTER_KEYS = ['keywords', 'status', 'groupId', 'role', 'delegationId', 'problem'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];
type SearchValues = Partial<Record<FilterKey, string | number>>;
const NUMERIC: readonly FilterKey[] = ['groupId', 'delegationId'];

function filtersFrom(params: URLSearchParams): SearchValues {
  const out: SearchValues = {};
  for (const key of FILTER_KEYS) {
    const raw = params.get(key);
    if (raw === null || raw === '') continue;
    if (NUMERIC.includes(key)) {
      const n = Number(raw);
      if (Number.isInteger(n) && n > 0) out[key] = n;
    } else out[key] = raw;
  }
  if (out.status && !AUDIT_STATUS_LIST.includes(out.status as never)) delete out.status;
  if (out.role && !COACH_ROLE_LIST.includes(out.role as never)) delete out.role;
  if (out.problem && !AUDIT_PROBLEM_FILTERS.includes(out.problem as never)) delete out.problem;
  return out;
}

const isAthlete = (r: Row): r is AthleteVO => 'groupId' in r;

/**
 * The group options of a meeting, from its public page data: every auditor may read it, area
 * users included (who may not list a meeting's groups).
 */
function useGroupOptions(code: string | undefined, enabled: boolean) {
  const pick = useBilingual();
  const q = useQuery({ ...auditQueries.meeting(code), enabled: Boolean(code) && enabled });
  return (q.data?.groups ?? []).map((g) => ({ value: g.id, label: pick(g.name, g.nameEn) }));
}

/** The delegations of a meeting the user audits (from the overview, so area users see theirs only). */
export function useDelegationOptions(meetingId: number | undefined) {
  const q = useQuery({ ...auditQueries.overview(meetingId, ''), enabled: Boolean(meetingId) });
  return (q.data?.delegations ?? []).map((d) => ({ value: d.delegationId, label: d.delegationName }));
}

/**
 * The athlete or coach list of the audit area: filters (kept in the URL), row selection with
 * batch approve / return, per-row decisions and a link to the detail. Cards on a phone.
 */
export function RecordList({ entity }: { entity: AuditEntity }) {
  const { t } = useTranslation();
  const pick = useBilingual();
  const mobile = useMobile();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const selection = useMeetingSelection();
  const { meetingId, meeting } = selection;
  const table = useRef<CrudTableHandle<Row>>(null);
  const [form] = Form.useForm<SearchValues>();
  const perms = useDecisionPerms();
  const athletes = entity === 'athlete';
  const { token } = theme.useToken();

  const search = useMemo(() => filtersFrom(params), [params]);
  const filters = { ...search, meetingId } as Filters;

  const groups = useGroupOptions(meeting?.code, athletes && meeting?.status !== 'draft');
  const delegations = useDelegationOptions(meetingId);

  const afterDecision = useCallback(() => {
    table.current?.clearSelection();
    table.current?.reload();
  }, []);
  const { approve, startReturn, dialog } = useDecision(entity, afterDecision);

  const setSearch = (values: SearchValues) => {
    const clean = cleanParams(values);
    // Searching again with the same filters is how a user refreshes the list.
    const same = FILTER_KEYS.every((key) => (clean[key] === undefined ? null : String(clean[key])) === params.get(key));
    if (same) {
      table.current?.reload();
      return;
    }
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const key of FILTER_KEYS) {
          const v = clean[key];
          if (v === undefined) next.delete(key);
          else next.set(key, String(v));
        }
        return next;
      },
      { replace: true },
    );
  };

  // Another meeting: its own delegations and groups, so the filters start again.
  const picker = {
    ...selection,
    setMeetingId: (id: number) => {
      form.resetFields();
      setParams((p) => {
        const next = new URLSearchParams(p);
        for (const key of FILTER_KEYS) next.delete(key);
        next.set('meetingId', String(id));
        return next;
      });
    },
  };

  const request = useCallback(
    async (q: Filters & { pageNum: number; pageSize: number }) => {
      const page = athletes ? await auditApi.athletes(q) : await auditApi.coaches(q);
      rememberList(
        entity,
        page.list.map((r) => r.id),
      );
      return page as { list: Row[]; total: number };
    },
    [athletes, entity],
  );

  const open = (r: Row) => navigate(detailPath(entity, r.id, meetingId));

  const rowActions = (r: Row, size: 'small' | 'middle') => (
    <Space size={size === 'small' ? 0 : 8} wrap>
      <Button
        type={size === 'small' ? 'link' : 'default'}
        size={size}
        icon={<FileSearchOutlined />}
        onClick={() => open(r)}
        data-testid="audit-row-detail"
      >
        {t('audit.detail.open')}
      </Button>
      {perms.approve && canDecide(r.status) && (
        <Button
          type={size === 'small' ? 'link' : 'primary'}
          size={size}
          icon={<CheckOutlined />}
          onClick={() => void approve([r.id]).catch(() => undefined)}
          data-testid="audit-row-approve"
        >
          {t('audit.approve')}
        </Button>
      )}
      {perms.return && canDecide(r.status) && (
        <Button
          type={size === 'small' ? 'link' : 'default'}
          danger
          size={size}
          icon={<RollbackOutlined />}
          onClick={() => startReturn([r.id])}
          data-testid="audit-row-return"
        >
          {t('audit.return')}
        </Button>
      )}
    </Space>
  );

  const reasonLine = (r: Row) =>
    r.status === 'returned' && r.auditReason ? (
      <Typography.Text type="danger" style={{ display: 'block', fontSize: 12, wordBreak: 'break-word' }}>
        {t('audit.reasonValue', { reason: r.auditReason })}
      </Typography.Text>
    ) : null;

  const entryTags = (r: Row) =>
    isAthlete(r) && r.entries.length > 0 ? (
      <Space size={[4, 4]} wrap>
        {r.entries.map((e) => (
          <Tag key={e.groupItemId} style={{ marginInlineEnd: 0 }} data-testid="audit-entry-tag">
            {pick(e.itemName, e.itemNameEn)}
          </Tag>
        ))}
      </Space>
    ) : null;

  /** An athlete imported without an ID number (Hy-Tek): the auditor sees it before deciding. */
  const noId = (r: Row) => (isAthlete(r) && r.idNumber === null ? <NoIdNumberTag /> : null);

  const desktopColumns: TableColumnsType<Row> = [
    {
      title: t('audit.name'),
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      render: (_, r) => (
        <Space size={6} wrap>
          <Link to={detailPath(entity, r.id, meetingId)} data-testid="audit-row-name">
            {r.name}
            {isAthlete(r) && r.nameEn ? <Typography.Text type="secondary"> {r.nameEn}</Typography.Text> : null}
          </Link>
          {noId(r)}
        </Space>
      ),
    },
    { title: t('audit.gender'), dataIndex: 'gender', render: (v: string) => t(`audit.genderValue.${v}`) },
    athletes
      ? {
          title: t('audit.group'),
          key: 'groupId',
          sorter: true,
          render: (_, r) => (isAthlete(r) ? pick(r.groupName, r.groupNameEn) : null),
        }
      : {
          title: t('audit.role'),
          dataIndex: 'role',
          render: (v: string) => <DictTag dictCode="coach_role" value={v} />,
        },
    { title: t('audit.delegation'), dataIndex: 'delegationName' },
    athletes
      ? { title: t('audit.entries'), key: 'entries', render: (_, r) => entryTags(r) ?? '—' }
      : { title: t('audit.mobile'), dataIndex: 'mobile', render: (v: string | null) => v ?? '—' },
    {
      title: t('crud.status'),
      dataIndex: 'status',
      key: 'status',
      sorter: true,
      render: (_, r) =>
        r.status === 'returned' && r.auditReason ? (
          <Tooltip title={t('audit.reasonValue', { reason: r.auditReason })}>
            <span>
              <StatusTag value={r.status} />
            </span>
          </Tooltip>
        ) : (
          <StatusTag value={r.status} />
        ),
    },
    { title: t('crud.updatedAt'), dataIndex: 'updatedAt', render: (v: string) => formatTime(v) },
    { title: t('crud.actions'), key: 'actions', fixed: 'right', render: (_, r) => rowActions(r, 'small') },
  ];

  // A phone: one card per record (name, status, what matters for the audit, large buttons).
  const cardColumns: TableColumnsType<Row> = [
    {
      key: 'card',
      render: (_, r) => (
        <div className="audit-card" data-testid="audit-card">
          <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'flex-start' }}>
            <Typography.Link strong onClick={() => open(r)} style={{ fontSize: 16 }}>
              {r.name}
            </Typography.Link>
            <StatusTag value={r.status} />
          </div>
          <Typography.Text type="secondary" style={{ display: 'block' }}>
            {[
              t(`audit.genderValue.${r.gender}`),
              isAthlete(r) ? pick(r.groupName, r.groupNameEn) : null,
              r.delegationName,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography.Text>
          {!isAthlete(r) && <DictTag dictCode="coach_role" value={r.role} />}
          {noId(r)}
          {entryTags(r)}
          {reasonLine(r)}
          <div style={{ marginTop: 8 }}>{rowActions(r, 'middle')}</div>
        </div>
      ),
    },
  ];

  const batch = (keys: Key[]) => {
    const ids = keys.map(Number);
    const none = ids.length === 0;
    return (
      <>
        <Perm value={PERM.approve}>
          <Popconfirm
            title={t('audit.batchApproveConfirm', { count: ids.length })}
            onConfirm={() => approve(ids).catch(() => undefined)}
            disabled={none}
          >
            <Button type="primary" icon={<CheckOutlined />} disabled={none} data-testid="audit-batch-approve">
              {t('audit.batchApprove', { count: ids.length })}
            </Button>
          </Popconfirm>
        </Perm>
        <Perm value={PERM.return}>
          <Button
            danger
            icon={<RollbackOutlined />}
            disabled={none}
            onClick={() => startReturn(ids)}
            data-testid="audit-batch-return"
          >
            {t('audit.batchReturn', { count: ids.length })}
          </Button>
        </Perm>
      </>
    );
  };

  // Fixed at the bottom of a phone's screen while records are selected: reachable from any card.
  const batchBarStyle: CSSProperties = {
    position: 'fixed',
    insetInline: 12,
    bottom: 12,
    zIndex: 20,
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: 8,
    padding: 12,
    borderRadius: token.borderRadiusLG,
    background: token.colorBgElevated,
    boxShadow: token.boxShadowSecondary,
  };

  const statusOptions = AUDIT_STATUS_LIST.map((s) => ({ value: s, label: t(`audit.status.${s}`) }));
  const problemOptions = AUDIT_PROBLEM_FILTERS.map((p) => ({ value: p, label: t(`audit.problem.${p}`) }));

  return (
    <Space
      orientation="vertical"
      size={12}
      // A phone: room below the last card for the batch bar.
      style={{ width: '100%', paddingBottom: mobile ? 88 : undefined }}
      className={`audit-list audit-${entity}`}
    >
      <MeetingPicker selection={picker} />
      <SearchForm<SearchValues>
        key={meetingId}
        form={form}
        initialValues={search}
        data-testid="audit-search"
        fields={[
          {
            name: 'keywords',
            label: t('crud.keywords'),
            node: <Input allowClear placeholder={t(`audit.keywordsPlaceholder.${entity}`)} />,
          },
          {
            name: 'status',
            label: t('crud.status'),
            node: <Select allowClear options={statusOptions} data-testid="audit-filter-status" />,
          },
          athletes
            ? {
                name: 'groupId',
                label: t('audit.group'),
                node: <Select allowClear options={groups} showSearch={{ optionFilterProp: 'label' }} />,
              }
            : { name: 'role', label: t('audit.role'), node: <DictSelect dictCode="coach_role" /> },
          {
            name: 'delegationId',
            label: t('audit.delegation'),
            node: (
              <Select
                allowClear
                options={delegations}
                showSearch={{ optionFilterProp: 'label' }}
                data-testid="audit-filter-delegation"
              />
            ),
          },
          { name: 'problem', label: t('audit.problemLabel'), node: <Select allowClear options={problemOptions} /> },
        ]}
        onSearch={setSearch}
      />
      {meetingId ? (
        <CrudTable<Row, Filters>
          ref={table}
          queryKey={auditQueries.records(entity)}
          request={request}
          params={filters}
          columns={mobile ? cardColumns : desktopColumns}
          rowKey="id"
          title={athletes ? t('audit.athletes') : t('audit.coaches')}
          selectable={perms.approve || perms.return ? (r) => !canDecide(r.status) : false}
          tableProps={
            mobile ? { showHeader: false, size: 'small', tableLayout: 'fixed', scroll: { x: undefined } } : undefined
          }
          data-testid="audit-table"
          toolbar={({ selectedKeys }) =>
            mobile ? (
              selectedKeys.length > 0 && (
                <div style={batchBarStyle} data-testid="audit-batch-bar">
                  <Typography.Text strong>{t('audit.selected', { count: selectedKeys.length })}</Typography.Text>
                  <Space wrap>{batch(selectedKeys)}</Space>
                </div>
              )
            ) : (
              <>
                {selectedKeys.length > 0 && (
                  <Typography.Text type="secondary">
                    {t('audit.selected', { count: selectedKeys.length })}
                  </Typography.Text>
                )}
                {batch(selectedKeys)}
              </>
            )
          }
        />
      ) : (
        <NoMeeting loading={selection.loading} />
      )}
      {dialog}
    </Space>
  );
}
