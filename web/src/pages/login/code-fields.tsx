/**
 * The code fields of the forms without antd (the sign-in forms, the public query by mobile): the
 * picture code beside its picture, and the SMS code beside its "Send code" and countdown.
 */
import { NumberOutlined, ReloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { VERIFY_CODE } from '@baton/contracts';
import { useTranslation } from '../../app/i18n';
import { LiteButton, LiteSpin } from '../../components/lite';
import { LiteField, LiteInput } from '../../components/lite/field';
import type { Captcha } from '../register/codes';

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
          icon={<SafetyCertificateOutlined />}
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
            <ReloadOutlined />
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
          icon={<NumberOutlined />}
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
        <LiteButton size="large" loading={sending} disabled={left > 0} onClick={onSend} data-testid={sendTestId}>
          {left > 0 ? t('comm.code.resendIn', { s: left }) : t('comm.code.send')}
        </LiteButton>
      </div>
    </LiteField>
  );
}
