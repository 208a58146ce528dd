/** Test helpers of the delegation sign-in and the public pages. */
import { eq, sql } from 'drizzle-orm';
import { sm2 } from 'sm-crypto-v2';
import { authCode, delegation, meeting } from '../../db/schema/index.js';
import { multipart, publicKey, solvedCaptcha, type TestApp } from '../../test/app.js';
import { latestCode } from '../account/testkit.js';

export { latestCode };

/** SM2-encrypt as the web does (C1C3C2, hex). */
export async function encrypt(t: TestApp, text: string): Promise<string> {
  return sm2.doEncrypt(text, await publicKey(t.app), 1);
}

interface CallOpts {
  ip?: string;
  /** A wrong answer to the captcha (default: the right one). */
  captchaCode?: string;
  lang?: 'en' | 'zh-cn';
}

const headersOf = (opts: CallOpts) => ({ 'accept-language': opts.lang ?? 'en' });

/** `POST {url}` with `{ mobile (SM2), tmid, captcha }`: the sign-in code (default) or the self-registration code. */
export async function requestCode(t: TestApp, mobile: string, tmid: number, opts: CallOpts & { url?: string } = {}) {
  const solved = await solvedCaptcha(t);
  return t.app.inject({
    method: 'POST',
    url: opts.url ?? '/api/v2/dlg/sms-code',
    remoteAddress: opts.ip ?? '10.1.0.1',
    headers: headersOf(opts),
    payload: {
      mobile: await encrypt(t, mobile),
      tmid,
      captchaKey: solved.captchaKey,
      captchaCode: opts.captchaCode ?? solved.captchaCode,
    },
  });
}

/** `POST /api/v2/dlg/login` (multipart), as the login page sends it. */
export async function dlgLogin(t: TestApp, mobile: string, tmid: number, smcode: string, opts: CallOpts = {}) {
  const solved = await solvedCaptcha(t);
  const form = multipart({
    mobile: await encrypt(t, mobile),
    smcode,
    tmid: String(tmid),
    captchaKey: solved.captchaKey,
    captchaCode: opts.captchaCode ?? solved.captchaCode,
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/dlg/login',
    remoteAddress: opts.ip ?? '10.2.0.1',
    payload: form.payload,
    headers: { ...form.headers, ...headersOf(opts) },
  });
}

/** Ask for a sign-in code and read it from the development outbox. */
export async function signInCode(t: TestApp, mobile: string, tmid: number): Promise<string> {
  const res = await requestCode(t, mobile, tmid);
  if (res.json().code !== '00000') throw new Error(`code request failed: ${res.body}`);
  const code = await latestCode(t, mobile);
  if (!code) throw new Error(`no code delivered to ${mobile}`);
  return code;
}

/** Age the mobile's codes past the 60-second resend wait (tests ask for several in a row). */
export async function allowResend(t: TestApp, mobile: string): Promise<void> {
  await t.database.db
    .update(authCode)
    .set({ createdAt: sql`${authCode.createdAt} - interval '61 seconds'` })
    .where(eq(authCode.target, mobile));
}

let seq = 0;
const day = (n: number) => new Date(Date.now() + n * 86_400_000);
const dateOf = (d: Date) => d.toISOString().slice(0, 10);

/** A meeting written straight to the table: by default open for registration now. */
export async function insertMeeting(
  t: TestApp,
  v: Partial<typeof meeting.$inferInsert> & { startInDays?: number; days?: number } = {},
): Promise<number> {
  seq += 1;
  const { startInDays = 30, days = 2, ...rest } = v;
  const [m] = await t.database.db
    .insert(meeting)
    .values({
      name: `Test meeting ${seq}`,
      nameEn: `Test meeting ${seq}`,
      code: `t${process.pid}x${seq}`,
      year: day(startInDays).getUTCFullYear(),
      startDate: dateOf(day(startInDays)),
      endDate: dateOf(day(startInDays + days)),
      regOpensAt: day(-1),
      regClosesAt: day(startInDays - 5),
      status: 'registration_open',
      ...rest,
    })
    .returning({ id: meeting.id });
  return m!.id;
}

/** A delegation written straight to the table. */
export async function insertDelegation(
  t: TestApp,
  meetingId: number,
  contactMobile: string,
  v: Partial<typeof delegation.$inferInsert> = {},
): Promise<number> {
  seq += 1;
  const [d] = await t.database.db
    .insert(delegation)
    .values({ meetingId, name: `Delegation ${seq}`, contactMobile, ...v })
    .returning({ id: delegation.id });
  return d!.id;
}
