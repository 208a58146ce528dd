import { LockOutlined, ReloadOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { PASSWORD_MIN_LENGTH } from '@baton/contracts';
import { Button, Form, theme } from 'antd';
// The two inputs alone: `Input` from 'antd' brings Search, OTP and TextArea onto the login page.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { loadPublicKey, login } from '../../api/auth';
import { useTranslation } from '../../app/i18n';
import { LiteSpin } from '../../components/lite';
import { useCaptcha } from '../register/codes';
import { forgetKeyIfStale, sealed } from './credentials';
import { useSignedIn } from './sign-in';

interface LoginValues {
  username: string;
  password: string;
  captchaCode: string;
}

/** The administrators' sign-in: username and password (SM2-encrypted) and the picture code. */
export function AdminLoginForm({ redirect }: { redirect: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [form] = Form.useForm<LoginValues>();
  const signedIn = useSignedIn();
  const { captcha, loading: captchaLoading, refresh: refreshCaptcha } = useCaptcha();
  const [submitting, setSubmitting] = useState(false);
  const [capsLock, setCapsLock] = useState(false);

  useEffect(() => {
    // Fetch the encryption key while the user types.
    loadPublicKey().catch(() => undefined);
  }, []);

  const onCapsLock = (e: KeyboardEvent<HTMLInputElement>) => setCapsLock(e.getModifierState('CapsLock'));

  const onFinish = async (values: LoginValues) => {
    setSubmitting(true);
    try {
      const tokens = await login({
        username: await sealed(values.username.trim()),
        password: await sealed(values.password),
        captchaKey: captcha?.key ?? '',
        captchaCode: values.captchaCode.trim(),
      });
      signedIn(tokens, redirect);
    } catch (error) {
      // The request layer has shown the server's message; a captcha is good for one try only.
      forgetKeyIfStale(error);
      form.setFieldValue('captchaCode', '');
      void refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <Form<LoginValues>
        form={form}
        size="large"
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        autoComplete="off"
        initialValues={{ username: '', password: '', captchaCode: '' }}
      >
        <Form.Item name="username" rules={[{ required: true, whitespace: true, message: t('login.rules.username') }]}>
          <Input
            prefix={<UserOutlined />}
            placeholder={t('login.username')}
            aria-label={t('login.username')}
            autoComplete="username"
            data-testid="login-username"
            maxLength={64}
          />
        </Form.Item>
        <Form.Item
          name="password"
          rules={[
            { required: true, message: t('login.rules.password') },
            { min: PASSWORD_MIN_LENGTH, message: t('login.rules.passwordMin') },
          ]}
          extra={
            capsLock ? (
              <span style={{ color: token.colorWarning }} data-testid="caps-lock-warning">
                {t('login.capsLock')}
              </span>
            ) : null
          }
        >
          <Password
            prefix={<LockOutlined />}
            placeholder={t('login.password')}
            aria-label={t('login.password')}
            autoComplete="current-password"
            data-testid="login-password"
            maxLength={128}
            onKeyDown={onCapsLock}
            onKeyUp={onCapsLock}
            onBlur={() => setCapsLock(false)}
          />
        </Form.Item>
        <Form.Item>
          <div className="auth-captcha">
            <Form.Item
              name="captchaCode"
              noStyle
              rules={[{ required: true, whitespace: true, message: t('login.rules.captcha') }]}
            >
              <Input
                prefix={<SafetyCertificateOutlined />}
                placeholder={t('login.captcha')}
                aria-label={t('login.captcha')}
                autoComplete="off"
                data-testid="login-captcha"
                maxLength={8}
              />
            </Form.Item>
            <button
              type="button"
              className="auth-captcha-img"
              style={{ borderColor: token.colorBorder }}
              onClick={() => void refreshCaptcha()}
              title={t('login.captchaRefresh')}
              aria-label={t('login.captchaRefresh')}
              data-testid="login-captcha-img"
            >
              {captcha && !captchaLoading ? (
                <img src={captcha.image} alt={t('login.captchaImage')} />
              ) : captchaLoading ? (
                <LiteSpin small />
              ) : (
                <ReloadOutlined style={{ color: '#595959' }} />
              )}
            </button>
          </div>
        </Form.Item>
        <Form.Item style={{ marginBottom: 12 }}>
          <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
            {t('login.submit')}
          </Button>
        </Form.Item>
      </Form>
      <div className="auth-links">
        <Link to="/forget-password">{t('login.forgetPassword')}</Link>
        <Link to="/register">{t('login.register')}</Link>
        <Link to="/which/login">{t('login.otherWays')}</Link>
      </div>
    </>
  );
}
