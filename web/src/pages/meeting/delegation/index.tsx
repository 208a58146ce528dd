import { AuditOutlined, TeamOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { DelegationPageQuery, DelegationVO } from '@baton/contracts';
import { maskPhone } from '@baton/contracts';
import { Button, Space, type TableColumnsType, Tag, TreeSelect } from 'antd';
import { useState } from 'react';
import { delegationApi, delegationQueries } from '../../../api/delegations';
import type { ListQuery } from '../../../api/request';
import { useTranslation } from '../../../app/i18n';
import {
  CrudTable,
  CrudToolbar,
  DictTag,
  downloadFrom,
  ImportDialog,
  keywordsField,
  rowActions,
  SearchForm,
  statusField,
  useCrudPage,
} from '../../../components/crud';
import { MeetingPicker, NoMeeting, useMeetingSelection } from '../../../components/MeetingPicker';
import { Perm } from '../../../components/Perm';
import { useAreaTree } from '../../../hooks/useAreaTree';
import { usePerm } from '../../../hooks/usePerm';
import { DelegationFormModal } from './DelegationFormModal';
import { BatchDialog, ChooseDialog, ReviewModal } from './dialogs';

type Filters = Omit<ListQuery<DelegationPageQuery>, 'pageNum' | 'pageSize'>;
interface SearchValues {
  keywords?: string;
  status?: string;
  areaCodeId?: number;
}

/** Meeting management → Delegations of the chosen meeting: CRUD, batch add, import, choose, review, export. */
export default function DelegationPage() {
  const { t } = useTranslation();
  const can = usePerm();
  const selection = useMeetingSelection();
  const { meetingId, meeting } = selection;
  const manage = meeting?.access === 'manage';
  const page = useCrudPage<DelegationVO, SearchValues>({ remove: delegationApi.remove });
  const areas = useAreaTree(Boolean(meetingId));
  const [dialog, setDialog] = useState<'batch' | 'choose' | 'import' | null>(null);
  const [reviewing, setReviewing] = useState<DelegationVO | null>(null);
  const filters = { ...page.filters, meetingId } as Filters;
  const reload = page.changed;
  const closeDialog = () => setDialog(null);

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
    rowActions<DelegationVO>((row) =>
      manage
        ? [
            { kind: 'edit', perm: 'meeting:delegation:edit', onClick: () => page.edit(row.id) },
            {
              label: t('meeting.delegation.review'),
              icon: <AuditOutlined />,
              perm: 'meeting:delegation:review',
              onClick: () => setReviewing(row),
              testId: 'delegation-review',
            },
            { kind: 'delete', perm: 'meeting:delegation:delete', onClick: () => page.remove([row.id]) },
          ]
        : [],
    ),
  ];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} className="meeting-delegation">
      <MeetingPicker selection={selection} />
      <SearchForm<SearchValues>
        data-testid="delegation-search"
        fields={[
          keywordsField(t('meeting.delegation.keywordsPlaceholder')),
          statusField('delegation_status'),
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
        onSearch={page.search}
      />
      {meetingId ? (
        <CrudTable<DelegationVO, Filters>
          ref={page.table}
          queryKey={delegationQueries.list()}
          request={delegationApi.page}
          params={filters}
          columns={columns}
          rowKey="id"
          title={t('meeting.delegation.title')}
          selectable={manage && can('meeting:delegation:delete') ? (r) => r.athleteCount + r.coachCount > 0 : false}
          data-testid="delegation-table"
          toolbar={(table) => (
            <CrudToolbar
              table={table}
              perm="meeting:delegation"
              perms={{ export: ['meeting:delegation:export', 'meeting:area-summary:export'] }}
              testId="delegation"
              onAdd={manage ? () => page.edit(0) : undefined}
              adding={
                manage && (
                  <Perm value="meeting:delegation:add">
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
                )
              }
              onDelete={manage ? page.remove : undefined}
              onImport={manage ? () => setDialog('import') : undefined}
              onExport={() => downloadFrom(() => delegationApi.export(filters), 'delegations.xlsx')}
            />
          )}
        />
      ) : (
        <NoMeeting loading={selection.loading} />
      )}

      <DelegationFormModal meetingId={meetingId} {...page.form} />
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
