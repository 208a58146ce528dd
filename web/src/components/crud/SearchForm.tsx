import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Card, Col, Form, type FormInstance, Row, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../app/i18n';
import { useAppStore } from '../../stores/app';

export interface SearchField {
  /** The form field name (the key in the values handed to `onSearch`). */
  name: string;
  label: ReactNode;
  /** The input: `<Input allowClear />`, `<DictSelect … />`, `<DatePicker.RangePicker />`… */
  node: ReactNode;
}

export interface SearchFormProps<V> {
  fields: SearchField[];
  /** Called with the form's values on search (and with empty values after reset). */
  onSearch: (values: V) => void;
  onReset?: () => void;
  initialValues?: Partial<V>;
  /** Fields shown while collapsed: default 3 on a desktop, 1 on a phone. The rest open with "expand". */
  collapsedCount?: number;
  form?: FormInstance<V>;
  'data-testid'?: string;
}

/**
 * The filter bar above a table: a responsive grid of labelled fields with search / reset buttons.
 * When there are more fields than `collapsedCount`, the rest fold behind an expand toggle (always
 * folded at first on phones). Enter in any field searches.
 */
export function SearchForm<V extends object>({
  fields,
  onSearch,
  onReset,
  initialValues,
  collapsedCount,
  form: given,
  'data-testid': testId,
}: SearchFormProps<V>) {
  const { t } = useTranslation();
  const [own] = Form.useForm<V>();
  const form = given ?? own;
  const mobile = useAppStore((s) => s.device === 'mobile');
  const shown = collapsedCount ?? (mobile ? 1 : 3);
  const [expanded, setExpanded] = useState(false);
  const foldable = fields.length > shown;

  const submit = () => onSearch(form.getFieldsValue(true) as V);
  const reset = () => {
    form.resetFields();
    onReset?.();
    onSearch(form.getFieldsValue(true) as V);
  };

  return (
    <Card variant="borderless" className="crud-search" styles={{ body: { paddingBottom: 0 } }} data-testid={testId}>
      <Form form={form} initialValues={initialValues} onFinish={submit} layout="horizontal" labelWrap>
        <Row gutter={[16, 0]}>
          {fields.map((f, i) => (
            <Col
              key={f.name}
              xs={24}
              sm={12}
              lg={8}
              xxl={6}
              style={foldable && !expanded && i >= shown ? { display: 'none' } : undefined}
            >
              <Form.Item name={f.name} label={f.label}>
                {f.node}
              </Form.Item>
            </Col>
          ))}
          <Col flex="auto" style={{ textAlign: 'right', marginBottom: 16 }}>
            <Space wrap>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="search-submit">
                {t('crud.search')}
              </Button>
              <Button icon={<ReloadOutlined />} onClick={reset} data-testid="search-reset">
                {t('crud.reset')}
              </Button>
              {foldable && (
                <Button
                  type="link"
                  onClick={() => setExpanded((e) => !e)}
                  icon={expanded ? <UpOutlined /> : <DownOutlined />}
                  iconPlacement="end"
                >
                  {expanded ? t('crud.collapse') : t('crud.expand')}
                </Button>
              )}
            </Space>
          </Col>
        </Row>
      </Form>
    </Card>
  );
}

/** A RangePicker value as the `createTimeStart` / `createTimeEnd` style bounds of a query (date only). */
export function rangeParams(
  range:
    | readonly [{ format: (f: string) => string } | null, { format: (f: string) => string } | null]
    | null
    | undefined,
  startKey = 'createTimeStart',
  endKey = 'createTimeEnd',
): Record<string, string | undefined> {
  return {
    [startKey]: range?.[0]?.format('YYYY-MM-DD') ?? undefined,
    [endKey]: range?.[1]?.format('YYYY-MM-DD') ?? undefined,
  };
}

/** Trims text values and drops empty ones, so a query carries only real filters. */
export function cleanParams<T extends object>(values: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    const value = typeof v === 'string' ? v.trim() : v;
    if (value === undefined || value === null || value === '') continue;
    out[k] = value;
  }
  return out as Partial<T>;
}
