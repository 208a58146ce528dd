import { type ContactType, maskPhone, USER_TYPE } from '@baton/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { file, role, user, userRole } from '../../db/schema/index.js';
import { AppError, badInput } from '../../lib/errors.js';
import { hashPassword } from '../../lib/password.js';
import { nextVersion } from '../../lib/versioned.js';
import { revokeUserSessions } from '../auth/tokens.js';
import { fileUrl, isImageMime } from '../files/service.js';
import { codeErrors, consumeCode } from '../verification/service.js';

/** The role every self-registered customer gets. */
export const CUSTOMER_ROLE = 'CUSTOMER';

const contactColumn = (contactType: ContactType) => (contactType === 'MOBILE' ? user.mobile : user.email);

/** Serialise writes that claim one contact, so two accounts cannot take it at once. */
async function lockContact(tx: DbOrTx, contact: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(4243, hashtext(${`contact:${contact}`}))`);
}

async function contactTaken(tx: DbOrTx, contact: string, contactType: ContactType, exceptUserId?: number) {
  const column = contactColumn(contactType);
  const match = contactType === 'EMAIL' ? eq(sql`lower(${column})`, contact.toLowerCase()) : eq(column, contact);
  const rows = await tx
    .select({ id: user.id })
    .from(user)
    .where(exceptUserId ? and(match, ne(user.id, exceptUserId)) : match)
    .limit(1);
  return rows.length > 0;
}

export const accountErrors = {
  mobileTaken: () => badInput('该手机号码已被其他账号绑定', 'this mobile number is already bound to another account'),
  emailTaken: () => badInput('该邮箱已被其他账号绑定', 'this e-mail address is already bound to another account'),
  usernameTaken: () => badInput('用户名已被使用', 'this username is already taken'),
};

/** Refuse a contact bound to another account before a code is spent on it. */
export async function ensureContactFree(db: Db, contact: string, contactType: ContactType, exceptUserId?: number) {
  if (await contactTaken(db, contact, contactType, exceptUserId)) {
    throw contactType === 'MOBILE' ? accountErrors.mobileTaken() : accountErrors.emailTaken();
  }
}

export interface RegisterInput {
  username: string;
  password: string;
  nickname: string;
  mobile: string;
  code: string;
}

/** Self-registration of a customer (user type 50, role CUSTOMER, enabled) with a mobile code. */
export async function register(db: Db, input: RegisterInput) {
  const username = input.username.trim();
  const nickname = input.nickname.trim();
  if (!nickname) throw badInput('昵称不能为空', 'the nickname is empty');
  const [taken] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.username})`, username.toLowerCase()));
  if (taken) throw accountErrors.usernameTaken();
  // The code first: only the mobile's owner learns that it is already registered.
  await consumeCode(db, { target: input.mobile, purpose: 'register', code: input.code });
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    await lockContact(tx, input.mobile);
    if (await contactTaken(tx, input.mobile, 'MOBILE')) throw accountErrors.mobileTaken();
    const [customer] = await tx.select({ id: role.id }).from(role).where(eq(role.code, CUSTOMER_ROLE));
    if (!customer) throw new Error(`role ${CUSTOMER_ROLE} is missing`);
    const [created] = await tx
      .insert(user)
      .values({ username, nickname, passwordHash, userType: USER_TYPE.CUSTOMER, mobile: input.mobile, status: 1 })
      .onConflictDoNothing()
      .returning({ id: user.id, username: user.username });
    if (!created) throw accountErrors.usernameTaken();
    await tx.insert(userRole).values({ userId: created.id, roleId: customer.id });
    return { userId: created.id, username: created.username };
  });
}

export interface ForgetInput {
  contact: string;
  contactType: ContactType;
  code: string;
  newPassword: string;
}

/**
 * Password recovery: a right code for the contact sets the password, clears the lockout and
 * ends every session. A contact without (exactly one enabled) account answers as a wrong code;
 * delegation accounts are not among them (they sign in with the contact's SMS code only).
 */
export async function resetForgottenPassword(db: Db, input: ForgetInput) {
  await consumeCode(db, { target: input.contact, purpose: 'reset-password', code: input.code });
  const column = contactColumn(input.contactType);
  const match =
    input.contactType === 'EMAIL' ? eq(sql`lower(${column})`, input.contact.toLowerCase()) : eq(column, input.contact);
  const owners = await db
    .select({ id: user.id, username: user.username })
    .from(user)
    .where(and(match, eq(user.status, 1), ne(user.userType, USER_TYPE.DELEGATION)));
  if (owners.length !== 1) throw codeErrors.wrong();
  const owner = owners[0]!;
  await db
    .update(user)
    .set({
      passwordHash: await hashPassword(input.newPassword),
      failedLoginCount: 0,
      lockedUntil: null,
      ...nextVersion(user),
    })
    .where(eq(user.id, owner.id));
  await revokeUserSessions(db, owner.id, 'password-reset');
  return owner;
}

/** Bind a verified mobile number or e-mail address to the signed-in user. */
export async function bindContact(db: Db, userId: number, contactType: ContactType, contact: string, code: string) {
  await ensureContactFree(db, contact, contactType, userId);
  await consumeCode(db, { target: contact, purpose: contactType === 'MOBILE' ? 'bind-mobile' : 'bind-email', code });
  return db.transaction(async (tx) => {
    await lockContact(tx, contact);
    if (await contactTaken(tx, contact, contactType, userId)) {
      throw contactType === 'MOBILE' ? accountErrors.mobileTaken() : accountErrors.emailTaken();
    }
    const [before] = await tx.select({ mobile: user.mobile, email: user.email }).from(user).where(eq(user.id, userId));
    await tx
      .update(user)
      .set({ ...(contactType === 'MOBILE' ? { mobile: contact } : { email: contact }), ...nextVersion(user) })
      .where(eq(user.id, userId));
    return contactType === 'MOBILE'
      ? { before: maskPhone(before?.mobile), after: maskPhone(contact) }
      : { before: before?.email ?? null, after: contact };
  });
}

/** Set the avatar to an image the user uploaded. */
export async function setAvatar(db: Db, userId: number, fileId: string) {
  const [row] = await db.select({ mime: file.mime, ownerId: file.ownerId }).from(file).where(eq(file.id, fileId));
  if (!row || row.ownerId !== userId) {
    throw new AppError('A0404', {}, { zh: '文件不存在或不是您上传的', en: 'No such file among your uploads' });
  }
  if (!isImageMime(row.mime)) throw badInput('头像必须是图片', 'the avatar must be an image');
  const avatar = fileUrl(fileId);
  await db
    .update(user)
    .set({ avatar, ...nextVersion(user) })
    .where(eq(user.id, userId));
  return avatar;
}
