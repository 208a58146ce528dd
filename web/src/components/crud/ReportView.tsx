import type { ImportReport } from '@baton/contracts';
import { Alert, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../app/i18n';
import { toImportLog } from '../Editor/importLog';

/** CodeMirror stays out of the page's chunk until a report is shown. */
const Editor = lazy(() => import('../Editor').then((m) => ({ default: m.Editor })));

/** A batch or choose report: the summary and the row lines in the log-mode editor. */
export function ReportView({ report }: { report: ImportReport }) {
  const { t, i18n } = useTranslation();
  return (
    <div data-testid="import-report">
      <Alert
        showIcon
        type={report.invalid === 0 && report.imported > 0 ? 'success' : report.imported > 0 ? 'info' : 'warning'}
        title={t('crud.importDialog.summary', report)}
        style={{ marginBottom: 12 }}
      />
      <Suspense fallback={<Spin />}>
        <Editor mode="log" value={toImportLog(report, i18n.language)} height={200} border readOnly />
      </Suspense>
    </div>
  );
}

/** Whether a report may be retried with the valid rows only (nothing written, some rows good). */
export const canRetryValid = (r: ImportReport | null) => Boolean(r && r.imported === 0 && r.invalid > 0 && r.valid > 0);
