import { type CoachPageQuery, type CoachVO, maskPhone } from '@baton/contracts';
import { Card, Flex, Select, type TableColumnsType, Tag, Typography } from 'antd';
import { applyApi } from '../../../api/apply';
import type { ListQuery } from '../../../api/request';
import { useTranslation } from '../../../app/i18n';
import { DictTag, keywordsField } from '../../../components/crud';
import { usePerm } from '../../../hooks/usePerm';
import { RecordPage, useRecordList } from '../RecordPage';
import { ReturnedAlert, useCoachRoleOptions } from '../records';
import { CoachForm } from './CoachForm';
import '../apply.css';

type Filters = Omit<ListQuery<CoachPageQuery>, 'pageNum' | 'pageSize'>;
/** Sports apply → Coaches: the delegation's coaches and officials, the form, Excel import. */
export default function ApplyCoachPage() {
  const { t } = useTranslation();
  const can = usePerm();
  const roles = useCoachRoleOptions();
  const list = useRecordList<CoachVO, Filters>({
    api: applyApi.coaches,
    kind: 'coaches',
    name: 'coach',
    deletable: can('apply:coach:delete'),
  });

  const role = (c: CoachVO) => (
    <Tag color="blue" data-testid="coach-role">
      {t(`apply.coachRole.${c.role}`)}
    </Tag>
  );
  const columns: TableColumnsType<CoachVO> = [
    {
      title: t('apply.coach.name'),
      dataIndex: 'name',
      render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
    },
    { title: t('apply.coach.role'), key: 'role', render: (_, c) => role(c) },
    { title: t('apply.genderLabel'), dataIndex: 'gender', render: (g: 'M' | 'F') => t(`apply.gender.${g}`) },
    { title: t('apply.coach.mobile'), dataIndex: 'mobile', render: (v: string | null) => (v ? maskPhone(v) : '—') },
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
      {list.buttons(c, true)}
    </Card>
  );

  return (
    <RecordPage<CoachVO, Filters>
      list={list}
      search={[
        keywordsField(t('apply.coach.keywords')),
        { name: 'role', label: t('apply.coach.role'), node: <Select allowClear options={roles} /> },
      ]}
      columns={columns}
      card={card}
      canAdd={can('apply:coach:add')}
      // The server's coach import asks for the add permission (there is no separate import permission).
      canImport={can('apply:coach:add')}
      form={CoachForm}
    />
  );
}
