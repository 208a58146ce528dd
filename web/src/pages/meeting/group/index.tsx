import { CopyOutlined, FormOutlined } from '@ant-design/icons';
import type { GroupPageQuery, GroupVO } from '@baton/contracts';
import { GENDER_LIST } from '@baton/contracts';
import { Button, Input, Select, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { groupApi, groupQueries } from '../../../api/groups';
import type { ListQuery } from '../../../api/request';
import { useTranslation } from '../../../app/i18n';
import { CrudTable, CrudToolbar, downloadFrom, rowActions, SearchForm, useCrudPage } from '../../../components/crud';
import { FieldsDialog } from '../../../components/FieldsDialog';
import { MeetingPicker, NoMeeting, useMeetingSelection } from '../../../components/MeetingPicker';
import { Perm } from '../../../components/Perm';
import { useBilingual } from '../../../hooks/language';
import { usePerm } from '../../../hooks/usePerm';
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
  const pick = useBilingual();
  const can = usePerm();
  const selection = useMeetingSelection();
  const { meetingId, meeting } = selection;
  const manage = meeting?.access === 'manage';
  const page = useCrudPage<GroupVO, SearchValues>({ remove: groupApi.remove });
  const [copyOpen, setCopyOpen] = useState(false);
  const [fieldsOf, setFieldsOf] = useState<GroupVO | null>(null);
  const filters = { ...page.filters, meetingId } as Filters;
  const reload = page.changed;

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
    rowActions<GroupVO>((row) =>
      manage
        ? [
            { kind: 'edit', perm: 'meeting:group:edit', onClick: () => page.edit(row.id), testId: 'group-edit' },
            {
              label: t('meeting.group.fields'),
              icon: <FormOutlined />,
              perm: 'meeting:group:edit',
              onClick: () => setFieldsOf(row),
              testId: 'group-fields',
            },
            { kind: 'delete', perm: 'meeting:group:delete', onClick: () => page.remove([row.id]) },
          ]
        : [],
    ),
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
        onSearch={page.search}
      />
      {meetingId ? (
        <CrudTable<GroupVO, Filters>
          ref={page.table}
          queryKey={groupQueries.list()}
          request={groupApi.page}
          params={filters}
          columns={columns}
          rowKey="id"
          title={t('meeting.group.title')}
          selectable={manage && can('meeting:group:delete') ? (r) => r.athleteCount > 0 : false}
          data-testid="group-table"
          tableProps={{
            expandable: {
              expandedRowRender: (row) =>
                meeting ? <GroupItems group={row} timeZone={meeting.timeZone} onChanged={reload} /> : null,
              rowExpandable: () => true,
            },
          }}
          toolbar={(table) =>
            manage && (
              <CrudToolbar
                table={table}
                perm="meeting:group"
                testId="group"
                onAdd={() => page.edit(0)}
                adding={
                  <Perm value="meeting:group:copy">
                    <Button icon={<CopyOutlined />} onClick={() => setCopyOpen(true)} data-testid="group-copy">
                      {t('meeting.group.copy')}
                    </Button>
                  </Perm>
                }
                onDelete={page.remove}
                onExport={() => downloadFrom(() => groupApi.export(filters), 'groups.xlsx')}
              />
            )
          }
        />
      ) : (
        <NoMeeting loading={selection.loading} />
      )}

      <GroupFormModal meetingId={meetingId} {...page.form} />
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
