import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { COACH_ROLE_LIST, type CoachPageQuery, type CoachVO, maskPhone } from '@baton/contracts';
import { App, Card, Flex, Input, Select, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { applyApi, applyQueries } from '../../../api/apply';
import type { ListQuery } from '../../../api/request';
import { useTranslation } from '../../../app/i18n';
import { cleanParams, DictSelect, DictTag, downloadFrom, ImportDialog, SearchForm } from '../../../components/crud';
import { usePerm } from '../../../hooks/usePerm';
import { ApplyHeader } from '../ApplyHeader';
import { ApplyList } from '../ApplyList';
import { HeadroomNote, useHeadroom } from '../Headroom';
import { ReturnedAlert, RowDeleteButton, RowEditButton, StatusCell, ToolbarButton, useEditParam } from '../records';
import { readOnlyReason, refreshApply, useApplyContext } from '../shared';
import { CoachForm } from './CoachForm';
import '../apply.css';

type Filters = Omit<ListQuery<CoachPageQuery>, 'pageNum' | 'pageSize'>;
interface SearchValues {
  keywords?: string;
  role?: CoachVO['role'];
  status?: CoachVO['status'];
}

/** Sports apply → Coaches: the delegation's coaches and officials, the form, Excel import. */
export default function ApplyCoachPage() {
  const { t } = useTranslation();
  const can = usePerm();
  const { message } = App.useApp();
  const { ctx, delegationId } = useApplyContext();
  const [search, setSearch] = useState<SearchValues>({});
  const [editing, setEditing] = useState<number | null>(null);
  const [importing, setImporting] = useState(false);
  const filters: Filters = { ...search, delegationId };
  const writable = Boolean(ctx?.writable);
  const reason = readOnlyReason(ctx, t);
  // The meeting's cap on coaches per delegation: adding is disabled at it, with the reason.
  const room = useHeadroom(ctx, 'coaches');

  useEditParam(setEditing);

  const closeForm = useCallback(() => setEditing(null), []);
  const saved = useCallback(() => refreshApply(applyQueries.coaches()), []);
  const remove = async (ids: number[]) => {
    await applyApi.coaches.remove(ids, delegationId);
    message.success(t('crud.deleted'));
    refreshApply(applyQueries.coaches());
  };

  const locked = (c: CoachVO) => !writable || c.status === 'submitted';
  const removable = (c: CoachVO) => writable && (c.status === 'draft' || c.status === 'returned');
  const role = (c: CoachVO) => (
    <Tag color="blue" data-testid="coach-role">
      {t(`apply.coachRole.${c.role}`)}
    </Tag>
  );
  const editButton = (c: CoachVO, block?: boolean) => (
    <RowEditButton locked={locked(c)} block={block} onClick={() => setEditing(c.id)} testId="coach-edit" />
  );
  const deleteButton = (c: CoachVO, block?: boolean) =>
    can('apply:coach:delete') &&
    removable(c) && <RowDeleteButton block={block} onConfirm={() => remove([c.id])} testId="coach-delete" />;

  const columns: TableColumnsType<CoachVO> = [
    {
      title: t('apply.coach.name'),
      dataIndex: 'name',
      render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
    },
    { title: t('apply.coach.role'), key: 'role', render: (_, c) => role(c) },
    { title: t('apply.genderLabel'), dataIndex: 'gender', render: (g: 'M' | 'F') => t(`apply.gender.${g}`) },
    { title: t('apply.coach.mobile'), dataIndex: 'mobile', render: (v: string | null) => (v ? maskPhone(v) : '—') },
    {
      title: t('crud.status'),
      key: 'status',
      render: (_, c) => <StatusCell {...c} />,
    },
    {
      title: t('crud.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, c) => (
        <Space size={0}>
          {editButton(c)}
          {deleteButton(c)}
        </Space>
      ),
    },
  ];

  const card = (c: CoachVO) => (
    <Card size="small">
      <Flex justify="space-between" gap={8} align="center">
        <Typography.Text strong ellipsis>
          {c.name}
        </Typography.Text>
        <DictTag dictCode="audit_status" value={c.status} />
      </Flex>
      <Flex gap={8} wrap align="center" style={{ marginTop: 4 }}>
        {role(c)}
        <Typography.Text type="secondary">
          {t(`apply.gender.${c.gender}`)}
          {c.mobile ? ` · ${maskPhone(c.mobile)}` : ''}
        </Typography.Text>
      </Flex>
      <ReturnedAlert {...c} style={{ marginTop: 8 }} />
      <Flex gap={8} style={{ marginTop: 12 }}>
        {editButton(c, true)}
        {deleteButton(c, true)}
      </Flex>
    </Card>
  );

  const addButton = can('apply:coach:add') && (
    <ToolbarButton
      primary
      reason={reason ?? room.reason}
      disabled={!writable || room.full}
      icon={<PlusOutlined />}
      onClick={() => setEditing(0)}
      testId="coach-add"
    >
      {t('crud.add')}
    </ToolbarButton>
  );
  // The server's coach import asks for the add permission (there is no separate import button permission).
  const importButton = can('apply:coach:add') && (
    <ToolbarButton
      reason={reason ?? room.reason}
      disabled={!writable || room.full}
      icon={<UploadOutlined />}
      onClick={() => setImporting(true)}
      testId="coach-import"
    >
      {t('crud.import')}
    </ToolbarButton>
  );

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} className="apply-page">
      <ApplyHeader />
      <SearchForm<SearchValues>
        data-testid="coach-search"
        fields={[
          {
            name: 'keywords',
            label: t('crud.keywords'),
            node: <Input allowClear placeholder={t('apply.coach.keywords')} />,
          },
          {
            name: 'role',
            label: t('apply.coach.role'),
            node: (
              <Select
                allowClear
                options={COACH_ROLE_LIST.map((r) => ({ value: r, label: t(`apply.coachRole.${r}`) }))}
              />
            ),
          },
          { name: 'status', label: t('crud.status'), node: <DictSelect dictCode="audit_status" /> },
        ]}
        onSearch={(v) => setSearch(cleanParams(v))}
      />
      {ctx && (
        <ApplyList<CoachVO, Filters>
          queryKey={applyQueries.coaches()}
          request={applyApi.coaches.page}
          params={filters}
          columns={columns}
          card={card}
          rowKey="id"
          title={t('apply.coach.title')}
          data-testid="coach-table"
          toolbar={() => (
            <>
              <HeadroomNote text={room.text} full={room.full} />
              {addButton}
              {importButton}
            </>
          )}
        />
      )}
      {ctx && <CoachForm ctx={ctx} delegationId={delegationId} editing={editing} onClose={closeForm} onSaved={saved} />}
      <ImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        title={t('apply.coach.importTitle')}
        onTemplate={() => downloadFrom(() => applyApi.coaches.template(delegationId), 'coaches-template.xlsx')}
        upload={(file, mode, mapping) => applyApi.coaches.import(file, mode, delegationId, mapping)}
        onImported={() => refreshApply(applyQueries.coaches())}
      />
    </Space>
  );
}
