import { FileImageOutlined, FileOutlined, FilePdfOutlined, UploadOutlined } from '@ant-design/icons';
import { DELEGATION_FILE_KINDS, DELEGATION_FILE_MAX_BYTES, type DelegationFileVO } from '@baton/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Flex,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
  Upload,
} from 'antd';
import { useState } from 'react';
import { applyApi, applyQueries, type DelegationFileKind } from '../../../api/apply';
import { formatBytes } from '../../../api/files';
import { useTranslation } from '../../../app/i18n';
import { formatTime } from '../../../components/crud';
import { useMobile } from '../../../hooks/useMobile';
import { usePerm } from '../../../hooks/usePerm';
import { ApplyHeader } from '../ApplyHeader';
import { RowDeleteButton } from '../records';
import { readOnlyReason, refreshApply, useApplyContext } from '../shared';
import '../apply.css';
import { PrivateFileLink } from '../../../components/PrivateFile';

const ACCEPT = '.pdf,.jpg,.jpeg,.png';
const EXTENSIONS = /\.(pdf|jpe?g|png)$/i;

function KindIcon({ contentType }: { contentType: string }) {
  if (contentType === 'application/pdf') return <FilePdfOutlined style={{ color: '#ef4444', fontSize: 22 }} />;
  if (contentType.startsWith('image/')) return <FileImageOutlined style={{ color: '#2563eb', fontSize: 22 }} />;
  return <FileOutlined style={{ fontSize: 22 }} />;
}

/** Sports apply → Files: the documents the meeting asks for (insurance, health forms, consent…). */
export default function ApplyFilePage() {
  const { t } = useTranslation();
  const mobile = useMobile();
  const can = usePerm();
  const { message } = App.useApp();
  const { ctx, delegationId } = useApplyContext();
  const [kind, setKind] = useState<DelegationFileKind>('insurance');
  const [uploading, setUploading] = useState(false);
  const writable = Boolean(ctx?.writable);
  const reason = readOnlyReason(ctx, t);
  const files = useQuery(applyQueries.fileList(delegationId));

  const upload = async (file: File) => {
    if (!EXTENSIONS.test(file.name)) {
      message.error(t('apply.file.badType', { types: ACCEPT }));
      return;
    }
    if (file.size > DELEGATION_FILE_MAX_BYTES) {
      message.error(t('apply.file.tooBig', { limit: formatBytes(DELEGATION_FILE_MAX_BYTES) }));
      return;
    }
    setUploading(true);
    try {
      await applyApi.files.upload(file, kind, delegationId);
      message.success(t('apply.file.uploaded', { name: file.name }));
      refreshApply(applyQueries.files());
    } catch {
      // Shown by the request layer.
    } finally {
      setUploading(false);
    }
  };
  const remove = async (f: DelegationFileVO) => {
    await applyApi.files.remove(f.id, delegationId);
    message.success(t('crud.deleted'));
    refreshApply(applyQueries.files());
  };

  const kindTag = (k: DelegationFileKind) => <Tag color="blue">{t(`apply.fileKind.${k}`)}</Tag>;
  const link = (f: DelegationFileVO) => (
    <PrivateFileLink fileId={f.fileId} name={f.name} data-testid="file-open">
      {f.name}
    </PrivateFileLink>
  );
  const deleteButton = (f: DelegationFileVO, block?: boolean) =>
    can('apply:file:delete') &&
    writable && <RowDeleteButton block={block} onConfirm={() => remove(f)} testId="file-delete" />;

  const columns: TableColumnsType<DelegationFileVO> = [
    {
      title: t('apply.file.name'),
      key: 'name',
      render: (_, f) => (
        <Space>
          <KindIcon contentType={f.contentType} />
          {link(f)}
        </Space>
      ),
    },
    { title: t('apply.file.kind'), dataIndex: 'kind', render: kindTag },
    { title: t('apply.file.size'), dataIndex: 'size', render: (n: number) => formatBytes(n) },
    { title: t('apply.file.uploadedAt'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
    { title: t('crud.actions'), key: 'actions', render: (_, f) => deleteButton(f) },
  ];

  const uploader = can('apply:file:add') && (
    <Flex
      gap={8}
      vertical={mobile}
      wrap
      align={mobile ? 'stretch' : 'center'}
      className={mobile ? 'apply-phone-toolbar' : undefined}
    >
      <Select<DelegationFileKind>
        value={kind}
        onChange={setKind}
        disabled={!writable}
        options={DELEGATION_FILE_KINDS.map((k) => ({ value: k, label: t(`apply.fileKind.${k}`) }))}
        style={{ minWidth: 160 }}
        size={mobile ? 'large' : undefined}
        aria-label={t('apply.file.kind')}
        data-testid="file-kind"
      />
      <Tooltip title={reason}>
        <Upload
          accept={ACCEPT}
          showUploadList={false}
          disabled={!writable || uploading}
          beforeUpload={(f) => {
            void upload(f);
            return false;
          }}
        >
          <Button
            type="primary"
            icon={<UploadOutlined />}
            loading={uploading}
            disabled={!writable}
            block={mobile}
            size={mobile ? 'large' : undefined}
            data-testid="file-upload"
          >
            {t('apply.file.upload')}
          </Button>
        </Upload>
      </Tooltip>
    </Flex>
  );
  const list = files.data ?? [];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} className="apply-page">
      <ApplyHeader />
      <Card
        variant="borderless"
        title={t('apply.file.title')}
        extra={!mobile && uploader}
        styles={{ body: mobile ? { padding: 12 } : undefined }}
        data-testid="file-table"
      >
        <Flex vertical gap={12}>
          <Alert
            type="info"
            showIcon
            title={t('apply.file.rules', { limit: formatBytes(DELEGATION_FILE_MAX_BYTES) })}
          />
          {mobile && uploader}
          {mobile ? (
            list.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
            ) : (
              list.map((f) => (
                <Card size="small" key={f.id} data-testid="apply-card">
                  <Flex gap={12} align="center">
                    <KindIcon contentType={f.contentType} />
                    <Flex vertical style={{ minWidth: 0, flex: 1 }}>
                      <Typography.Text ellipsis>{link(f)}</Typography.Text>
                      <Space size={4} wrap>
                        {kindTag(f.kind)}
                        <Typography.Text type="secondary">
                          {formatBytes(f.size)} · {formatTime(f.createdAt)}
                        </Typography.Text>
                      </Space>
                    </Flex>
                  </Flex>
                  {writable && can('apply:file:delete') && <div style={{ marginTop: 12 }}>{deleteButton(f, true)}</div>}
                </Card>
              ))
            )
          ) : (
            <Table<DelegationFileVO>
              rowKey="id"
              size="middle"
              loading={files.isFetching}
              columns={columns}
              dataSource={list}
              pagination={false}
            />
          )}
        </Flex>
      </Card>
    </Space>
  );
}
