import { WarningOutlined } from '@ant-design/icons';
import type { ImportColumnVO, ImportReport, ImportSheetVO } from '@baton/contracts';
import { Alert, Flex, Select, Table, type TableColumnsType, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from '../../app/i18n';

/** The Select's value for "leave the column out" (a Select option cannot carry null). */
const LEAVE_OUT = '';

/** Spreadsheet column letters: 0 → A, 25 → Z, 26 → AA. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/** The required fields no column fills: the import cannot run until each has one. */
export function missingRequired(sheet: ImportSheetVO | undefined): ImportSheetVO['fields'] {
  if (!sheet) return [];
  const mapped = new Set(sheet.columns.map((c) => c.key).filter(Boolean));
  return sheet.fields.filter((f) => f.required && !mapped.has(f.key));
}

const BY_COLOR: Record<ImportColumnVO['by'], string | undefined> = {
  title: 'green',
  synonym: 'blue',
  user: 'purple',
  none: undefined,
};

export interface ImportPreviewProps {
  /** The answer of the import in `preview` mode (nothing was written). */
  report: ImportReport;
  /** True while a preview with a new mapping is on its way: the pickers wait for it. */
  busy: boolean;
  /** The user chose the field of a column (null: leave it out). */
  onRemap: (index: number, key: string | null) => void;
}

/**
 * What an import would do, before it does it: the sheet's columns as the server understood them
 * (each with a picker to re-map it or leave it out), required fields no column fills, what would be
 * created, notices, the rows as read and the problems row by row.
 */
export function ImportPreview({ report, busy, onRemap }: ImportPreviewProps) {
  const { t } = useTranslation();
  const sheet = report.sheet;
  const missing = missingRequired(sheet);
  const errors = [...report.errors].sort((a, b) => a.row - b.row);
  const rowsWithErrors = new Set(errors.map((e) => e.row));
  const labelOf = new Map((sheet?.fields ?? []).map((f) => [f.key, f.label]));

  const tabs = [];
  if (sheet) {
    tabs.push({
      key: 'columns',
      label: `${t('crud.importDialog.columns')} (${sheet.columns.length})`,
      children: <ColumnsView sheet={sheet} busy={busy} onRemap={onRemap} />,
    });
    tabs.push({
      key: 'rows',
      label: `${t('crud.importDialog.rows')} (${report.total})`,
      children: <RowsView sheet={sheet} total={report.total} rowsWithErrors={rowsWithErrors} />,
    });
  }
  tabs.push({
    key: 'problems',
    label: (
      <span data-testid="import-problems-tab">
        {t('crud.importDialog.problems')} ({errors.length})
      </span>
    ),
    children:
      errors.length === 0 ? (
        <Alert type="success" showIcon title={t('crud.importDialog.noProblems')} data-testid="import-no-problems" />
      ) : (
        <ul className="import-problems" data-testid="import-problems">
          {errors.map((e, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a row may have several problems on one field; the list never reorders
            <li key={i}>
              <Typography.Text strong>{t('crud.importDialog.rowN', { row: e.row })}</Typography.Text>
              {e.field ? (
                <Typography.Text type="secondary"> · {labelOf.get(e.field) ?? e.field}</Typography.Text>
              ) : null}
              <div>{e.message}</div>
            </li>
          ))}
        </ul>
      ),
  });

  return (
    <Flex vertical gap={12} data-testid="import-preview">
      <Alert
        showIcon
        type={report.invalid > 0 || missing.length > 0 ? 'warning' : 'info'}
        title={t(missing.length > 0 ? 'crud.importDialog.previewBlocked' : 'crud.importDialog.previewSummary', report)}
        description={
          sheet || report.encoding ? (
            <Typography.Text type="secondary">
              {[
                sheet ? t('crud.importDialog.headerRow', { row: sheet.headerRow }) : null,
                report.encoding ? t('crud.importDialog.encoding', { encoding: report.encoding }) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography.Text>
          ) : undefined
        }
        data-testid="import-preview-summary"
      />
      {missing.length > 0 && (
        <Alert
          type="error"
          showIcon
          title={t('crud.importDialog.missingRequired', { fields: missing.map((f) => f.label).join('、') })}
          data-testid="import-missing"
        />
      )}
      {report.creates && report.creates.length > 0 && (
        <Flex wrap gap={8} align="center" data-testid="import-creates">
          <Typography.Text>{t('crud.importDialog.creates')}</Typography.Text>
          {report.creates.map((c) => (
            <Tag key={c.what} color="processing" data-testid={`import-creates-${c.what}`}>
              {c.label} {c.count}
            </Tag>
          ))}
        </Flex>
      )}
      {report.notices && report.notices.length > 0 && (
        <Alert
          type="info"
          showIcon
          title={report.notices.length === 1 ? report.notices[0] : t('crud.importDialog.notices')}
          description={
            report.notices.length > 1 ? (
              <ul className="import-notices">
                {report.notices.map((n) => (
                  <li key={n}>{n}</li>
                ))}
              </ul>
            ) : undefined
          }
          data-testid="import-notices"
        />
      )}
      <Tabs size="small" defaultActiveKey={sheet ? 'columns' : 'problems'} items={tabs} />
    </Flex>
  );
}

/** One line per sheet column: its letter and header, how it was recognised, and the field picker. */
function ColumnsView({
  sheet,
  busy,
  onRemap,
}: {
  sheet: ImportSheetVO;
  busy: boolean;
  onRemap: ImportPreviewProps['onRemap'];
}) {
  const { t } = useTranslation();
  const options = [
    { value: LEAVE_OUT, label: t('crud.importDialog.leaveOut') },
    ...sheet.fields.map((f) => ({
      value: f.key,
      label: f.required ? t('crud.importDialog.requiredField', { label: f.label }) : f.label,
    })),
  ];
  return (
    <Flex vertical gap={8} data-testid="import-columns">
      <Typography.Text type="secondary">{t('crud.importDialog.remapHint')}</Typography.Text>
      {sheet.columns.map((c) => (
        <Flex
          key={c.index}
          wrap
          gap={8}
          align="center"
          className={c.key ? 'import-column' : 'import-column import-column--unused'}
          data-testid={`import-column-${c.index}`}
        >
          <Flex gap={8} align="center" className="import-column-header">
            <Tag className="import-column-letter">{columnLetter(c.index)}</Tag>
            <Typography.Text ellipsis={{ tooltip: c.header }} data-testid="import-column-header">
              {c.header || '—'}
            </Typography.Text>
            <Tag color={BY_COLOR[c.by]} data-testid="import-column-by">
              {t(`crud.importDialog.by.${c.by}`)}
            </Tag>
          </Flex>
          <Select
            className="import-column-select"
            value={c.key ?? LEAVE_OUT}
            options={options}
            disabled={busy}
            aria-label={`${t('crud.importDialog.field')}: ${columnLetter(c.index)} ${c.header}`}
            onChange={(v: string) => onRemap(c.index, v === LEAVE_OUT ? null : v)}
            data-testid={`import-map-${c.index}`}
          />
        </Flex>
      ))}
    </Flex>
  );
}

type SheetRow = ImportSheetVO['rows'][number];

/** The rows as the import read them, one column per mapped field; a row with problems is marked. */
function RowsView({
  sheet,
  total,
  rowsWithErrors,
}: {
  sheet: ImportSheetVO;
  total: number;
  rowsWithErrors: Set<number>;
}) {
  const { t } = useTranslation();
  const labelOf = new Map(sheet.fields.map((f) => [f.key, f.label]));
  const keys = [...new Set(sheet.columns.map((c) => c.key).filter((k): k is string => Boolean(k)))];
  const columns: TableColumnsType<SheetRow> = [
    {
      title: t('crud.importDialog.row'),
      key: 'row',
      width: 64,
      fixed: 'left',
      render: (_, r) =>
        rowsWithErrors.has(r.row) ? (
          <Typography.Text type="danger" title={t('crud.importDialog.rowHasProblems', { row: r.row })}>
            <WarningOutlined /> {r.row}
          </Typography.Text>
        ) : (
          r.row
        ),
    },
    ...keys.map((key) => ({
      title: labelOf.get(key) ?? key,
      key,
      ellipsis: true,
      render: (_: unknown, r: SheetRow) => r.values[key] ?? '',
    })),
  ];
  return (
    <Flex vertical gap={8}>
      <Table<SheetRow>
        size="small"
        rowKey="row"
        columns={columns}
        dataSource={sheet.rows}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 10, size: 'small', hideOnSinglePage: true, showSizeChanger: false }}
        rowClassName={(r) => (rowsWithErrors.has(r.row) ? 'import-row--problem' : '')}
        data-testid="import-rows"
      />
      {total > sheet.rows.length && (
        <Typography.Text type="secondary">
          {t('crud.importDialog.moreRows', { shown: sheet.rows.length, total })}
        </Typography.Text>
      )}
    </Flex>
  );
}
