import { MailOutlined, MobileOutlined } from '@ant-design/icons';
import { type ContactType, EMAIL_ADDRESS_PATTERN, MOBILE_NUMBER_PATTERN } from '@baton/contracts';
import { Button, Form, Input, Segmented } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { forgetPassword, sendPublicCode } from '../../api/account';
import { useFeedback } from '../../app/FeedbackApp';
import { useTranslation } from '../../app/i18n';
import { AuthCard, AuthFrame } from '../../components/auth/AuthFrame';
import { AuthFormHeading, AuthResult } from '../../components/auth/AuthResult';
import { CaptchaCodeItems, NewPasswordItems, useCaptchaCodeSend } from '../../components/auth/fields';

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
  const [form] = Form.useForm<Values>();
  const [contactType, setContactType] = useState<ContactType>('MOBILE');
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const { send, captchaProps } = useCaptchaCodeSend(
    form,
    'contact',
    (contact, captcha) => sendPublicCode({ contact, contactType, purpose: 'reset-password', ...captcha }),
    // The server does not say whether the contact has an account (no account enumeration).
    () => message.success(t('comm.forget.sentIfExists')),
  );

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
      <AuthResult
        title={t('comm.forget.doneTitle')}
        subTitle={t('comm.forget.doneBody')}
        titleTestId="forget-done"
        buttonTestId="forget-to-login"
      />
    );
  }

  const mobile = contactType === 'MOBILE';
  return (
    <AuthFrame>
      <AuthCard>
        <AuthFormHeading title={t('comm.forget.title')} subtitle={t('comm.forget.subtitle')} />
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
          <CaptchaCodeItems
            captchaProps={captchaProps}
            onSend={send}
            captchaTestId="forget-captcha"
            codeTestId="forget-code"
            sendTestId="forget-send-code"
          />
          <NewPasswordItems
            name="newPassword"
            placeholder={t('comm.password.new')}
            confirmPlaceholder={t('comm.password.confirm')}
            testId="forget-password"
            confirmTestId="forget-confirm"
          />
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
