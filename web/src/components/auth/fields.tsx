import { LockOutlined, NumberOutlined, ReloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { type CodeSent, PASSWORD_MIN_LENGTH, VERIFY_CODE } from '@baton/contracts';
import { Button, Form, type FormInstance, type FormRule, Input, Spin, theme } from 'antd';
import { useState } from 'react';
import { type TFunction, useTranslation } from '../../app/i18n';
import { type Captcha, useCaptcha, useCountdown } from '../../hooks/codes';
import './auth.css';

/** "Send code" with its 60-second countdown; `onSend` answers the server's wait in seconds. */
export function SendCodeButton({
  onSend,
  disabled,
  testId,
  block,
}: {
  onSend: () => Promise<number | null>;
  disabled?: boolean;
  testId?: string;
  block?: boolean;
}) {
  const { t } = useTranslation();
  const { left, start, running } = useCountdown();
  const [sending, setSending] = useState(false);
  const click = async () => {
    setSending(true);
    try {
      const wait = await onSend();
      if (wait !== null) start(wait || VERIFY_CODE.resendS);
    } catch {
      // the request layer has shown the server's message
    } finally {
      setSending(false);
    }
  };
  return (
    <Button
      onClick={() => void click()}
      loading={sending}
      disabled={disabled || running}
      data-testid={testId}
      block={block}
      style={{ minWidth: 120 }}
    >
      {running ? t('comm.code.resendIn', { s: left }) : t('comm.code.send')}
    </Button>
  );
}

/**
 * The verification-code row of a form: the code input (form field `name`) beside its
 * "Send code" button. The caller wraps it in a Form.Item for the label.
 */
export function CodeField({
  name = 'code',
  label,
  onSend,
  testId,
  sendTestId,
  message,
}: {
  name?: string;
  label?: string;
  onSend: () => Promise<number | null>;
  testId: string;
  sendTestId: string;
  /** What a missing or malformed code says (default: the generic one). */
  message?: string;
}) {
  const { t } = useTranslation();
  const rule = message ?? t('comm.code.rules.code');
  return (
    <div className="code-row">
      <Form.Item
        name={name}
        noStyle
        rules={[
          { required: true, whitespace: true, message: rule },
          { pattern: /^\s*\d+\s*$/, message: rule },
        ]}
      >
        <Input
          prefix={<NumberOutlined />}
          placeholder={t('comm.code.placeholder', { n: VERIFY_CODE.length })}
          aria-label={label ?? t('comm.code.label')}
          maxLength={VERIFY_CODE.length}
          inputMode="numeric"
          autoComplete="one-time-code"
          data-testid={testId}
        />
      </Form.Item>
      <SendCodeButton onSend={onSend} testId={sendTestId} />
    </div>
  );
}

/** The captcha input with its image beside it (the login page's look). */
export function CaptchaInput({
  value,
  onChange,
  captcha,
  loading,
  onRefresh,
  testId,
}: {
  value?: string;
  onChange?: (v: string) => void;
  captcha: Captcha | null;
  loading: boolean;
  onRefresh: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <div className="auth-captcha">
      <Input
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        prefix={<SafetyCertificateOutlined />}
        placeholder={t('comm.code.captcha')}
        aria-label={t('comm.code.captcha')}
        autoComplete="off"
        maxLength={8}
        data-testid={testId}
      />
      <button
        type="button"
        className="auth-captcha-img"
        style={{ borderColor: token.colorBorder }}
        onClick={onRefresh}
        title={t('login.captchaRefresh')}
        aria-label={t('login.captchaRefresh')}
      >
        {captcha && !loading ? (
          <img src={captcha.image} alt={t('login.captchaImage')} />
        ) : loading ? (
          <Spin size="small" />
        ) : (
          <ReloadOutlined style={{ color: '#595959' }} />
        )}
      </button>
    </div>
  );
}

/** A new password's rules: required, and long enough. */
export function newPasswordRules(t: TFunction): FormRule[] {
  return [
    { required: true, message: t('login.rules.password') },
    { min: PASSWORD_MIN_LENGTH, message: t('login.rules.passwordMin') },
  ];
}

/** The rules of the field that repeats the password in `field`. */
export function confirmRules(t: TFunction, field: string): FormRule[] {
  return [
    { required: true, message: t('comm.password.rules.confirm') },
    ({ getFieldValue }) => ({
      validator: (_, value) =>
        !value || value === getFieldValue(field)
          ? Promise.resolve()
          : Promise.reject(new Error(t('comm.password.rules.mismatch'))),
    }),
  ];
}

/** A password field of the sign-in pages' forms (placeholder, no label). */
function PasswordItem({
  name,
  rules,
  dependencies,
  placeholder,
  testId,
}: {
  name: string;
  rules: FormRule[];
  dependencies?: string[];
  placeholder: string;
  testId: string;
}) {
  return (
    <Form.Item name={name} dependencies={dependencies} rules={rules}>
      <Input.Password
        prefix={<LockOutlined />}
        placeholder={placeholder}
        aria-label={placeholder}
        autoComplete="new-password"
        maxLength={64}
        data-testid={testId}
      />
    </Form.Item>
  );
}

/** A new password and its repeat (form fields `name` and `confirm`). */
export function NewPasswordItems({
  name,
  placeholder,
  confirmPlaceholder,
  testId,
  confirmTestId,
}: {
  name: string;
  placeholder: string;
  confirmPlaceholder: string;
  testId: string;
  confirmTestId: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordItem name={name} rules={newPasswordRules(t)} placeholder={placeholder} testId={testId} />
      <PasswordItem
        name="confirm"
        dependencies={[name]}
        rules={confirmRules(t, name)}
        placeholder={confirmPlaceholder}
        testId={confirmTestId}
      />
    </>
  );
}

/**
 * "Send code" of a form with a picture code (form field `captchaCode`): checks the contact field,
 * asks for the picture code, sends, says so (`onSent`) and answers the server's wait in seconds,
 * or null when nothing was sent. A picture code answers one request only: it is renewed after.
 */
export function useCaptchaCodeSend(
  form: FormInstance,
  field: string,
  request: (contact: string, captcha: { captchaKey: string; captchaCode: string }) => Promise<CodeSent>,
  onSent: () => void,
) {
  const { t } = useTranslation();
  const { captcha, loading, refresh } = useCaptcha();
  const send = async (): Promise<number | null> => {
    try {
      await form.validateFields([field]);
    } catch {
      return null;
    }
    const captchaCode = (form.getFieldValue('captchaCode') as string | undefined)?.trim() ?? '';
    if (!captchaCode) {
      form.setFields([{ name: 'captchaCode', errors: [t('login.rules.captcha')] }]);
      return null;
    }
    try {
      const sent = await request((form.getFieldValue(field) as string).trim(), {
        captchaKey: captcha?.key ?? '',
        captchaCode,
      });
      onSent();
      return sent.resendAfterS;
    } finally {
      form.setFieldValue('captchaCode', '');
      void refresh();
    }
  };
  return { send, captchaProps: { captcha, loading, onRefresh: () => void refresh() } };
}

/**
 * The picture code and the SMS code of a form (`captchaProps` and `onSend` from
 * `useCaptchaCodeSend`); `labelled` puts labels above them (else the inputs say it).
 */
export function CaptchaCodeItems({
  captchaProps,
  onSend,
  labelled,
  captchaTestId,
  codeTestId,
  sendTestId,
}: {
  captchaProps: { captcha: Captcha | null; loading: boolean; onRefresh: () => void };
  onSend: () => Promise<number | null>;
  labelled?: boolean;
  captchaTestId: string;
  codeTestId: string;
  sendTestId: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {/* Checked when a code is asked for: the picture code guards the sending. */}
      <Form.Item
        name="captchaCode"
        label={labelled ? t('comm.code.captcha') : undefined}
        extra={t('comm.code.captchaHint')}
      >
        <CaptchaInput {...captchaProps} testId={captchaTestId} />
      </Form.Item>
      <Form.Item label={labelled ? t('comm.code.label') : undefined} required={labelled}>
        <CodeField onSend={onSend} testId={codeTestId} sendTestId={sendTestId} />
      </Form.Item>
    </>
  );
}
