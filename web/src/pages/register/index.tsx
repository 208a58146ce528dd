import { LockOutlined, MobileOutlined, SmileOutlined, UserOutlined } from '@ant-design/icons';
import { MOBILE_NUMBER_PATTERN, PASSWORD_MIN_LENGTH, REGISTER_USERNAME_PATTERN } from '@baton/contracts';
import { App, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { register, sendPublicCode } from '../../api/account';
import { useTranslation } from '../../app/i18n';
import { AuthCard, AuthFrame } from '../../components/auth/AuthFrame';
import { CaptchaInput, CodeField } from '../../components/auth/fields';
import { useCaptcha } from '../../hooks/codes';

interface Values {
  username: string;
  nickname: string;
  password: string;
  confirm: string;
  mobile: string;
  captchaCode: string;
  code: string;
}

const mobileRe = new RegExp(MOBILE_NUMBER_PATTERN);

/** /register: a customer account (user type 50) with a mobile verification code. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const { captcha, loading, refresh } = useCaptcha();
  const [submitting, setSubmitting] = useState(false);

  const send = async (): Promise<number | null> => {
    try {
      await form.validateFields(['mobile']);
    } catch {
      return null;
    }
    const { mobile, captchaCode } = form.getFieldsValue(['mobile', 'captchaCode']) as Values;
    if (!captchaCode?.trim()) {
      form.setFields([{ name: 'captchaCode', errors: [t('login.rules.captcha')] }]);
      return null;
    }
    try {
      const sent = await sendPublicCode({
        contact: mobile.trim(),
        contactType: 'MOBILE',
        purpose: 'register',
        captchaKey: captcha?.key ?? '',
        captchaCode: captchaCode.trim(),
      });
      message.success(t('comm.code.sent'));
      return sent.resendAfterS;
    } finally {
      // A captcha answers one request only.
      form.setFieldValue('captchaCode', '');
      void refresh();
    }
  };

  const onFinish = async (v: Values) => {
    setSubmitting(true);
    try {
      const done = await register({
        username: v.username.trim(),
        nickname: v.nickname.trim(),
        password: v.password,
        mobile: v.mobile.trim(),
        code: v.code.trim(),
      });
      navigate(`/user/register-result?username=${encodeURIComponent(done.username)}`, { replace: true });
    } catch {
      // shown by the request layer
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthFrame>
      <AuthCard>
        <h2 className="auth-form-title" style={{ fontSize: 20 }}>
          {t('comm.register.title')}
        </h2>
        <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
          {t('comm.register.subtitle')}
        </Typography.Paragraph>
        <Form<Values>
          form={form}
          layout="vertical"
          size="large"
          requiredMark={false}
          onFinish={onFinish}
          autoComplete="off"
          data-testid="register-form"
        >
          <Form.Item
            name="username"
            rules={[
              { required: true, message: t('comm.register.rules.username') },
              { pattern: new RegExp(REGISTER_USERNAME_PATTERN), message: t('comm.register.rules.usernameFormat') },
            ]}
          >
            <Input
              prefix={<UserOutlined />}
              placeholder={t('comm.register.username')}
              aria-label={t('comm.register.username')}
              maxLength={32}
              autoComplete="username"
              data-testid="register-username"
            />
          </Form.Item>
          <Form.Item
            name="nickname"
            rules={[{ required: true, whitespace: true, message: t('comm.register.rules.nickname') }]}
          >
            <Input
              prefix={<SmileOutlined />}
              placeholder={t('comm.register.nickname')}
              aria-label={t('comm.register.nickname')}
              maxLength={50}
              data-testid="register-nickname"
            />
          </Form.Item>
          <Form.Item
            name="password"
            rules={[
              { required: true, message: t('login.rules.password') },
              { min: PASSWORD_MIN_LENGTH, message: t('login.rules.passwordMin') },
            ]}
          >
            <Input.Password
              prefix={<LockOutlined />}
              placeholder={t('comm.register.password')}
              aria-label={t('comm.register.password')}
              autoComplete="new-password"
              maxLength={64}
              data-testid="register-password"
            />
          </Form.Item>
          <Form.Item
            name="confirm"
            dependencies={['password']}
            rules={[
              { required: true, message: t('comm.password.rules.confirm') },
              ({ getFieldValue }) => ({
                validator: (_, value) =>
                  !value || value === getFieldValue('password')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('comm.password.rules.mismatch'))),
              }),
            ]}
          >
            <Input.Password
              prefix={<LockOutlined />}
              placeholder={t('comm.register.confirm')}
              aria-label={t('comm.register.confirm')}
              autoComplete="new-password"
              maxLength={64}
              data-testid="register-confirm"
            />
          </Form.Item>
          <Form.Item
            name="mobile"
            rules={[
              { required: true, message: t('comm.code.rules.mobile') },
              { pattern: mobileRe, message: t('comm.code.rules.mobileFormat') },
            ]}
          >
            <Input
              prefix={<MobileOutlined />}
              placeholder={t('comm.register.mobile')}
              aria-label={t('comm.register.mobile')}
              maxLength={11}
              inputMode="numeric"
              data-testid="register-mobile"
            />
          </Form.Item>
          {/* Checked when a code is asked for (the captcha guards the sending, not the registration). */}
          <Form.Item name="captchaCode" extra={t('comm.code.captchaHint')}>
            <CaptchaInput
              captcha={captcha}
              loading={loading}
              onRefresh={() => void refresh()}
              testId="register-captcha"
            />
          </Form.Item>
          <Form.Item>
            <CodeField onSend={send} testId="register-code" sendTestId="register-send-code" />
          </Form.Item>
          <Form.Item style={{ marginBottom: 12 }}>
            <Button type="primary" htmlType="submit" block loading={submitting} data-testid="register-submit">
              {t('comm.register.submit')}
            </Button>
          </Form.Item>
        </Form>
        <div className="auth-links">
          <Link to="/login">{t('comm.register.haveAccount')}</Link>
          <Link to="/forget-password">{t('login.forgetPassword')}</Link>
        </div>
      </AuthCard>
    </AuthFrame>
  );
}
