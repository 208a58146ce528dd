import type { UserCreateBody, UserForm, UserUpdateBody } from '@baton/contracts';
import { PASSWORD_MIN_LENGTH, roleFitsUserType } from '@baton/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Col, Form, Input, Radio, Row, Select, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { deptApi, roleApi, userApi } from '../../../api/system';
import { useTranslation } from '../../../app/i18n';
import { DictSelect, FormModal, useDict } from '../../../components/crud';
import { orNull, toOptions, toTreeData, useEn, useSticky } from '../shared';

type Values = Omit<UserCreateBody, 'password' | 'userType'> & { password?: string; userType?: number };

interface Props {
  /** `null` closed, `0` create, an id edits that user. */
  editing: number | null;
  defaultDeptId?: number;
  onClose: () => void;
  onSaved: () => void;
}

const MOBILE = /^1\d{10}$/;
const USERNAME = /^[A-Za-z0-9][A-Za-z0-9_.@-]{1,49}$/;

/** Create / edit a user; the password only on create; the loaded version travels with the edit. */
export function UserFormModal({ editing, defaultDeptId, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const en = useEn();
  const [form] = Form.useForm<Values>();
  const [loaded, setLoaded] = useState<UserForm | null>(null);
  const [loading, setLoading] = useState(false);
  const open = editing !== null;
  const isEdit = Boolean(useSticky(editing));
  const roles = useQuery({ queryKey: ['role-options'], queryFn: roleApi.options, enabled: open });
  const depts = useQuery({ queryKey: ['dept-options'], queryFn: deptApi.options, enabled: open });
  const userTypes = useDict('user_type');
  // The roles follow the user type: only those that fit it are offered (plus any already chosen,
  // so a misfit shows by name and the rule below can say which).
  const userType = Form.useWatch('userType', form);
  const chosenRoles = Form.useWatch('roleIds', form);
  const roleOptions = (roles.data ?? []).filter(
    (r) => userType === undefined || roleFitsUserType(userType, r.code) || chosenRoles?.includes(r.value),
  );

  useEffect(() => {
    if (editing === null) return;
    form.resetFields();
    setLoaded(null);
    if (!editing) {
      // No user type until one is chosen: nothing privileged by default.
      form.setFieldsValue({ status: 1, gender: 0, roleIds: [], deptId: defaultDeptId ?? null });
      return;
    }
    setLoading(true);
    userApi
      .form(editing)
      .then((u) => {
        setLoaded(u);
        form.setFieldsValue({ ...u, mobile: u.mobile ?? '', email: u.email ?? '' });
      })
      .catch(onClose)
      .finally(() => setLoading(false));
  }, [editing, defaultDeptId, form, onClose]);

  const submit = async (v: Values) => {
    const body = {
      username: v.username.trim(),
      nickname: (v.nickname ?? '').trim(),
      gender: v.gender ?? 0,
      mobile: orNull(v.mobile),
      email: orNull(v.email),
      userType: v.userType!,
      status: v.status ?? 1,
      deptId: v.deptId ?? null,
      roleIds: v.roleIds ?? [],
    };
    if (isEdit && loaded) {
      await userApi.update(loaded.id, {
        ...body,
        avatar: loaded.avatar,
        version: loaded.version,
      } satisfies UserUpdateBody);
    } else {
      await userApi.create({ ...body, password: v.password ?? '' } satisfies UserCreateBody);
    }
    message.success(t('crud.saved'));
    onSaved();
  };

  return (
    <FormModal<Values>
      open={open}
      title={isEdit ? t('system.user.editTitle') : t('system.user.addTitle')}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      loading={loading}
      data-testid="user-form"
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="username"
            label={t('system.user.username')}
            rules={[
              { required: true, message: t('system.user.rules.username') },
              { pattern: USERNAME, message: t('system.user.rules.usernamePattern') },
            ]}
          >
            <Input autoComplete="off" maxLength={50} data-testid="user-username" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="nickname" label={t('system.user.nickname')} rules={[{ max: 50 }]}>
            <Input maxLength={50} data-testid="user-nickname" />
          </Form.Item>
        </Col>
        {!isEdit && (
          <Col xs={24} sm={12}>
            <Form.Item
              name="password"
              label={t('system.user.password')}
              rules={[
                { required: true, message: t('system.user.rules.password') },
                { min: PASSWORD_MIN_LENGTH, message: t('system.user.rules.passwordMin') },
              ]}
            >
              <Input.Password autoComplete="new-password" maxLength={64} data-testid="user-password" />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} sm={12}>
          <Form.Item name="deptId" label={t('system.user.dept')}>
            <TreeSelect
              allowClear
              treeDefaultExpandAll
              treeData={toTreeData(depts.data ?? [], en)}
              placeholder={t('system.user.deptPlaceholder')}
              data-testid="user-dept"
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="userType"
            label={t('system.user.userType')}
            rules={[{ required: true, message: t('system.user.rules.userType') }]}
          >
            <DictSelect
              dictCode="user_type"
              numeric
              allowClear={false}
              placeholder={t('system.user.userTypePlaceholder')}
              data-testid="user-type"
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="roleIds"
            label={t('system.user.roles')}
            dependencies={['userType']}
            rules={[
              {
                validator: async (_, ids: number[] | undefined) => {
                  const type = form.getFieldValue('userType') as number | undefined;
                  if (type === undefined) return;
                  const misfit = (roles.data ?? []).find(
                    (r) => ids?.includes(r.value) && !roleFitsUserType(type, r.code),
                  );
                  if (misfit) {
                    const [option] = toOptions([misfit], en);
                    throw new Error(
                      t('system.user.rules.roleMismatch', { role: option!.label, type: userTypes.label(type) }),
                    );
                  }
                },
              },
            ]}
          >
            <Select
              mode="multiple"
              allowClear
              options={toOptions(roleOptions, en)}
              placeholder={t('system.user.rolesPlaceholder')}
              showSearch={{ optionFilterProp: 'label' }}
              data-testid="user-roles"
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="gender" label={t('system.user.gender')}>
            <DictSelect dictCode="gender" numeric allowClear={false} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="mobile"
            label={t('system.user.mobile')}
            rules={[{ pattern: MOBILE, message: t('system.user.rules.mobile') }]}
          >
            <Input maxLength={11} inputMode="tel" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="email"
            label={t('system.user.email')}
            rules={[{ type: 'email', message: t('system.user.rules.email') }]}
          >
            <Input maxLength={254} inputMode="email" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="status" label={t('crud.status')}>
            <Radio.Group
              options={[
                { value: 1, label: t('system.status.enabled') },
                { value: 0, label: t('system.status.disabled') },
              ]}
            />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
