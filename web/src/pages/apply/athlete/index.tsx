import { DownloadOutlined, UserOutlined } from '@ant-design/icons';
import { type AthletePageQuery, type AthleteVO, maskIdNumber } from '@baton/contracts';
import { Avatar, Button, Card, Flex, Select, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { applyApi, applyQueries } from '../../../api/apply';
import type { ListQuery } from '../../../api/request';
import { useTranslation } from '../../../app/i18n';
import { DictTag, downloadFrom, keywordsField } from '../../../components/crud';
import { useBilingual, useEn } from '../../../hooks/language';
import { useMobile } from '../../../hooks/useMobile';
import { usePerm } from '../../../hooks/usePerm';
import { RecordPage, useRecordList } from '../RecordPage';
import { ReturnedAlert } from '../records';
import { AthleteForm } from './AthleteForm';
import '../apply.css';
import { NoIdNumberTag } from '../../../components/NoIdNumberTag';
import { useFileObjectUrl } from '../../../components/PrivateFile';

type Filters = Omit<ListQuery<AthletePageQuery>, 'pageNum' | 'pageSize'>;

/** Sports apply → Athletes: the delegation's athletes, the form, Excel import and export. */
export default function ApplyAthletePage() {
  const { t } = useTranslation();
  const bi = useBilingual();
  const en = useEn();
  const mobile = useMobile();
  const can = usePerm();
  const list = useRecordList<AthleteVO, Filters>({
    api: applyApi.athletes,
    kind: 'athletes',
    name: 'athlete',
    deletable: can('apply:athlete:delete'),
    alsoRefresh: [applyQueries.items()],
  });
  const { ctx, delegationId } = list;
  const groupName = (a: AthleteVO) => bi(a.groupName, a.groupNameEn);

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
      {list.buttons(a, true)}
    </Card>
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
    <RecordPage<AthleteVO, Filters>
      list={list}
      search={[
        keywordsField(t('apply.athlete.keywords'), 'athlete-keywords'),
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
      ]}
      columns={columns}
      sortable
      card={card}
      canAdd={can('apply:athlete:add')}
      canImport={can('apply:athlete:import')}
      toolbar={exportButton}
      form={AthleteForm}
      importing={{
        onSchoolTemplate: () =>
          downloadFrom(() => applyApi.athletes.template(delegationId, 'school'), 'athletes-school-template.xlsx'),
      }}
    />
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
