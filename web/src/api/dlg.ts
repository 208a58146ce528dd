import type {
  CodeSent,
  DlgCodeBody,
  DlgLoginBody,
  LoginResult,
  PublicConfigVO,
  SelfRegisterBody,
} from '@baton/contracts';
import { request } from './request';

/* ---- the delegation's sign-in (`/api/v2/dlg`); mobiles are SM2-encrypted by the caller ---- */

/** A sign-in code to the mobile if a delegation of the meeting has it as contact (same answer either way). */
export const sendDlgCode = (data: DlgCodeBody) =>
  request<CodeSent>({ url: '/api/v2/dlg/sms-code', method: 'post', data });

/** Multipart, like the administrators' sign-in; answers the same tokens. */
export function dlgLogin(form: DlgLoginBody) {
  const data = new FormData();
  data.append('mobile', form.mobile);
  data.append('smcode', form.smcode);
  data.append('tmid', String(form.tmid));
  data.append('captchaKey', form.captchaKey);
  data.append('captchaCode', form.captchaCode);
  return request<LoginResult>({ url: '/api/v2/dlg/login', method: 'post', data });
}

/* ---- a team registering itself as a new delegation (`/api/v1/public`) ---- */

/** A code for self-registration (purpose 'dlg-register'); same body as the sign-in code. */
export const sendRegisterCode = (data: DlgCodeBody) =>
  request<CodeSent>({ url: '/api/v1/public/sms-code', method: 'post', data });

export const selfRegister = (meetingId: number, data: SelfRegisterBody) =>
  request<{ id: number }>({ url: `/api/v1/public/meetings/${meetingId}/self-register`, method: 'post', data });

/** Public settings, for whether the image captcha is on. */
export const getPublicConfig = () => request<PublicConfigVO>({ url: '/api/v1/config/public', method: 'get' });
