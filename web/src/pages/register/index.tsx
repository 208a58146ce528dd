import { MobileOutlined, SmileOutlined, UserOutlined } from '@ant-design/icons';
import { MOBILE_NUMBER_PATTERN, REGISTER_USERNAME_PATTERN } from '@baton/contracts';
import { App, Button, Form, Input } from 'antd';
import { Link, useNavigate } from 'react-router';
import { register, sendPublicCode } from '../../api/account';
import { useTranslation } from '../../app/i18n';
import { AuthCard, AuthFrame } from '../../components/auth/AuthFrame';
import { AuthFormHeading } from '../../components/auth/AuthResult';
import { CaptchaCodeItems, NewPasswordItems, useCaptchaCodeSend } from '../../components/auth/fields';
import { useBusy } from '../../hooks/useBusy';

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
  const [submitting, run] = useBusy();
  const { send, captchaProps } = useCaptchaCodeSend(
    form,
    'mobile',
    (contact, captcha) => sendPublicCode({ contact, contactType: 'MOBILE', purpose: 'register', ...captcha }),
    () => message.success(t('comm.code.sent')),
  );

  const onFinish = async (v: Values) => {
    await run(async () => {
      const done = await register({
        username: v.username.trim(),
        nickname: v.nickname.trim(),
        password: v.password,
        mobile: v.mobile.trim(),
        code: v.code.trim(),
      });
      navigate(`/user/register-result?username=${encodeURIComponent(done.username)}`, { replace: true });
    });
  };

  return (
    <AuthFrame>
      <AuthCard>
        <AuthFormHeading title={t('comm.register.title')} subtitle={t('comm.register.subtitle')} />
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
          <NewPasswordItems
            name="password"
            placeholder={t('comm.register.password')}
            confirmPlaceholder={t('comm.register.confirm')}
            testId="register-password"
            confirmTestId="register-confirm"
          />
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
          <CaptchaCodeItems
            captchaProps={captchaProps}
            onSend={send}
            captchaTestId="register-captcha"
            codeTestId="register-code"
            sendTestId="register-send-code"
          />
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
