import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { MenuBody, MenuForm } from '@baton/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, Form, Input, Radio, Row, Space, Switch, TreeSelect } from 'antd';
import { menuApi, menuQueries } from '../../../api/system';
import { useTranslation } from '../../../app/i18n';
import {
  type CrudFormProps,
  createOrUpdate,
  FormModal,
  IconPicker,
  SortInput,
  useCrudForm,
} from '../../../components/crud';
import { useEn } from '../../../hooks/language';
import { orNull, toTreeData } from '../../../utils/options';

type Values = Omit<MenuBody, 'params' | 'parentId'> & {
  parentId: number;
  params?: { key: string; value: string }[];
};

export interface MenuEditing {
  /** 0 creates. */
  id: number;
  /** On create: the parent chosen from a row's "add child". */
  parentId?: number | null;
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
export function MenuFormModal({ editing, onClose, onSaved }: CrudFormProps<MenuEditing>) {
  const { t } = useTranslation();
  const en = useEn();
  const open = editing !== null;
  const { form, isEdit, modal } = useCrudForm<Values, MenuForm, MenuEditing>({
    editing,
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
    onClose,
    onSaved,
  });
  const type = Form.useWatch('type', form) ?? 'M';
  const parents = useQuery({ ...menuQueries.parents(), enabled: open });
  const treeData = [{ value: 0, key: 0, title: t('system.menu.root'), children: toTreeData(parents.data ?? [], en) }];

  return (
    <FormModal<Values>
      {...modal}
      title={isEdit ? t('system.menu.editTitle') : t('system.menu.addTitle')}
      width={720}
      data-testid="menu-form"
    >
      <Row gutter={16}>
        <Col xs={24}>
          <Form.Item name="parentId" label={t('system.menu.parent')}>
            <TreeSelect
              treeData={treeData}
              treeDefaultExpandedKeys={[0]}
              showSearch={{ treeNodeFilterProp: 'title' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="type" label={t('system.menu.type')}>
            <Radio.Group
              optionType="button"
              options={(['C', 'M', 'B'] as const).map((k) => ({ value: k, label: t(`system.menu.types.${k}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="title"
            label={t('system.menu.titleZh')}
            rules={[{ required: true, message: t('system.menu.rules.title') }]}
          >
            <Input maxLength={50} data-testid="menu-title" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="titleEn" label={t('system.menu.titleEn')}>
            <Input maxLength={50} data-testid="menu-title-en" />
          </Form.Item>
        </Col>
        {type !== 'B' && (
          <>
            <Col xs={24} sm={12}>
              <Form.Item
                name="path"
                label={t('system.menu.path')}
                tooltip={t('system.menu.pathTip')}
                rules={[
                  { required: true, message: t('system.menu.rules.path') },
                  { pattern: PATH, message: t('system.menu.rules.pattern') },
                ]}
              >
                <Input maxLength={200} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                name="routeName"
                label={t('system.menu.routeName')}
                rules={[{ pattern: ROUTE_NAME, message: t('system.menu.rules.pattern') }]}
              >
                <Input maxLength={64} />
              </Form.Item>
            </Col>
          </>
        )}
        {type === 'M' && (
          <Col xs={24} sm={12}>
            <Form.Item
              name="component"
              label={t('system.menu.component')}
              tooltip={t('system.menu.componentTip')}
              rules={[
                { required: true, message: t('system.menu.rules.component') },
                { pattern: COMPONENT, message: t('system.menu.rules.pattern') },
              ]}
            >
              <Input maxLength={200} placeholder="system/user/index" />
            </Form.Item>
          </Col>
        )}
        {type === 'C' && (
          <Col xs={24} sm={12}>
            <Form.Item
              name="redirect"
              label={t('system.menu.redirect')}
              rules={[{ pattern: PATH, message: t('system.menu.rules.pattern') }]}
            >
              <Input maxLength={200} />
            </Form.Item>
          </Col>
        )}
        {type !== 'B' && (
          <Col xs={24} sm={12}>
            <Form.Item name="icon" label={t('system.menu.icon')}>
              <IconPicker />
            </Form.Item>
          </Col>
        )}
        {type !== 'C' && (
          <Col xs={24} sm={12}>
            <Form.Item
              name="perm"
              label={t('system.menu.perm')}
              tooltip={t('system.menu.permTip')}
              rules={[
                ...(type === 'B' ? [{ required: true, message: t('system.menu.rules.perm') }] : []),
                { pattern: PERM, message: t('system.menu.rules.permPattern') },
              ]}
            >
              <Input maxLength={100} placeholder="sys:user:add" data-testid="menu-perm" />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} sm={12}>
          <Form.Item name="sort" label={t('crud.sort')}>
            <SortInput />
          </Form.Item>
        </Col>
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
          <Col xs={24}>
            <Form.Item label={t('system.menu.params')} tooltip={t('system.menu.paramsTip')}>
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
            </Form.Item>
          </Col>
        )}
      </Row>
    </FormModal>
  );
}
