import {
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  PlusOutlined,
  RollbackOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { NOTICE_STATUS, NOTICE_TARGET, type NoticeFormVO, type NoticePageQuery, type NoticeVO } from '@baton/contracts';
import { App, Button, Drawer, Input, Popconfirm, Select, Space, Spin, type TableColumnsType, Tag } from 'antd';
import { useRef, useState } from 'react';
import { deleteNotices, getNoticeForm, pageNotices, publishNotice, revokeNotice } from '../../../api/notice';
import { useTranslation } from '../../../app/i18n';
import {
  CrudTable,
  type CrudTableHandle,
  cleanParams,
  DictSelect,
  DictTag,
  formatTime,
  SearchForm,
} from '../../../components/crud';
import { Perm } from '../../../components/Perm';
import { usePerm } from '../../../hooks/usePerm';
import { useAppStore } from '../../../stores/app';
import { NoticeContent } from '../../notice/NoticeContent';
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
  const table = useRef<CrudTableHandle<NoticeVO>>(null);
  const [filters, setFilters] = useState<Filters>({});
  const [editing, setEditing] = useState<number | null>(null);
  const [viewing, setViewing] = useState<NoticeFormVO | null>(null);
  const [viewLoading, setViewLoading] = useState(false);

  const reload = () => table.current?.reload();
  const done = (key: string) => {
    message.success(t(key));
    reload();
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

  const remove = async (ids: number[]) => {
    await deleteNotices(ids);
    table.current?.clearSelection();
    done('crud.deleted');
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
    {
      title: t('crud.actions'),
      key: 'actions',
      fixed: 'right',
      width: mobile ? 120 : 250,
      render: (_, row) => {
        const published = row.status === NOTICE_STATUS.PUBLISHED;
        return (
          <Space size={0} wrap>
            <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => void view(row.id)}>
              {t('comm.notice.view')}
            </Button>
            {!published && (
              <Perm value="sys:notice:edit">
                <Button
                  type="link"
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => setEditing(row.id)}
                  data-testid="notice-edit"
                >
                  {t('crud.edit')}
                </Button>
              </Perm>
            )}
            {!published && (
              <Perm value="sys:notice:publish">
                <Popconfirm
                  title={t('comm.notice.publishConfirm')}
                  onConfirm={() => publishNotice(row.id).then(() => done('comm.notice.published'))}
                >
                  <Button type="link" size="small" icon={<SendOutlined />} data-testid="notice-publish">
                    {t('comm.notice.publish')}
                  </Button>
                </Popconfirm>
              </Perm>
            )}
            {published && (
              <Perm value="sys:notice:revoke">
                <Popconfirm
                  title={t('comm.notice.revokeConfirm')}
                  onConfirm={() => revokeNotice(row.id).then(() => done('comm.notice.revoked'))}
                >
                  <Button type="link" size="small" icon={<RollbackOutlined />} data-testid="notice-revoke">
                    {t('comm.notice.revoke')}
                  </Button>
                </Popconfirm>
              </Perm>
            )}
            {!published && (
              <Perm value="sys:notice:delete">
                <Popconfirm title={t('crud.deleteConfirm')} onConfirm={() => remove([row.id])}>
                  <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid="notice-delete">
                    {t('crud.delete')}
                  </Button>
                </Popconfirm>
              </Perm>
            )}
          </Space>
        );
      },
    },
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
        onSearch={(v) => setFilters(cleanParams({ ...v, keywords: v.keywords?.trim() }) as Filters)}
      />
      <CrudTable<NoticeVO, Filters>
        ref={table}
        queryKey="system-notices"
        request={pageNotices}
        params={filters}
        columns={columns}
        rowKey="id"
        title={t('comm.notice.adminTitle')}
        selectable={can('sys:notice:delete') ? (r) => r.status === NOTICE_STATUS.PUBLISHED : false}
        data-testid="notice-table"
        tableProps={{ scroll: { x: 1100 } }}
        toolbar={({ selectedKeys }) => (
          <>
            <Perm value="sys:notice:add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(0)} data-testid="notice-add">
                {t('comm.notice.compose')}
              </Button>
            </Perm>
            <Perm value="sys:notice:delete">
              <Popconfirm
                title={t('crud.batchDeleteConfirm', { count: selectedKeys.length })}
                onConfirm={() => remove(selectedKeys.map(Number))}
                disabled={!selectedKeys.length}
              >
                <Button danger icon={<DeleteOutlined />} disabled={!selectedKeys.length}>
                  {t('crud.batchDelete')}
                </Button>
              </Popconfirm>
            </Perm>
          </>
        )}
      />

      <ComposeModal editing={editing} onClose={() => setEditing(null)} onSaved={reload} />

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
