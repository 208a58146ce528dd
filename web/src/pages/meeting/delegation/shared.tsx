import type { AreaCodeVO, ImportReport } from '@baton/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { pickApi } from '../../../api/meeting';
import { useTranslation } from '../../../app/i18n';
import { toImportLog } from '../../../components/Editor/importLog';
import { useBilingual } from '../../system/shared';

/** CodeMirror stays out of the page's chunk until a report is shown. */
const Editor = lazy(() => import('../../../components/Editor').then((m) => ({ default: m.Editor })));

export interface AreaNode {
  value: number;
  title: string;
  key: number;
  code: string;
  children: AreaNode[];
}

/** The area code tree as TreeSelect data, `code name` in the interface language. */
export function useAreaTree(enabled = true) {
  const pick = useBilingual();
  const query = useQuery({ queryKey: ['meeting-area-codes'], queryFn: pickApi.codes, enabled, staleTime: 60_000 });
  const toNodes = (list: readonly AreaCodeVO[]): AreaNode[] =>
    list.map((c) => ({
      value: c.id,
      key: c.id,
      code: c.code,
      title: `${c.code} ${pick(c.name, c.nameEn)}`,
      children: toNodes(c.children ?? []),
    }));
  return { ...query, tree: toNodes(query.data ?? []) };
}

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
