/**
 * What the sign-in forms and the public query by mobile share, without antd: encryption of
 * credentials, the captcha switch, the mobile's check and the SMS code request.
 */
import { type CodeSent, type DlgCodeBody, MOBILE_NUMBER_PATTERN } from '@baton/contracts';
import { forgetPublicKey, loadPublicKey } from '../../api/auth';
import { getPublicConfig } from '../../api/dlg';
import { isEnvelope } from '../../api/envelope';
import { usePublicRead } from '../../api/public-reads';
import type { TFunction } from '../../app/i18n';

/** A credential (username, password, mobile) SM2-encrypted with the server's public key. */
export async function sealed(text: string): Promise<string> {
  // The cipher is loaded only when something is sealed, not with every page that can sign in.
  const [{ sm2Encrypt }, key] = await Promise.all([import('../../utils/crypto'), loadPublicKey()]);
  return sm2Encrypt(text, key);
}

/** After a failed call: when the server could not decrypt (A0220) its key may have changed. */
export function forgetKeyIfStale(error: unknown): void {
  if (isEnvelope(error) && error.code === 'A0220') forgetPublicKey();
}

/**
 * Whether the image captcha is on (public settings); on when they cannot be read, and undefined
 * while they are on their way: forms hold their send-code button until then, so a click is never
 * checked against a guess the answer then takes back (the captcha field shown, the click refused
 * for want of a captcha, then the field gone and nothing sent).
 */
export function useCaptchaOn(): boolean | undefined {
  const { data, isError } = usePublicRead(['public-config'], getPublicConfig, { staleMs: 60_000 });
  if (data) return data.captchaEnabled;
  return isError ? true : undefined;
}

const MOBILE = new RegExp(MOBILE_NUMBER_PATTERN);

const SMS_CODE = /^\s*\d+\s*$/;

/** What is wrong with an SMS code as typed (digits), in words, or null. */
export function smsCodeError(t: TFunction, value: string): string | null {
  return SMS_CODE.test(value) ? null : t('dlg.form.rules.code');
}

/** What is wrong with a mainland mobile number (11 digits starting 13–19), in words, or null. */
export function mobileError(t: TFunction, value: string): string | null {
  if (!value.trim()) return t('dlg.form.rules.mobile');
  return MOBILE.test(value) ? null : t('dlg.form.rules.mobileFormat');
}

/**
 * Sends an SMS code to a checked mobile (encrypted) with the picture code when the captcha is
 * on, and answers the server's wait in seconds. A picture code is good for one try:
 * `onCaptchaUsed` then, whatever the answer.
 */
export async function requestMobileCode(opts: {
  mobile: string;
  captchaCode: string;
  tmid: number;
  captchaOn: boolean;
  captchaKey: string;
  send: (body: DlgCodeBody) => Promise<CodeSent>;
  onCaptchaUsed: () => void;
}): Promise<number> {
  try {
    const sent = await opts.send({
      mobile: await sealed(opts.mobile.trim()),
      tmid: opts.tmid,
      captchaKey: opts.captchaOn ? opts.captchaKey : '',
      captchaCode: opts.captchaOn ? opts.captchaCode.trim() : '',
    });
    return sent.resendAfterS;
  } catch (error) {
    forgetKeyIfStale(error);
    throw error;
  } finally {
    if (opts.captchaOn) opts.onCaptchaUsed();
  }
}
