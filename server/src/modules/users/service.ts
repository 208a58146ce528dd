import {
  ADMIN_USER_TYPES,
  type Lang,
  type OptionVO,
  type ProfileBody,
  type ProfileVO,
  ROOT_ROLE,
  roleFitsUserType,
  USER_TYPE,
  USER_TYPES,
  type UserBriefVO,
  type UserCreateBody,
  type UserExportQuery,
  type UserForm,
  type UserPageQuery,
  type UserPageVO,
  type UserUpdateBody,
} from '@baton/contracts';
import { and, asc, count, desc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { dept, file, role, session, user, userRole } from '../../db/schema/index.js';
import { DICTS } from '../../db/seed/dicts.js';
import { AppError, badInput, notFound } from '../../lib/errors.js';
import { type Column, toXlsx } from '../../lib/excel.js';
import { limitOffset, orderFrom } from '../../lib/paging.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { createdBetween, iso, isUniqueViolation, likeAny } from '../../lib/sql.js';
import { descendantsOf } from '../../lib/tree.js';
import { nextVersion, sameVersion, staleOrMissing } from '../../lib/versioned.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { revokeUserSessions } from '../auth/tokens.js';
import { fileUrl, isImageMime } from '../files/service.js';
import { deptInScope, scopeCondition, type UserScope, userScope } from './access.js';

export const en = (lang: Lang) => lang === 'en';

/** Role names of a user, joined, in the asked language. */
const roleNamesSql = (lang: Lang) =>
  sql<string>`coalesce((select string_agg(${en(lang) ? sql`coalesce(nullif(r.name_en, ''), r.name)` : sql`r.name`}, ', ' order by r.sort, r.id)
    from sys_user_role ur join sys_role r on r.id = ur.role_id where ur.user_id = ${user.id}), '')`;
/** Role codes of a user, joined (the import's roles column). */
const roleCodesSql = sql<string>`coalesce((select string_agg(r.code, ', ' order by r.sort, r.id)
    from sys_user_role ur join sys_role r on r.id = ur.role_id where ur.user_id = ${user.id}), '')`;
const deptNameSql = (lang: Lang) =>
  en(lang) ? sql<string | null>`coalesce(nullif(${dept.nameEn}, ''), ${dept.name})` : sql<string | null>`${dept.name}`;

const SORT_COLUMNS = {
  username: user.username,
  nickname: user.nickname,
  createdAt: user.createdAt,
  status: user.status,
};

function usernameTaken(username: string) {
  return badInput(`用户名“${username}”已被使用`, `the username "${username}" is already taken`);
}

/** Is this user ROOT (user type 99 or holding the ROOT role)? Only ROOT may touch ROOT. */
async function isRootUser(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db
    .select({
      userType: user.userType,
      hasRoot: sql<boolean>`exists (select 1 from sys_user_role ur join sys_role r on r.id = ur.role_id
        where ur.user_id = ${user.id} and r.code = ${ROOT_ROLE})`,
    })
    .from(user)
    .where(eq(user.id, id));
  return !!row && (row.userType === USER_TYPE.ROOT || row.hasRoot);
}

async function filterConditions(db: DbOrTx, scope: UserScope, q: UserExportQuery): Promise<SQL[]> {
  const where: SQL[] = [];
  const scoped = scopeCondition(scope);
  if (scoped) where.push(scoped);
  const kw = likeAny(q.keywords, [user.username, user.nickname, user.mobile]);
  if (kw) where.push(kw);
  if (q.status !== undefined) where.push(eq(user.status, q.status));
  if (q.deptId !== undefined) {
    const all = await db.select({ id: dept.id, parentId: dept.parentId }).from(dept);
    where.push(inArray(user.deptId, [...descendantsOf(all, [q.deptId])]));
  }
  where.push(...createdBetween(user.createdAt, q.createTimeStart, q.createTimeEnd));
  return where;
}

/** The columns the users page and the user form share (UserPageVO, UserForm). */
const USER_COLUMNS = {
  id: user.id,
  username: user.username,
  nickname: user.nickname,
  gender: user.gender,
  mobile: user.mobile,
  email: user.email,
  avatar: user.avatar,
  userType: user.userType,
  status: user.status,
  deptId: user.deptId,
};

function listSelect(lang: Lang) {
  return {
    ...USER_COLUMNS,
    deptName: deptNameSql(lang),
    roleNames: roleNamesSql(lang),
    createdAt: user.createdAt,
  };
}

export async function pageUsers(db: Db, caller: CurrentUser, q: UserPageQuery, lang: Lang) {
  const scope = await userScope(db, caller);
  const where = and(...(await filterConditions(db, scope, q)));
  const [total] = await db.select({ n: count() }).from(user).where(where);
  const rows = await db
    .select(listSelect(lang))
    .from(user)
    .leftJoin(dept, eq(dept.id, user.deptId))
    .where(where)
    .orderBy(...orderFrom(SORT_COLUMNS, q.sortKey, q.sortDir, [desc(user.id)]))
    .limit(limitOffset(q).limit)
    .offset(limitOffset(q).offset);
  const list: UserPageVO[] = rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) }));
  return { list, total: total?.n ?? 0 };
}

const EXPORT_MAX_ROWS = 20_000;

export async function exportUsers(db: Db, caller: CurrentUser, q: UserExportQuery, lang: Lang): Promise<Buffer> {
  const scope = await userScope(db, caller);
  const rows = await db
    .select({ ...listSelect(lang), roleCodes: roleCodesSql })
    .from(user)
    .leftJoin(dept, eq(dept.id, user.deptId))
    .where(and(...(await filterConditions(db, scope, q))))
    .orderBy(...orderFrom(SORT_COLUMNS, q.sortKey, q.sortDir, [asc(user.id)]))
    .limit(EXPORT_MAX_ROWS);
  const e = en(lang);
  const genders = e ? ['Unknown', 'Male', 'Female'] : ['未知', '男', '女'];
  type Row = (typeof rows)[number];
  const columns: Column<Row>[] = [
    { header: e ? 'Username' : '用户名', key: 'username', value: (r) => r.username },
    { header: e ? 'Nickname' : '昵称', key: 'nickname', value: (r) => r.nickname },
    { header: e ? 'Gender' : '性别', key: 'gender', width: 8, value: (r) => genders[r.gender] ?? '' },
    { header: e ? 'Mobile' : '手机号码', key: 'mobile', value: (r) => r.mobile },
    { header: e ? 'Email' : '邮箱', key: 'email', width: 26, value: (r) => r.email },
    { header: e ? 'Department' : '部门', key: 'dept', value: (r) => r.deptName },
    // The import's own column (codes), so the export re-imports as is; the names for the reader.
    { header: e ? 'Role codes' : '角色编码', key: 'roles', width: 24, value: (r) => r.roleCodes },
    { header: e ? 'Role names' : '角色名称', key: 'roleNames', width: 24, value: (r) => r.roleNames },
    { header: e ? 'User type' : '用户类型', key: 'userType', width: 10, value: (r) => r.userType },
    {
      header: e ? 'Status' : '状态',
      key: 'status',
      width: 8,
      value: (r) => (r.status === 1 ? (e ? 'Enabled' : '正常') : e ? 'Disabled' : '停用'),
    },
    { header: e ? 'Created' : '创建时间', key: 'createdAt', width: 22, value: (r) => r.createdAt },
  ];
  return toXlsx(e ? 'Users' : '用户', columns, rows);
}

/** The form of a user the caller may see (404 otherwise). Never carries the password hash. */
export async function userForm(db: DbOrTx, caller: CurrentUser, id: number): Promise<UserForm> {
  const scope = await userScope(db, caller);
  const [row] = await db
    .select({ ...USER_COLUMNS, version: user.version })
    .from(user)
    .where(and(eq(user.id, id), scopeCondition(scope)));
  if (!row) throw notFound();
  const roles = await db
    .select({ roleId: userRole.roleId })
    .from(userRole)
    .where(eq(userRole.userId, id))
    .orderBy(asc(userRole.roleId));
  return { ...row, roleIds: roles.map((r) => r.roleId) };
}

export type UserInput = Omit<UserCreateBody, 'password'>;

/** A user type's name (the `user_type` dictionary as seeded), in both languages. */
const TYPE_NAMES = new Map(
  (DICTS.find((d) => d.code === 'user_type')?.entries ?? []).map(([value, zh, english]) => [
    Number(value),
    { zh, en: english },
  ]),
);

/** May the caller give this user type? Root only by root (checked apart); administrators by administrators. */
export const mayGiveType = (caller: CurrentUser, userType: number) =>
  !ADMIN_USER_TYPES.includes(userType as (typeof ADMIN_USER_TYPES)[number]) ||
  caller.isRoot ||
  caller.userType === USER_TYPE.ADMIN ||
  caller.userType === USER_TYPE.ROOT;

/** Checks shared by create, update and import: department, roles, user type, scope. */
async function checkAssignments(db: DbOrTx, caller: CurrentUser, scope: UserScope, input: UserInput) {
  if (!USER_TYPES.includes(input.userType as (typeof USER_TYPES)[number])) {
    throw badInput(`用户类型 ${input.userType} 无效`, `user type ${input.userType} is not valid`);
  }
  if (input.userType === USER_TYPE.ROOT && !caller.isRoot) {
    throw badInput('只有超级管理员可以创建超级管理员', 'only ROOT can make a user of type root');
  }
  if (!mayGiveType(caller, input.userType)) {
    throw badInput(
      '只有系统管理员或超级管理员可以创建系统管理员',
      'only an administrator (or root) can make a user of type administrator',
    );
  }
  const deptId = input.deptId ?? null;
  if (deptId !== null) {
    const [d] = await db.select({ id: dept.id }).from(dept).where(eq(dept.id, deptId));
    if (!d) throw badInput(`部门 ${deptId} 不存在`, `department ${deptId} does not exist`);
  }
  if (!deptInScope(scope, deptId)) {
    throw badInput('该部门不在您的数据权限范围内', 'that department is outside your data scope');
  }
  const roleIds = [...new Set(input.roleIds ?? [])];
  if (roleIds.length) {
    const found = await db
      .select({ id: role.id, code: role.code, name: role.name, nameEn: role.nameEn })
      .from(role)
      .where(inArray(role.id, roleIds));
    const missing = roleIds.filter((id) => !found.some((r) => r.id === id));
    if (missing.length) {
      throw badInput(`角色不存在：${missing.join(', ')}`, `no such role: ${missing.join(', ')}`);
    }
    if (found.some((r) => r.code === ROOT_ROLE) && !caller.isRoot) {
      throw badInput('只有超级管理员可以分配超级管理员角色', 'only ROOT can grant the ROOT role');
    }
    const misfit = found.find((r) => !roleFitsUserType(input.userType, r.code));
    if (misfit) {
      const type = TYPE_NAMES.get(input.userType) ?? { zh: String(input.userType), en: String(input.userType) };
      throw badInput(
        `角色“${misfit.name}”与用户类型“${type.zh}”不符，请选择该类型的角色`,
        `the role "${misfit.nameEn || misfit.name}" does not fit the user type "${type.en}": choose a role of that type`,
      );
    }
  }
  return roleIds;
}

async function usernameExists(db: DbOrTx, username: string, exceptId?: number) {
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(sql`lower(${user.username})`, username.toLowerCase()), exceptId ? ne(user.id, exceptId) : undefined));
  return rows.length > 0;
}

const blankToNull = (v: string | null | undefined) => (v === undefined || v === null || v === '' ? null : v);

const AVATAR_URL = /^\/api\/v1\/files\/([A-Za-z0-9_-]{22})$/;

/**
 * The avatar to store: unchanged when not given or given as it is, nothing when blank, else
 * the address (`/api/v1/files/<id>`) of an image uploaded by one of `owners`. Any other string (a
 * script URL, a tracking pixel elsewhere, someone else's upload) is refused.
 */
async function checkedAvatar(
  db: DbOrTx,
  given: string | null | undefined,
  previous: string | null,
  owners: number[],
): Promise<string | null> {
  if (given === undefined) return previous;
  const value = blankToNull(given?.trim());
  if (value === null || value === previous) return value;
  const id = AVATAR_URL.exec(value)?.[1];
  if (!id) {
    throw badInput(
      '头像应为上传的图片（/api/v1/files/ 地址）',
      'the avatar must be an image uploaded with POST /api/v1/files (its /api/v1/files/ address)',
    );
  }
  const [row] = await db.select({ mime: file.mime, ownerId: file.ownerId }).from(file).where(eq(file.id, id));
  if (!row || row.ownerId === null || !owners.includes(row.ownerId)) {
    throw badInput('头像图片不存在或不是您上传的', 'the avatar image is not among your uploads');
  }
  if (!isImageMime(row.mime)) throw badInput('头像必须是图片', 'the avatar must be an image');
  return fileUrl(id);
}

export async function createUser(db: Db, caller: CurrentUser, body: UserCreateBody): Promise<UserForm> {
  const scope = await userScope(db, caller);
  const roleIds = await checkAssignments(db, caller, scope, body);
  if (await usernameExists(db, body.username)) throw usernameTaken(body.username);
  const avatar = await checkedAvatar(db, body.avatar, null, [caller.id]);
  const passwordHash = await hashPassword(body.password);
  try {
    const id = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(user)
        .values({
          username: body.username,
          nickname: body.nickname,
          passwordHash,
          gender: body.gender,
          mobile: blankToNull(body.mobile),
          email: blankToNull(body.email),
          avatar,
          userType: body.userType,
          status: body.status ?? 1,
          deptId: body.deptId ?? null,
        })
        .returning({ id: user.id });
      if (roleIds.length) await tx.insert(userRole).values(roleIds.map((roleId) => ({ userId: created!.id, roleId })));
      return created!.id;
    });
    return userForm(db, caller, id);
  } catch (err) {
    if (isUniqueViolation(err)) throw usernameTaken(body.username);
    throw err;
  }
}

export async function updateUser(db: Db, caller: CurrentUser, id: number, body: UserUpdateBody) {
  const before = await userForm(db, caller, id);
  if (!caller.isRoot && (await isRootUser(db, id))) throw new AppError('A0301');
  const scope = await userScope(db, caller);
  const roleIds = await checkAssignments(db, caller, scope, body);
  if (id === caller.id) {
    const sameRoles = [...roleIds].sort((a, b) => a - b).join() === before.roleIds.join();
    if (!sameRoles || (body.status ?? before.status) !== before.status) {
      throw badInput(
        '不能修改自己的角色或状态，请让其他管理员操作',
        'you cannot change your own roles or status; ask another administrator',
      );
    }
  }
  if (await usernameExists(db, body.username, id)) throw usernameTaken(body.username);
  const avatar = await checkedAvatar(db, body.avatar, before.avatar, [caller.id, id]);
  try {
    await db.transaction(async (tx) => {
      const updated = await tx
        .update(user)
        .set({
          username: body.username,
          nickname: body.nickname,
          gender: body.gender,
          mobile: blankToNull(body.mobile),
          email: blankToNull(body.email),
          avatar,
          userType: body.userType,
          status: body.status ?? before.status,
          deptId: body.deptId === undefined ? before.deptId : body.deptId,
          ...nextVersion(user),
        })
        .where(sameVersion(user, id, body.version))
        .returning({ id: user.id });
      if (!updated.length) await staleOrMissing(tx.select({ id: user.id }).from(user).where(eq(user.id, id)));
      await tx.delete(userRole).where(eq(userRole.userId, id));
      if (roleIds.length) await tx.insert(userRole).values(roleIds.map((roleId) => ({ userId: id, roleId })));
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw usernameTaken(body.username);
    throw err;
  }
  return { before, after: await userForm(db, caller, id) };
}

export async function deleteUsers(db: Db, caller: CurrentUser, ids: number[]) {
  const scope = await userScope(db, caller);
  const rows = await db
    .select({ id: user.id, username: user.username })
    .from(user)
    .where(and(inArray(user.id, ids), scopeCondition(scope)));
  if (rows.length !== ids.length) throw notFound();
  if (ids.includes(caller.id)) throw badInput('不能删除自己', 'you cannot delete yourself');
  for (const r of rows) {
    if (await isRootUser(db, r.id)) {
      throw badInput(`不能删除超级管理员“${r.username}”`, `the root user "${r.username}" cannot be deleted`);
    }
  }
  await db.delete(user).where(inArray(user.id, ids));
  return rows;
}

export async function resetPassword(db: Db, caller: CurrentUser, id: number, password: string) {
  const form = await userForm(db, caller, id);
  if (!caller.isRoot && (await isRootUser(db, id))) throw new AppError('A0301');
  await db
    .update(user)
    .set({ passwordHash: await hashPassword(password), failedLoginCount: 0, lockedUntil: null, updatedAt: new Date() })
    .where(eq(user.id, id));
  await revokeUserSessions(db, id, 'password-reset');
  return form;
}

export async function profile(db: Db, caller: CurrentUser, lang: Lang): Promise<ProfileVO> {
  const [row] = await db
    .select({
      id: user.id,
      username: user.username,
      nickname: user.nickname,
      gender: user.gender,
      avatar: user.avatar,
      mobile: user.mobile,
      email: user.email,
      userType: user.userType,
      deptName: deptNameSql(lang),
      roleNames: roleNamesSql(lang),
      createdAt: user.createdAt,
    })
    .from(user)
    .leftJoin(dept, eq(dept.id, user.deptId))
    .where(eq(user.id, caller.id));
  if (!row) throw notFound();
  return { ...row, createdAt: iso(row.createdAt) };
}

export async function updateProfile(db: Db, caller: CurrentUser, body: ProfileBody, lang: Lang) {
  const before = await profile(db, caller, lang);
  const avatar = await checkedAvatar(db, body.avatar, before.avatar, [caller.id]);
  await db
    .update(user)
    .set({
      nickname: body.nickname,
      gender: body.gender,
      avatar,
      ...nextVersion(user),
    })
    .where(eq(user.id, caller.id));
  return { before, after: await profile(db, caller, lang) };
}

/** Change one's own password: the old one is checked; every other session is signed out. */
export async function changePassword(db: Db, caller: CurrentUser, oldPassword: string, newPassword: string) {
  const [row] = await db.select({ hash: user.passwordHash }).from(user).where(eq(user.id, caller.id));
  if (!row || !(await verifyPassword(oldPassword, row.hash))) {
    throw badInput('原密码不正确', 'the current password is not correct');
  }
  if (oldPassword === newPassword)
    throw badInput('新密码不能与原密码相同', 'the new password must differ from the old');
  await db
    .update(user)
    .set({ passwordHash: await hashPassword(newPassword), updatedAt: new Date() })
    .where(eq(user.id, caller.id));
  await db
    .update(session)
    .set({ revokedAt: new Date(), revokeReason: 'password-changed' })
    .where(and(eq(session.userId, caller.id), ne(session.id, caller.sessionId), isNull(session.revokedAt)));
}

export async function userOptions(db: Db, caller: CurrentUser): Promise<OptionVO[]> {
  const scope = await userScope(db, caller);
  const rows = await db
    .select({ id: user.id, username: user.username, nickname: user.nickname })
    .from(user)
    .where(and(eq(user.status, 1), scopeCondition(scope)))
    .orderBy(asc(user.username));
  return rows.map((r) => {
    const label = r.nickname ? `${r.nickname} (${r.username})` : r.username;
    return { value: r.id, label, labelEn: label };
  });
}

export async function getUserByName(db: Db, caller: CurrentUser, username: string, lang: Lang): Promise<UserBriefVO> {
  const scope = await userScope(db, caller);
  const [row] = await db
    .select({
      id: user.id,
      username: user.username,
      nickname: user.nickname,
      avatar: user.avatar,
      userType: user.userType,
      status: user.status,
      deptName: deptNameSql(lang),
    })
    .from(user)
    .leftJoin(dept, eq(dept.id, user.deptId))
    .where(and(eq(sql`lower(${user.username})`, username.trim().toLowerCase()), scopeCondition(scope)));
  if (!row) throw notFound();
  return row;
}
