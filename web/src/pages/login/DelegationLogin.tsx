import { MobileOutlined, SwapOutlined } from '@ant-design/icons';
import { type PublicMeetingCard, VERIFY_CODE } from '@baton/contracts';
import { type FormEvent, useId, useState } from 'react';
import { dlgLogin, sendDlgCode } from '../../api/dlg';
import { feedback } from '../../app/feedback';
import { useTranslation } from '../../app/i18n';
import { LiteButton } from '../../components/lite';
import { LiteField, LiteInput, useLiteForm } from '../../components/lite/field';
import { useCaptcha, useCountdown } from '../register/codes';
import { CaptchaField, SmsCodeField } from './code-fields';
import { forgetKeyIfStale, mobileError, requestMobileCode, sealed, useCaptchaOn } from './credentials';
import { MeetingCard } from './MeetingCard';
import { useSignedIn } from './sign-in';

const CODE = /^\s*\d+\s*$/;

/**
 * The delegation's sign-in to one meeting (spec §1/§7): the contact mobile, the picture code
 * when the captcha is on, the SMS code with its countdown → the same tokens as an
 * administrator's sign-in, bound to that delegation; then on to `redirect`. Without antd: a
 * team leader opens it on a phone.
 */
export function DelegationLoginForm({
  meeting,
  redirect,
  onChangeMeeting,
}: {
  meeting: PublicMeetingCard;
  redirect: string;
  onChangeMeeting: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const captchaOn = useCaptchaOn();
  const { captcha, loading, refresh } = useCaptcha();
  const countdown = useCountdown();
  const signedIn = useSignedIn();
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const form = useLiteForm(
    { mobile: '', captchaCode: '', smcode: '' },
    {
      mobile: (v) => mobileError(t, v),
      captchaCode: (v) => (!captchaOn || v.trim() ? null : t('login.rules.captcha')),
      smcode: (v) => (CODE.test(v) ? null : t('dlg.form.rules.code')),
    },
  );
  const { values, errors } = form;

  const newCaptcha = () => {
    form.reset('captchaCode', '');
    void refresh();
  };

  const send = async () => {
    if (!form.check(['mobile'])) return;
    if (captchaOn && !values.captchaCode.trim()) {
      form.setError('captchaCode', t('dlg.form.rules.captcha'));
      return;
    }
    setSending(true);
    try {
      const wait = await requestMobileCode({
        mobile: values.mobile,
        captchaCode: values.captchaCode,
        tmid: meeting.id,
        captchaOn,
        captchaKey: captcha?.key ?? '',
        send: sendDlgCode,
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

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting || !form.check()) return;
    setSubmitting(true);
    try {
      const tokens = await dlgLogin({
        mobile: await sealed(values.mobile.trim()),
        smcode: values.smcode.trim(),
        tmid: meeting.id,
        captchaKey: captchaOn ? (captcha?.key ?? '') : '',
        captchaCode: captchaOn ? values.captchaCode.trim() : '',
      });
      signedIn(tokens, redirect);
    } catch (error) {
      // The request layer has shown the server's message; a picture code is good for one try.
      forgetKeyIfStale(error);
      if (captchaOn) newCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <div className="dlg-chosen">
        <MeetingCard
          meeting={meeting}
          compact
          footer={
            <LiteButton
              variant="link"
              icon={<SwapOutlined />}
              onClick={onChangeMeeting}
              data-testid="dlg-change-meeting"
            >
              {t('dlg.meeting.change')}
            </LiteButton>
          }
        />
      </div>
      <form onSubmit={(e) => void submit(e)} autoComplete="off" noValidate data-testid="dlg-form">
        <LiteField id={`${id}-mobile`} error={errors.mobile} extra={t('dlg.form.mobileHint')}>
          <LiteInput
            id={`${id}-mobile`}
            icon={<MobileOutlined />}
            value={values.mobile}
            onChange={(v) => form.set('mobile', v)}
            invalid={Boolean(errors.mobile)}
            placeholder={t('dlg.form.mobile')}
            aria-label={t('dlg.form.mobile')}
            inputMode="numeric"
            autoComplete="tel"
            maxLength={11}
            data-testid="dlg-mobile"
          />
        </LiteField>
        {captchaOn && (
          <CaptchaField
            id={`${id}-captcha`}
            placeholder={t('login.captcha')}
            value={values.captchaCode}
            onChange={(v) => form.set('captchaCode', v)}
            error={errors.captchaCode}
            captcha={captcha}
            loading={loading}
            onRefresh={newCaptcha}
            testId="dlg-captcha"
          />
        )}
        <SmsCodeField
          id={`${id}-code`}
          placeholder={t('dlg.form.code')}
          value={values.smcode}
          onChange={(v) => form.set('smcode', v)}
          error={errors.smcode}
          sending={sending}
          left={countdown.left}
          onSend={() => void send()}
          testId="dlg-code"
          sendTestId="dlg-send-code"
        />
        <LiteButton
          type="submit"
          variant="primary"
          size="large"
          block
          loading={submitting}
          className="auth-submit"
          data-testid="dlg-submit"
        >
          {t('dlg.form.submit')}
        </LiteButton>
      </form>
    </>
  );
}
