import { MoreOutlined, NodeIndexOutlined } from '@ant-design/icons';
import type { FieldTarget, MeetingPageQuery, MeetingTextKind, MeetingVO } from '@baton/contracts';
import { FIELD_TARGET_LIST, MEETING_TEXTS } from '@baton/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Dropdown, InputNumber, type MenuProps, type TableColumnsType } from 'antd';
import { useCallback, useState } from 'react';
import { meetingApi, meetingQueries } from '../../../api/meetings';
import type { ListQuery } from '../../../api/request';
import { useTranslation } from '../../../app/i18n';
import {
  CrudList,
  DictTag,
  downloadFrom,
  keywordsField,
  rowActions,
  statusField,
  useCrudPage,
} from '../../../components/crud';
import { RowAction } from '../../../components/crud/actions';
import { FieldsDialog } from '../../../components/FieldsDialog';
import { useBilingual } from '../../../hooks/language';
import { usePerm } from '../../../hooks/usePerm';
import { meetingStamp, meetingStampNoted } from '../../../utils/meeting-format';
import { AdminsModal, MeetingTextModal, OfficialsModal, StatusModal } from './dialogs';
import { MeetingFormModal } from './MeetingFormModal';

type Filters = Omit<ListQuery<MeetingPageQuery>, 'pageNum' | 'pageSize'>;
interface SearchValues {
  keywords?: string;
  status?: string;
  year?: number;
}

/** Meeting management → Meetings: list, create / edit, status, admins, fields, remarks, export. */
export default function TrackmeetPage() {
  const { t } = useTranslation();
  const pick = useBilingual();
  const can = usePerm();
  const client = useQueryClient();
  const page = useCrudPage<MeetingVO, Filters>({
    remove: meetingApi.remove,
    onChanged: () => void client.invalidateQueries({ queryKey: meetingQueries.options().queryKey }),
  });
  const [statusOf, setStatusOf] = useState<{ meeting: MeetingVO; readOnly: boolean } | null>(null);
  const [adminsOf, setAdminsOf] = useState<MeetingVO | null>(null);
  const [textOf, setTextOf] = useState<{ meeting: MeetingVO; kind: MeetingTextKind } | null>(null);
  const [officialsOf, setOfficialsOf] = useState<MeetingVO | null>(null);
  const [fieldsOf, setFieldsOf] = useState<{ meeting: MeetingVO; target: FieldTarget } | null>(null);

  const reload = page.changed;
  const closeAdmins = useCallback(() => setAdminsOf(null), []);
  const closeText = useCallback(() => setTextOf(null), []);
  const closeOfficials = useCallback(() => setOfficialsOf(null), []);

  const moreItems = (row: MeetingVO): MenuProps['items'] => {
    const manage = row.access === 'manage';
    const items: NonNullable<MenuProps['items']> = [];
    if (manage && can('meeting:trackmeet:admin')) {
      items.push({ key: 'admins', label: t('meeting.admins.action') });
      items.push({ key: 'officials', label: t('meeting.officials.action') });
    }
    if (manage && can('meeting:trackmeet:edit')) {
      for (const target of FIELD_TARGET_LIST) {
        items.push({ key: `fields:${target}`, label: t(`meeting.fields.action.${target}`) });
      }
    }
    if (manage && can('meeting:trackmeet:remark')) {
      for (const kind of MEETING_TEXTS) items.push({ key: `text:${kind}`, label: t(`meeting.${kind}.action`) });
    }
    items.push({ key: 'log', label: t('meeting.status.logTitle') });
    return items;
  };
  const onMore = (row: MeetingVO, key: string) => {
    if (key === 'admins') setAdminsOf(row);
    else if (key === 'officials') setOfficialsOf(row);
    else if (key.startsWith('text:')) setTextOf({ meeting: row, kind: key.slice(5) as MeetingTextKind });
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
          {meetingStamp(r.regOpensAt, r.timeZone)} ~{' '}
          {meetingStampNoted(r.regClosesAt, r.timeZone, (zone) => t('common.meetingClock', { zone }))}
        </span>
      ),
    },
    {
      title: t('meeting.trackmeet.counts'),
      key: 'counts',
      render: (_, r) => t('meeting.trackmeet.countsValue', { groups: r.groupCount, delegations: r.delegationCount }),
    },
    rowActions<MeetingVO>((row) => {
      const manage = row.access === 'manage';
      return [
        manage && {
          kind: 'edit',
          perm: 'meeting:trackmeet:edit',
          onClick: () => page.edit(row.id),
          testId: 'meeting-edit',
        },
        manage && {
          label: t('meeting.status.action'),
          icon: <NodeIndexOutlined />,
          perm: 'meeting:trackmeet:status',
          onClick: () => setStatusOf({ meeting: row, readOnly: false }),
          testId: 'meeting-status',
        },
        manage && {
          kind: 'delete',
          perm: 'meeting:trackmeet:delete',
          onClick: () => page.remove([row.id]),
          testId: 'meeting-delete',
        },
        {
          kind: 'node',
          key: 'more',
          perm: 'meeting:trackmeet:query',
          node: (
            <Dropdown trigger={['click']} menu={{ items: moreItems(row), onClick: ({ key }) => onMore(row, key) }}>
              <RowAction icon={<MoreOutlined />} label={t('meeting.more')} data-testid="meeting-more" />
            </Dropdown>
          ),
        },
      ];
    }),
  ];

  return (
    <CrudList<MeetingVO, Filters, number, SearchValues>
      page={page}
      name="meeting"
      perm="meeting:trackmeet"
      className="meeting-trackmeet"
      search={[
        keywordsField(t('meeting.trackmeet.keywordsPlaceholder')),
        statusField('meeting_status'),
        {
          name: 'year',
          label: t('meeting.trackmeet.year'),
          node: <InputNumber min={1900} max={2999} precision={0} style={{ width: '100%' }} />,
        },
      ]}
      onSearch={(v) => page.search(v as Filters)}
      table={{
        queryKey: meetingQueries.list(),
        request: meetingApi.page,
        columns,
        title: t('meeting.trackmeet.title'),
        selectable: can('meeting:trackmeet:delete') ? (r) => r.access !== 'manage' : false,
      }}
      toolbar={{ onExport: () => downloadFrom(() => meetingApi.export(page.filters), 'meetings.xlsx') }}
    >
      <MeetingFormModal {...page.form} />
      <StatusModal
        meeting={statusOf?.meeting ?? null}
        readOnly={statusOf?.readOnly}
        onClose={() => setStatusOf(null)}
        onSaved={reload}
      />
      <AdminsModal meeting={adminsOf} onClose={closeAdmins} />
      <MeetingTextModal meeting={textOf?.meeting ?? null} kind={textOf?.kind ?? 'remark'} onClose={closeText} />
      {/* Mounted while open only: the page's other dialogs keep their own OK buttons. */}
      {officialsOf && <OfficialsModal meeting={officialsOf} onClose={closeOfficials} />}
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
    </CrudList>
  );
}
