import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import type { ImportReport } from '@baton/contracts';
import { Alert, Button, Modal, Space, Spin, Typography, Upload } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from '../../app/i18n';
import { toImportLog } from '../Editor/importLog';

/** CodeMirror stays out of the page's chunk until a report is shown. */
const Editor = lazy(() => import('../Editor').then((m) => ({ default: m.Editor })));

export type ImportMode = 'all-or-nothing' | 'valid-only';

export interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
  title?: ReactNode;
  /** Downloads the template (e.g. `() => downloadFrom(userApi.template)`). */
  onTemplate: () => Promise<unknown>;
  /** Sends the file; `all-or-nothing` first, `valid-only` when the user asks to import the good rows. */
  upload: (file: File, mode: ImportMode) => Promise<ImportReport>;
  /** Fields the import needs besides the file (e.g. a department picker), shown above the drop zone. */
  extra?: ReactNode;
  /** False while `extra` is incomplete: the import button stays disabled. */
  ready?: boolean;
  /** After rows were written (to reload the table). */
  onImported?: (report: ImportReport) => void;
  /** File types the picker offers; default `.xlsx`. */
  accept?: string;
}

/**
 * The import dialog of every list: template download, an .xlsx picked or dropped, the server's
 * row-by-row report in the log-mode editor, and — when rows failed and nothing was written — the
 * choice to import the valid rows only.
 */
export function ImportDialog({
  open,
  onClose,
  title,
  onTemplate,
  upload,
  extra,
  ready = true,
  onImported,
  accept = '.xlsx',
}: ImportDialogProps) {
  const { t, i18n } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setFile(null);
    setReport(null);
    onClose();
  };

  const send = async (mode: ImportMode) => {
    if (!file) return;
    setBusy(true);
    try {
      const answer = await upload(file, mode);
      setReport(answer);
      if (answer.imported > 0) onImported?.(answer);
    } catch {
      // The request layer showed the reason.
    } finally {
      setBusy(false);
    }
  };

  const canRetryValid = Boolean(report && report.imported === 0 && report.invalid > 0 && report.valid > 0);

  return (
    <Modal
      open={open}
      title={title ?? t('crud.importDialog.title')}
      onCancel={close}
      width={720}
      maskClosable={false}
      footer={
        <Space wrap style={{ justifyContent: 'flex-end' }}>
          <Button onClick={close}>{report ? t('crud.importDialog.close') : t('common.cancel')}</Button>
          {canRetryValid && (
            <Button
              type="primary"
              danger
              loading={busy}
              onClick={() => send('valid-only')}
              data-testid="import-valid-only"
            >
              {t('crud.importDialog.validOnly', { count: report?.valid ?? 0 })}
            </Button>
          )}
          {!report && (
            <Button
              type="primary"
              loading={busy}
              disabled={!file || !ready}
              onClick={() => send('all-or-nothing')}
              data-testid="import-submit"
            >
              {t('crud.importDialog.submit')}
            </Button>
          )}
        </Space>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="import-dialog">
        <Space wrap>
          <Button icon={<DownloadOutlined />} onClick={() => void onTemplate()} data-testid="import-template">
            {t('crud.importDialog.template')}
          </Button>
          <Typography.Text type="secondary">{t('crud.importDialog.hint')}</Typography.Text>
        </Space>
        {extra}
        <Upload.Dragger
          accept={accept}
          maxCount={1}
          disabled={busy}
          fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []}
          beforeUpload={(f) => {
            setFile(f);
            setReport(null);
            return false;
          }}
          onRemove={() => {
            setFile(null);
            setReport(null);
          }}
          data-testid="import-file"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('crud.importDialog.drop')}</p>
          <p className="ant-upload-hint">{t('crud.importDialog.dropHint')}</p>
        </Upload.Dragger>
        {report && (
          <div data-testid="import-report">
            <Alert
              showIcon
              type={report.invalid === 0 && report.imported > 0 ? 'success' : report.imported > 0 ? 'info' : 'warning'}
              title={t('crud.importDialog.summary', report)}
              description={canRetryValid ? t('crud.importDialog.nothingWritten') : undefined}
              style={{ marginBottom: 12 }}
            />
            <Suspense fallback={<Spin />}>
              <Editor mode="log" value={toImportLog(report, i18n.language)} height={220} border readOnly />
            </Suspense>
          </div>
        )}
      </Space>
    </Modal>
  );
}
