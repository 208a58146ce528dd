import { DownloadOutlined, PlusOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { type AthletePageQuery, type AthleteVO, maskIdNumber } from '@baton/contracts';
import { App, Avatar, Button, Card, Flex, Input, Select, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { applyApi, applyQueries } from '../../../api/apply';
import type { ListQuery } from '../../../api/request';
import { useTranslation } from '../../../app/i18n';
import { cleanParams, DictSelect, DictTag, downloadFrom, ImportDialog, SearchForm } from '../../../components/crud';
import { useBilingual, useEn } from '../../../hooks/language';
import { useMobile } from '../../../hooks/useMobile';
import { usePerm } from '../../../hooks/usePerm';
import { ApplyHeader } from '../ApplyHeader';
import { ApplyList } from '../ApplyList';
import { HeadroomNote, useHeadroom } from '../Headroom';
import { ReturnedAlert, RowDeleteButton, RowEditButton, StatusCell, ToolbarButton, useEditParam } from '../records';
import { readOnlyReason, refreshApply, useApplyContext } from '../shared';
import { AthleteForm } from './AthleteForm';
import '../apply.css';
import { NoIdNumberTag } from '../../../components/NoIdNumberTag';
import { useFileObjectUrl } from '../../../components/PrivateFile';

type Filters = Omit<ListQuery<AthletePageQuery>, 'pageNum' | 'pageSize'>;
interface SearchValues {
  keywords?: string;
  groupId?: number;
  status?: AthleteVO['status'];
}

/** Sports apply → Athletes: the delegation's athletes, the form, Excel import and export. */
export default function ApplyAthletePage() {
  const { t } = useTranslation();
  const bi = useBilingual();
  const en = useEn();
  const mobile = useMobile();
  const can = usePerm();
  const { message } = App.useApp();
  const { ctx, delegationId } = useApplyContext();
  const [search, setSearch] = useState<SearchValues>({});
  const [editing, setEditing] = useState<number | null>(null);
  const [importing, setImporting] = useState(false);
  const filters: Filters = { ...search, delegationId };
  const writable = Boolean(ctx?.writable);
  const reason = readOnlyReason(ctx, t);
  // The meeting's cap on athletes per delegation: adding is disabled at it, with the reason.
  const room = useHeadroom(ctx, 'athletes');

  useEditParam(setEditing);

  const closeForm = useCallback(() => setEditing(null), []);
  const saved = useCallback(() => refreshApply(applyQueries.athletes(), applyQueries.items()), []);

  const remove = async (ids: number[]) => {
    await applyApi.athletes.remove(ids, delegationId);
    message.success(t('crud.deleted'));
    refreshApply(applyQueries.athletes(), applyQueries.items());
  };

  /** Under audit: read-only. Approved: editable (back to audit) but not deletable. */
  const locked = (a: AthleteVO) => !writable || a.status === 'submitted';
  const removable = (a: AthleteVO) => writable && (a.status === 'draft' || a.status === 'returned');
  const groupName = (a: AthleteVO) => bi(a.groupName, a.groupNameEn);

  const editButton = (a: AthleteVO, block?: boolean) => (
    <RowEditButton locked={locked(a)} block={block} onClick={() => setEditing(a.id)} testId="athlete-edit" />
  );
  const deleteButton = (a: AthleteVO, block?: boolean) =>
    can('apply:athlete:delete') &&
    removable(a) && <RowDeleteButton block={block} onConfirm={() => remove([a.id])} testId="athlete-delete" />;

  const photo = (a: AthleteVO, size: number) => <AthletePhoto fileId={a.photoFileId} size={size} />;
  const entries = (a: AthleteVO) =>
    a.entries.length ? (
      <Space size={[4, 4]} wrap>
        {a.entries.map((e) => (
          <Tag key={e.groupItemId}>{en ? e.itemNameEn || e.itemCode : e.itemName}</Tag>
        ))}
      </Space>
    ) : (
      <Typography.Text type="secondary">{t('apply.athlete.noEntries')}</Typography.Text>
    );

  const columns: TableColumnsType<AthleteVO> = [
    { title: t('apply.athlete.photo'), key: 'photo', width: 64, render: (_, a) => photo(a, 36) },
    {
      title: t('apply.athlete.name'),
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      render: (_, a) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{a.name}</Typography.Text>
          {a.nameEn && <Typography.Text type="secondary">{a.nameEn}</Typography.Text>}
        </Space>
      ),
    },
    { title: t('apply.genderLabel'), dataIndex: 'gender', render: (g: 'M' | 'F') => t(`apply.gender.${g}`) },
    { title: t('apply.athlete.birthDate'), dataIndex: 'birthDate', render: (d: string) => d.slice(0, 10) },
    { title: t('apply.athlete.group'), key: 'groupId', sorter: true, render: (_, a) => groupName(a) },
    {
      title: t('apply.idNumber'),
      dataIndex: 'idNumber',
      render: (v: string | null) => (v === null ? <NoIdNumberTag /> : maskIdNumber(v)),
    },
    { title: t('apply.athlete.entries'), key: 'entries', render: (_, a) => entries(a) },
    {
      title: t('crud.status'),
      key: 'status',
      sorter: true,
      render: (_, a) => <StatusCell {...a} testId="athlete-reason" />,
    },
    {
      title: t('crud.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, a) => (
        <Space size={0}>
          {editButton(a)}
          {deleteButton(a)}
        </Space>
      ),
    },
  ];

  const card = (a: AthleteVO) => (
    <Card size="small" data-testid={`athlete-card-${a.id}`}>
      <Flex gap={12}>
        {photo(a, 60)}
        <Flex vertical gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Flex justify="space-between" gap={8}>
            <Typography.Text strong ellipsis>
              {a.name}
              {a.nameEn && <Typography.Text type="secondary"> {a.nameEn}</Typography.Text>}
            </Typography.Text>
            <DictTag dictCode="audit_status" value={a.status} />
          </Flex>
          <Typography.Text type="secondary">
            {t(`apply.gender.${a.gender}`)} · {a.birthDate.slice(0, 10)} · {groupName(a)}
          </Typography.Text>
          {a.idNumber === null && (
            <div>
              <NoIdNumberTag />
            </div>
          )}
          {entries(a)}
        </Flex>
      </Flex>
      <ReturnedAlert {...a} style={{ marginTop: 8 }} testId="athlete-reason" />
      <Flex gap={8} style={{ marginTop: 12 }}>
        {editButton(a, true)}
        {deleteButton(a, true)}
      </Flex>
    </Card>
  );

  const addButton = can('apply:athlete:add') && (
    <ToolbarButton
      primary
      reason={reason ?? room.reason}
      disabled={!writable || room.full}
      icon={<PlusOutlined />}
      onClick={() => setEditing(0)}
      testId="athlete-add"
    >
      {t('crud.add')}
    </ToolbarButton>
  );
  const importButton = can('apply:athlete:import') && (
    <ToolbarButton
      reason={reason ?? room.reason}
      disabled={!writable || room.full}
      icon={<UploadOutlined />}
      onClick={() => setImporting(true)}
      testId="athlete-import"
    >
      {t('crud.import')}
    </ToolbarButton>
  );

  // Reading, not writing: offered also while the delegation is under audit or registration is closed.
  const exportButton = can('apply:athlete:query') && (
    <Button
      key="export"
      icon={<DownloadOutlined />}
      onClick={() => void downloadFrom(() => applyApi.athletes.export(delegationId), 'athletes.xlsx')}
      size={mobile ? 'large' : undefined}
      data-testid="athlete-export"
    >
      {t('crud.export')}
    </Button>
  );

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} className="apply-page">
      <ApplyHeader />
      <SearchForm<SearchValues>
        data-testid="athlete-search"
        fields={[
          {
            name: 'keywords',
            label: t('crud.keywords'),
            node: <Input allowClear placeholder={t('apply.athlete.keywords')} data-testid="athlete-keywords" />,
          },
          {
            name: 'groupId',
            label: t('apply.athlete.group'),
            node: (
              <Select
                allowClear
                options={(ctx?.groups ?? []).map((g) => ({ value: g.id, label: bi(g.name, g.nameEn) }))}
              />
            ),
          },
          { name: 'status', label: t('crud.status'), node: <DictSelect dictCode="audit_status" /> },
        ]}
        onSearch={(v) => setSearch(cleanParams(v))}
      />
      {ctx && (
        <ApplyList<AthleteVO, Filters>
          queryKey={applyQueries.athletes()}
          request={applyApi.athletes.page}
          params={filters}
          columns={columns}
          card={card}
          rowKey="id"
          title={t('apply.athlete.title')}
          data-testid="athlete-table"
          toolbar={() => (
            <>
              <HeadroomNote text={room.text} full={room.full} />
              {addButton}
              {importButton}
              {exportButton}
            </>
          )}
        />
      )}
      {ctx && (
        <AthleteForm ctx={ctx} delegationId={delegationId} editing={editing} onClose={closeForm} onSaved={saved} />
      )}
      <ImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        title={t('apply.athlete.importTitle')}
        onTemplate={() => downloadFrom(() => applyApi.athletes.template(delegationId), 'athletes-template.xlsx')}
        onSchoolTemplate={() =>
          downloadFrom(() => applyApi.athletes.template(delegationId, 'school'), 'athletes-school-template.xlsx')
        }
        upload={(file, mode, mapping) => applyApi.athletes.import(file, mode, delegationId, mapping)}
        onImported={() => refreshApply(applyQueries.athletes())}
      />
    </Space>
  );
}

/** The list's thumbnail of an athlete's photo (private: fetched with the token). */
function AthletePhoto({ fileId, size }: { fileId: string | null; size: number }) {
  const url = useFileObjectUrl(fileId);
  return (
    <Avatar
      shape="square"
      size={size}
      src={url}
      icon={<UserOutlined />}
      style={{ height: (size * 4) / 3, flex: 'none' }}
    />
  );
}
