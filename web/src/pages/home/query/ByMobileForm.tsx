import SearchOutlined from '@ant-design/icons-svg/es/asn/SearchOutlined';
import { type PublicRegistrationVO, VERIFY_CODE } from '@baton/contracts';
import { type FormEvent, useId, useState } from 'react';
import { sendDlgCode } from '../../../api/dlg';
import { publicApi } from '../../../api/public';
import { useTranslation } from '../../../app/i18n';
import { CaptchaField, MobileField, SmsCodeField, useMobileCode } from '../../../components/auth/code-fields';
import {
  forgetKeyIfStale,
  mobileError,
  sealed,
  smsCodeError,
  useCaptchaOn,
} from '../../../components/auth/credentials';
import { LiteButton } from '../../../components/lite';
import { LiteField, useLiteForm } from '../../../components/lite/field';
import { LiteIcon } from '../../../components/lite/icon';
import { MeetingSelect } from '../../../components/public/MeetingSelect';

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
  const [busy, setBusy] = useState(false);
  const form = useLiteForm(
    { meetingId, mobile: '', captchaCode: '', smcode: '' },
    {
      meetingId: (v) => (v ? null : t('public.query.rules.meeting')),
      mobile: (v) => mobileError(t, v),
      smcode: (v) => smsCodeError(t, v),
    },
  );
  const { values, errors } = form;
  const code = useMobileCode(form, { captchaOn, send: sendDlgCode });

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
      <MobileField
        id={`${id}-mobile`}
        label={t('public.query.mobile')}
        placeholder={t('public.query.mobilePlaceholder')}
        {...form.field('mobile')}
        testId="query-mobile"
      />
      {captchaOn ? (
        <CaptchaField
          id={`${id}-captcha`}
          label={t('comm.code.captcha')}
          placeholder={t('comm.code.captcha')}
          {...form.field('captchaCode')}
          {...code.captchaProps}
          testId="query-captcha"
        />
      ) : null}
      <SmsCodeField
        id={`${id}-smcode`}
        label={t('public.query.smcode')}
        placeholder={t('comm.code.placeholder', { n: VERIFY_CODE.length })}
        {...form.field('smcode')}
        {...code.sendProps}
        onSend={() => {
          if (form.check(['meetingId', 'mobile']) && values.meetingId) void code.request(values.meetingId);
        }}
        testId="query-smcode"
        sendTestId="query-send-code"
      />
      <LiteButton
        type="submit"
        variant="primary"
        size="large"
        block
        icon={<LiteIcon icon={SearchOutlined} />}
        loading={busy}
        data-testid="query-mobile-submit"
      >
        {t('public.query.submit')}
      </LiteButton>
    </form>
  );
}
