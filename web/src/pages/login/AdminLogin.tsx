import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { PASSWORD_MIN_LENGTH } from '@baton/contracts';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { loadPublicKey, login } from '../../api/auth';
import { useTranslation } from '../../app/i18n';
import { CaptchaField } from '../../components/auth/code-fields';
import { forgetKeyIfStale, sealed } from '../../components/auth/credentials';
import { LiteButton } from '../../components/lite';
import { LiteField, LiteInput, useLiteForm } from '../../components/lite/field';
import { LiteIcon } from '../../components/lite/icon';
import { useCaptcha } from '../../hooks/codes';
import { useSignedIn } from './sign-in';

/**
 * The administrators' sign-in: username and password (SM2-encrypted) and the picture code.
 * Without antd, like the whole sign-in page: the first page most users open downloads little.
 */
export function AdminLoginForm({ redirect }: { redirect: string }) {
  const { t } = useTranslation();
  const id = useId();
  const signedIn = useSignedIn();
  const { captcha, loading: captchaLoading, refresh: refreshCaptcha } = useCaptcha();
  const [submitting, setSubmitting] = useState(false);
  const [capsLock, setCapsLock] = useState(false);
  const [shown, setShown] = useState(false);
  const form = useLiteForm(
    { username: '', password: '', captchaCode: '' },
    {
      username: (v) => (v.trim() ? null : t('login.rules.username')),
      password: (v) =>
        !v ? t('login.rules.password') : v.length < PASSWORD_MIN_LENGTH ? t('login.rules.passwordMin') : null,
      captchaCode: (v) => (v.trim() ? null : t('login.rules.captcha')),
    },
  );
  const { values, errors } = form;

  useEffect(() => {
    // Fetch the encryption key while the user types.
    loadPublicKey().catch(() => undefined);
  }, []);

  const onCapsLock = (e: KeyboardEvent<HTMLInputElement>) => setCapsLock(e.getModifierState('CapsLock'));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting || !form.check()) return;
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
      form.reset('captchaCode', '');
      void refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <form onSubmit={(e) => void submit(e)} autoComplete="off" noValidate data-testid="login-form">
        <LiteField id={`${id}-username`} error={errors.username}>
          <LiteInput
            id={`${id}-username`}
            icon={<LiteIcon icon={UserOutlined} />}
            value={values.username}
            onChange={(v) => form.set('username', v)}
            invalid={Boolean(errors.username)}
            placeholder={t('login.username')}
            aria-label={t('login.username')}
            autoComplete="username"
            maxLength={64}
            data-testid="login-username"
          />
        </LiteField>
        <LiteField
          id={`${id}-password`}
          error={errors.password}
          extra={
            capsLock ? (
              <span className="auth-warning" data-testid="caps-lock-warning">
                {t('login.capsLock')}
              </span>
            ) : null
          }
        >
          <LiteInput
            id={`${id}-password`}
            type={shown ? 'text' : 'password'}
            icon={<LiteIcon icon={LockOutlined} />}
            suffix={
              <button
                type="button"
                className="lite-input-eye"
                onClick={() => setShown((s) => !s)}
                aria-label={t(shown ? 'login.hidePassword' : 'login.showPassword')}
                aria-pressed={shown}
                title={t(shown ? 'login.hidePassword' : 'login.showPassword')}
              >
                {shown ? <LiteIcon icon={EyeOutlined} /> : <LiteIcon icon={EyeInvisibleOutlined} />}
              </button>
            }
            value={values.password}
            onChange={(v) => form.set('password', v)}
            invalid={Boolean(errors.password)}
            placeholder={t('login.password')}
            aria-label={t('login.password')}
            autoComplete="current-password"
            maxLength={128}
            onKeyDown={onCapsLock}
            onKeyUp={onCapsLock}
            onBlur={() => setCapsLock(false)}
            data-testid="login-password"
          />
        </LiteField>
        <CaptchaField
          id={`${id}-captcha`}
          placeholder={t('login.captcha')}
          {...form.field('captchaCode')}
          captcha={captcha}
          loading={captchaLoading}
          onRefresh={() => void refreshCaptcha()}
          testId="login-captcha"
          imageTestId="login-captcha-img"
        />
        <LiteButton
          type="submit"
          variant="primary"
          size="large"
          block
          loading={submitting}
          className="auth-submit"
          data-testid="login-submit"
        >
          {t('login.submit')}
        </LiteButton>
      </form>
      <div className="auth-links">
        <Link to="/forget-password">{t('login.forgetPassword')}</Link>
        <Link to="/register">{t('login.register')}</Link>
        <Link to="/which/login">{t('login.otherWays')}</Link>
      </div>
    </>
  );
}
