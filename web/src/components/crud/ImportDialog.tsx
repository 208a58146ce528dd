import { DownloadOutlined, InboxOutlined, PaperClipOutlined, SwapOutlined } from '@ant-design/icons';
import type { ImportMode, ImportReport } from '@baton/contracts';
import { App, Button, Flex, Modal, Space, Spin, Typography, Upload } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { ImportMapping, WriteMode } from '../../api/request';
import { useTranslation } from '../../app/i18n';
import { useAppStore } from '../../stores/app';
import { ImportPasswords } from './ImportPasswords';
import { ImportPreview, missingRequired } from './ImportPreview';
import { canRetryValid, ReportFooter, ReportView, useReport } from './ReportView';
import './ImportDialog.css';

export interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
  title?: ReactNode;
  /** Downloads the template (e.g. `() => downloadFrom(userApi.template)`). */
  onTemplate: () => Promise<unknown>;
  /** Downloads the second template in the layout schools use (title, unit, leader rows), where the list has one. */
  onSchoolTemplate?: () => Promise<unknown>;
  /**
   * Sends the file with the user's column re-map: `preview` as soon as a file is chosen and after
   * each re-map (nothing written), then `all-or-nothing`, then `valid-only` when the user asks to
   * import the good rows.
   */
  upload: (file: File, mode: ImportMode, mapping: ImportMapping) => Promise<ImportReport>;
  /** Fields the import needs besides the file (e.g. a department picker), shown above the drop zone. */
  extra?: ReactNode;
  /** False while `extra` is incomplete: no preview is asked for and the import button stays disabled. */
  ready?: boolean;
  /** After rows were written (to reload the table). */
  onImported?: (report: ImportReport) => void;
  /** File types the picker offers; default `.xlsx`. */
  accept?: string;
}

/**
 * The import dialog of every list: template download, an .xlsx picked or dropped, then a preview
 * (the columns as the server understood them, each re-mappable; the rows and their problems; what
 * would be created), then the import with the same mapping and the server's row-by-row report in
 * the log-mode editor — and, when rows failed and nothing was written, the choice to import the
 * valid rows only. Passwords the import generated (the users import) are shown once, to copy or
 * download; closing before either asks first.
 */
export function ImportDialog({
  open,
  onClose,
  title,
  onTemplate,
  onSchoolTemplate,
  upload,
  extra,
  ready = true,
  onImported,
  accept = '.xlsx',
}: ImportDialogProps) {
  const { t } = useTranslation();
  const phone = useAppStore((s) => s.device === 'mobile');
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [preview, setPreview] = useState<ImportReport | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const { report, setReport, busy, send: sendRows } = useReport(onImported);
  const [kept, setKept] = useState(false);
  const { modal } = App.useApp();
  // The pages pass `upload` as an inline arrow: a new one each render must not ask again.
  const uploadRef = useRef(upload);
  uploadRef.current = upload;

  // The preview follows the file and the mapping; an answer to an older question is dropped.
  useEffect(() => {
    if (!open || !file || !ready) return;
    let current = true;
    setPreviewing(true);
    uploadRef.current(file, 'preview', mapping).then(
      (answer) => {
        if (!current) return;
        setPreview(answer);
        setPreviewing(false);
      },
      () => {
        // The request layer showed the reason; there is nothing to import from this file.
        if (!current) return;
        setPreview(null);
        setPreviewing(false);
      },
    );
    return () => {
      current = false;
    };
  }, [open, file, mapping, ready]);

  const choose = (f: File | null) => {
    setFile(f);
    setMapping({});
    setPreview(null);
    setPreviewing(false);
    setReport(null);
    setKept(false);
  };

  /** The picker's hook: keep the file here, never upload it by itself. */
  const pick = (f: File) => {
    choose(f);
    return false;
  };

  const close = () => {
    if (report?.passwords?.length && !kept) {
      modal.confirm({
        title: t('crud.importDialog.passwords.closeTitle'),
        content: t('crud.importDialog.passwords.closeConfirm'),
        okText: t('crud.importDialog.passwords.closeAnyway'),
        okButtonProps: { danger: true },
        onOk: () => {
          choose(null);
          onClose();
        },
      });
      return;
    }
    choose(null);
    onClose();
  };

  /** A column's new field; a column that held that field until now is left out (one column per field). */
  const remap = (index: number, key: string | null) => {
    const next: ImportMapping = { ...mapping, [index]: key };
    if (key !== null) {
      for (const c of preview?.sheet?.columns ?? []) {
        if (c.index !== index && c.key === key) next[c.index] = null;
      }
    }
    setMapping(next);
  };

  const send = (mode: WriteMode) => file && sendRows(() => upload(file, mode, mapping));

  const missing = missingRequired(preview?.sheet);
  const canImport = Boolean(file && ready && preview && !previewing && missing.length === 0);

  return (
    <Modal
      open={open}
      title={title ?? t('crud.importDialog.title')}
      onCancel={close}
      width={760}
      mask={{ closable: false }}
      className={phone ? 'import-dialog import-dialog--phone' : 'import-dialog'}
      footer={
        <ReportFooter
          report={report}
          busy={busy}
          onClose={close}
          onSend={send}
          submitDisabled={!canImport}
          submitText={t('crud.importDialog.submit')}
          testId="import"
        />
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="import-dialog">
        <Space wrap className="import-dialog-templates">
          <Button icon={<DownloadOutlined />} onClick={() => void onTemplate()} data-testid="import-template">
            {t('crud.importDialog.template')}
          </Button>
          {onSchoolTemplate && (
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void onSchoolTemplate()}
              data-testid="import-template-school"
            >
              {t('crud.importDialog.templateSchool')}
            </Button>
          )}
          <Typography.Text type="secondary">{t('crud.importDialog.hint')}</Typography.Text>
        </Space>
        {extra}
        {file ? (
          // A file is chosen: its name and a small picker for another, so the preview comes into view.
          <Flex wrap gap={8} align="center" className="import-dialog-file" data-testid="import-file">
            <PaperClipOutlined />
            <Typography.Text strong ellipsis={{ tooltip: file.name }} className="import-dialog-file-name">
              {file.name}
            </Typography.Text>
            <Upload accept={accept} maxCount={1} showUploadList={false} disabled={busy} beforeUpload={pick}>
              <Button icon={<SwapOutlined />} disabled={busy} data-testid="import-file-change">
                {t('crud.importDialog.otherFile')}
              </Button>
            </Upload>
          </Flex>
        ) : (
          <Upload.Dragger
            accept={accept}
            maxCount={1}
            disabled={busy}
            showUploadList={false}
            beforeUpload={pick}
            data-testid="import-file"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('crud.importDialog.drop')}</p>
            <p className="ant-upload-hint">{t('crud.importDialog.dropHint')}</p>
          </Upload.Dragger>
        )}
        {!report && previewing && (
          <Space data-testid="import-previewing">
            <Spin size="small" />
            <Typography.Text type="secondary">{t('crud.importDialog.previewing')}</Typography.Text>
          </Space>
        )}
        {!report && preview && <ImportPreview report={preview} busy={previewing} onRemap={remap} />}
        {report && (
          <ReportView
            report={report}
            height={220}
            description={canRetryValid(report) ? t('crud.importDialog.nothingWritten') : undefined}
          >
            {report.passwords && report.passwords.length > 0 && (
              <div style={{ marginBottom: 12 }}>
                <ImportPasswords passwords={report.passwords} onKept={() => setKept(true)} />
              </div>
            )}
          </ReportView>
        )}
      </Space>
    </Modal>
  );
}
