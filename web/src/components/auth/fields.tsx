import { NumberOutlined, ReloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { VERIFY_CODE } from '@baton/contracts';
import { Button, Form, Input, Spin, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../app/i18n';
import { type Captcha, useCountdown } from '../../hooks/codes';
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
