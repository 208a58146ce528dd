import {
  AuditOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  PlusOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { DelegationPageQuery, DelegationVO } from '@baton/contracts';
import { maskPhone } from '@baton/contracts';
import { App, Button, Input, Popconfirm, Space, type TableColumnsType, Tag, TreeSelect } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { delegationApi, type ListQuery } from '../../../api/meeting';
import { useTranslation } from '../../../app/i18n';
import {
  CrudTable,
  type CrudTableHandle,
  cleanParams,
  DictSelect,
  DictTag,
  downloadFrom,
  ImportDialog,
  SearchForm,
} from '../../../components/crud';
import { Perm } from '../../../components/Perm';
import { usePerm } from '../../../hooks/usePerm';
import { useMobile } from '../../system/shared';
import { MeetingPicker, NoMeeting, useMeetingSelection } from '../MeetingPicker';
import { DelegationFormModal } from './DelegationFormModal';
import { BatchDialog, ChooseDialog, ReviewModal } from './dialogs';
import { useAreaTree } from './shared';

type Filters = Omit<ListQuery<DelegationPageQuery>, 'pageNum' | 'pageSize'>;
interface SearchValues {
  keywords?: string;
  status?: string;
  areaCodeId?: number;
}

/** Meeting management → Delegations of the chosen meeting: CRUD, batch add, import, choose, review, export. */
export default function DelegationPage() {
  const { t } = useTranslation();
  const mobile = useMobile();
  const { message } = App.useApp();
  const can = usePerm();
  const selection = useMeetingSelection();
  const { meetingId, meeting } = selection;
  const manage = meeting?.access === 'manage';
  const table = useRef<CrudTableHandle<DelegationVO>>(null);
  const areas = useAreaTree(Boolean(meetingId));
  const [search, setSearch] = useState<SearchValues>({});
  const [editing, setEditing] = useState<number | null>(null);
  const [dialog, setDialog] = useState<'batch' | 'choose' | 'import' | null>(null);
  const [reviewing, setReviewing] = useState<DelegationVO | null>(null);
  const filters = { ...search, meetingId } as Filters;

  const reload = useCallback(() => table.current?.reload(), []);
  const closeForm = useCallback(() => setEditing(null), []);
  const closeDialog = () => setDialog(null);

  const remove = async (ids: number[]) => {
    await delegationApi.remove(ids);
    message.success(t('crud.deleted'));
    table.current?.clearSelection();
    reload();
  };

  const columns: TableColumnsType<DelegationVO> = [
    { title: t('meeting.delegation.name'), dataIndex: 'name', key: 'name', sorter: true, width: 200 },
    { title: t('meeting.delegation.shortName'), dataIndex: 'shortName' },
    { title: t('meeting.delegation.area'), dataIndex: 'areaName', render: (v, r) => v ?? r.areaCode ?? '—' },
    {
      title: t('meeting.delegation.contact'),
      key: 'contact',
      render: (_, r) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {r.contactName ? `${r.contactName} ` : ''}
          {maskPhone(r.contactMobile)}
        </span>
      ),
    },
    {
      title: t('crud.status'),
      dataIndex: 'status',
      key: 'status',
      sorter: true,
      render: (v: string) => <DictTag dictCode="delegation_status" value={v} />,
    },
    {
      title: t('meeting.delegation.source'),
      dataIndex: 'source',
      render: (v: string) => <Tag>{t(`meeting.source.${v}`)}</Tag>,
    },
    {
      title: t('meeting.delegation.people'),
      key: 'people',
      render: (_, r) => t('meeting.delegation.peopleValue', { athletes: r.athleteCount, coaches: r.coachCount }),
    },
    {
      title: t('crud.actions'),
      key: 'actions',
      fixed: mobile ? undefined : 'right',
      render: (_, row) =>
        manage && (
          <Space size={0}>
            <Perm value="meeting:delegation:edit">
              <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(row.id)}>
                {t('crud.edit')}
              </Button>
            </Perm>
            <Perm value="meeting:delegation:review">
              <Button
                type="link"
                size="small"
                icon={<AuditOutlined />}
                onClick={() => setReviewing(row)}
                data-testid="delegation-review"
              >
                {t('meeting.delegation.review')}
              </Button>
            </Perm>
            <Perm value="meeting:delegation:delete">
              <Popconfirm title={t('crud.deleteConfirm')} onConfirm={() => remove([row.id])}>
                <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                  {t('crud.delete')}
                </Button>
              </Popconfirm>
            </Perm>
          </Space>
        ),
    },
  ];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} className="meeting-delegation">
      <MeetingPicker selection={selection} />
      <SearchForm<SearchValues>
        data-testid="delegation-search"
        fields={[
          {
            name: 'keywords',
            label: t('crud.keywords'),
            node: <Input allowClear placeholder={t('meeting.delegation.keywordsPlaceholder')} />,
          },
          { name: 'status', label: t('crud.status'), node: <DictSelect dictCode="delegation_status" /> },
          {
            name: 'areaCodeId',
            label: t('meeting.delegation.area'),
            node: (
              <TreeSelect
                allowClear
                treeData={areas.tree}
                treeDefaultExpandAll
                showSearch={{ treeNodeFilterProp: 'title' }}
              />
            ),
          },
        ]}
        onSearch={(v) => setSearch(cleanParams(v))}
      />
      {meetingId ? (
        <CrudTable<DelegationVO, Filters>
          ref={table}
          queryKey="meeting-delegations"
          request={delegationApi.page}
          params={filters}
          columns={columns}
          rowKey="id"
          title={t('meeting.delegation.title')}
          selectable={manage && can('meeting:delegation:delete') ? (r) => r.athleteCount + r.coachCount > 0 : false}
          data-testid="delegation-table"
          toolbar={({ selectedKeys }) => (
            <>
              {manage && (
                <>
                  <Perm value="meeting:delegation:add">
                    <Button
                      type="primary"
                      icon={<PlusOutlined />}
                      onClick={() => setEditing(0)}
                      data-testid="delegation-add"
                    >
                      {t('crud.add')}
                    </Button>
                    <Button
                      icon={<UnorderedListOutlined />}
                      onClick={() => setDialog('batch')}
                      data-testid="delegation-batch"
                    >
                      {t('meeting.delegation.batch')}
                    </Button>
                    <Button icon={<TeamOutlined />} onClick={() => setDialog('choose')} data-testid="delegation-choose">
                      {t('meeting.delegation.choose')}
                    </Button>
                  </Perm>
                  <Perm value="meeting:delegation:import">
                    <Button
                      icon={<UploadOutlined />}
                      onClick={() => setDialog('import')}
                      data-testid="delegation-import"
                    >
                      {t('crud.import')}
                    </Button>
                  </Perm>
                  <Perm value="meeting:delegation:delete">
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
              <Perm value={['meeting:delegation:export', 'meeting:area-summary:export']}>
                <Button
                  icon={<DownloadOutlined />}
                  onClick={() => void downloadFrom(() => delegationApi.export(filters), 'delegations.xlsx')}
                  data-testid="delegation-export"
                >
                  {t('crud.export')}
                </Button>
              </Perm>
            </>
          )}
        />
      ) : (
        <NoMeeting loading={selection.loading} />
      )}

      <DelegationFormModal meetingId={meetingId} editing={editing} onClose={closeForm} onSaved={reload} />
      <BatchDialog meetingId={meetingId} open={dialog === 'batch'} onClose={closeDialog} onDone={reload} />
      <ChooseDialog meetingId={meetingId} open={dialog === 'choose'} onClose={closeDialog} onDone={reload} />
      <ReviewModal delegation={reviewing} onClose={() => setReviewing(null)} onDone={reload} />
      <ImportDialog
        open={dialog === 'import'}
        onClose={closeDialog}
        title={t('meeting.delegation.importTitle')}
        onTemplate={() => downloadFrom(delegationApi.template, 'delegations-template.xlsx')}
        upload={(file, mode, mapping) => delegationApi.import(file, meetingId!, mode, mapping)}
        ready={Boolean(meetingId)}
        onImported={reload}
      />
    </Space>
  );
}
