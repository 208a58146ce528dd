import {
  EMAIL_PATTERN,
  type ImportMode,
  type ImportReport,
  type Lang,
  MOBILE_PATTERN,
  ROOT_ROLE,
  roleFitsUserType,
  USER_IMPORT_COLUMNS,
  USER_TYPE,
  USER_TYPES,
  USERNAME_PATTERN,
} from '@baton/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { dept, role, user, userRole } from '../../db/schema/index.js';
import { badInput } from '../../lib/errors.js';
import { type Column, type ImportColumn, toXlsx } from '../../lib/excel.js';
import { hashPassword, readablePassword } from '../../lib/password.js';
import {
  type Mapping,
  missingColumnsReport,
  readImportSheet,
  requireColumns,
  withSheet,
} from '../../lib/sheet-import.js';
import { isUniqueViolation } from '../../lib/sql.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { deptInScope, userScope } from './access.js';
import { en, mayGiveType, type UserInput } from './service.js';

/**
 * Users from a spreadsheet: Baton's template, or a users export (no passwords; role codes, or
 * names), read by lib/sheet-import.ts (header found, synonyms, the user's mapping).
 *
 * A row without a password (every row of an export: it never carries them) gets one generated
 * (lib/password.ts `readablePassword`), answered once in the report's `passwords` for the
 * administrator to hand out — stored only as its hash, never written to the operation log.
 */

type ImportKey = (typeof USER_IMPORT_COLUMNS)[number]['key'];

/** The import's columns with the other headers a sheet may use for them (sheet-import.ts); passwords as typed. */
const SYNONYMS: Record<ImportKey, string[]> = {
  username: ['账号', '用户账号', '登录名', '登录账号', 'User name', 'Login', 'Account'],
  nickname: ['姓名', '名称', '用户昵称', 'Name', 'Display name'],
  password: ['初始密码', 'Initial password'],
  gender: ['Sex'],
  mobile: ['手机', '手机号', '联系电话', '电话', 'Phone'],
  email: ['电子邮箱', '邮件', 'E-mail', 'Mail'],
  userType: ['类型', 'Type'],
  roles: ['角色', 'Roles', 'Role'],
  status: ['用户状态'],
};
const USER_FIELDS: ImportColumn[] = USER_IMPORT_COLUMNS.map((c) => ({
  ...c,
  synonyms: SYNONYMS[c.key],
  ...(c.key === 'password' ? { kind: 'raw' as const } : {}),
}));

export async function importTemplate(lang: Lang): Promise<Buffer> {
  const columns: Column<Record<string, string>>[] = USER_IMPORT_COLUMNS.map((c) => ({
    header: en(lang) ? c.en : c.zh,
    key: c.key,
    width: c.key === 'email' ? 26 : 16,
    value: (r) => r[c.key],
  }));
  return toXlsx(en(lang) ? 'Users' : '用户', columns, []);
}

const GENDERS: Record<string, number> = {
  '': 0,
  '0': 0,
  '1': 1,
  '2': 2,
  未知: 0,
  男: 1,
  女: 2,
  unknown: 0,
  male: 1,
  female: 2,
};
const STATUSES: Record<string, number> = { '': 1, '1': 1, '0': 0, 正常: 1, 停用: 0, enabled: 1, disabled: 0 };

interface ParsedRow {
  row: number;
  input: UserInput & { password: string };
}

/**
 * Import users from the template: every row is checked first (fields, roles, duplicates in
 * the file and against the database). With any bad row nothing is written, unless the
 * caller chose `valid-only`; the good rows then go in one transaction.
 */
export async function importUsers(
  db: Db,
  caller: CurrentUser,
  file: Buffer,
  opts: { deptId: number; mode: ImportMode; lang: Lang; mapping?: Mapping },
): Promise<{ report: ImportReport; usernames: string[] }> {
  const e = en(opts.lang);
  const msg = (zh: string, english: string) => (e ? english : zh);
  const scope = await userScope(db, caller);
  const [d] = await db.select({ id: dept.id }).from(dept).where(eq(dept.id, opts.deptId));
  if (!d) throw badInput(`部门 ${opts.deptId} 不存在`, `department ${opts.deptId} does not exist`);
  if (!deptInScope(scope, opts.deptId)) {
    throw badInput('该部门不在您的数据权限范围内', 'that department is outside your data scope');
  }

  const sheet = await readImportSheet(file, USER_FIELDS, { lang: opts.lang, mapping: opts.mapping });
  const preview = opts.mode === 'preview';
  if (preview && sheet.missing.length) return { report: missingColumnsReport(sheet, opts.lang), usernames: [] };
  requireColumns(sheet);
  const rows = sheet.rows;
  if (!rows.length) throw badInput('文件中没有数据行', 'the file has no data rows');

  const allRoles = await db.select({ id: role.id, code: role.code, name: role.name, nameEn: role.nameEn }).from(role);
  // A role is named by its code, or (an older export) by its name in either language.
  const roleByCode = new Map(allRoles.map((r) => [r.code.toUpperCase(), r]));
  for (const r of allRoles) {
    for (const n of [r.name, r.nameEn]) if (n && !roleByCode.has(n.toUpperCase())) roleByCode.set(n.toUpperCase(), r);
  }
  const errors: ImportReport['errors'] = [];
  const parsed: ParsedRow[] = [];
  const firstRowOf = new Map<string, number>();
  const usernameRe = new RegExp(USERNAME_PATTERN);
  const mobileRe = new RegExp(MOBILE_PATTERN);
  const emailRe = new RegExp(EMAIL_PATTERN);

  for (const { row, values } of rows) {
    const v = values as Partial<Record<ImportKey, string>>;
    const rowErrors: ImportReport['errors'] = [];
    const fail = (field: ImportKey, zh: string, english: string) => {
      const col = USER_IMPORT_COLUMNS.find((c) => c.key === field)!;
      rowErrors.push({ row, field: e ? col.en : col.zh, message: msg(zh, english) });
    };
    const username = v.username ?? '';
    if (!username) fail('username', '用户名必填', 'username is required');
    else if (!usernameRe.test(username)) {
      fail('username', '用户名须为 2-50 位字母、数字或 _ . @ -', 'username must be 2-50 letters, digits, _ . @ -');
    } else {
      const first = firstRowOf.get(username.toLowerCase());
      if (first !== undefined) fail('username', `与第 ${first} 行重复`, `duplicate of row ${first}`);
      else firstRowOf.set(username.toLowerCase(), row);
    }
    const nickname = v.nickname ?? '';
    if (nickname.length > 50) fail('nickname', '昵称最多 50 个字符', 'nickname is longer than 50 characters');
    // No password (an export re-imported): one is generated when the row is written.
    const password = v.password ?? '';
    if (password && (password.length < 6 || password.length > 64)) {
      fail('password', '密码须为 6-64 个字符', 'password must have 6 to 64 characters');
    }
    const gender = GENDERS[(v.gender ?? '').toLowerCase()];
    if (gender === undefined) fail('gender', '性别应为 男/女/未知', 'gender must be Male, Female or Unknown');
    const mobile = v.mobile ?? '';
    if (mobile && !mobileRe.test(mobile)) fail('mobile', '手机号码格式不正确', 'not a valid mobile number');
    const email = v.email ?? '';
    if (email && (email.length > 254 || !emailRe.test(email))) fail('email', '邮箱格式不正确', 'not a valid email');
    // No default type: an empty cell is refused, like a form without one.
    const userType = v.userType ? Number(v.userType) : null;
    const typeOk = userType !== null && USER_TYPES.includes(userType as (typeof USER_TYPES)[number]);
    if (userType === null) fail('userType', '用户类型必填', 'the user type is required');
    else if (!typeOk) {
      fail('userType', `用户类型应为 ${USER_TYPES.join('/')}`, `user type must be one of ${USER_TYPES.join(', ')}`);
    } else if (userType === USER_TYPE.ROOT && !caller.isRoot) {
      fail('userType', '不能导入超级管理员', 'root users cannot be imported');
    } else if (!mayGiveType(caller, userType)) {
      fail('userType', '只有系统管理员可以导入系统管理员', 'only an administrator can import administrators');
    }
    const roleIds: number[] = [];
    // Codes or names, split on commas (and on spaces between codes: a name may hold spaces).
    const pieces = (v.roles ?? '').split(/[,，;；、\n]+/).map((x) => x.trim());
    const named = pieces.flatMap((x) => (!x || roleByCode.has(x.toUpperCase()) ? [x] : x.split(/\s+/)));
    for (const code of named.filter(Boolean)) {
      const found = roleByCode.get(code.toUpperCase());
      if (!found) fail('roles', `角色编码“${code}”不存在`, `no role with code "${code}"`);
      else if (found.code === ROOT_ROLE && !caller.isRoot)
        fail('roles', '不能分配超级管理员角色', 'ROOT cannot be granted');
      else if (typeOk && !roleFitsUserType(userType!, found.code)) {
        fail(
          'roles',
          `角色“${found.code}”与用户类型 ${userType} 不符`,
          `the role "${found.code}" does not fit the user type ${userType}`,
        );
      } else if (!roleIds.includes(found.id)) roleIds.push(found.id);
    }
    const status = STATUSES[(v.status ?? '').toLowerCase()];
    if (status === undefined) fail('status', '状态应为 正常/停用', 'status must be Enabled or Disabled');
    errors.push(...rowErrors);
    if (!rowErrors.length) {
      parsed.push({
        row,
        input: {
          username,
          nickname,
          password,
          gender: gender!,
          mobile: mobile || null,
          email: email || null,
          userType: userType!,
          status: status!,
          deptId: opts.deptId,
          roleIds,
        },
      });
    }
  }

  // Usernames already in the database.
  if (parsed.length) {
    const lowered = parsed.map((p) => p.input.username.toLowerCase());
    const taken = new Set<string>();
    for (let i = 0; i < lowered.length; i += 1000) {
      const chunk = lowered.slice(i, i + 1000);
      const found = await db
        .select({ name: sql<string>`lower(${user.username})` })
        .from(user)
        .where(inArray(sql`lower(${user.username})`, chunk));
      for (const f of found) taken.add(f.name);
    }
    for (const p of [...parsed]) {
      if (!taken.has(p.input.username.toLowerCase())) continue;
      errors.push({
        row: p.row,
        field: e ? 'Username' : '用户名',
        message: msg(`用户名“${p.input.username}”已存在`, `the username "${p.input.username}" already exists`),
      });
      parsed.splice(parsed.indexOf(p), 1);
    }
  }
  errors.sort((a, b) => a.row - b.row);
  const invalid = new Set(errors.map((x) => x.row)).size;
  const validOnly = opts.mode === 'valid-only';
  const writes = preview || !(errors.length && !validOnly);
  const label = e ? 'Users' : '用户';
  const noPassword = parsed.filter((p) => !p.input.password).length;
  const report = withSheet(
    {
      total: rows.length,
      valid: parsed.length,
      invalid,
      imported: 0,
      errors,
      creates: [{ what: 'users', label, count: writes ? parsed.length : 0 }],
      ...(noPassword && writes
        ? {
            notices: [
              preview
                ? msg(
                    `${noPassword} 个用户没有密码：导入时将为每人生成一个密码，导入后仅显示一次`,
                    `${noPassword} user(s) have no password: the import generates one for each, shown once after the import`,
                  )
                : msg(
                    `已为 ${noPassword} 个用户生成密码：仅此一次显示，请立即下载或分发`,
                    `${noPassword} password(s) generated: they are shown this once only, download or hand them out now`,
                  ),
            ],
          }
        : {}),
    },
    sheet,
    preview,
  );
  if (preview || (errors.length && !validOnly) || !parsed.length) return { report, usernames: [] };

  const hashes: string[] = [];
  // Without a password: a generated one, answered this once.
  const generated = new Map(parsed.filter((p) => !p.input.password).map((p) => [p, readablePassword()]));
  const secret = (p: ParsedRow) => p.input.password || generated.get(p)!;
  for (let i = 0; i < parsed.length; i += 4) {
    hashes.push(...(await Promise.all(parsed.slice(i, i + 4).map((p) => hashPassword(secret(p))))));
  }
  try {
    await db.transaction(async (tx) => {
      for (const [i, p] of parsed.entries()) {
        const { input } = p;
        const [created] = await tx
          .insert(user)
          .values({
            username: input.username,
            nickname: input.nickname,
            passwordHash: hashes[i]!,
            gender: input.gender,
            mobile: input.mobile,
            email: input.email,
            userType: input.userType,
            status: input.status,
            deptId: input.deptId,
          })
          .returning({ id: user.id });
        if (input.roleIds.length) {
          await tx.insert(userRole).values(input.roleIds.map((roleId) => ({ userId: created!.id, roleId })));
        }
      }
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw badInput('导入期间用户名已被占用，请重试', 'a username was taken while importing; try again');
    }
    throw err;
  }
  report.imported = parsed.length;
  if (generated.size) {
    report.passwords = [...generated].map(([p, password]) => ({ row: p.row, username: p.input.username, password }));
  }
  return { report, usernames: parsed.map((p) => p.input.username) };
}
