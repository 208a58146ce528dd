import type { ImportReport } from '@baton/contracts';
import { Alert, Button, Space, Spin } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import type { WriteMode } from '../../api/request';
import { useTranslation } from '../../app/i18n';
import { useBusy } from '../../hooks/useBusy';
import { toImportLog } from '../Editor/importLog';
import './ImportDialog.css';

/** CodeMirror stays out of the page's chunk until a report is shown. */
const Editor = lazy(() => import('../Editor').then((m) => ({ default: m.Editor })));

/**
 * An import, batch or choose report: the summary (and `description` under it), then `children`,
 * then the row lines in the log-mode editor.
 */
export function ReportView({
  report,
  description,
  height = 200,
  children,
}: {
  report: ImportReport;
  description?: ReactNode;
  /** The editor's height in px. */
  height?: number;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  return (
    <div data-testid="import-report">
      <Alert
        showIcon
        type={report.invalid === 0 && report.imported > 0 ? 'success' : report.imported > 0 ? 'info' : 'warning'}
        title={t('crud.importDialog.summary', report)}
        description={description}
        style={{ marginBottom: 12 }}
      />
      {children}
      <Suspense fallback={<Spin />}>
        <Editor mode="log" value={toImportLog(report, i18n.language)} height={height} border readOnly />
      </Suspense>
    </div>
  );
}

/** Whether a report may be retried with the valid rows only (nothing written, some rows good). */
export const canRetryValid = (r: ImportReport | null) => Boolean(r && r.imported === 0 && r.invalid > 0 && r.valid > 0);

/**
 * The footer of a dialog that sends rows and shows the server's report: cancel (close once there
 * is a report), the valid rows only when that may help, and the send before any report. Test ids
 * `<testId>-valid-only`, `<testId>-submit`.
 */
export function ReportFooter({
  report,
  busy,
  onClose,
  onSend,
  submitDisabled,
  submitText,
  testId,
}: {
  report: ImportReport | null;
  busy: boolean;
  onClose: () => void;
  onSend: (mode: WriteMode) => void;
  submitDisabled?: boolean;
  /** Default "confirm". */
  submitText?: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Space wrap className="import-dialog-footer">
      <Button onClick={onClose}>{report ? t('crud.importDialog.close') : t('common.cancel')}</Button>
      {canRetryValid(report) && (
        <Button
          type="primary"
          danger
          loading={busy}
          onClick={() => onSend('valid-only')}
          data-testid={`${testId}-valid-only`}
        >
          {t('crud.importDialog.validOnly', { count: report?.valid ?? 0 })}
        </Button>
      )}
      {!report && (
        <Button
          type="primary"
          loading={busy}
          disabled={submitDisabled}
          onClick={() => onSend('all-or-nothing')}
          data-testid={`${testId}-submit`}
        >
          {submitText ?? t('common.confirm')}
        </Button>
      )}
    </Space>
  );
}

/**
 * A write that answers a row report: `send(write)` keeps the report (busy meanwhile; a failure has
 * been shown by the request layer), and calls `onWritten` when rows were written.
 */
export function useReport(onWritten?: (report: ImportReport) => void) {
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, run] = useBusy();
  const send = (write: () => Promise<ImportReport>) =>
    run(async () => {
      const answer = await write();
      setReport(answer);
      if (answer.imported > 0) onWritten?.(answer);
    });
  return { report, setReport, busy, send };
}
