import { DownloadOutlined } from '@ant-design/icons';
import type { ExportJobVO } from '@baton/contracts';
import { Alert, App, Button, Modal } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { ExportJobApi } from '../../api/request';
import { useTranslation } from '../../app/i18n';
import { useJob } from '../../hooks/useJob';
import { JobProgress } from '../JobProgress';
import { downloadFrom } from './download';

/**
 * The export button of a big list (the logs): the export runs as a job on the server, a dialog
 * shows its progress (rows written of all), and the file downloads by itself once made.
 * `params` are the list's filters; `fallback` the file's name if the server gives none.
 */
export function ExportJobButton<P extends object>({
  api,
  params,
  fallback,
  testId,
}: {
  api: ExportJobApi<P>;
  params: P;
  fallback: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const { jobOf, follow, reset } = useJob<ExportJobVO>((_, id) => api.job(id));
  const job = jobOf(0);
  // Once made, the file downloads once and the dialog closes.
  const saved = useRef<string | null>(null);
  useEffect(() => {
    if (job?.status !== 'done' || saved.current === job.id) return;
    saved.current = job.id;
    void downloadFrom(() => api.file(job.id), fallback).then((name) => {
      if (name) message.success(t('crud.exported', { name }));
      reset();
    });
  }, [job, api, fallback, message, t, reset]);

  const start = async () => {
    setBusy(true);
    try {
      follow(0, await api.start(params));
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        icon={<DownloadOutlined />}
        loading={busy || job?.status === 'running'}
        onClick={() => void start()}
        data-testid={testId}
      >
        {t('crud.export')}
      </Button>
      <Modal
        open={!!job}
        title={t('crud.exporting')}
        onCancel={reset}
        footer={null}
        destroyOnHidden
        data-testid={`${testId}-job`}
      >
        {job && (
          <JobProgress
            job={job}
            label={t('crud.exportProgress')}
            running={
              job.total <= 1
                ? t('crud.exportReading')
                : t('crud.exportRunning', { done: job.done, total: job.total - 1 })
            }
            testId={`${testId}-progress`}
          />
        )}
        {job?.status === 'failed' && <Alert type="error" showIcon title={job.error ?? t('common.systemError')} />}
      </Modal>
    </>
  );
}
