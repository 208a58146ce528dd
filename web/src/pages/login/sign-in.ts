/** What the sign-in forms share (with antd's Form): the mobile's rules, the code request, what follows sign-in. */
import { type CodeSent, type DlgCodeBody, type LoginResult, MOBILE_NUMBER_PATTERN } from '@baton/contracts';
import { useQuery } from '@tanstack/react-query';
import type { FormInstance, FormRule } from 'antd';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { publicApi } from '../../api/public';
import { useFeedback } from '../../app/FeedbackApp';
import type { TFunction } from '../../app/i18n';
import { useTranslation } from '../../app/i18n';
import { resetRouter } from '../../app/router';
import { clearSession } from '../../app/session';
import { usePermissionStore } from '../../stores/permission';
import { useUserStore } from '../../stores/user';
import { requestMobileCode } from './credentials';

/** Only in-app paths; anything else (another origin, a protocol, the login page) falls back. */
export function safeRedirect(value: string | null, fallback: string): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/login')) return fallback;
  return value;
}

/** Keep the tokens and go to `target` (from a clean router when another user's routes are loaded). */
export function useSignedIn() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  return useCallback(
    (tokens: LoginResult, target: string) => {
      const stale = usePermissionStore.getState().routesLoaded;
      if (stale) clearSession();
      useUserStore.getState().setTokens(tokens);
      message.success(t('login.success'));
      if (stale) resetRouter(target);
      else navigate(target, { replace: true });
    },
    [message, navigate, t],
  );
}

/** A mainland mobile number: 11 digits starting 13–19. */
export function mobileRules(t: TFunction): FormRule[] {
  return [
    { required: true, whitespace: true, message: t('dlg.form.rules.mobile') },
    { pattern: new RegExp(MOBILE_NUMBER_PATTERN), message: t('dlg.form.rules.mobileFormat') },
  ];
}

/** The fields of a form that asks for an SMS code to a mobile. */
export interface MobileCodeFields {
  mobile: string;
  captchaCode?: string;
}

/**
 * "Send code" of the delegation forms: checks the mobile (and the picture code when the
 * captcha is on), sends the encrypted mobile and answers the server's wait in seconds, or
 * null when nothing was sent. A picture code is good for one try: `onCaptchaUsed` then.
 */
export async function sendMobileCode(
  form: FormInstance,
  opts: {
    tmid: number;
    captchaOn: boolean;
    captchaKey: string;
    captchaMissing: string;
    send: (body: DlgCodeBody) => Promise<CodeSent>;
    onCaptchaUsed: () => void;
  },
): Promise<number | null> {
  try {
    await form.validateFields(['mobile']);
  } catch {
    return null;
  }
  const { mobile, captchaCode = '' } = form.getFieldsValue(['mobile', 'captchaCode']) as MobileCodeFields;
  if (opts.captchaOn && !captchaCode.trim()) {
    form.setFields([{ name: 'captchaCode', errors: [opts.captchaMissing] }]);
    return null;
  }
  return requestMobileCode({ ...opts, mobile, captchaCode });
}

/** The meetings a delegation can sign in to, on the sign-in page (the enrol page reads them through api/public-reads.ts). */
export function useDlgMeetings() {
  return useQuery({ queryKey: ['dlg-meetings'], queryFn: publicApi.dlgMeetings, staleTime: 30_000 });
}
