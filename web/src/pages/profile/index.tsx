import {
  CameraOutlined,
  LockOutlined,
  MailOutlined,
  MobileOutlined,
  SafetyOutlined,
  UserOutlined,
} from '@ant-design/icons';
import {
  type ContactType,
  EMAIL_ADDRESS_PATTERN,
  FILE_LIMITS,
  MOBILE_NUMBER_PATTERN,
  maskPhone,
  type ProfileVO,
} from '@baton/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Avatar,
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  Input,
  Radio,
  Row,
  Spin,
  Tabs,
  Tag,
  Typography,
  theme,
  Upload,
} from 'antd';
import { useEffect, useState } from 'react';
import {
  accountQueries,
  bindEmail,
  bindMobile,
  changePassword,
  sendBindCode,
  setAvatar,
  updateProfile,
} from '../../api/account';
import { uploadFile } from '../../api/files';
import { useTranslation } from '../../app/i18n';
import { CaptchaCodeItems, confirmRules, newPasswordRules, useCaptchaCodeSend } from '../../components/auth/fields';
import { useDict } from '../../components/crud/Dict';
import { formatTime } from '../../components/crud/format';
import { useBusy } from '../../hooks/useBusy';
import { useUserStore } from '../../stores/user';
import { userTypeKey } from '../../utils/userType';

const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** Keep the header (user menu avatar and name) in step with the profile. */
function patchHeader(patch: { nickname?: string; avatar?: string | null }) {
  const { userInfo, setUserInfo } = useUserStore.getState();
  if (userInfo) setUserInfo({ ...userInfo, ...patch });
}

/** /profile: the personal centre — avatar, nickname, gender, contacts, password. */
export default function ProfilePage() {
  const { t, i18n } = useTranslation();
  const profile = useQuery(accountQueries.profile());
  const p = profile.data;
  const { refetch } = profile;
  // Department and role names come in the interface language.
  useEffect(() => {
    if (i18n.language) void refetch();
  }, [i18n.language, refetch]);

  return (
    <Spin spinning={profile.isLoading}>
      <Row gutter={[16, 16]} data-testid="profile-page">
        <Col xs={24} lg={8} xl={7}>
          <Card variant="borderless" style={{ height: '100%' }}>
            {p && <Summary profile={p} />}
          </Card>
        </Col>
        <Col xs={24} lg={16} xl={17}>
          <Card variant="borderless">
            {p && (
              <Tabs
                items={[
                  { key: 'basic', label: t('comm.profile.tabBasic'), children: <BasicForm profile={p} /> },
                  { key: 'password', label: t('comm.profile.tabPassword'), children: <PasswordForm /> },
                  {
                    key: 'mobile',
                    label: t('comm.profile.tabMobile'),
                    children: <BindForm type="MOBILE" current={p.mobile} />,
                  },
                  {
                    key: 'email',
                    label: t('comm.profile.tabEmail'),
                    children: <BindForm type="EMAIL" current={p.email} />,
                  },
                ]}
              />
            )}
          </Card>
        </Col>
      </Row>
    </Spin>
  );
}

function Summary({ profile }: { profile: ProfileVO }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [uploading, run] = useBusy();
  const none = t('common.none');

  const beforeUpload = (file: File) => {
    if (!AVATAR_TYPES.includes(file.type)) {
      message.error(t('comm.profile.avatarType'));
      return Upload.LIST_IGNORE;
    }
    if (file.size > FILE_LIMITS.imageBytes) {
      message.error(t('comm.profile.avatarSize', { mb: FILE_LIMITS.imageBytes / 1024 / 1024 }));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const upload = async (file: File) => {
    await run(async () => {
      const stored = await uploadFile(file);
      const { avatar } = await setAvatar({ fileId: stored.id });
      patchHeader({ avatar });
      queryClient.setQueryData(accountQueries.profile().queryKey, (old) => (old ? { ...old, avatar } : old));
      message.success(t('comm.profile.avatarDone'));
    });
  };

  return (
    <div style={{ textAlign: 'center' }}>
      <Upload
        accept={AVATAR_TYPES.join(',')}
        showUploadList={false}
        beforeUpload={beforeUpload}
        customRequest={({ file }) => void upload(file as File)}
        disabled={uploading}
      >
        <button
          type="button"
          className="profile-avatar"
          aria-label={t('comm.profile.changeAvatar')}
          title={t('comm.profile.changeAvatar')}
          data-testid="profile-avatar"
          style={{
            position: 'relative',
            border: 0,
            padding: 0,
            background: 'none',
            cursor: 'pointer',
            borderRadius: '50%',
          }}
        >
          <Spin spinning={uploading}>
            <Avatar
              size={96}
              src={profile.avatar || undefined}
              icon={<UserOutlined />}
              style={{ background: token.colorPrimary }}
            />
          </Spin>
          <span
            style={{
              position: 'absolute',
              right: 0,
              bottom: 0,
              width: 30,
              height: 30,
              borderRadius: '50%',
              display: 'grid',
              placeItems: 'center',
              background: token.colorBgElevated,
              color: token.colorText,
              boxShadow: token.boxShadowTertiary,
            }}
          >
            <CameraOutlined />
          </span>
        </button>
      </Upload>
      <Typography.Title level={4} style={{ margin: '12px 0 0' }} data-testid="profile-nickname">
        {profile.nickname || profile.username}
      </Typography.Title>
      <Typography.Text type="secondary">@{profile.username}</Typography.Text>
      <Descriptions
        column={1}
        size="small"
        style={{ marginTop: 20, textAlign: 'start' }}
        items={[
          { key: 'type', label: t('comm.profile.userType'), children: t(userTypeKey(profile.userType)) },
          { key: 'dept', label: t('comm.profile.dept'), children: profile.deptName || none },
          {
            key: 'roles',
            label: t('comm.profile.roles'),
            children: profile.roleNames
              ? profile.roleNames.split(/[,，]\s*/).map((r) => (
                  <Tag key={r} style={{ marginBottom: 4 }}>
                    {r}
                  </Tag>
                ))
              : none,
          },
          {
            key: 'mobile',
            label: t('comm.profile.mobile'),
            children: profile.mobile ? maskPhone(profile.mobile) : none,
          },
          { key: 'email', label: t('comm.profile.email'), children: profile.email || none },
          { key: 'created', label: t('comm.profile.createdAt'), children: formatTime(profile.createdAt) },
        ]}
      />
    </div>
  );
}

function BasicForm({ profile }: { profile: ProfileVO }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ nickname: string; gender: number }>();
  const [saving, run] = useBusy();
  const gender = useDict('gender');

  useEffect(() => {
    form.setFieldsValue({ nickname: profile.nickname, gender: profile.gender });
  }, [profile.nickname, profile.gender, form]);

  const onFinish = async (v: { nickname: string; gender: number }) => {
    await run(async () => {
      const after = await updateProfile({ nickname: v.nickname.trim(), gender: v.gender });
      queryClient.setQueryData(accountQueries.profile().queryKey, after);
      patchHeader({ nickname: after.nickname });
      message.success(t('comm.profile.saved'));
    });
  };

  const genderOptions = gender.items.length
    ? gender.items.map((i) => ({ value: Number(i.value), label: gender.labelOf(i) }))
    : [0, 1, 2].map((v) => ({ value: v, label: String(v) }));

  return (
    <Form form={form} layout="vertical" onFinish={onFinish} style={{ maxWidth: 480 }} data-testid="profile-basic">
      <Form.Item label={t('comm.profile.username')}>
        <Input value={profile.username} disabled />
      </Form.Item>
      <Form.Item
        name="nickname"
        label={t('comm.profile.nickname')}
        rules={[{ required: true, whitespace: true, message: t('comm.register.rules.nickname') }]}
      >
        <Input maxLength={50} showCount data-testid="profile-nickname-input" />
      </Form.Item>
      <Form.Item name="gender" label={t('comm.profile.gender')}>
        <Radio.Group options={genderOptions} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving} data-testid="profile-save">
        {t('crud.save')}
      </Button>
    </Form>
  );
}

function PasswordForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ oldPassword: string; newPassword: string; confirm: string }>();
  const [saving, run] = useBusy();
  const [done, setDone] = useState(false);

  const onFinish = async (v: { oldPassword: string; newPassword: string }) => {
    await run(async () => {
      await changePassword({ oldPassword: v.oldPassword, newPassword: v.newPassword });
      form.resetFields();
      setDone(true);
      message.success(t('comm.password.changed'));
    });
  };

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={onFinish}
      style={{ maxWidth: 480 }}
      onValuesChange={() => setDone(false)}
    >
      {done && (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('comm.password.changed')}
          description={t('comm.password.othersSignedOut')}
          data-testid="password-changed"
        />
      )}
      <Form.Item
        name="oldPassword"
        label={t('comm.password.old')}
        rules={[{ required: true, message: t('comm.password.rules.old') }]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" maxLength={64} />
      </Form.Item>
      <Form.Item name="newPassword" label={t('comm.password.new')} rules={newPasswordRules(t)}>
        <Input.Password prefix={<SafetyOutlined />} autoComplete="new-password" maxLength={64} />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('comm.password.confirm')}
        dependencies={['newPassword']}
        rules={confirmRules(t, 'newPassword')}
      >
        <Input.Password prefix={<SafetyOutlined />} autoComplete="new-password" maxLength={64} />
      </Form.Item>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('comm.password.othersHint')}
      </Typography.Paragraph>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('comm.password.submit')}
      </Button>
    </Form>
  );
}

function BindForm({ type, current }: { type: ContactType; current: string | null }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ contact: string; code: string; captchaCode: string }>();
  const [saving, run] = useBusy();
  const isMobile = type === 'MOBILE';
  const pattern = new RegExp(isMobile ? MOBILE_NUMBER_PATTERN : EMAIL_ADDRESS_PATTERN);
  const { send, captchaProps } = useCaptchaCodeSend(
    form,
    'contact',
    (contact, captcha) => sendBindCode(contact, type, captcha),
    () => message.success(t('comm.code.sent')),
  );

  const onFinish = async (v: { contact: string; code: string }) => {
    await run(async () => {
      if (isMobile) await bindMobile({ mobile: v.contact.trim(), code: v.code.trim() });
      else await bindEmail({ email: v.contact.trim(), code: v.code.trim() });
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: accountQueries.profile().queryKey });
      message.success(t('comm.profile.bound'));
    });
  };

  const shown = current ? (isMobile ? maskPhone(current) : current) : t('comm.profile.notBound');

  return (
    <Form form={form} layout="vertical" onFinish={onFinish} style={{ maxWidth: 480 }}>
      <Form.Item label={isMobile ? t('comm.profile.currentMobile') : t('comm.profile.currentEmail')}>
        <Typography.Text strong>{shown}</Typography.Text>
      </Form.Item>
      <Form.Item
        name="contact"
        label={isMobile ? t('comm.profile.newMobile') : t('comm.profile.newEmail')}
        rules={[
          { required: true, message: isMobile ? t('comm.code.rules.mobile') : t('comm.code.rules.email') },
          { pattern, message: isMobile ? t('comm.code.rules.mobileFormat') : t('comm.code.rules.emailFormat') },
        ]}
      >
        <Input
          prefix={isMobile ? <MobileOutlined /> : <MailOutlined />}
          maxLength={isMobile ? 11 : 254}
          inputMode={isMobile ? 'numeric' : 'email'}
          data-testid={`bind-${type.toLowerCase()}-contact`}
        />
      </Form.Item>
      <CaptchaCodeItems
        labelled
        captchaProps={captchaProps}
        onSend={send}
        captchaTestId={`bind-${type.toLowerCase()}-captcha`}
        codeTestId={`bind-${type.toLowerCase()}-code`}
        sendTestId={`bind-${type.toLowerCase()}-send`}
      />
      <Button type="primary" htmlType="submit" loading={saving} data-testid={`bind-${type.toLowerCase()}-submit`}>
        {isMobile ? t('comm.profile.bindMobile') : t('comm.profile.bindEmail')}
      </Button>
    </Form>
  );
}
