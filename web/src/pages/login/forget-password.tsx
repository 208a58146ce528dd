import { LockOutlined, MailOutlined, MobileOutlined } from '@ant-design/icons';
import { type ContactType, EMAIL_ADDRESS_PATTERN, MOBILE_NUMBER_PATTERN, PASSWORD_MIN_LENGTH } from '@baton/contracts';
import { Button, Form, Input, Result, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { forgetPassword, sendPublicCode } from '../../api/account';
import { useFeedback } from '../../app/FeedbackApp';
import { useTranslation } from '../../app/i18n';
import { AuthCard, AuthFrame } from '../../components/auth/AuthFrame';
import { CaptchaInput, CodeField } from '../../components/auth/fields';
import { useCaptcha } from '../../hooks/codes';

interface Values {
  contact: string;
  captchaCode: string;
  code: string;
  newPassword: string;
  confirm: string;
}

const PATTERN: Record<ContactType, RegExp> = {
  MOBILE: new RegExp(MOBILE_NUMBER_PATTERN),
  EMAIL: new RegExp(EMAIL_ADDRESS_PATTERN),
};

/** /forget-password: a code to the account's mobile or e-mail, then a new password. */
export default function ForgetPasswordPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [contactType, setContactType] = useState<ContactType>('MOBILE');
  const { captcha, loading, refresh } = useCaptcha();
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);

  const send = async (): Promise<number | null> => {
    try {
      await form.validateFields(['contact']);
    } catch {
      return null;
    }
    const { contact, captchaCode } = form.getFieldsValue(['contact', 'captchaCode']) as Values;
    if (!captchaCode?.trim()) {
      form.setFields([{ name: 'captchaCode', errors: [t('login.rules.captcha')] }]);
      return null;
    }
    try {
      const sent = await sendPublicCode({
        contact: contact.trim(),
        contactType,
        purpose: 'reset-password',
        captchaKey: captcha?.key ?? '',
        captchaCode: captchaCode.trim(),
      });
      // The server does not say whether the contact has an account (no account enumeration).
      message.success(t('comm.forget.sentIfExists'));
      return sent.resendAfterS;
    } finally {
      form.setFieldValue('captchaCode', '');
      void refresh();
    }
  };

  const onFinish = async (v: Values) => {
    setSubmitting(true);
    try {
      await forgetPassword({ contact: v.contact.trim(), contactType, code: v.code.trim(), newPassword: v.newPassword });
      setDone(true);
    } catch {
      // shown by the request layer
    } finally {
      setSubmitting(false);
    }
  };

  if (done) {
    return (
      <AuthFrame>
        <AuthCard>
          <Result
            status="success"
            style={{ padding: '8px 0' }}
            title={<span data-testid="forget-done">{t('comm.forget.doneTitle')}</span>}
            subTitle={t('comm.forget.doneBody')}
            extra={
              <Button type="primary" onClick={() => navigate('/login')} data-testid="forget-to-login">
                {t('comm.register.toLogin')}
              </Button>
            }
          />
        </AuthCard>
      </AuthFrame>
    );
  }

  const mobile = contactType === 'MOBILE';
  return (
    <AuthFrame>
      <AuthCard>
        <h2 className="auth-form-title" style={{ fontSize: 20 }}>
          {t('comm.forget.title')}
        </h2>
        <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
          {t('comm.forget.subtitle')}
        </Typography.Paragraph>
        <Segmented<ContactType>
          block
          value={contactType}
          onChange={(v) => {
            setContactType(v);
            form.setFieldsValue({ contact: '', code: '' });
            form.setFields([{ name: 'contact', errors: [] }]);
          }}
          options={[
            { value: 'MOBILE', label: <span data-testid="forget-by-mobile">{t('comm.forget.byMobile')}</span> },
            { value: 'EMAIL', label: <span data-testid="forget-by-email">{t('comm.forget.byEmail')}</span> },
          ]}
          style={{ marginBottom: 20 }}
        />
        <Form<Values>
          form={form}
          layout="vertical"
          size="large"
          requiredMark={false}
          onFinish={onFinish}
          autoComplete="off"
          data-testid="forget-form"
        >
          <Form.Item
            name="contact"
            rules={[
              { required: true, message: mobile ? t('comm.code.rules.mobile') : t('comm.code.rules.email') },
              {
                pattern: PATTERN[contactType],
                message: mobile ? t('comm.code.rules.mobileFormat') : t('comm.code.rules.emailFormat'),
              },
            ]}
          >
            <Input
              prefix={mobile ? <MobileOutlined /> : <MailOutlined />}
              placeholder={mobile ? t('comm.forget.mobile') : t('comm.forget.email')}
              aria-label={mobile ? t('comm.forget.mobile') : t('comm.forget.email')}
              maxLength={mobile ? 11 : 254}
              inputMode={mobile ? 'numeric' : 'email'}
              data-testid="forget-contact"
            />
          </Form.Item>
          <Form.Item name="captchaCode" extra={t('comm.code.captchaHint')}>
            <CaptchaInput
              captcha={captcha}
              loading={loading}
              onRefresh={() => void refresh()}
              testId="forget-captcha"
            />
          </Form.Item>
          <Form.Item>
            <CodeField onSend={send} testId="forget-code" sendTestId="forget-send-code" />
          </Form.Item>
          <Form.Item
            name="newPassword"
            rules={[
              { required: true, message: t('login.rules.password') },
              { min: PASSWORD_MIN_LENGTH, message: t('login.rules.passwordMin') },
            ]}
          >
            <Input.Password
              prefix={<LockOutlined />}
              placeholder={t('comm.password.new')}
              aria-label={t('comm.password.new')}
              autoComplete="new-password"
              maxLength={64}
              data-testid="forget-password"
            />
          </Form.Item>
          <Form.Item
            name="confirm"
            dependencies={['newPassword']}
            rules={[
              { required: true, message: t('comm.password.rules.confirm') },
              ({ getFieldValue }) => ({
                validator: (_, value) =>
                  !value || value === getFieldValue('newPassword')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('comm.password.rules.mismatch'))),
              }),
            ]}
          >
            <Input.Password
              prefix={<LockOutlined />}
              placeholder={t('comm.password.confirm')}
              aria-label={t('comm.password.confirm')}
              autoComplete="new-password"
              maxLength={64}
              data-testid="forget-confirm"
            />
          </Form.Item>
          <Form.Item style={{ marginBottom: 12 }}>
            <Button type="primary" htmlType="submit" block loading={submitting} data-testid="forget-submit">
              {t('comm.forget.submit')}
            </Button>
          </Form.Item>
        </Form>
        <div className="auth-links">
          <Link to="/login">{t('comm.forget.backToLogin')}</Link>
          <Link to="/register">{t('comm.forget.register')}</Link>
        </div>
      </AuthCard>
    </AuthFrame>
  );
}
