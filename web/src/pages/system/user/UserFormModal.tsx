import type { UserCreateBody, UserForm, UserUpdateBody } from '@baton/contracts';
import { PASSWORD_MIN_LENGTH, roleFitsUserType } from '@baton/contracts';
import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, Row, Select, TreeSelect } from 'antd';
import { deptQueries, roleQueries, userApi } from '../../../api/system';
import { useTranslation } from '../../../app/i18n';
import { type CrudFormProps, DictSelect, FormModal, StatusRadio, useCrudForm, useDict } from '../../../components/crud';
import { useEn } from '../../../hooks/language';
import { orNull, toOptions, toTreeData } from '../../../utils/options';

type Values = Omit<UserCreateBody, 'password' | 'userType'> & { password?: string; userType?: number };

/** `editing`: `null` closed, `0` create, an id edits that user. */
interface Props extends CrudFormProps {
  defaultDeptId?: number;
}

const MOBILE = /^1\d{10}$/;
const USERNAME = /^[A-Za-z0-9][A-Za-z0-9_.@-]{1,49}$/;

/** Create / edit a user; the password only on create; the loaded version travels with the edit. */
export function UserFormModal({ editing, defaultDeptId, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const en = useEn();
  const open = editing !== null;
  const { form, isEdit, modal } = useCrudForm<Values, UserForm>({
    editing,
    load: userApi.form,
    toValues: (u) => ({ ...u, mobile: u.mobile ?? '', email: u.email ?? '' }),
    // No user type until one is chosen: nothing privileged by default.
    defaults: () => ({ status: 1, gender: 0, roleIds: [], deptId: defaultDeptId ?? null }),
    save: (v, loaded) => {
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
      return loaded
        ? userApi.update(loaded.id, {
            ...body,
            avatar: loaded.avatar,
            version: loaded.version,
          } satisfies UserUpdateBody)
        : userApi.create({ ...body, password: v.password ?? '' } satisfies UserCreateBody);
    },
    onClose,
    onSaved,
  });
  const roles = useQuery({ ...roleQueries.options(), enabled: open });
  const depts = useQuery({ ...deptQueries.options(), enabled: open });
  const userTypes = useDict('user_type');
  // The roles follow the user type: only those that fit it are offered (plus any already chosen,
  // so a misfit shows by name and the rule below can say which).
  const userType = Form.useWatch('userType', form);
  const chosenRoles = Form.useWatch('roleIds', form);
  const roleOptions = (roles.data ?? []).filter(
    (r) => userType === undefined || roleFitsUserType(userType, r.code) || chosenRoles?.includes(r.value),
  );

  return (
    <FormModal<Values>
      {...modal}
      title={isEdit ? t('system.user.editTitle') : t('system.user.addTitle')}
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
            <StatusRadio />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
