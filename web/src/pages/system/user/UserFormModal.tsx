import type { UserCreateBody, UserForm, UserUpdateBody } from '@baton/contracts';
import { PASSWORD_MIN_LENGTH, roleFitsUserType } from '@baton/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, type FormRule, Input, Select } from 'antd';
import { deptQueries } from '../../../api/depts';
import { roleQueries } from '../../../api/roles';
import { userApi } from '../../../api/users';
import { type TFunction, useTranslation } from '../../../app/i18n';
import { type CrudFormProps, DictSelect, Field, FormModal, useCrudForm, useDict } from '../../../components/crud';
import { useEn } from '../../../hooks/language';
import { orNull, toOptions, toTreeData } from '../../../utils/options';

type Values = Omit<UserCreateBody, 'password' | 'userType'> & { password?: string; userType?: number };

/** `editing`: `null` closed, `0` create, an id edits that user. */
interface Props extends CrudFormProps {
  defaultDeptId?: number;
}

const MOBILE = /^1\d{10}$/;
const USERNAME = /^[A-Za-z0-9][A-Za-z0-9_.@-]{1,49}$/;

/** A user's new password: required, long enough (the form's and the reset-password prompt's). */
export const passwordRules = (t: TFunction): FormRule[] => [
  { required: true, message: t('system.user.rules.password') },
  { min: PASSWORD_MIN_LENGTH, message: t('system.user.rules.passwordMin') },
];

/** Create / edit a user; the password only on create; the loaded version travels with the edit. */
export function UserFormModal({ defaultDeptId, ...props }: Props) {
  const { t } = useTranslation();
  const en = useEn();
  const open = props.editing !== null;
  const { form, isEdit, modal } = useCrudForm<Values, UserForm>({
    ...props,
    title: { add: t('system.user.addTitle'), edit: t('system.user.editTitle') },
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
    <FormModal<Values> {...modal} grid data-testid="user-form">
      <Field.Text
        name="username"
        label={t('system.user.username')}
        max={50}
        autoComplete="off"
        required={t('system.user.rules.username')}
        pattern={USERNAME}
        patternMessage={t('system.user.rules.usernamePattern')}
        testId="user-username"
      />
      <Field.Text
        name="nickname"
        label={t('system.user.nickname')}
        max={50}
        rules={[{ max: 50 }]}
        testId="user-nickname"
      />
      {!isEdit && (
        <Field name="password" label={t('system.user.password')} rules={passwordRules(t)}>
          <Input.Password autoComplete="new-password" maxLength={64} data-testid="user-password" />
        </Field>
      )}
      <Field.Tree
        name="deptId"
        label={t('system.user.dept')}
        allowClear
        treeDefaultExpandAll
        treeData={toTreeData(depts.data ?? [], en)}
        placeholder={t('system.user.deptPlaceholder')}
        data-testid="user-dept"
      />
      <Field
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
      </Field>
      <Field
        name="roleIds"
        label={t('system.user.roles')}
        dependencies={['userType']}
        rules={[
          {
            validator: async (_, ids: number[] | undefined) => {
              const type = form.getFieldValue('userType') as number | undefined;
              if (type === undefined) return;
              const misfit = (roles.data ?? []).find((r) => ids?.includes(r.value) && !roleFitsUserType(type, r.code));
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
      </Field>
      <Field name="gender" label={t('system.user.gender')}>
        <DictSelect dictCode="gender" numeric allowClear={false} />
      </Field>
      <Field.Text
        name="mobile"
        label={t('system.user.mobile')}
        max={11}
        inputMode="tel"
        pattern={MOBILE}
        patternMessage={t('system.user.rules.mobile')}
      />
      <Field.Text
        name="email"
        label={t('system.user.email')}
        max={254}
        inputMode="email"
        rules={[{ type: 'email', message: t('system.user.rules.email') }]}
      />
      <Field.Status />
    </FormModal>
  );
}
