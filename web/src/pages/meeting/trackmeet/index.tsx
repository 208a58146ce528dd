import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  MoreOutlined,
  NodeIndexOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import type { FieldTarget, MeetingPageQuery, MeetingVO } from '@baton/contracts';
import { FIELD_TARGET_LIST } from '@baton/contracts';
import { useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Dropdown,
  Input,
  InputNumber,
  type MenuProps,
  Popconfirm,
  Space,
  type TableColumnsType,
} from 'antd';
import { useCallback, useRef, useState } from 'react';
import { type ListQuery, meetingApi } from '../../../api/meeting';
import { useTranslation } from '../../../app/i18n';
import {
  CrudTable,
  type CrudTableHandle,
  cleanParams,
  DictSelect,
  DictTag,
  downloadFrom,
  SearchForm,
} from '../../../components/crud';
import { Perm } from '../../../components/Perm';
import { usePerm } from '../../../hooks/usePerm';
import { useBilingual, useMobile } from '../../system/shared';
import { MEETING_OPTIONS_KEY } from '../MeetingPicker';
import { AdminsModal, RemarkModal, StatusModal } from './dialogs';
import { MeetingFormModal } from './MeetingFormModal';
import { FieldsDialog, formatDateTime } from './shared';

type Filters = Omit<ListQuery<MeetingPageQuery>, 'pageNum' | 'pageSize'>;
interface SearchValues {
  keywords?: string;
  status?: string;
  year?: number;
}

/** Meeting management → Meetings: list, create / edit, status, admins, fields, remarks, export. */
export default function TrackmeetPage() {
  const { t } = useTranslation();
  const mobile = useMobile();
  const { message } = App.useApp();
  const pick = useBilingual();
  const can = usePerm();
  const client = useQueryClient();
  const table = useRef<CrudTableHandle<MeetingVO>>(null);
  const [filters, setFilters] = useState<Filters>({});
  const [editing, setEditing] = useState<number | null>(null);
  const [statusOf, setStatusOf] = useState<{ meeting: MeetingVO; readOnly: boolean } | null>(null);
  const [adminsOf, setAdminsOf] = useState<MeetingVO | null>(null);
  const [remarkOf, setRemarkOf] = useState<MeetingVO | null>(null);
  const [fieldsOf, setFieldsOf] = useState<{ meeting: MeetingVO; target: FieldTarget } | null>(null);

  const reload = useCallback(() => {
    table.current?.reload();
    void client.invalidateQueries({ queryKey: [MEETING_OPTIONS_KEY] });
  }, [client]);
  const closeForm = useCallback(() => setEditing(null), []);
  const closeAdmins = useCallback(() => setAdminsOf(null), []);
  const closeRemark = useCallback(() => setRemarkOf(null), []);

  const remove = async (ids: number[]) => {
    await meetingApi.remove(ids);
    message.success(t('crud.deleted'));
    table.current?.clearSelection();
    reload();
  };

  const moreItems = (row: MeetingVO): MenuProps['items'] => {
    const manage = row.access === 'manage';
    const items: NonNullable<MenuProps['items']> = [];
    if (manage && can('meeting:trackmeet:admin')) items.push({ key: 'admins', label: t('meeting.admins.action') });
    if (manage && can('meeting:trackmeet:edit')) {
      for (const target of FIELD_TARGET_LIST) {
        items.push({ key: `fields:${target}`, label: t(`meeting.fields.action.${target}`) });
      }
    }
    if (manage && can('meeting:trackmeet:remark')) items.push({ key: 'remark', label: t('meeting.remark.action') });
    items.push({ key: 'log', label: t('meeting.status.logTitle') });
    return items;
  };
  const onMore = (row: MeetingVO, key: string) => {
    if (key === 'admins') setAdminsOf(row);
    else if (key === 'remark') setRemarkOf(row);
    else if (key === 'log') setStatusOf({ meeting: row, readOnly: true });
    else if (key.startsWith('fields:')) setFieldsOf({ meeting: row, target: key.slice(7) as FieldTarget });
  };

  const columns: TableColumnsType<MeetingVO> = [
    {
      title: t('meeting.trackmeet.name'),
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      render: (_, r) => pick(r.name, r.nameEn),
      width: 220,
    },
    { title: t('meeting.trackmeet.code'), dataIndex: 'code', key: 'code', sorter: true },
    {
      title: t('crud.status'),
      dataIndex: 'status',
      key: 'status',
      sorter: true,
      render: (v: string) => <DictTag dictCode="meeting_status" value={v} />,
    },
    { title: t('meeting.trackmeet.year'), dataIndex: 'year', key: 'year', sorter: true },
    { title: t('meeting.trackmeet.nature'), dataIndex: 'natureName' },
    {
      title: t('meeting.trackmeet.dates'),
      dataIndex: 'startDate',
      key: 'startDate',
      sorter: true,
      render: (_, r) => `${r.startDate} ~ ${r.endDate}`,
    },
    {
      title: t('meeting.trackmeet.regWindow'),
      key: 'reg',
      render: (_, r) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(r.regOpensAt)} ~ {formatDateTime(r.regClosesAt)}
        </span>
      ),
    },
    {
      title: t('meeting.trackmeet.counts'),
      key: 'counts',
      render: (_, r) => t('meeting.trackmeet.countsValue', { groups: r.groupCount, delegations: r.delegationCount }),
    },
    {
      title: t('crud.actions'),
      key: 'actions',
      fixed: mobile ? undefined : 'right',
      render: (_, row) => (
        <Space size={0} wrap={false}>
          {row.access === 'manage' && (
            <>
              <Perm value="meeting:trackmeet:edit">
                <Button
                  type="link"
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => setEditing(row.id)}
                  data-testid="meeting-edit"
                >
                  {t('crud.edit')}
                </Button>
              </Perm>
              <Perm value="meeting:trackmeet:status">
                <Button
                  type="link"
                  size="small"
                  icon={<NodeIndexOutlined />}
                  onClick={() => setStatusOf({ meeting: row, readOnly: false })}
                  data-testid="meeting-status"
                >
                  {t('meeting.status.action')}
                </Button>
              </Perm>
              <Perm value="meeting:trackmeet:delete">
                <Popconfirm title={t('crud.deleteConfirm')} onConfirm={() => remove([row.id])}>
                  <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid="meeting-delete">
                    {t('crud.delete')}
                  </Button>
                </Popconfirm>
              </Perm>
            </>
          )}
          <Perm value="meeting:trackmeet:query">
            <Dropdown trigger={['click']} menu={{ items: moreItems(row), onClick: ({ key }) => onMore(row, key) }}>
              <Button type="link" size="small" icon={<MoreOutlined />} data-testid="meeting-more">
                {t('meeting.more')}
              </Button>
            </Dropdown>
          </Perm>
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} className="meeting-trackmeet">
      <SearchForm<SearchValues>
        data-testid="meeting-search"
        fields={[
          {
            name: 'keywords',
            label: t('crud.keywords'),
            node: <Input allowClear placeholder={t('meeting.trackmeet.keywordsPlaceholder')} />,
          },
          { name: 'status', label: t('crud.status'), node: <DictSelect dictCode="meeting_status" /> },
          {
            name: 'year',
            label: t('meeting.trackmeet.year'),
            node: <InputNumber min={1900} max={2999} precision={0} style={{ width: '100%' }} />,
          },
        ]}
        onSearch={(v) => setFilters(cleanParams(v) as Filters)}
      />
      <CrudTable<MeetingVO, Filters>
        ref={table}
        queryKey="meeting-trackmeets"
        request={meetingApi.page}
        params={filters}
        columns={columns}
        rowKey="id"
        title={t('meeting.trackmeet.title')}
        selectable={can('meeting:trackmeet:delete') ? (r) => r.access !== 'manage' : false}
        data-testid="meeting-table"
        toolbar={({ selectedKeys }) => (
          <>
            <Perm value="meeting:trackmeet:add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(0)} data-testid="meeting-add">
                {t('crud.add')}
              </Button>
            </Perm>
            <Perm value="meeting:trackmeet:delete">
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
            <Perm value="meeting:trackmeet:export">
              <Button
                icon={<DownloadOutlined />}
                onClick={() => void downloadFrom(() => meetingApi.export(filters), 'meetings.xlsx')}
                data-testid="meeting-export"
              >
                {t('crud.export')}
              </Button>
            </Perm>
          </>
        )}
      />

      <MeetingFormModal editing={editing} onClose={closeForm} onSaved={reload} />
      <StatusModal
        meeting={statusOf?.meeting ?? null}
        readOnly={statusOf?.readOnly}
        onClose={() => setStatusOf(null)}
        onSaved={reload}
      />
      <AdminsModal meeting={adminsOf} onClose={closeAdmins} />
      <RemarkModal meeting={remarkOf} onClose={closeRemark} />
      <FieldsDialog
        openKey={fieldsOf ? `${fieldsOf.meeting.id}:${fieldsOf.target}` : null}
        target={fieldsOf?.target ?? 'athlete'}
        title={
          fieldsOf
            ? t('meeting.fields.title', {
                target: t(`meeting.fields.target.${fieldsOf.target}`),
                name: pick(fieldsOf.meeting.name, fieldsOf.meeting.nameEn),
              })
            : ''
        }
        load={() => meetingApi.fields(fieldsOf!.meeting.id, fieldsOf!.target)}
        save={(links) => meetingApi.setFields(fieldsOf!.meeting.id, fieldsOf!.target, links)}
        onClose={() => setFieldsOf(null)}
      />
    </Space>
  );
}
