import SwapOutlined from '@ant-design/icons-svg/es/asn/SwapOutlined';
import type { PublicMeetingCard } from '@baton/contracts';
import { type FormEvent, useId, useState } from 'react';
import { dlgLogin, sendDlgCode } from '../../api/dlg';
import { useTranslation } from '../../app/i18n';
import { CaptchaField, MobileField, SmsCodeField, useMobileCode } from '../../components/auth/code-fields';
import { forgetKeyIfStale, mobileError, sealed, smsCodeError, useCaptchaOn } from '../../components/auth/credentials';
import { LiteButton } from '../../components/lite';
import { useLiteForm } from '../../components/lite/field';
import { LiteIcon } from '../../components/lite/icon';
import { MeetingCard } from './MeetingCard';
import { useSignedIn } from './sign-in';

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
  const signedIn = useSignedIn();
  const [submitting, setSubmitting] = useState(false);
  const form = useLiteForm(
    { mobile: '', captchaCode: '', smcode: '' },
    {
      mobile: (v) => mobileError(t, v),
      captchaCode: (v) => (!captchaOn || v.trim() ? null : t('login.rules.captcha')),
      smcode: (v) => smsCodeError(t, v),
    },
  );
  const { values } = form;
  const code = useMobileCode(form, { captchaOn, send: sendDlgCode });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting || !form.check()) return;
    setSubmitting(true);
    try {
      const tokens = await dlgLogin({
        mobile: await sealed(values.mobile.trim()),
        smcode: values.smcode.trim(),
        tmid: meeting.id,
        captchaKey: captchaOn ? (code.captcha?.key ?? '') : '',
        captchaCode: captchaOn ? values.captchaCode.trim() : '',
      });
      signedIn(tokens, redirect);
    } catch (error) {
      // The request layer has shown the server's message; a picture code is good for one try.
      forgetKeyIfStale(error);
      if (captchaOn) code.newCaptcha();
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
              icon={<LiteIcon icon={SwapOutlined} />}
              onClick={onChangeMeeting}
              data-testid="dlg-change-meeting"
            >
              {t('dlg.meeting.change')}
            </LiteButton>
          }
        />
      </div>
      <form onSubmit={(e) => void submit(e)} autoComplete="off" noValidate data-testid="dlg-form">
        <MobileField
          id={`${id}-mobile`}
          placeholder={t('dlg.form.mobile')}
          {...form.field('mobile')}
          extra={t('dlg.form.mobileHint')}
          autoComplete="tel"
          testId="dlg-mobile"
        />
        {captchaOn && (
          <CaptchaField
            id={`${id}-captcha`}
            placeholder={t('login.captcha')}
            {...form.field('captchaCode')}
            {...code.captchaProps}
            testId="dlg-captcha"
          />
        )}
        <SmsCodeField
          id={`${id}-code`}
          placeholder={t('dlg.form.code')}
          {...form.field('smcode')}
          {...code.sendProps}
          onSend={() => {
            if (form.check(['mobile'])) void code.request(meeting.id);
          }}
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
