/**
 * "Generate all" (issue 7): one job makes the first-round start list of every event of the
 * meeting that has none yet; the dialog follows its progress (issue 24, `useJob`), then says how
 * many were made and why the others were skipped. Shown to those who may generate start lists
 * in the meeting.
 */
import { ThunderboltOutlined } from '@ant-design/icons';
import type { StartListGenerateAllVO, StartListJobVO } from '@baton/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, List, Modal, Popconfirm, Space, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { competitionQueries } from '../../../api/competition';
import { startListApi } from '../../../api/competition-startlists';
import { useTranslation } from '../../../app/i18n';
import { JobProgress } from '../../../components/JobProgress';
import { useJob } from '../../../hooks/useJob';
import { useEventLabel } from '../shared';
import { MissingBibs } from './MissingBibs';

export function GenerateAll({ meetingId }: { meetingId: number }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const label = useEventLabel();
  const { jobOf, follow, reset } = useJob<StartListJobVO>(startListApi.generateAllJob);
  const job = jobOf(meetingId);
  const result = job?.result ?? null;
  const all = useMutation({
    mutationFn: () => startListApi.generateAll(meetingId, {}),
    onSuccess: (started) => follow(meetingId, started),
  });
  // Once a job is done, the events and rounds on the page are read again (once per job).
  const refreshed = useRef<string | null>(null);
  useEffect(() => {
    if (job?.status !== 'done' || refreshed.current === job.id) return;
    refreshed.current = job.id;
    void qc.invalidateQueries({ queryKey: competitionQueries.events(meetingId).queryKey });
    void qc.invalidateQueries({ queryKey: competitionQueries.rounds() });
  }, [job, meetingId, qc]);
  const reason = (s: StartListGenerateAllVO['skipped'][number]) =>
    t(`startlist.all.reason.${s.reason}`, {
      status: s.status ? t(`comp.status.${s.status}`) : '',
      count: s.waiting,
    });
  return (
    <>
      <Popconfirm
        title={t('startlist.all.title')}
        description={<div style={{ maxWidth: 300 }}>{t('startlist.all.confirm')}</div>}
        onConfirm={() => all.mutate()}
      >
        <Button
          icon={<ThunderboltOutlined />}
          loading={all.isPending || job?.status === 'running'}
          data-testid="sl-generate-all"
        >
          {t('startlist.all.button')}
        </Button>
      </Popconfirm>
      <Modal
        open={!!job}
        title={t('startlist.all.title')}
        onCancel={reset}
        footer={
          <Button type="primary" onClick={reset} disabled={job?.status === 'running'} data-testid="sl-all-close">
            {t('common.confirm')}
          </Button>
        }
        data-testid="sl-all-result"
      >
        {job && (
          <Space orientation="vertical" size={12} style={{ width: '100%', marginBottom: 12 }}>
            <JobProgress
              job={job}
              label={t('startlist.all.progress')}
              running={t('startlist.all.running', { done: job.done, total: job.total })}
              testId="sl-all-progress"
            />
            {job.status === 'failed' && <Alert type="error" showIcon title={job.error ?? t('startlist.all.failed')} />}
          </Space>
        )}
        {result && (
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            <Alert
              type={result.made.length ? 'success' : 'info'}
              showIcon
              title={
                result.made.length
                  ? t('startlist.all.made', { events: result.made.length, starts: result.starts })
                  : t('startlist.all.none')
              }
              data-testid="sl-all-summary"
            />
            {result.absentLeftOut ? (
              <Alert
                type="warning"
                showIcon
                title={t('startlist.all.absentLeftOut', { count: result.absentLeftOut })}
                data-testid="sl-all-absent"
              />
            ) : null}
            <MissingBibs meetingId={meetingId} count={result.missingBibs} manage all />
            <SummaryList
              title={t('startlist.all.madeList')}
              rows={result.made.map((m) => ({
                key: m.roundId,
                label: label(m),
                note: m.absentLeftOut
                  ? t('startlist.all.heatsStartsAbsent', { heats: m.heats, starts: m.starts, absent: m.absentLeftOut })
                  : t('startlist.all.heatsStarts', { heats: m.heats, starts: m.starts }),
              }))}
              testId="sl-all-made"
            />
            <SummaryList
              title={t('startlist.all.skippedList', { count: result.skipped.length })}
              rows={result.skipped.map((s) => ({ key: s.groupItemId, label: label(s), note: reason(s) }))}
              testId="sl-all-skipped"
            />
          </Space>
        )}
      </Modal>
    </>
  );
}

/** One list of the summary (events made, events skipped): a title, then a row per event; nothing when empty. */
function SummaryList({
  title,
  rows,
  testId,
}: {
  title: string;
  rows: { key: number; label: string; note: string }[];
  testId: string;
}) {
  if (!rows.length) return null;
  return (
    <div>
      <Typography.Text strong>{title}</Typography.Text>
      <List
        size="small"
        style={{ maxHeight: 260, overflowY: 'auto' }}
        dataSource={rows}
        rowKey="key"
        renderItem={(r) => (
          <List.Item data-testid={testId}>
            <Typography.Text>{r.label}</Typography.Text>
            <Typography.Text type="secondary">{r.note}</Typography.Text>
          </List.Item>
        )}
      />
    </div>
  );
}
