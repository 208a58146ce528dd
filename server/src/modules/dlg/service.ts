import {
  CONTACT_MOBILE_PATTERN,
  type CodeSent,
  type DlgCodeBody,
  type DlgLoginBody,
  type LoginResult,
  maskPhone,
  type PublicMeetingCard,
} from '@baton/contracts';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { delegation, loginLog, meeting, user } from '../../db/schema/index.js';
import { AppError, badInput } from '../../lib/errors.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { iso } from '../../lib/sql.js';
import { verifyCaptcha } from '../auth/captcha.js';
import type { ClientMeta } from '../auth/service.js';
import { type Sm2Keys, sm2Decrypt } from '../auth/sm2.js';
import { startSession, type TokenSettings } from '../auth/tokens.js';
import { isRegistrationOpen } from '../meetings/registration-window.js';
import type { CodeSender } from '../verification/sender.js';
import { codeErrors, consumeCode, issueCode } from '../verification/service.js';
import { ensureDelegationUser, selfRegistrationPending } from './account.js';

export interface DlgDeps {
  db: Db;
  keys: Sm2Keys;
  tokens: TokenSettings;
  captchaOn: () => boolean;
  sender: CodeSender;
}

const MOBILE_RE = new RegExp(CONTACT_MOBILE_PATTERN);

/** The mobile of a sign-in form: SM2-decrypted (A0220 when it cannot be) and checked for shape. */
export function readMobile(keys: Sm2Keys, cipherHex: string): string {
  const mobile = sm2Decrypt(keys, cipherHex).replace(/\s+/g, '');
  if (!MOBILE_RE.test(mobile)) throw badInput('手机号码格式不正确', 'the mobile number is not valid');
  return mobile;
}

/** Captcha check of the public code and sign-in forms (when the captcha is on). */
export async function checkCaptcha(deps: Pick<DlgDeps, 'db' | 'captchaOn'>, key: string, code: string) {
  if (deps.captchaOn() && !(await verifyCaptcha(deps.db, key, code))) throw new AppError('A0240');
}

// ─── Meeting cards ──────────────────────────────────────────────────────────────────────

/** The columns of a PublicMeetingCard (select them with `.select(cardColumns)`). */
export const cardColumns = {
  id: meeting.id,
  code: meeting.code,
  name: meeting.name,
  nameEn: meeting.nameEn,
  venue: meeting.venue,
  startDate: meeting.startDate,
  endDate: meeting.endDate,
  regOpensAt: meeting.regOpensAt,
  regClosesAt: meeting.regClosesAt,
  timeZone: meeting.timeZone,
  status: meeting.status,
  allowSelfRegistration: meeting.allowSelfRegistration,
};
type CardRow = {
  [K in keyof typeof cardColumns]: (typeof cardColumns)[K]['_']['data'];
};

export const toMeetingCard = (m: CardRow, now: Date): PublicMeetingCard => ({
  id: m.id,
  code: m.code,
  name: m.name,
  nameEn: m.nameEn,
  venue: m.venue,
  startDate: m.startDate,
  endDate: m.endDate,
  regClosesAt: iso(m.regClosesAt),
  timeZone: m.timeZone,
  status: m.status,
  registrationOpen: isRegistrationOpen(m, now),
  allowSelfRegistration: m.allowSelfRegistration,
});

/** Statuses in which a delegation can sign in: from publication to the end of the competition. */
export const SIGN_IN_STATUSES = ['registration_open', 'registration_closed', 'in_competition'] as const;

/** `GET /api/v2/dlg/meetings`: the meetings a delegation can sign in to, newest first. */
export async function signInMeetings(db: Db, now: Date = new Date()): Promise<PublicMeetingCard[]> {
  const rows = await db
    .select(cardColumns)
    .from(meeting)
    .where(inArray(meeting.status, SIGN_IN_STATUSES))
    .orderBy(desc(meeting.startDate), desc(meeting.id))
    .limit(200);
  return rows.map((m) => toMeetingCard(m, now));
}

// ─── The delegation of a mobile ─────────────────────────────────────────────────────────

/** The delegation of meeting `meetingId` whose contact mobile is `mobile`, with its admission state. */
export async function delegationOfMobile(db: DbOrTx, meetingId: number, mobile: string) {
  const [row] = await db
    .select({
      id: delegation.id,
      name: delegation.name,
      userId: delegation.userId,
      status: delegation.status,
      reviewReason: delegation.reviewReason,
      pending: selfRegistrationPending,
    })
    .from(delegation)
    .innerJoin(meeting, eq(meeting.id, delegation.meetingId))
    .where(and(eq(delegation.meetingId, meetingId), eq(delegation.contactMobile, mobile), ne(meeting.status, 'draft')));
  return row ?? null;
}

/**
 * `POST /api/v2/dlg/sms-code`: a sign-in code to a delegation's contact mobile. The answer is
 * the same whether or not meeting `tmid` has a delegation with that mobile (the code is
 * recorded and rate-limited either way, delivered only to a real contact), so the endpoint
 * cannot be used to find out which mobiles are registered. The code is bound to the mobile and
 * the purpose 'dlg-login'; the sign-in and the by-mobile query check it.
 */
export async function sendLoginCode(deps: DlgDeps, body: DlgCodeBody, ip: string): Promise<CodeSent> {
  await checkCaptcha(deps, body.captchaKey, body.captchaCode);
  const mobile = readMobile(deps.keys, body.mobile);
  const found = await delegationOfMobile(deps.db, body.tmid, mobile);
  return issueCode(deps.db, { target: mobile, channel: 'sms', purpose: 'dlg-login', ip }, deps.sender, {
    deliver: found !== null,
  });
}

// ─── Sign-in ────────────────────────────────────────────────────────────────────────────

const refused = (status: number, zh: string, en: string) => new AppError('A0200', {}, { zh, en }, status);

async function logAttempt(db: Db, meta: ClientMeta, username: string, userId: number | null, code: string) {
  await db.insert(loginLog).values({
    username: username.slice(0, 100),
    userId,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
    success: code === '00000',
    code,
  });
}

/**
 * `POST /api/v2/dlg/login` (spec §7): mobile (SM2) + SMS code + meeting → a token pair bound
 * to that delegation (userType 30). Rate-limited per IP like the administrator sign-in; a
 * wrong code and a mobile without a delegation in the meeting get the same answer. Every
 * attempt past the captcha is in the sign-in log as `dlg:<masked mobile>@<meeting id>`.
 */
export async function delegationLogin(
  deps: DlgDeps & { loginRatePerMin: number },
  input: DlgLoginBody,
  meta: ClientMeta,
): Promise<LoginResult> {
  const { db } = deps;
  // Counted once the captcha passed: bogus captchas cost the address (shared by others) nothing.
  await checkCaptcha(deps, input.captchaKey, input.captchaCode);
  await hitRateLimit(db, `dlg-login-ip:${meta.ip}`, deps.loginRatePerMin, 60);
  const mobile = readMobile(deps.keys, input.mobile);
  const who = `dlg:${maskPhone(mobile)}@${input.tmid}`;
  const fail = async (err: AppError, userId: number | null = null): Promise<never> => {
    await logAttempt(db, meta, who, userId, err.code);
    throw err;
  };

  const [m] = await db.select({ status: meeting.status }).from(meeting).where(eq(meeting.id, input.tmid));
  if (!m || m.status === 'draft') {
    return fail(refused(404, '该赛事不存在或尚未发布', 'The meeting does not exist or is not published yet'));
  }
  if (m.status === 'archived') {
    return fail(
      refused(403, '该赛事已归档，代表队不能再登录', 'The meeting is archived: delegation sign-in is closed'),
    );
  }
  try {
    await consumeCode(db, { target: mobile, purpose: 'dlg-login', code: input.smcode });
  } catch (err) {
    if (err instanceof AppError) return fail(err);
    throw err;
  }
  const d = await delegationOfMobile(db, input.tmid, mobile);
  // A right code for a mobile without a delegation here: the same answer as a wrong code.
  if (!d) return fail(codeErrors.wrong());
  if (d.pending) {
    return fail(
      d.status === 'returned'
        ? refused(
            403,
            `代表队报名申请被组委会退回：${d.reviewReason ?? ''}。请联系组委会`,
            `The committee returned the delegation's registration: ${d.reviewReason ?? ''}. Please contact the committee`,
          )
        : refused(
            403,
            '代表队报名申请正在等待组委会审核，审核通过后才能登录',
            "The delegation's registration is waiting for the committee's review: you can sign in once it is approved",
          ),
      d.userId,
    );
  }
  const userId = await ensureDelegationUser(db, d.id);
  const [account] = await db.select({ status: user.status }).from(user).where(eq(user.id, userId));
  if (account?.status !== 1) return fail(new AppError('A0212'), userId);
  const pair = await startSession(db, deps.tokens, userId, meta);
  await logAttempt(db, meta, who, userId, '00000');
  return pair;
}
