import { SendOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Collapse,
  Descriptions,
  Empty,
  Form,
  Input,
  Result,
  Select,
  Space,
  Spin,
  Table,
  Tabs,
  Tag,
  Typography,
  theme,
} from 'antd';
import { useMemo, useState } from 'react';
import { NotADocumentError, openApiQueries } from '../../../api/openapi';
import { isEnvelope, request } from '../../../api/request';
import { type TFunction, useTranslation } from '../../../app/i18n';
import { useAppStore } from '../../../stores/app';
import {
  deref,
  type Endpoint,
  fillPath,
  groupByTag,
  type JsonSchema,
  type OpenApiDoc,
  type Parameter,
  sampleOf,
  typeLabel,
} from './openapi';

const METHOD_COLORS: Record<string, string> = {
  get: 'blue',
  post: 'green',
  put: 'orange',
  patch: 'gold',
  delete: 'red',
};

export function MethodTag({ method }: { method: string }) {
  return (
    <Tag
      color={METHOD_COLORS[method]}
      style={{ width: 64, textAlign: 'center', fontFamily: 'monospace', marginInlineEnd: 0 }}
    >
      {method.toUpperCase()}
    </Tag>
  );
}

function Code({ value, testId }: { value: unknown; testId?: string }) {
  const { token } = theme.useToken();
  return (
    <pre
      data-testid={testId}
      style={{
        margin: 0,
        padding: 12,
        maxHeight: 360,
        overflow: 'auto',
        fontSize: 12,
        lineHeight: 1.5,
        background: token.colorFillTertiary,
        borderRadius: token.borderRadius,
        color: token.colorText,
      }}
    >
      {typeof value === 'string' ? value : JSON.stringify(value, null, 2)}
    </pre>
  );
}

/** "Try it": fill the path and query parameters and a JSON body, send through the request layer. */
function TryIt({ doc, ep }: { doc: OpenApiDoc; ep: Endpoint }) {
  const { t } = useTranslation();
  const params = (ep.op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query');
  const content = ep.op.requestBody?.content ?? {};
  const json = content['application/json'];
  const multipart = !json && Object.keys(content).some((c) => c.startsWith('multipart/'));
  const [body, setBody] = useState(() => (json ? JSON.stringify(sampleOf(doc, json.schema), null, 2) : ''));
  const [values, setValues] = useState<Record<string, string>>({});
  const [answer, setAnswer] = useState<{ ok: boolean; value: unknown; ms: number } | null>(null);
  const [sending, setSending] = useState(false);
  const [bodyError, setBodyError] = useState('');

  if (ep.path === '/api/ws') return <Alert type="info" showIcon title={t('demo.apiDoc.websocketHint')} />;

  const send = async () => {
    let data: unknown;
    if (json && body.trim()) {
      try {
        data = JSON.parse(body);
      } catch {
        setBodyError(t('demo.apiDoc.badJson'));
        return;
      }
    }
    setBodyError('');
    const query: Record<string, string> = {};
    for (const p of params) if (p.in === 'query' && values[p.name]) query[p.name] = values[p.name]!;
    setSending(true);
    const started = performance.now();
    try {
      const value = await request<unknown>({ url: fillPath(ep.path, values), method: ep.method, params: query, data });
      setAnswer({ ok: true, value, ms: Math.round(performance.now() - started) });
    } catch (error) {
      const value = isEnvelope(error)
        ? error
        : error instanceof Error
          ? { message: error.message }
          : (error ?? { message: 'error' });
      setAnswer({ ok: false, value, ms: Math.round(performance.now() - started) });
    } finally {
      setSending(false);
    }
  };

  return (
    <Form layout="vertical" component="div" data-testid="api-try">
      {multipart && <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('demo.apiDoc.multipartHint')} />}
      {params.map((p) => (
        <Form.Item
          key={`${p.in}-${p.name}`}
          label={
            <Space size={4}>
              <Typography.Text code>{p.name}</Typography.Text>
              <Typography.Text type="secondary">
                {p.in} · {typeLabel(p.schema)}
              </Typography.Text>
            </Space>
          }
          required={p.required}
          style={{ marginBottom: 12 }}
        >
          {p.schema?.enum ? (
            <Select
              allowClear
              value={values[p.name]}
              onChange={(v) => setValues({ ...values, [p.name]: v ?? '' })}
              options={p.schema.enum.map((v) => ({ value: String(v), label: String(v) }))}
            />
          ) : (
            <Input
              value={values[p.name] ?? ''}
              onChange={(e) => setValues({ ...values, [p.name]: e.target.value })}
              placeholder={p.schema?.default !== undefined ? String(p.schema.default) : undefined}
              data-testid={`api-param-${p.name}`}
            />
          )}
        </Form.Item>
      ))}
      {json && (
        <Form.Item
          label={t('demo.apiDoc.body')}
          validateStatus={bodyError ? 'error' : undefined}
          help={bodyError || undefined}
          style={{ marginBottom: 12 }}
        >
          <Input.TextArea
            value={body}
            onChange={(e) => setBody(e.target.value)}
            autoSize={{ minRows: 3, maxRows: 14 }}
            style={{ fontFamily: 'monospace', fontSize: 12 }}
            data-testid="api-body"
          />
        </Form.Item>
      )}
      <Button
        type="primary"
        icon={<SendOutlined />}
        loading={sending}
        disabled={multipart}
        onClick={() => void send()}
        data-testid="api-send"
      >
        {t('demo.apiDoc.send')}
      </Button>
      {answer && (
        <div style={{ marginTop: 12 }}>
          <Space style={{ marginBottom: 6 }}>
            <Tag color={answer.ok ? 'success' : 'error'}>
              {answer.ok ? t('demo.apiDoc.ok') : t('demo.apiDoc.failed')}
            </Tag>
            <Typography.Text type="secondary">{answer.ms} ms</Typography.Text>
          </Space>
          <Code value={answer.value ?? null} testId="api-answer" />
        </div>
      )}
    </Form>
  );
}

function OperationDetail({ doc, ep }: { doc: OpenApiDoc; ep: Endpoint }) {
  const { t } = useTranslation();
  const params: Parameter[] = ep.op.parameters ?? [];
  const body = ep.op.requestBody?.content;
  const responses = Object.entries(ep.op.responses ?? {});
  const items = [
    {
      key: 'params',
      label: t('demo.apiDoc.params'),
      children: params.length ? (
        <Table<Parameter>
          size="small"
          pagination={false}
          rowKey={(p) => `${p.in}-${p.name}`}
          dataSource={params}
          scroll={{ x: 'max-content' }}
          columns={[
            {
              title: t('demo.apiDoc.name'),
              dataIndex: 'name',
              render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
            },
            { title: t('demo.apiDoc.in'), dataIndex: 'in' },
            { title: t('demo.apiDoc.type'), render: (_, p) => typeLabel(p.schema) },
            {
              title: t('demo.apiDoc.required'),
              dataIndex: 'required',
              render: (v: boolean) => (v ? t('common.yes') : t('common.no')),
            },
            { title: t('demo.apiDoc.description'), render: (_, p) => p.description ?? p.schema?.description ?? '' },
          ]}
        />
      ) : (
        <Typography.Text type="secondary">{t('demo.apiDoc.none')}</Typography.Text>
      ),
    },
    {
      key: 'body',
      label: t('demo.apiDoc.requestBody'),
      children: body ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {Object.entries(body).map(([type, media]) => (
            <div key={type}>
              <Typography.Text type="secondary">{type}</Typography.Text>
              <Code value={deref(doc, media.schema) ?? {}} />
            </div>
          ))}
        </Space>
      ) : (
        <Typography.Text type="secondary">{t('demo.apiDoc.none')}</Typography.Text>
      ),
    },
    {
      key: 'responses',
      label: t('demo.apiDoc.responses'),
      children: responses.length ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {responses.map(([status, r]) => (
            <div key={status}>
              <Space>
                <Tag color={status.startsWith('2') ? 'success' : 'default'}>{status}</Tag>
                <Typography.Text type="secondary">{r.description}</Typography.Text>
              </Space>
              {Object.entries(r.content ?? {}).map(([type, media]) => (
                <Code key={type} value={deref(doc, media.schema as JsonSchema) ?? {}} />
              ))}
            </div>
          ))}
        </Space>
      ) : (
        <Typography.Text type="secondary">{t('demo.apiDoc.none')}</Typography.Text>
      ),
    },
    { key: 'try', label: t('demo.apiDoc.tryIt'), children: <TryIt doc={doc} ep={ep} /> },
  ];
  return (
    <div>
      <Descriptions
        size="small"
        column={1}
        style={{ marginBottom: 8 }}
        items={[
          {
            key: 'path',
            label: t('demo.apiDoc.path'),
            children: (
              <Typography.Text code copyable>
                {ep.path}
              </Typography.Text>
            ),
          },
          ...(ep.op.description
            ? [{ key: 'desc', label: t('demo.apiDoc.description'), children: ep.op.description }]
            : []),
        ]}
      />
      <Tabs size="small" items={items} />
    </div>
  );
}

/** What to say under "could not be loaded": the server's message, or ours; not the browser's English. */
function failureText(error: unknown, t: TFunction): string | undefined {
  if (error instanceof NotADocumentError) return t('demo.apiDoc.notADocument');
  return isEnvelope(error) ? error.msg : undefined;
}

/** Demo → API docs: the server's OpenAPI document as an interactive reference. */
export default function ApiDocPage() {
  const { t } = useTranslation();
  const mobile = useAppStore((s) => s.device === 'mobile');
  const [filter, setFilter] = useState('');
  const [tag, setTag] = useState<string | undefined>();
  const docQuery = useQuery(openApiQueries.document());
  const doc = docQuery.data;
  const groups = useMemo(() => (doc ? groupByTag(doc) : new Map<string, Endpoint[]>()), [doc]);
  const count = [...groups.values()].reduce((n, l) => n + l.length, 0);

  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    const out: [string, Endpoint[]][] = [];
    for (const [name, list] of groups) {
      if (tag && name !== tag) continue;
      const hits = f
        ? list.filter((e) => `${e.method} ${e.path} ${e.op.summary ?? ''}`.toLowerCase().includes(f))
        : list;
      if (hits.length) out.push([name, hits]);
    }
    return out;
  }, [groups, filter, tag]);

  return (
    <Card
      variant="borderless"
      data-testid="api-doc"
      title={
        <Space wrap>
          <span>{doc?.info?.title ?? t('demo.apiDoc.title')}</span>
          {doc?.info?.version && <Tag>v{doc.info.version}</Tag>}
          {doc?.openapi && <Tag color="geekblue">OpenAPI {doc.openapi}</Tag>}
        </Space>
      }
      extra={
        !mobile &&
        doc && (
          <Typography.Text type="secondary" data-testid="api-count">
            {t('demo.apiDoc.count', { count })}
          </Typography.Text>
        )
      }
    >
      <Space wrap style={{ marginBottom: 16, width: '100%' }}>
        <Input.Search
          allowClear
          placeholder={t('demo.apiDoc.search')}
          onChange={(e) => setFilter(e.target.value)}
          style={{ width: mobile ? '100%' : 320 }}
          data-testid="api-search"
        />
        <Select
          allowClear
          placeholder={t('demo.apiDoc.allTags')}
          value={tag}
          onChange={setTag}
          style={{ width: mobile ? '100%' : 200 }}
          options={[...groups.keys()].map((g) => ({ value: g, label: `${g} (${groups.get(g)?.length ?? 0})` }))}
        />
      </Space>
      {docQuery.isError && (
        <Result
          status="error"
          title={t('demo.apiDoc.loadFailed')}
          subTitle={failureText(docQuery.error, t)}
          extra={
            <Button
              type="primary"
              loading={docQuery.isFetching}
              onClick={() => void docQuery.refetch()}
              data-testid="api-doc-retry"
            >
              {t('demo.apiDoc.retry')}
            </Button>
          }
          data-testid="api-doc-error"
        />
      )}
      {docQuery.isLoading && <Spin style={{ display: 'block', margin: '48px auto' }} data-testid="api-doc-loading" />}
      {doc &&
        (!shown.length ? (
          <Empty />
        ) : (
          shown.map(([name, list]) => (
            <section key={name} style={{ marginBottom: 20 }} data-testid={`api-tag-${name}`}>
              <Typography.Title level={5} style={{ textTransform: 'capitalize', margin: '0 0 8px' }}>
                {name} <Typography.Text type="secondary">({list.length})</Typography.Text>
              </Typography.Title>
              <Collapse
                size="small"
                items={list.map((ep) => ({
                  key: ep.key,
                  label: (
                    <div
                      style={{ display: 'flex', gap: 10, alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}
                      data-testid="api-op"
                    >
                      <MethodTag method={ep.method} />
                      <Typography.Text code style={{ wordBreak: 'break-all' }}>
                        <span data-testid="api-op-path">{ep.path}</span>
                      </Typography.Text>
                      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                        {ep.op.summary}
                      </Typography.Text>
                    </div>
                  ),
                  children: doc ? <OperationDetail doc={doc} ep={ep} /> : null,
                }))}
              />
            </section>
          ))
        ))}
    </Card>
  );
}
