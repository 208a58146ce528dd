import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { MenuBody, MenuForm } from '@baton/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, Form, Input, Radio, Space, Switch } from 'antd';
import { menuApi, menuQueries } from '../../../api/menus';
import { useTranslation } from '../../../app/i18n';
import {
  type CrudFormProps,
  createOrUpdate,
  Field,
  FormModal,
  IconPicker,
  type TreeEditing,
  useCrudForm,
} from '../../../components/crud';
import { useEn } from '../../../hooks/language';
import { orNull, toTreeData, underRoot } from '../../../utils/options';

type Values = Omit<MenuBody, 'params' | 'parentId'> & {
  parentId: number;
  params?: { key: string; value: string }[];
};

/** A menu, or (`id: 0`) a new one below the `parentId` of a row's "add child", of that `type`. */
export interface MenuEditing extends TreeEditing {
  type?: 'C' | 'M' | 'B';
}

const PERM = /^[a-z][a-z0-9-]*(:[a-z0-9-*]+){1,3}$/;
const PATH = /^[A-Za-z0-9/_:.-]{0,200}$/;
const COMPONENT = /^[A-Za-z0-9/_.-]{0,200}$/;
const ROUTE_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
const PARAM_KEY = /^[\w-]{1,50}$/;

/** The body to send: only the fields of the chosen type, the rest cleared. */
function toBody(v: Values): MenuBody {
  const button = v.type === 'B';
  const params = Object.fromEntries((v.params ?? []).filter((p) => p?.key).map((p) => [p.key.trim(), p.value ?? '']));
  return {
    parentId: v.parentId || null,
    type: v.type,
    title: v.title.trim(),
    titleEn: (v.titleEn ?? '').trim(),
    routeName: button ? null : orNull(v.routeName),
    path: button ? null : orNull(v.path),
    component: v.type === 'M' ? orNull(v.component) : v.type === 'C' ? orNull(v.component) : null,
    redirect: v.type === 'C' ? orNull(v.redirect) : null,
    icon: button ? null : orNull(v.icon),
    perm: v.type === 'C' ? null : orNull(v.perm),
    sort: v.sort ?? 0,
    hidden: button ? false : Boolean(v.hidden),
    keepAlive: v.type === 'M' ? Boolean(v.keepAlive) : false,
    alwaysShow: button ? false : Boolean(v.alwaysShow),
    params: v.type === 'M' && Object.keys(params).length ? params : null,
  };
}

/** Create / edit a catalogue (C), page (M) or button (B); the visible fields follow the type. */
export function MenuFormModal(props: CrudFormProps<MenuEditing>) {
  const { t } = useTranslation();
  const en = useEn();
  const open = props.editing !== null;
  const { form, modal } = useCrudForm<Values, MenuForm, MenuEditing>({
    ...props,
    title: { add: t('system.menu.addTitle'), edit: t('system.menu.editTitle') },
    load: menuApi.form,
    toValues: (m) =>
      ({
        ...m,
        parentId: m.parentId ?? 0,
        params: Object.entries(m.params ?? {}).map(([key, value]) => ({ key, value })),
      }) as Values,
    defaults: (e) => ({
      parentId: e.parentId ?? 0,
      type: e.type ?? 'M',
      sort: 0,
      hidden: false,
      keepAlive: false,
      alwaysShow: false,
      params: [],
    }),
    save: (v, loaded) => createOrUpdate(menuApi, loaded, toBody(v)),
  });
  const type = Form.useWatch('type', form) ?? 'M';
  const parents = useQuery({ ...menuQueries.parents(), enabled: open });

  return (
    <FormModal<Values> {...modal} width={720} grid data-testid="menu-form">
      <Field.Tree
        name="parentId"
        label={t('system.menu.parent')}
        span="full"
        treeData={underRoot(t('system.menu.root'), toTreeData(parents.data ?? [], en))}
        treeDefaultExpandedKeys={[0]}
        showSearch={{ treeNodeFilterProp: 'title' }}
      />
      <Field name="type" label={t('system.menu.type')} span="full">
        <Radio.Group
          optionType="button"
          options={(['C', 'M', 'B'] as const).map((k) => ({ value: k, label: t(`system.menu.types.${k}`) }))}
        />
      </Field>
      <Field.Text
        name="title"
        label={t('system.menu.titleZh')}
        max={50}
        required={t('system.menu.rules.title')}
        testId="menu-title"
      />
      <Field.Text name="titleEn" label={t('system.menu.titleEn')} max={50} testId="menu-title-en" />
      {type !== 'B' && (
        <>
          <Field.Text
            name="path"
            label={t('system.menu.path')}
            tooltip={t('system.menu.pathTip')}
            max={200}
            required={t('system.menu.rules.path')}
            pattern={PATH}
            patternMessage={t('system.menu.rules.pattern')}
          />
          <Field.Text
            name="routeName"
            label={t('system.menu.routeName')}
            max={64}
            pattern={ROUTE_NAME}
            patternMessage={t('system.menu.rules.pattern')}
          />
        </>
      )}
      {type === 'M' && (
        <Field.Text
          name="component"
          label={t('system.menu.component')}
          tooltip={t('system.menu.componentTip')}
          max={200}
          placeholder="system/user/index"
          required={t('system.menu.rules.component')}
          pattern={COMPONENT}
          patternMessage={t('system.menu.rules.pattern')}
        />
      )}
      {type === 'C' && (
        <Field.Text
          name="redirect"
          label={t('system.menu.redirect')}
          max={200}
          pattern={PATH}
          patternMessage={t('system.menu.rules.pattern')}
        />
      )}
      {type !== 'B' && (
        <Field name="icon" label={t('system.menu.icon')}>
          <IconPicker />
        </Field>
      )}
      {type !== 'C' && (
        <Field.Text
          name="perm"
          label={t('system.menu.perm')}
          tooltip={t('system.menu.permTip')}
          max={100}
          placeholder="sys:user:add"
          required={type === 'B' ? t('system.menu.rules.perm') : undefined}
          pattern={PERM}
          patternMessage={t('system.menu.rules.permPattern')}
          testId="menu-perm"
        />
      )}
      <Field.Sort />
      {type !== 'B' && (
        <Col xs={24}>
          <Space size="large" wrap>
            <Form.Item name="hidden" label={t('system.menu.hidden')} valuePropName="checked">
              <Switch />
            </Form.Item>
            {type === 'M' && (
              <Form.Item name="keepAlive" label={t('system.menu.keepAlive')} valuePropName="checked">
                <Switch />
              </Form.Item>
            )}
            <Form.Item
              name="alwaysShow"
              label={t('system.menu.alwaysShow')}
              valuePropName="checked"
              tooltip={t('system.menu.alwaysShowTip')}
            >
              <Switch />
            </Form.Item>
          </Space>
        </Col>
      )}
      {type === 'M' && (
        <Field label={t('system.menu.params')} tooltip={t('system.menu.paramsTip')} span="full">
          <Form.List name="params">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f) => (
                  <Space key={f.key} align="baseline" style={{ display: 'flex', marginBottom: 4 }} wrap>
                    <Form.Item
                      name={[f.name, 'key']}
                      rules={[
                        { required: true, message: t('system.menu.rules.paramKey') },
                        { pattern: PARAM_KEY, message: t('system.menu.rules.pattern') },
                      ]}
                      style={{ marginBottom: 8 }}
                    >
                      <Input placeholder={t('system.menu.paramKey')} maxLength={50} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'value']} style={{ marginBottom: 8 }}>
                      <Input placeholder={t('system.menu.paramValue')} maxLength={200} />
                    </Form.Item>
                    <MinusCircleOutlined onClick={() => remove(f.name)} aria-label={t('crud.delete')} />
                  </Space>
                ))}
                <Button
                  type="dashed"
                  onClick={() => add({ key: '', value: '' })}
                  icon={<PlusOutlined />}
                  disabled={fields.length >= 20}
                >
                  {t('system.menu.addParam')}
                </Button>
              </>
            )}
          </Form.List>
        </Field>
      )}
    </FormModal>
  );
}
