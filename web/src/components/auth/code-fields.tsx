/**
 * The mobile and code fields of the forms without antd (the delegation sign-in, the public query
 * by mobile): the mobile, the picture code beside its picture, the SMS code beside its "Send code"
 * and countdown, and what sending a code does.
 */
import MobileOutlined from '@ant-design/icons-svg/es/asn/MobileOutlined';
import NumberOutlined from '@ant-design/icons-svg/es/asn/NumberOutlined';
import ReloadOutlined from '@ant-design/icons-svg/es/asn/ReloadOutlined';
import SafetyCertificateOutlined from '@ant-design/icons-svg/es/asn/SafetyCertificateOutlined';
import { type CodeSent, type DlgCodeBody, VERIFY_CODE } from '@baton/contracts';
import { type ReactNode, useState } from 'react';
import { feedback } from '../../app/feedback';
import { useTranslation } from '../../app/i18n';
import { type Captcha, useCaptcha, useCountdown } from '../../hooks/codes';
import { LiteButton, LiteSpin } from '../lite';
import { LiteField, LiteInput } from '../lite/field';
import { LiteIcon } from '../lite/icon';
import { requestMobileCode } from './credentials';

/** What sending a code needs of its form (a `useLiteForm` with these two fields). */
interface CodeForm {
  values: { mobile: string; captchaCode: string };
  reset: (name: 'captchaCode', value: string) => void;
  setError: (name: 'captchaCode', message: string | undefined) => void;
}

/**
 * "Send code": the picture code (its picture, renewed once used) and the SMS code's request and
 * countdown. `request(tmid)` runs once the form's own checks of the mobile have passed; it asks
 * for the picture code first when the captcha is on.
 */
export function useMobileCode(
  form: CodeForm,
  { captchaOn, send }: { captchaOn: boolean | undefined; send: (body: DlgCodeBody) => Promise<CodeSent> },
) {
  const { t } = useTranslation();
  const { captcha, loading, refresh } = useCaptcha();
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);

  const newCaptcha = () => {
    form.reset('captchaCode', '');
    void refresh();
  };

  const request = async (tmid: number) => {
    const { mobile, captchaCode } = form.values;
    // Not known yet whether a captcha is asked for: the button is held (sendProps) until it is.
    if (captchaOn === undefined) return;
    if (captchaOn && !captchaCode.trim()) {
      form.setError('captchaCode', t('dlg.form.rules.captcha'));
      return;
    }
    setSending(true);
    try {
      const wait = await requestMobileCode({
        mobile,
        captchaCode,
        tmid,
        captchaOn,
        captchaKey: captcha?.key ?? '',
        send,
        onCaptchaUsed: newCaptcha,
      });
      // The server answers the same whether or not the mobile is a contact (no enumeration).
      feedback.message.success(t('dlg.form.sentIfKnown'));
      countdown.start(wait || VERIFY_CODE.resendS);
    } catch {
      // the request layer has shown the server's message
    } finally {
      setSending(false);
    }
  };

  return {
    captcha,
    newCaptcha,
    request,
    /** What `CaptchaField` shows of it. */
    captchaProps: { captcha, loading, onRefresh: newCaptcha },
    /** What `SmsCodeField` shows of it. */
    sendProps: { sending: sending || captchaOn === undefined, left: countdown.left },
  };
}

interface CodeFieldProps {
  id: string;
  /** Shown above the input; without it the placeholder names the input (`aria-label`). */
  label?: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  testId: string;
}

/** The contact mobile (11 digits). */
export function MobileField({
  extra,
  autoComplete,
  ...field
}: CodeFieldProps & { extra?: ReactNode; autoComplete?: string }) {
  return (
    <LiteField id={field.id} label={field.label} error={field.error} extra={extra}>
      <LiteInput
        id={field.id}
        icon={<LiteIcon icon={MobileOutlined} />}
        value={field.value}
        onChange={field.onChange}
        invalid={Boolean(field.error)}
        placeholder={field.placeholder}
        aria-label={field.label ? undefined : field.placeholder}
        inputMode="numeric"
        autoComplete={autoComplete}
        maxLength={11}
        data-testid={field.testId}
      />
    </LiteField>
  );
}

/** The picture code: its answer and the picture, which a click renews. */
export function CaptchaField({
  captcha,
  loading,
  onRefresh,
  imageTestId,
  ...field
}: CodeFieldProps & {
  captcha: Captcha | null;
  loading: boolean;
  onRefresh: () => void;
  imageTestId?: string;
}) {
  const { t } = useTranslation();
  return (
    <LiteField id={field.id} label={field.label} error={field.error}>
      <div className="lite-input-row">
        <LiteInput
          id={field.id}
          icon={<LiteIcon icon={SafetyCertificateOutlined} />}
          value={field.value}
          onChange={field.onChange}
          invalid={Boolean(field.error)}
          maxLength={8}
          autoComplete="off"
          placeholder={field.placeholder}
          aria-label={field.label ? undefined : field.placeholder}
          data-testid={field.testId}
        />
        <button
          type="button"
          className="lite-captcha-img"
          onClick={onRefresh}
          title={t('login.captchaRefresh')}
          aria-label={t('login.captchaRefresh')}
          data-testid={imageTestId}
        >
          {captcha && !loading ? (
            <img src={captcha.image} alt={t('login.captchaImage')} />
          ) : loading ? (
            <LiteSpin small />
          ) : (
            <LiteIcon icon={ReloadOutlined} />
          )}
        </button>
      </div>
    </LiteField>
  );
}

/** The SMS code and its "Send code", which counts down (`left` seconds) before another may be asked for. */
export function SmsCodeField({
  sending,
  left,
  onSend,
  sendTestId,
  ...field
}: CodeFieldProps & {
  sending: boolean;
  left: number;
  onSend: () => void;
  sendTestId: string;
}) {
  const { t } = useTranslation();
  return (
    <LiteField id={field.id} label={field.label} error={field.error}>
      <div className="lite-input-row">
        <LiteInput
          id={field.id}
          icon={<LiteIcon icon={NumberOutlined} />}
          value={field.value}
          onChange={field.onChange}
          invalid={Boolean(field.error)}
          maxLength={VERIFY_CODE.length}
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder={field.placeholder}
          aria-label={field.label ? undefined : field.placeholder}
          data-testid={field.testId}
        />
        <LiteButton
          size="large"
          loading={sending}
          disabled={left > 0 || sending}
          onClick={onSend}
          data-testid={sendTestId}
        >
          {left > 0 ? t('comm.code.resendIn', { s: left }) : t('comm.code.send')}
        </LiteButton>
      </div>
    </LiteField>
  );
}
