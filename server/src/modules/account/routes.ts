import {
  AvatarBody,
  AvatarResult,
  BindEmailBody,
  BindMobileBody,
  CodeSent,
  ForgetPasswordBody,
  maskPhone,
  RegisterBody,
  RegisterResult,
  SendBindCodeQuery,
} from '@baton/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { currentUser } from '../../plugins/auth.js';
import { note } from '../../plugins/oplog.js';
import { routeKit } from '../../plugins/route-kit.js';
import { checkCaptcha } from '../dlg/service.js';
import { checkContact } from '../verification/routes.js';
import type { CodeSender } from '../verification/sender.js';
import { channelOf, issueCode, normaliseContact } from '../verification/service.js';
import { bindContact, ensureContactFree, register, resetForgottenPassword, setAvatar } from './service.js';

export interface AccountDeps {
  db: Db;
  sender: CodeSender;
  captchaOn: () => boolean;
}

const maskContact = (contact: string, contactType: 'MOBILE' | 'EMAIL') =>
  contactType === 'MOBILE' ? maskPhone(contact) : contact.replace(/^(.).*(@.*)$/, '$1***$2');

export async function accountRoutes(app: FastifyInstance, deps: AccountDeps) {
  const { db } = deps;
  const a = routeKit(app, ['auth']);
  const me = routeKit(app, ['user']);

  a.post('/api/v1/auth/register', {
    auth: 'public',
    summary: 'Register a customer account (user type 50) with a mobile verification code',
    body: RegisterBody,
    answer: RegisterResult,
    run: async (req) => {
      await hitRateLimit(db, `register-ip:${req.ip}`, 20, 3600);
      const created = await register(db, { ...req.body, mobile: req.body.mobile.trim() });
      note(req, {
        module: 'auth',
        action: 'register',
        target: created.userId,
        after: { username: created.username, mobile: maskPhone(req.body.mobile) },
      });
      return created;
    },
  });

  a.post('/api/v1/auth/forget-password', {
    auth: 'public',
    summary: 'Set a new password with a code sent to the mobile or e-mail; ends every session',
    body: ForgetPasswordBody,
    answer: Type.Null(),
    run: async (req) => {
      await hitRateLimit(db, `forget-ip:${req.ip}`, 30, 3600);
      const contact = normaliseContact(req.body.contact, req.body.contactType);
      checkContact(contact, req.body.contactType);
      note(req, { module: 'auth', action: 'forget password', target: maskContact(contact, req.body.contactType) });
      const owner = await resetForgottenPassword(db, { ...req.body, contact });
      note(req, { target: owner.id });
      return null;
    },
  });

  me.get('/api/v1/users/send-verification-code', {
    auth: 'user',
    summary: 'Send a code to a mobile number or e-mail address to bind it to my account (captcha when on)',
    querystring: SendBindCodeQuery,
    answer: CodeSent,
    run: async (req) => {
      const u = currentUser(req);
      const contact = normaliseContact(req.query.contact, req.query.contactType);
      checkContact(contact, req.query.contactType);
      await checkCaptcha(deps, req.query.captchaKey, req.query.captchaCode);
      await ensureContactFree(db, contact, req.query.contactType, u.id);
      const purpose = req.query.contactType === 'MOBILE' ? 'bind-mobile' : 'bind-email';
      return issueCode(
        db,
        { target: contact, channel: channelOf(req.query.contactType), purpose, ip: req.ip },
        deps.sender,
      );
    },
  });

  /** Binds a contact to the caller's account with the code sent to it; noted with the contact before and after. */
  const bind = async (req: FastifyRequest, contactType: 'MOBILE' | 'EMAIL', contact: string, code: string) => {
    const u = currentUser(req);
    const change = await bindContact(db, u.id, contactType, contact, code);
    const action = contactType === 'MOBILE' ? 'bind mobile' : 'bind email';
    note(req, { module: 'users', action, target: u.id, before: change.before, after: change.after });
    return null;
  };

  me.put('/api/v1/users/mobile', {
    auth: 'user',
    summary: 'Bind a mobile number to my account (verification code)',
    body: BindMobileBody,
    answer: Type.Null(),
    run: (req) => bind(req, 'MOBILE', normaliseContact(req.body.mobile, 'MOBILE'), req.body.code),
  });

  me.put('/api/v1/users/email', {
    auth: 'user',
    summary: 'Bind an e-mail address to my account (verification code)',
    body: BindEmailBody,
    answer: Type.Null(),
    run: async (req) => {
      const email = normaliseContact(req.body.email, 'EMAIL');
      checkContact(email, 'EMAIL');
      return bind(req, 'EMAIL', email, req.body.code);
    },
  });

  me.put('/api/v1/users/avatar', {
    auth: 'user',
    summary: 'Set my avatar to an image I uploaded (POST /api/v1/files first)',
    body: AvatarBody,
    answer: AvatarResult,
    run: async (req) => {
      const u = currentUser(req);
      const avatar = await setAvatar(db, u.id, req.body.fileId);
      note(req, { module: 'users', action: 'avatar', target: u.id, before: u.avatar, after: avatar });
      return { avatar };
    },
  });
}
