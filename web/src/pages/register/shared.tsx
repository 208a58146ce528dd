import { NumberOutlined, ReloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { VERIFY_CODE } from '@baton/contracts';
import { Button, Form, Input, Spin, theme } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getCaptcha } from '../../api/auth';
import { useTranslation } from '../../app/i18n';
import '../login/auth.css';

/** Seconds left before another code may be asked for; `start(s)` begins a countdown. */
export function useCountdown() {
  const [left, setLeft] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  useEffect(() => () => clearInterval(timer.current), []);
  const start = useCallback((seconds: number = VERIFY_CODE.resendS) => {
    clearInterval(timer.current);
    setLeft(seconds);
    timer.current = setInterval(() => {
      setLeft((s) => {
        if (s <= 1) clearInterval(timer.current);
        return Math.max(0, s - 1);
      });
    }, 1000);
  }, []);
  return { left, start, running: left > 0 };
}

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

export interface Captcha {
  key: string;
  image: string;
}

/** A captcha for the public code requests: the image (click for another) and its answer. */
export function useCaptcha() {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);
  const refresh = useCallback(async () => {
    const mine = ++seq.current;
    setLoading(true);
    try {
      const res = await getCaptcha();
      if (mine === seq.current) setCaptcha({ key: res.captchaKey, image: res.captchaBase64 });
    } catch {
      if (mine === seq.current) setCaptcha(null);
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return { captcha, loading, refresh };
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
