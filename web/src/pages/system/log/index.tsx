import type { LoginLogQuery, LoginLogVO, OplogDetailVO, OplogQuery, OplogVO } from '@baton/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Input,
  Select,
  Space,
  Spin,
  type TableColumnsType,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { logApi, logQueries } from '../../../api/logs';
import type { ExportJobApi } from '../../../api/request';
import { useTranslation } from '../../../app/i18n';
import {
  CrudTable,
  type CrudTableProps,
  cleanParams,
  ExportJobButton,
  formatTime,
  keywordsField,
  rangeParams,
  type SearchField,
  SearchForm,
} from '../../../components/crud';
import { Perm } from '../../../components/Perm';
import { useMobile } from '../../../hooks/useMobile';

/** CodeMirror loads only when a detail is opened. */
const Editor = lazy(() => import('../../../components/Editor').then((m) => ({ default: m.Editor })));

type Range = Parameters<typeof rangeParams>[0];
type LoginFilters = Partial<Pick<LoginLogQuery, 'keywords' | 'success' | 'createTimeStart' | 'createTimeEnd'>>;
type OpFilters = Partial<Omit<OplogQuery, 'pageNum' | 'pageSize' | 'sortKey' | 'sortDir'>>;

const METHOD_COLOR: Record<string, string> = { POST: 'green', PUT: 'blue', PATCH: 'cyan', DELETE: 'red' };

/** System → Logs: sign-in attempts and operations (every write), filtered, exported, with detail. */
export default function LogPage() {
  const { t } = useTranslation();
  return (
    <Tabs
      className="system-log-tabs"
      tabBarStyle={{ marginBottom: 12 }}
      items={[
        { key: 'operation', label: t('system.log.operation'), children: <OperationLog /> },
        { key: 'login', label: t('system.log.login'), children: <LoginLog /> },
      ]}
      data-testid="log-tabs"
    />
  );
}

function Outcome({ ok }: { ok: boolean }) {
  const { t } = useTranslation();
  return <Tag color={ok ? 'success' : 'error'}>{ok ? t('system.log.success') : t('system.log.failure')}</Tag>;
}

interface LogTabProps<T extends object, F extends object, V extends object> {
  /** The filters between the keywords (with this placeholder) and the time range. */
  keywords: string;
  fields: SearchField[];
  /** The query filters of those fields' values. */
  toFilters: (values: V) => Partial<F>;
  table: Pick<CrudTableProps<T, F>, 'queryKey' | 'request' | 'columns' | 'title' | 'data-testid'>;
  /** The export job, its file name if the server gives none, and its button's test id. */
  exporter: { api: ExportJobApi<F>; fallback: string; testId: string };
  children?: ReactNode;
}

/** One tab of logs: filters (keywords, the tab's own, the time range), the table, the export. */
function LogTab<T extends { id: number }, F extends object, V extends object>({
  keywords,
  fields,
  toFilters,
  table,
  exporter,
  children,
}: LogTabProps<T, F, V>) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<F>({} as F);
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <SearchForm<V & { keywords?: string; created?: Range }>
        fields={[
          keywordsField(keywords),
          ...fields,
          { name: 'created', label: t('system.log.time'), node: <DatePicker.RangePicker style={{ width: '100%' }} /> },
        ]}
        onSearch={(v) =>
          setFilters(cleanParams({ keywords: v.keywords, ...toFilters(v), ...rangeParams(v.created) }) as F)
        }
      />
      <CrudTable<T, F>
        {...table}
        params={filters}
        rowKey={(row) => row.id}
        toolbar={
          <Perm value="sys:log:export">
            <ExportJobButton {...exporter} params={filters} />
          </Perm>
        }
      />
      {children}
    </Space>
  );
}

function LoginLog() {
  const { t } = useTranslation();
  const columns: TableColumnsType<LoginLogVO> = [
    { title: t('system.log.username'), dataIndex: 'username', fixed: 'left' },
    { title: t('system.log.outcome'), dataIndex: 'success', render: (v: boolean) => <Outcome ok={v} /> },
    { title: t('system.log.code'), dataIndex: 'code' },
    { title: t('system.log.ip'), dataIndex: 'ip' },
    {
      title: t('system.log.userAgent'),
      dataIndex: 'userAgent',
      width: 280,
      render: (v: string | null) => (
        <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: 260 }}>
          {v}
        </Typography.Text>
      ),
    },
    { title: t('system.log.time'), dataIndex: 'createdAt', key: 'createdAt', sorter: true, render: formatTime },
  ];
  return (
    <LogTab<LoginLogVO, LoginFilters, { success?: 'true' | 'false' }>
      keywords={t('system.log.loginKeywords')}
      fields={[
        {
          name: 'success',
          label: t('system.log.outcome'),
          node: (
            <Select
              allowClear
              options={[
                { value: 'true', label: t('system.log.success') },
                { value: 'false', label: t('system.log.failure') },
              ]}
            />
          ),
        },
      ]}
      toFilters={(v) => ({ success: v.success === undefined ? undefined : v.success === 'true' })}
      table={{
        queryKey: logQueries.loginList(),
        request: logApi.loginPage,
        columns,
        title: t('system.log.login'),
        'data-testid': 'login-log-table',
      }}
      exporter={{ api: logApi.loginExport, fallback: 'login-log.xlsx', testId: 'login-log-export' }}
    />
  );
}

type OpSearch = Pick<OpFilters, 'module' | 'method' | 'outcome'>;

function OperationLog() {
  const { t } = useTranslation();
  const [detail, setDetail] = useState<number | null>(null);
  const columns: TableColumnsType<OplogVO> = [
    { title: t('system.log.username'), dataIndex: 'username', fixed: 'left' },
    { title: t('system.log.module'), dataIndex: 'module' },
    { title: t('system.log.action'), dataIndex: 'action' },
    {
      title: t('system.log.target'),
      dataIndex: 'target',
      width: 180,
      render: (v: string | null) => (
        <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: 170 }}>
          {v}
        </Typography.Text>
      ),
    },
    {
      title: t('system.log.method'),
      dataIndex: 'method',
      render: (v: string) => <Tag color={METHOD_COLOR[v]}>{v}</Tag>,
    },
    { title: t('system.log.outcome'), dataIndex: 'status', render: (v: number) => <Outcome ok={v < 400} /> },
    { title: t('system.log.ip'), dataIndex: 'ip' },
    {
      title: t('system.log.duration'),
      dataIndex: 'durationMs',
      key: 'durationMs',
      sorter: true,
      align: 'right',
      render: (v: number) => `${v} ms`,
    },
    { title: t('system.log.time'), dataIndex: 'createdAt', key: 'createdAt', sorter: true, render: formatTime },
    {
      title: t('crud.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setDetail(r.id)} data-testid="oplog-detail">
          {t('system.log.detail')}
        </Button>
      ),
    },
  ];
  return (
    <LogTab<OplogVO, OpFilters, OpSearch>
      keywords={t('system.log.opKeywords')}
      fields={[
        { name: 'module', label: t('system.log.module'), node: <Input allowClear placeholder="users" /> },
        {
          name: 'method',
          label: t('system.log.method'),
          node: <Select allowClear options={['POST', 'PUT', 'PATCH', 'DELETE'].map((m) => ({ value: m, label: m }))} />,
        },
        {
          name: 'outcome',
          label: t('system.log.outcome'),
          node: (
            <Select
              allowClear
              options={[
                { value: 'ok', label: t('system.log.success') },
                { value: 'error', label: t('system.log.failure') },
              ]}
            />
          ),
        },
      ]}
      toFilters={(v) => ({ module: v.module, method: v.method, outcome: v.outcome })}
      table={{
        queryKey: logQueries.operationList(),
        request: logApi.operationPage,
        columns,
        title: t('system.log.operation'),
        'data-testid': 'oplog-table',
      }}
      exporter={{ api: logApi.operationExport, fallback: 'operation-log.xlsx', testId: 'oplog-export' }}
    >
      <OplogDrawer id={detail} onClose={() => setDetail(null)} />
    </LogTab>
  );
}

const asJson = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v, null, 2));

function OplogDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const mobile = useMobile();
  const { data, isLoading } = useQuery({ ...logQueries.operation(id), enabled: id !== null });
  const d: OplogDetailVO | undefined = data;
  const hasChange =
    d && (d.before !== null && d.before !== undefined ? true : d.after !== null && d.after !== undefined);
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={t('system.log.detailTitle')}
      size={mobile ? '100%' : 860}
      destroyOnHidden
    >
      <Spin spinning={isLoading}>
        {d && (
          <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="oplog-drawer">
            <Descriptions bordered size="small" column={mobile ? 1 : 2}>
              <Descriptions.Item label={t('system.log.username')}>{d.username ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={t('system.log.time')}>{formatTime(d.createdAt)}</Descriptions.Item>
              <Descriptions.Item label={t('system.log.module')}>{d.module}</Descriptions.Item>
              <Descriptions.Item label={t('system.log.action')}>{d.action}</Descriptions.Item>
              <Descriptions.Item label={t('system.log.request')} span={mobile ? 1 : 2}>
                <Tag color={METHOD_COLOR[d.method]}>{d.method}</Tag>
                <Typography.Text code copyable>
                  {d.path}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('system.log.target')}>{d.target ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={t('system.log.outcome')}>
                <Outcome ok={d.status < 400} /> {d.status} {d.code ?? ''}
              </Descriptions.Item>
              <Descriptions.Item label={t('system.log.duration')}>{d.durationMs} ms</Descriptions.Item>
              <Descriptions.Item label={t('system.log.ip')}>{d.ip ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={t('system.log.userAgent')} span={mobile ? 1 : 2}>
                <Typography.Text style={{ wordBreak: 'break-all' }}>{d.userAgent ?? '-'}</Typography.Text>
              </Descriptions.Item>
            </Descriptions>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('system.log.changes')}
            </Typography.Title>
            {hasChange ? (
              <>
                <Space style={{ width: '100%', justifyContent: 'space-between' }}>
                  <Typography.Text type="secondary">{t('system.log.before')}</Typography.Text>
                  <Typography.Text type="secondary">{t('system.log.after')}</Typography.Text>
                </Space>
                <Suspense fallback={<Spin />}>
                  <Editor
                    mode="merge"
                    original={asJson(d.before)}
                    value={asJson(d.after)}
                    height={360}
                    border
                    readOnly
                  />
                </Suspense>
              </>
            ) : (
              <Typography.Text type="secondary">{t('system.log.noChanges')}</Typography.Text>
            )}
          </Space>
        )}
      </Spin>
    </Drawer>
  );
}
