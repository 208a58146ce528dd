import type { CaptchaResult, LoginResult } from '@baton/contracts';
import { request } from './request';

const BASE = '/api/v1/auth';

export interface LoginForm {
  username: string;
  password: string;
  captchaKey: string;
  captchaCode: string;
}

export function getPublicKey() {
  return request<{ publicKey: string }>({ url: `${BASE}/public-key`, method: 'get' });
}

export function getCaptcha() {
  return request<CaptchaResult>({ url: `${BASE}/captcha`, method: 'get' });
}

/** username and password must already be SM2-encrypted (see utils/crypto). */
export function login(form: LoginForm) {
  const data = new FormData();
  data.append('username', form.username);
  data.append('password', form.password);
  data.append('captchaKey', form.captchaKey);
  data.append('captchaCode', form.captchaCode);
  return request<LoginResult>({
    url: `${BASE}/login`,
    method: 'post',
    // FormData: the browser sends multipart/form-data with its boundary.
    data,
  });
}

export function logout() {
  return request<null>({ url: `${BASE}/logout`, method: 'delete' });
}

export { refreshAccessToken } from './envelope';

let publicKey: Promise<string> | null = null;

/** The server's SM2 public key, fetched once per page load (forgotten again on failure). */
export function loadPublicKey(): Promise<string> {
  publicKey ??= getPublicKey()
    .then((r) => r.publicKey)
    .catch((error: unknown) => {
      publicKey = null;
      throw error;
    });
  return publicKey;
}

/** After the server could not decrypt (A0220) its key may have changed: fetch it again next time. */
export function forgetPublicKey(): void {
  publicKey = null;
}
