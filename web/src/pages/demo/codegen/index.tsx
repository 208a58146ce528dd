import { CopyOutlined, DownloadOutlined, EyeOutlined, TableOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Select, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { codegenQueries, type GeneratedFile } from '../../../api/codegen';
import { useTranslation } from '../../../app/i18n';
import { Editor } from '../../../components/Editor';
import { useAppStore } from '../../../stores/app';

/** Save one generated file in the browser (a Blob link; nothing is written on the server). */
function downloadText(file: GeneratedFile) {
  const blob = new Blob([file.content], { type: 'text/plain;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = file.path.split('/').pop() ?? 'generated.ts';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Demo → Code generator: pick a table, preview the generated contracts, server module and page. */
export default function CodegenPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const mobile = useAppStore((s) => s.device === 'mobile');
  const [table, setTable] = useState<string | undefined>();
  const [active, setActive] = useState<string>();
  const tables = useQuery(codegenQueries.tables());
  const preview = useQuery({ ...codegenQueries.preview(table), enabled: Boolean(table) });
  const files = preview.data?.files ?? [];
  const current = files.find((f) => f.path === active) ?? files[0];

  const copy = async (file: GeneratedFile) => {
    try {
      await navigator.clipboard.writeText(file.content);
      message.success(t('demo.codegen.copied'));
    } catch {
      message.warning(t('demo.codegen.copyFailed'));
    }
  };

  return (
    <Card variant="borderless" title={t('demo.codegen.title')} data-testid="codegen-page">
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('demo.codegen.intro')} />
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, marginBottom: 16 }}>
        <Select
          showSearch={{
            filterOption: (input, option) =>
              String(option?.value ?? '')
                .toLowerCase()
                .includes(input.toLowerCase()),
          }}
          placeholder={t('demo.codegen.pick')}
          loading={tables.isLoading}
          value={table}
          onChange={(v) => {
            setTable(v);
            setActive(undefined);
          }}
          style={{ width: mobile ? '100%' : 380 }}
          data-testid="codegen-table"
          options={(tables.data ?? []).map((x) => ({
            value: x.name,
            label: (
              <span
                style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}
                data-testid={`codegen-option-${x.name}`}
              >
                <span>
                  <TableOutlined /> {x.name}
                  {x.comment && <Typography.Text type="secondary"> · {x.comment}</Typography.Text>}
                </span>
                <Typography.Text type="secondary">
                  {t('demo.codegen.columns', { count: x.columnCount })}
                </Typography.Text>
              </span>
            ),
          }))}
        />
        {tables.data && (
          <Typography.Text type="secondary">{t('demo.codegen.tables', { count: tables.data.length })}</Typography.Text>
        )}
      </div>
      <Spin spinning={preview.isFetching}>
        {!table ? (
          <Empty image={<EyeOutlined style={{ fontSize: 40, opacity: 0.4 }} />} description={t('demo.codegen.empty')} />
        ) : files.length ? (
          <Tabs
            activeKey={current?.path}
            onChange={setActive}
            data-testid="codegen-files"
            items={files.map((f) => ({
              key: f.path,
              label: <span data-testid="codegen-file-tab">{f.path.split('/').slice(-2).join('/')}</span>,
              children: (
                <div>
                  <Space wrap style={{ marginBottom: 8, width: '100%', justifyContent: 'space-between' }}>
                    <Space wrap>
                      <Typography.Text code data-testid="codegen-file-path">
                        {f.path}
                      </Typography.Text>
                      <Tag>{f.language}</Tag>
                    </Space>
                    <Space>
                      <Button size="small" icon={<CopyOutlined />} onClick={() => void copy(f)}>
                        {t('demo.codegen.copy')}
                      </Button>
                      <Button
                        size="small"
                        type="primary"
                        icon={<DownloadOutlined />}
                        onClick={() => downloadText(f)}
                        data-testid="codegen-download"
                      >
                        {t('demo.codegen.download')}
                      </Button>
                    </Space>
                  </Space>
                  <Editor
                    value={f.content}
                    mode="plain"
                    readOnly
                    border
                    height={mobile ? 420 : 560}
                    aria-label={f.path}
                  />
                </div>
              ),
            }))}
          />
        ) : (
          !preview.isFetching && <Empty />
        )}
      </Spin>
    </Card>
  );
}
