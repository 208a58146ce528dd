import { MobileOutlined, SearchOutlined } from '@ant-design/icons';
import { type PublicRegistrationVO, VERIFY_CODE } from '@baton/contracts';
import { type FormEvent, useId, useState } from 'react';
import { sendDlgCode } from '../../../api/dlg';
import { publicApi } from '../../../api/public';
import { feedback } from '../../../app/feedback';
import { useTranslation } from '../../../app/i18n';
import { LiteButton } from '../../../components/lite';
import { LiteField, LiteInput, useLiteForm } from '../../../components/lite/field';
import { CaptchaField, SmsCodeField } from '../../login/code-fields';
import { forgetKeyIfStale, mobileError, requestMobileCode, sealed, useCaptchaOn } from '../../login/credentials';
import { useCaptcha, useCountdown } from '../../register/codes';
import { MeetingSelect } from '../parts/MeetingSelect';

const CODE = /^\s*\d+\s*$/;

/**
 * Find a delegation's registrations with its contact mobile and an SMS code (the delegation
 * sign-in's code for that meeting). Loaded only when chosen: it brings the SM2 code with it.
 */
export default function ByMobileForm({
  meetingId,
  onFound,
}: {
  meetingId: number | null;
  onFound: (found: PublicRegistrationVO[]) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const captchaOn = useCaptchaOn();
  const { captcha, loading, refresh } = useCaptcha();
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useLiteForm(
    { meetingId, mobile: '', captchaCode: '', smcode: '' },
    {
      meetingId: (v) => (v ? null : t('public.query.rules.meeting')),
      mobile: (v) => mobileError(t, v),
      smcode: (v) => (CODE.test(v) ? null : t('dlg.form.rules.code')),
    },
  );
  const { values, errors } = form;

  const newCaptcha = () => {
    form.reset('captchaCode', '');
    void refresh();
  };

  const send = async () => {
    if (!form.check(['meetingId', 'mobile']) || !values.meetingId) return;
    if (captchaOn && !values.captchaCode.trim()) {
      form.setError('captchaCode', t('dlg.form.rules.captcha'));
      return;
    }
    setSending(true);
    try {
      const wait = await requestMobileCode({
        mobile: values.mobile,
        captchaCode: values.captchaCode,
        tmid: values.meetingId,
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
    if (busy || !form.check() || !values.meetingId) return;
    setBusy(true);
    try {
      onFound(
        await publicApi.queryByMobile({
          tmid: values.meetingId,
          mobile: await sealed(values.mobile.trim()),
          smcode: values.smcode.trim(),
        }),
      );
    } catch (error) {
      forgetKeyIfStale(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} autoComplete="off" noValidate data-testid="query-mobile-form">
      <LiteField id={`${id}-meeting`} label={t('public.query.meeting')} error={errors.meetingId}>
        <MeetingSelect
          id={`${id}-meeting`}
          value={values.meetingId}
          onChange={(v) => form.set('meetingId', v)}
          testId="query-mobile-meeting"
        />
      </LiteField>
      <LiteField id={`${id}-mobile`} label={t('public.query.mobile')} error={errors.mobile}>
        <LiteInput
          id={`${id}-mobile`}
          icon={<MobileOutlined />}
          value={values.mobile}
          onChange={(v) => form.set('mobile', v)}
          invalid={Boolean(errors.mobile)}
          maxLength={11}
          inputMode="numeric"
          placeholder={t('public.query.mobilePlaceholder')}
          data-testid="query-mobile"
        />
      </LiteField>
      {captchaOn ? (
        <CaptchaField
          id={`${id}-captcha`}
          label={t('comm.code.captcha')}
          placeholder={t('comm.code.captcha')}
          value={values.captchaCode}
          onChange={(v) => form.set('captchaCode', v)}
          error={errors.captchaCode}
          captcha={captcha}
          loading={loading}
          onRefresh={newCaptcha}
          testId="query-captcha"
        />
      ) : null}
      <SmsCodeField
        id={`${id}-smcode`}
        label={t('public.query.smcode')}
        placeholder={t('comm.code.placeholder', { n: VERIFY_CODE.length })}
        value={values.smcode}
        onChange={(v) => form.set('smcode', v)}
        error={errors.smcode}
        sending={sending}
        left={countdown.left}
        onSend={() => void send()}
        testId="query-smcode"
        sendTestId="query-send-code"
      />
      <LiteButton
        type="submit"
        variant="primary"
        size="large"
        block
        icon={<SearchOutlined />}
        loading={busy}
        data-testid="query-mobile-submit"
      >
        {t('public.query.submit')}
      </LiteButton>
    </form>
  );
}
