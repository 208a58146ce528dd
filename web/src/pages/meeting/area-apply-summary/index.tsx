import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import type { AreaSummaryRow } from '@baton/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Progress, Space, Table, type TableColumnsType, Tooltip, Typography } from 'antd';
import { areaApi, areaQueries } from '../../../api/areas';
import { useTranslation } from '../../../app/i18n';
import { downloadFrom } from '../../../components/crud';
import { MeetingPicker, NoMeeting, useMeetingSelection } from '../../../components/MeetingPicker';
import { Perm } from '../../../components/Perm';
import { useBilingual } from '../../../hooks/language';

/** Meeting management → Area apply summary: per area, delegations, athletes, coaches, entries, audit progress. */
export default function AreaApplySummaryPage() {
  const { t } = useTranslation();
  const pick = useBilingual();
  const selection = useMeetingSelection();
  const { meetingId } = selection;
  const summary = useQuery({ ...areaQueries.summary(meetingId), enabled: Boolean(meetingId) });

  const areaLabel = (r: AreaSummaryRow) =>
    r.areaCodeId === null ? t('meeting.summary.noArea') : `${r.areaCode ?? ''} ${pick(r.areaName, r.areaNameEn)}`;

  const columns: TableColumnsType<AreaSummaryRow> = [
    { title: t('meeting.summary.area'), key: 'area', render: (_, r) => areaLabel(r), fixed: 'left' },
    { title: t('meeting.summary.delegations'), dataIndex: 'delegations', align: 'right' },
    { title: t('meeting.summary.athletes'), dataIndex: 'athletes', align: 'right' },
    { title: t('meeting.summary.coaches'), dataIndex: 'coaches', align: 'right' },
    { title: t('meeting.summary.entries'), dataIndex: 'entries', align: 'right' },
    { title: t('meeting.summary.relayTeams'), dataIndex: 'relayTeams', align: 'right' },
    {
      title: t('meeting.summary.audit'),
      key: 'audit',
      width: 200,
      render: (_, r) => (
        <Tooltip
          title={t('meeting.summary.auditDetail', {
            draft: r.athletesDraft,
            submitted: r.athletesSubmitted,
            approved: r.athletesApproved,
            returned: r.athletesReturned,
          })}
        >
          <Progress percent={Math.round(r.auditProgress * 100)} size="small" style={{ minWidth: 140, margin: 0 }} />
        </Tooltip>
      ),
    },
  ];

  const total = summary.data?.total;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} className="meeting-area-summary">
      <MeetingPicker selection={selection} />
      {meetingId ? (
        <Card
          variant="borderless"
          title={t('meeting.summary.title')}
          extra={
            <Space wrap>
              <Button icon={<ReloadOutlined />} onClick={() => void summary.refetch()}>
                {t('meeting.summary.refresh')}
              </Button>
              <Perm value="meeting:area-summary:export">
                <Button
                  icon={<DownloadOutlined />}
                  onClick={() => void downloadFrom(() => areaApi.exportSummary(meetingId), 'area-summary.xlsx')}
                  data-testid="summary-export"
                >
                  {t('crud.export')}
                </Button>
              </Perm>
            </Space>
          }
          styles={{ header: { flexWrap: 'wrap', gap: 8, paddingBlock: 8 } }}
          data-testid="area-summary"
        >
          <Table<AreaSummaryRow>
            size="middle"
            rowKey={(r) => String(r.areaCodeId ?? 'none')}
            columns={columns}
            dataSource={summary.data?.rows ?? []}
            loading={summary.isFetching}
            pagination={false}
            scroll={{ x: 'max-content' }}
            summary={() =>
              total ? (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>
                    <Typography.Text strong>{t('meeting.summary.total')}</Typography.Text>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={1} align="right">
                    {total.delegations}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={2} align="right">
                    {total.athletes}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={3} align="right">
                    {total.coaches}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={4} align="right">
                    {total.entries}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={5} align="right">
                    {total.relayTeams}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={6}>
                    <Progress percent={Math.round(total.auditProgress * 100)} size="small" style={{ margin: 0 }} />
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              ) : null
            }
            data-testid="area-summary-table"
          />
        </Card>
      ) : (
        <NoMeeting loading={selection.loading} />
      )}
    </Space>
  );
}
