import { EyeOutlined, RollbackOutlined, SendOutlined } from '@ant-design/icons';
import { NOTICE_STATUS, NOTICE_TARGET, type NoticeFormVO, type NoticePageQuery, type NoticeVO } from '@baton/contracts';
import { App, Button, Drawer, Input, Select, Space, Spin, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import {
  deleteNotices,
  getNoticeForm,
  noticeQueries,
  pageNotices,
  publishNotice,
  revokeNotice,
} from '../../../api/notices';
import { useTranslation } from '../../../app/i18n';
import {
  CrudTable,
  CrudToolbar,
  DictSelect,
  DictTag,
  formatTime,
  rowActions,
  SearchForm,
  useCrudPage,
} from '../../../components/crud';
import { NoticeContent } from '../../../components/NoticeContent';
import { usePerm } from '../../../hooks/usePerm';
import { useAppStore } from '../../../stores/app';
import { ComposeModal } from './ComposeModal';

type Filters = Partial<Pick<NoticePageQuery, 'keywords' | 'status' | 'type'>>;

export function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  if (status === NOTICE_STATUS.PUBLISHED) return <Tag color="success">{t('comm.notice.status.published')}</Tag>;
  if (status === NOTICE_STATUS.REVOKED) return <Tag color="default">{t('comm.notice.status.revoked')}</Tag>;
  return <Tag color="processing">{t('comm.notice.status.draft')}</Tag>;
}

/** System → Notices: compose, edit, publish, revoke and delete notices (sys:notice:*). */
export default function NoticeAdminPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = usePerm();
  const mobile = useAppStore((s) => s.device === 'mobile');
  const page = useCrudPage<NoticeVO, Filters>({ remove: deleteNotices });
  const [viewing, setViewing] = useState<NoticeFormVO | null>(null);
  const [viewLoading, setViewLoading] = useState(false);

  const done = (key: string) => {
    message.success(t(key));
    page.changed();
  };

  const view = async (id: number) => {
    setViewLoading(true);
    setViewing({ id } as NoticeFormVO);
    try {
      setViewing(await getNoticeForm(id));
    } catch {
      setViewing(null);
    } finally {
      setViewLoading(false);
    }
  };

  const targetText = (row: NoticeVO) =>
    row.targetType === NOTICE_TARGET.ROLES
      ? t('comm.notice.targets.roles')
      : row.targetType === NOTICE_TARGET.USERS
        ? t('comm.notice.targets.users')
        : t('comm.notice.targets.all');

  const columns: TableColumnsType<NoticeVO> = [
    {
      title: t('comm.notice.titleLabel'),
      dataIndex: 'title',
      ellipsis: true,
      width: mobile ? 180 : undefined,
      render: (v: string, row) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => void view(row.id)}>
          {v}
        </Button>
      ),
    },
    {
      title: t('comm.notice.type'),
      dataIndex: 'type',
      width: 130,
      render: (v: number) => <DictTag dictCode="notice_type" value={v} />,
    },
    {
      title: t('comm.notice.level'),
      dataIndex: 'level',
      width: 90,
      render: (v: string) => <DictTag dictCode="notice_level" value={v} />,
    },
    { title: t('comm.notice.target'), dataIndex: 'targetType', width: 110, render: (_, row) => targetText(row) },
    {
      title: t('crud.status'),
      dataIndex: 'status',
      width: 100,
      render: (v: number) => <StatusTag status={v} />,
    },
    { title: t('comm.notice.publisher'), dataIndex: 'publisherName', width: 130, render: (v) => v ?? '—' },
    {
      title: t('comm.notice.publishedAt'),
      dataIndex: 'publishedAt',
      width: 170,
      render: (v: string | null) => formatTime(v) || '—',
    },
    rowActions<NoticeVO>(
      (row) => {
        const published = row.status === NOTICE_STATUS.PUBLISHED;
        return [
          { label: t('comm.notice.view'), icon: <EyeOutlined />, onClick: () => view(row.id) },
          !published && {
            kind: 'edit',
            perm: 'sys:notice:edit',
            onClick: () => page.edit(row.id),
            testId: 'notice-edit',
          },
          !published && {
            label: t('comm.notice.publish'),
            icon: <SendOutlined />,
            perm: 'sys:notice:publish',
            confirm: t('comm.notice.publishConfirm'),
            onClick: () => publishNotice(row.id).then(() => done('comm.notice.published')),
            testId: 'notice-publish',
          },
          published && {
            label: t('comm.notice.revoke'),
            icon: <RollbackOutlined />,
            perm: 'sys:notice:revoke',
            confirm: t('comm.notice.revokeConfirm'),
            onClick: () => revokeNotice(row.id).then(() => done('comm.notice.revoked')),
            testId: 'notice-revoke',
          },
          !published && {
            kind: 'delete',
            perm: 'sys:notice:delete',
            onClick: () => page.remove([row.id]),
            testId: 'notice-delete',
          },
        ];
      },
      { wrap: true, width: mobile ? 120 : 250 },
    ),
  ];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="notice-admin">
      <SearchForm<Filters>
        data-testid="notice-search"
        fields={[
          {
            name: 'keywords',
            label: t('crud.keywords'),
            node: <Input allowClear placeholder={t('comm.notice.keywordsPlaceholder')} maxLength={100} />,
          },
          {
            name: 'status',
            label: t('crud.status'),
            node: (
              <Select
                allowClear
                options={[
                  { value: NOTICE_STATUS.DRAFT, label: t('comm.notice.status.draft') },
                  { value: NOTICE_STATUS.PUBLISHED, label: t('comm.notice.status.published') },
                  { value: NOTICE_STATUS.REVOKED, label: t('comm.notice.status.revoked') },
                ]}
              />
            ),
          },
          { name: 'type', label: t('comm.notice.type'), node: <DictSelect dictCode="notice_type" numeric /> },
        ]}
        onSearch={page.search}
      />
      <CrudTable<NoticeVO, Filters>
        ref={page.table}
        queryKey={noticeQueries.list()}
        request={pageNotices}
        params={page.filters}
        columns={columns}
        rowKey="id"
        title={t('comm.notice.adminTitle')}
        selectable={can('sys:notice:delete') ? (r) => r.status === NOTICE_STATUS.PUBLISHED : false}
        data-testid="notice-table"
        tableProps={{ scroll: { x: 1100 } }}
        toolbar={(table) => (
          <CrudToolbar
            table={table}
            perm="sys:notice"
            testId="notice"
            onAdd={() => page.edit(0)}
            addLabel={t('comm.notice.compose')}
            onDelete={page.remove}
          />
        )}
      />

      <ComposeModal {...page.form} />

      <Drawer
        open={viewing !== null}
        onClose={() => setViewing(null)}
        size={mobile ? '100%' : 640}
        title={viewing?.title || t('comm.notice.view')}
        data-testid="notice-view"
      >
        <Spin spinning={viewLoading}>
          {viewing?.content !== undefined && (
            <>
              <Space wrap style={{ marginBottom: 16 }}>
                <DictTag dictCode="notice_type" value={viewing.type} />
                <DictTag dictCode="notice_level" value={viewing.level} />
                <StatusTag status={viewing.status} />
              </Space>
              <NoticeContent html={viewing.content} />
            </>
          )}
        </Spin>
      </Drawer>
    </Space>
  );
}
