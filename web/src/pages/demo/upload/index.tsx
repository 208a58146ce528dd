import { FileExcelOutlined, FilePdfOutlined, FileZipOutlined, InboxOutlined } from '@ant-design/icons';
import { FILE_LIMITS, type FileVO } from '@baton/contracts';
import { Alert, App, Card, Image, List, Progress, Tag, Typography, theme, Upload } from 'antd';
import { useState } from 'react';
import { formatBytes, isImageType, sizeLimitOf, uploadFile } from '../../../api/files';
import { isEnvelope } from '../../../api/request';
import { useTranslation } from '../../../app/i18n';

const ACCEPT = '.png,.jpg,.jpeg,.gif,.webp,.pdf,.xlsx,.zip';
const EXTENSIONS = /\.(png|jpe?g|gif|webp|pdf|xlsx|zip)$/i;

interface Row {
  uid: string;
  name: string;
  size: number;
  status: 'uploading' | 'done' | 'error';
  /** Share sent so far, 0–100, while uploading. */
  percent?: number;
  file?: FileVO;
  error?: string;
}

function FileIcon({ mime }: { mime: string }) {
  if (mime === 'application/pdf') return <FilePdfOutlined style={{ fontSize: 28, color: '#ef4444' }} />;
  if (mime.includes('spreadsheet')) return <FileExcelOutlined style={{ fontSize: 28, color: '#16a34a' }} />;
  return <FileZipOutlined style={{ fontSize: 28, color: '#a16207' }} />;
}

/** Demo → Upload: files through `/api/v1/files` — images previewed, documents listed, errors shown. */
export default function UploadPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const [rows, setRows] = useState<Row[]>([]);

  const patch = (uid: string, p: Partial<Row>) =>
    setRows((list) => list.map((r) => (r.uid === uid ? { ...r, ...p } : r)));

  const beforeUpload = (file: File) => {
    if (!EXTENSIONS.test(file.name)) {
      message.error(t('demo.upload.badType', { name: file.name }));
      return Upload.LIST_IGNORE;
    }
    const limit = sizeLimitOf(file);
    if (file.size > limit) {
      message.error(t('demo.upload.tooBig', { name: file.name, limit: formatBytes(limit) }));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const upload = async (file: File & { uid: string }) => {
    setRows((list) => [{ uid: file.uid, name: file.name, size: file.size, status: 'uploading' }, ...list]);
    try {
      const stored = await uploadFile(file, undefined, (percent) => patch(file.uid, { percent }));
      patch(file.uid, { status: 'done', file: stored });
    } catch (error) {
      patch(file.uid, { status: 'error', error: isEnvelope(error) ? error.msg : t('demo.upload.failed') });
    }
  };

  return (
    <Card variant="borderless" title={t('demo.upload.title')} data-testid="upload-page">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('demo.upload.rules', {
          image: formatBytes(FILE_LIMITS.imageBytes),
          other: formatBytes(FILE_LIMITS.otherBytes),
        })}
      />
      <Upload.Dragger
        multiple
        accept={ACCEPT}
        showUploadList={false}
        beforeUpload={beforeUpload}
        customRequest={({ file }) => void upload(file as File & { uid: string })}
        data-testid="upload-dragger"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('demo.upload.drop')}</p>
        <p className="ant-upload-hint">{t('demo.upload.hint')}</p>
      </Upload.Dragger>
      <List<Row>
        style={{ marginTop: 16 }}
        dataSource={rows}
        locale={{ emptyText: t('demo.upload.empty') }}
        renderItem={(r) => (
          <List.Item data-testid="upload-row" data-status={r.status}>
            <List.Item.Meta
              avatar={
                r.file && isImageType(r.file.mime) ? (
                  <Image
                    src={r.file.url}
                    alt={r.file.name}
                    width={56}
                    height={56}
                    style={{ objectFit: 'cover', borderRadius: 6 }}
                  />
                ) : (
                  <span
                    style={{
                      width: 56,
                      height: 56,
                      display: 'grid',
                      placeItems: 'center',
                      background: token.colorFillTertiary,
                      borderRadius: 6,
                    }}
                  >
                    <FileIcon mime={r.file?.mime ?? ''} />
                  </span>
                )
              }
              title={
                r.file ? (
                  <a href={r.file.url} target="_blank" rel="noopener noreferrer">
                    {r.file.name}
                  </a>
                ) : (
                  r.name
                )
              }
              description={
                <span>
                  {formatBytes(r.file?.size ?? r.size)}
                  {r.status === 'uploading' && (
                    <Progress percent={r.percent ?? 0} size="small" data-testid="upload-progress" />
                  )}
                  {r.file && <Typography.Text type="secondary"> · {r.file.mime}</Typography.Text>}
                  {r.error && (
                    <Typography.Text type="danger" style={{ display: 'block' }} data-testid="upload-error">
                      {r.error}
                    </Typography.Text>
                  )}
                </span>
              }
            />
            <Tag color={r.status === 'done' ? 'success' : r.status === 'error' ? 'error' : 'processing'}>
              {t(`demo.upload.status.${r.status}`)}
            </Tag>
          </List.Item>
        )}
      />
    </Card>
  );
}
