import {
  CopyOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  FormOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import type { GroupPageQuery, GroupVO } from '@baton/contracts';
import { GENDER_LIST } from '@baton/contracts';
import { App, Button, Input, Popconfirm, Select, Space, type TableColumnsType, Tag } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { groupApi, type ListQuery } from '../../../api/meeting';
import { useTranslation } from '../../../app/i18n';
import { CrudTable, type CrudTableHandle, cleanParams, downloadFrom, SearchForm } from '../../../components/crud';
import { Perm } from '../../../components/Perm';
import { usePerm } from '../../../hooks/usePerm';
import { useBilingual, useMobile } from '../../system/shared';
import { MeetingPicker, NoMeeting, useMeetingSelection } from '../MeetingPicker';
import { FieldsDialog } from '../trackmeet/shared';
import { CopyDialog } from './CopyDialog';
import { GroupFormModal } from './GroupFormModal';
import { GroupItems } from './GroupItems';

type Filters = Omit<ListQuery<GroupPageQuery>, 'pageNum' | 'pageSize'>;
interface SearchValues {
  keywords?: string;
  gender?: string;
}

const GENDER_COLORS: Record<string, string> = { M: 'blue', F: 'magenta', X: 'purple' };

/** Meeting management → Groups of the chosen meeting, with their items, fields and copy. */
export default function GroupPage() {
  const { t } = useTranslation();
  const mobile = useMobile();
  const { message } = App.useApp();
  const pick = useBilingual();
  const can = usePerm();
  const selection = useMeetingSelection();
  const { meetingId, meeting } = selection;
  const manage = meeting?.access === 'manage';
  const table = useRef<CrudTableHandle<GroupVO>>(null);
  const [search, setSearch] = useState<SearchValues>({});
  const [editing, setEditing] = useState<number | null>(null);
  const [copyOpen, setCopyOpen] = useState(false);
  const [fieldsOf, setFieldsOf] = useState<GroupVO | null>(null);
  const filters = { ...search, meetingId } as Filters;

  const reload = useCallback(() => table.current?.reload(), []);
  const closeForm = useCallback(() => setEditing(null), []);

  const remove = async (ids: number[]) => {
    await groupApi.remove(ids);
    message.success(t('crud.deleted'));
    table.current?.clearSelection();
    reload();
  };

  const columns: TableColumnsType<GroupVO> = [
    { title: t('meeting.group.name'), dataIndex: 'name', render: (_, r) => pick(r.name, r.nameEn) },
    {
      title: t('meeting.group.gender'),
      dataIndex: 'gender',
      render: (g: string) => <Tag color={GENDER_COLORS[g]}>{t(`meeting.gender.${g}`)}</Tag>,
    },
    {
      title: t('meeting.group.birthRange'),
      key: 'birth',
      render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{`${r.birthFrom} ~ ${r.birthTo}`}</span>,
    },
    {
      title: t('meeting.group.maxEventsPerAthlete'),
      dataIndex: 'maxEventsPerAthlete',
      render: (v: number | null) => v ?? t('meeting.group.meetingDefault'),
    },
    { title: t('meeting.group.itemCount'), dataIndex: 'itemCount' },
    { title: t('meeting.group.athleteCount'), dataIndex: 'athleteCount' },
    {
      title: t('crud.actions'),
      key: 'actions',
      fixed: mobile ? undefined : 'right',
      render: (_, row) =>
        manage && (
          <Space size={0}>
            <Perm value="meeting:group:edit">
              <Button
                type="link"
                size="small"
                icon={<EditOutlined />}
                onClick={() => setEditing(row.id)}
                data-testid="group-edit"
              >
                {t('crud.edit')}
              </Button>
              <Button
                type="link"
                size="small"
                icon={<FormOutlined />}
                onClick={() => setFieldsOf(row)}
                data-testid="group-fields"
              >
                {t('meeting.group.fields')}
              </Button>
            </Perm>
            <Perm value="meeting:group:delete">
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
    <Space orientation="vertical" size={12} style={{ width: '100%' }} className="meeting-group">
      <MeetingPicker selection={selection} />
      <SearchForm<SearchValues>
        data-testid="group-search"
        fields={[
          { name: 'keywords', label: t('crud.keywords'), node: <Input allowClear /> },
          {
            name: 'gender',
            label: t('meeting.group.gender'),
            node: (
              <Select allowClear options={GENDER_LIST.map((g) => ({ value: g, label: t(`meeting.gender.${g}`) }))} />
            ),
          },
        ]}
        onSearch={(v) => setSearch(cleanParams(v))}
      />
      {meetingId ? (
        <CrudTable<GroupVO, Filters>
          ref={table}
          queryKey="meeting-groups"
          request={groupApi.page}
          params={filters}
          columns={columns}
          rowKey="id"
          title={t('meeting.group.title')}
          selectable={manage && can('meeting:group:delete') ? (r) => r.athleteCount > 0 : false}
          data-testid="group-table"
          tableProps={{
            expandable: {
              expandedRowRender: (row) => <GroupItems group={row} onChanged={reload} />,
              rowExpandable: () => true,
            },
          }}
          toolbar={({ selectedKeys }) =>
            manage && (
              <>
                <Perm value="meeting:group:add">
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(0)} data-testid="group-add">
                    {t('crud.add')}
                  </Button>
                </Perm>
                <Perm value="meeting:group:copy">
                  <Button icon={<CopyOutlined />} onClick={() => setCopyOpen(true)} data-testid="group-copy">
                    {t('meeting.group.copy')}
                  </Button>
                </Perm>
                <Perm value="meeting:group:delete">
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
                <Perm value="meeting:group:export">
                  <Button
                    icon={<DownloadOutlined />}
                    onClick={() => void downloadFrom(() => groupApi.export(filters), 'groups.xlsx')}
                    data-testid="group-export"
                  >
                    {t('crud.export')}
                  </Button>
                </Perm>
              </>
            )
          }
        />
      ) : (
        <NoMeeting loading={selection.loading} />
      )}

      <GroupFormModal meetingId={meetingId} editing={editing} onClose={closeForm} onSaved={reload} />
      <CopyDialog
        open={copyOpen}
        toMeetingId={meetingId}
        meetings={selection.meetings}
        onClose={() => setCopyOpen(false)}
        onCopied={reload}
      />
      <FieldsDialog
        openKey={fieldsOf ? String(fieldsOf.id) : null}
        target="athlete"
        title={fieldsOf ? t('meeting.group.fieldsTitle', { name: pick(fieldsOf.name, fieldsOf.nameEn) }) : ''}
        load={() => groupApi.fields(fieldsOf!.id)}
        save={(links) => groupApi.setFields(fieldsOf!.id, links)}
        onClose={() => setFieldsOf(null)}
      />
    </Space>
  );
}
