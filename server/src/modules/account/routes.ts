import {
  AvatarBody,
  AvatarResult,
  BindEmailBody,
  BindMobileBody,
  CodeSent,
  Envelope,
  ForgetPasswordBody,
  maskPhone,
  RegisterBody,
  RegisterResult,
  SendBindCodeQuery,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { currentUser } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { note } from '../../plugins/oplog.js';
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

  app.post<{ Body: RegisterBody }>(
    '/api/v1/auth/register',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Register a customer account (user type 50) with a mobile verification code',
        body: RegisterBody,
        response: { 200: Envelope(RegisterResult) },
      },
    },
    async (req) => {
      await hitRateLimit(db, `register-ip:${req.ip}`, 20, 3600);
      const created = await register(db, { ...req.body, mobile: req.body.mobile.trim() });
      note(req, {
        module: 'auth',
        action: 'register',
        target: created.userId,
        after: { username: created.username, mobile: maskPhone(req.body.mobile) },
      });
      return ok(created);
    },
  );

  app.post<{ Body: ForgetPasswordBody }>(
    '/api/v1/auth/forget-password',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a code sent to the mobile or e-mail; ends every session',
        body: ForgetPasswordBody,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (req) => {
      await hitRateLimit(db, `forget-ip:${req.ip}`, 30, 3600);
      const contact = normaliseContact(req.body.contact, req.body.contactType);
      checkContact(contact, req.body.contactType);
      note(req, { module: 'auth', action: 'forget password', target: maskContact(contact, req.body.contactType) });
      const owner = await resetForgottenPassword(db, { ...req.body, contact });
      note(req, { target: owner.id });
      return ok(null);
    },
  );

  app.get<{ Querystring: SendBindCodeQuery }>(
    '/api/v1/users/send-verification-code',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['user'],
        summary: 'Send a code to a mobile number or e-mail address to bind it to my account (captcha when on)',
        querystring: SendBindCodeQuery,
        response: { 200: Envelope(CodeSent) },
      },
    },
    async (req) => {
      const u = currentUser(req);
      const contact = normaliseContact(req.query.contact, req.query.contactType);
      checkContact(contact, req.query.contactType);
      await checkCaptcha(deps, req.query.captchaKey, req.query.captchaCode);
      await ensureContactFree(db, contact, req.query.contactType, u.id);
      const purpose = req.query.contactType === 'MOBILE' ? 'bind-mobile' : 'bind-email';
      return ok(
        await issueCode(
          db,
          { target: contact, channel: channelOf(req.query.contactType), purpose, ip: req.ip },
          deps.sender,
        ),
      );
    },
  );

  app.put<{ Body: BindMobileBody }>(
    '/api/v1/users/mobile',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['user'],
        summary: 'Bind a mobile number to my account (verification code)',
        body: BindMobileBody,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (req) => {
      const u = currentUser(req);
      const mobile = normaliseContact(req.body.mobile, 'MOBILE');
      const change = await bindContact(db, u.id, 'MOBILE', mobile, req.body.code);
      note(req, { module: 'users', action: 'bind mobile', target: u.id, before: change.before, after: change.after });
      return ok(null);
    },
  );

  app.put<{ Body: BindEmailBody }>(
    '/api/v1/users/email',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['user'],
        summary: 'Bind an e-mail address to my account (verification code)',
        body: BindEmailBody,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (req) => {
      const u = currentUser(req);
      const email = normaliseContact(req.body.email, 'EMAIL');
      checkContact(email, 'EMAIL');
      const change = await bindContact(db, u.id, 'EMAIL', email, req.body.code);
      note(req, { module: 'users', action: 'bind email', target: u.id, before: change.before, after: change.after });
      return ok(null);
    },
  );

  app.put<{ Body: AvatarBody }>(
    '/api/v1/users/avatar',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['user'],
        summary: 'Set my avatar to an image I uploaded (POST /api/v1/files first)',
        body: AvatarBody,
        response: { 200: Envelope(AvatarResult) },
      },
    },
    async (req) => {
      const u = currentUser(req);
      const avatar = await setAvatar(db, u.id, req.body.fileId);
      note(req, { module: 'users', action: 'avatar', target: u.id, before: u.avatar, after: avatar });
      return ok({ avatar });
    },
  );
}
