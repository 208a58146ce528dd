import {
  CodeSent,
  MOBILE_NUMBER_PATTERN,
  OutboxItem,
  OutboxQuery,
  Page,
  SendPublicCodeBody,
  USER_TYPE,
} from '@baton/contracts';
import { count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { outbox, user } from '../../db/schema/index.js';
import { AppError, badInput } from '../../lib/errors.js';
import { limitOffset } from '../../lib/paging.js';
import { note } from '../../plugins/oplog.js';
import { routeKit } from '../../plugins/route-kit.js';
import { verifyCaptcha } from '../auth/captcha.js';
import type { CodeSender } from './sender.js';
import { channelOf, issueCode, normaliseContact } from './service.js';

export interface VerificationDeps {
  db: Db;
  sender: CodeSender;
  captchaOn: () => boolean;
}

const mobileRe = new RegExp(MOBILE_NUMBER_PATTERN);
const emailRe = /^[^\s@]{1,64}@[^\s@]{1,185}\.[^\s@]{1,63}$/;

/** Check a contact's shape for its type, with a message naming what is wrong. */
export function checkContact(contact: string, contactType: 'MOBILE' | 'EMAIL'): void {
  if (contactType === 'MOBILE' && !mobileRe.test(contact)) {
    throw badInput('手机号码格式不正确', 'the mobile number is not valid');
  }
  if (contactType === 'EMAIL' && (contact.length > 254 || !emailRe.test(contact))) {
    throw badInput('邮箱地址格式不正确', 'the e-mail address is not valid');
  }
}

/** Users owning a contact (mobile or e-mail, case-insensitive for e-mail). */
export async function usersWithContact(db: Db, contact: string, contactType: 'MOBILE' | 'EMAIL') {
  const where: SQL =
    contactType === 'MOBILE' ? eq(user.mobile, contact) : eq(sql`lower(${user.email})`, contact.toLowerCase());
  return db.select({ id: user.id, status: user.status, userType: user.userType }).from(user).where(where);
}

export async function verificationRoutes(app: FastifyInstance, deps: VerificationDeps) {
  const { db } = deps;
  const a = routeKit(app, ['auth']);
  const sys = routeKit(app, ['system']);

  a.post('/api/v1/auth/codes', {
    auth: 'public',
    summary: 'Send a verification code for registration or password recovery (captcha when on)',
    body: SendPublicCodeBody,
    answer: CodeSent,
    run: async (req) => {
      const body = req.body;
      const contact = normaliseContact(body.contact, body.contactType);
      checkContact(contact, body.contactType);
      if (deps.captchaOn() && !(await verifyCaptcha(db, body.captchaKey, body.captchaCode))) {
        throw new AppError('A0240');
      }
      note(req, { module: 'auth', action: `send code (${body.purpose})`, target: body.contactType });
      if (body.purpose === 'register') {
        if (body.contactType !== 'MOBILE') {
          throw badInput('注册需使用手机号码', 'registration uses a mobile number');
        }
        // The answer must not reveal whether the mobile is registered: the code is recorded (and
        // rate-limited) either way, but delivered only to a mobile without an account (registration
        // checks again, after the code, so a registered mobile cannot be registered twice).
        const registered = (await usersWithContact(db, contact, 'MOBILE')).length > 0;
        return issueCode(db, { target: contact, channel: 'sms', purpose: 'register', ip: req.ip }, deps.sender, {
          deliver: !registered,
        });
      }
      // Password recovery: the answer must not reveal whether the contact has an account.
      // The code is recorded (and rate-limited) either way, but only delivered to an account.
      // Delegation accounts have no password to recover: they sign in with the contact's SMS code.
      const owners = (await usersWithContact(db, contact, body.contactType)).filter(
        (u) => u.status === 1 && u.userType !== USER_TYPE.DELEGATION,
      );
      return issueCode(
        db,
        { target: contact, channel: channelOf(body.contactType), purpose: 'reset-password', ip: req.ip },
        deps.sender,
        { deliver: owners.length === 1 },
      );
    },
  });

  sys.get('/api/v1/outbox/page', {
    auth: { perm: 'sys:config:query' },
    summary: 'Messages the console sender "sent" (development outbox), newest first',
    querystring: OutboxQuery,
    answer: Page(OutboxItem),
    run: async (req) => {
      const q = req.query;
      const where = q.target ? eq(outbox.target, q.target.trim()) : undefined;
      const { limit, offset } = limitOffset(q);
      const [rows, [total]] = await Promise.all([
        db.select().from(outbox).where(where).orderBy(desc(outbox.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(outbox).where(where),
      ]);
      return {
        list: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        total: total?.n ?? 0,
      };
    },
  });
}
