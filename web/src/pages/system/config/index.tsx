import { SyncOutlined } from '@ant-design/icons';
import type { ConfigBody, ConfigForm, ConfigPageQuery, ConfigType, ConfigVO } from '@baton/contracts';
import {
  App,
  Button,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Switch,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { configApi, configQueries } from '../../../api/config';
import { useTranslation } from '../../../app/i18n';
import {
  type CrudFormProps,
  CrudList,
  createOrUpdate,
  Field,
  FormModal,
  formatTime,
  keywordsField,
  rowActions,
  useCrudForm,
  useCrudPage,
} from '../../../components/crud';
import { Perm } from '../../../components/Perm';
import { useBilingual } from '../../../hooks/language';
import { usePerm } from '../../../hooks/usePerm';

type Filters = Partial<Pick<ConfigPageQuery, 'keywords' | 'type'>>;
const TYPES: ConfigType[] = ['string', 'number', 'boolean', 'json'];
const TYPE_COLOR: Record<ConfigType, string> = { string: 'blue', number: 'cyan', boolean: 'green', json: 'purple' };

/** System → Configuration: typed key/value settings; the built-in ones keep their key and type. */
export default function ConfigPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const bi = useBilingual();
  const can = usePerm();
  const page = useCrudPage<ConfigVO, Filters>({ remove: configApi.remove });
  const [refreshing, setRefreshing] = useState(false);
  const refreshCache = async () => {
    setRefreshing(true);
    try {
      await configApi.refresh();
      message.success(t('system.config.refreshed'));
      page.changed();
    } catch {
      // shown by the request layer
    } finally {
      setRefreshing(false);
    }
  };

  const columns: TableColumnsType<ConfigVO> = [
    {
      title: t('system.config.name'),
      dataIndex: 'name',
      fixed: 'left',
      render: (_, c) => (
        <Space size={4}>
          {bi(c.name, c.nameEn)}
          {c.builtin && <Tag color="gold">{t('system.config.builtin')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('system.config.key'),
      dataIndex: 'key',
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    {
      title: t('system.config.value'),
      dataIndex: 'value',
      width: 260,
      render: (v: string, c) =>
        c.type === 'boolean' ? (
          <Tag color={v === 'true' ? 'success' : 'default'}>{v === 'true' ? t('common.yes') : t('common.no')}</Tag>
        ) : (
          <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: 240 }} code={c.type === 'json'}>
            {v}
          </Typography.Text>
        ),
    },
    {
      title: t('system.config.type'),
      dataIndex: 'type',
      render: (v: ConfigType) => <Tag color={TYPE_COLOR[v]}>{t(`system.config.types.${v}`)}</Tag>,
    },
    { title: t('crud.remark'), dataIndex: 'remark', ellipsis: true, width: 200 },
    { title: t('crud.updatedAt'), dataIndex: 'updatedAt', render: formatTime },
    rowActions<ConfigVO>((c) => [
      { kind: 'edit', perm: 'sys:config:edit', onClick: () => page.edit(c.id), testId: `config-edit-${c.key}` },
      !c.builtin && { kind: 'delete', perm: 'sys:config:delete', onClick: () => page.remove([c.id]) },
    ]),
  ];

  return (
    <CrudList<ConfigVO, Filters>
      page={page}
      name="config"
      perm="sys:config"
      search={[
        keywordsField(t('system.config.keywordsPlaceholder')),
        {
          name: 'type',
          label: t('system.config.type'),
          node: <Select allowClear options={TYPES.map((v) => ({ value: v, label: t(`system.config.types.${v}`) }))} />,
        },
      ]}
      table={{
        queryKey: configQueries.list(),
        request: configApi.page,
        columns,
        title: t('system.config.title'),
        selectable: can('sys:config:delete') ? (c) => c.builtin : false,
      }}
      toolbar={{
        children: (
          <Perm value="sys:config:refresh">
            <Button icon={<SyncOutlined />} loading={refreshing} onClick={refreshCache} data-testid="config-refresh">
              {t('system.config.refresh')}
            </Button>
          </Perm>
        ),
      }}
    >
      <ConfigFormModal {...page.form} />
    </CrudList>
  );
}

type Values = Omit<ConfigBody, 'value'> & { value: string | number | boolean | null };

/** The form value of a stored text, by type. */
function toField(type: ConfigType, value: string): Values['value'] {
  if (type === 'boolean') return value === 'true';
  if (type === 'number') return value === '' ? null : Number(value);
  return value;
}
function fromField(type: ConfigType, value: Values['value']): string {
  if (type === 'boolean') return value ? 'true' : 'false';
  if (value === null || value === undefined) return '';
  return String(value);
}

const KEY = /^[a-zA-Z][\w.]{1,63}$/;

function ConfigFormModal(props: CrudFormProps) {
  const { t } = useTranslation();
  const { form, loaded, modal } = useCrudForm<Values, ConfigForm>({
    ...props,
    title: { add: t('system.config.addTitle'), edit: t('system.config.editTitle') },
    load: configApi.form,
    toValues: (c) => ({ ...c, remark: c.remark ?? '', value: toField(c.type, c.value) }),
    defaults: () => ({ type: 'string', value: '' }),
    save: (v, loaded) =>
      createOrUpdate<ConfigBody>(configApi, loaded, {
        key: v.key.trim(),
        type: v.type,
        value: fromField(v.type, v.value),
        name: v.name.trim(),
        nameEn: (v.nameEn ?? '').trim(),
        remark: v.remark?.trim() || null,
      }),
  });
  const type: ConfigType = Form.useWatch('type', form) ?? 'string';
  const builtin = Boolean(loaded?.builtin);

  const valueInput = {
    string: <Input.TextArea maxLength={10000} autoSize={{ minRows: 1, maxRows: 6 }} data-testid="config-value" />,
    number: <InputNumber style={{ width: '100%' }} data-testid="config-value" />,
    boolean: <Switch data-testid="config-value" />,
    json: (
      <Input.TextArea
        maxLength={10000}
        autoSize={{ minRows: 4, maxRows: 14 }}
        style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }}
        data-testid="config-value"
      />
    ),
  }[type];

  return (
    <FormModal<Values> {...modal} grid data-testid="config-form">
      <Field.Text name="name" label={t('system.config.nameZh')} max={100} required={t('system.config.rules.name')} />
      <Field.Text name="nameEn" label={t('system.config.nameEn')} max={100} />
      <Field.Text
        name="key"
        label={t('system.config.key')}
        tooltip={builtin ? t('system.config.builtinTip') : undefined}
        max={64}
        disabled={builtin}
        required={t('system.config.rules.key')}
        pattern={KEY}
        patternMessage={t('system.config.rules.keyPattern')}
      />
      <Field name="type" label={t('system.config.type')}>
        <Select
          disabled={builtin}
          options={TYPES.map((v) => ({ value: v, label: t(`system.config.types.${v}`) }))}
          onChange={(next: ConfigType) =>
            form.setFieldValue('value', next === 'boolean' ? false : next === 'number' ? null : '')
          }
        />
      </Field>
      <Field
        key={type}
        name="value"
        label={t('system.config.value')}
        span="full"
        valuePropName={type === 'boolean' ? 'checked' : 'value'}
        rules={[
          ...(type === 'number' ? [{ required: true, message: t('system.config.rules.number') }] : []),
          ...(type === 'json'
            ? [
                {
                  validator: async (_: unknown, v: unknown) => {
                    try {
                      JSON.parse(String(v ?? ''));
                    } catch {
                      throw new Error(t('system.config.rules.json'));
                    }
                  },
                },
              ]
            : []),
        ]}
      >
        {valueInput}
      </Field>
      <Field.Remark />
    </FormModal>
  );
}
