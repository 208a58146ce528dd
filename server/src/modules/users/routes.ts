import {
  GetUserQuery,
  IdParams,
  ImportReport,
  OptionVO,
  Page,
  PasswordChangeBody,
  PasswordResetQuery,
  ProfileBody,
  ProfileVO,
  UserBriefVO,
  UserCreateBody,
  UserExportQuery,
  UserForm,
  UserImportQuery,
  UserInfo,
  UserPageQuery,
  UserPageVO,
  UserUpdateBody,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { badInput } from '../../lib/errors.js';
import { importMapping } from '../../lib/sheet-import.js';
import { currentUser } from '../../plugins/auth.js';
import { crudRoutes } from '../../plugins/crud-routes.js';
import { note } from '../../plugins/oplog.js';
import { datedXlsxName, noteWrite, routeKit } from '../../plugins/route-kit.js';
import { importTemplate, importUsers } from './importer.js';
import {
  changePassword,
  createUser,
  deleteUsers,
  exportUsers,
  getUserByName,
  pageUsers,
  profile,
  resetPassword,
  updateProfile,
  updateUser,
  userForm,
  userOptions,
} from './service.js';

const tags = ['users'];

export async function userRoutes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;

  routeKit(app, ['user']).get('/api/v1/userProps/me', {
    auth: 'user',
    summary: 'The signed-in user, roles and permissions',
    answer: UserInfo,
    run: async (req) => {
      const u = currentUser(req);
      return {
        userId: u.id,
        username: u.username,
        nickname: u.nickname,
        avatar: u.avatar,
        userType: u.userType,
        deptId: u.deptId,
        roles: u.roles,
        perms: u.isRoot ? ['*:*:*'] : u.perms,
      };
    },
  });

  const r = crudRoutes(app, { url: '/api/v1/users', tags, params: IdParams, VO: UserForm });
  r.list({
    path: '/page',
    perm: 'sys:user:query',
    summary: 'Users, paged and filtered, within the caller’s data scope',
    query: UserPageQuery,
    answer: Page(UserPageVO),
    run: (q, req) => pageUsers(db, currentUser(req), q, req.lang),
  });

  r.get('/api/v1/users/options', {
    auth: 'user',
    summary: 'Enabled users for pickers',
    answer: Type.Array(OptionVO),
    run: (req) => userOptions(db, currentUser(req)),
  });

  r.get('/api/v1/users/getUser', {
    auth: { perm: 'sys:user:query' },
    summary: 'A user by username (any case)',
    querystring: GetUserQuery,
    answer: UserBriefVO,
    run: (req) => getUserByName(db, currentUser(req), req.query.username, req.lang),
  });

  r.get('/api/v1/users/profile', {
    auth: 'user',
    summary: 'The signed-in user’s own profile',
    answer: ProfileVO,
    run: (req) => profile(db, currentUser(req), req.lang),
  });

  r.put('/api/v1/users/profile', {
    auth: 'user',
    summary: 'Update one’s own nickname, gender and avatar',
    body: ProfileBody,
    answer: ProfileVO,
    run: async (req) => {
      const u = currentUser(req);
      return noteWrite(req, u.username, await updateProfile(db, u, req.body, req.lang));
    },
  });

  r.put('/api/v1/users/password', {
    auth: 'user',
    summary: 'Change one’s own password (the old one is checked; other sessions end)',
    body: PasswordChangeBody,
    answer: Type.Null(),
    run: async (req) => {
      const u = currentUser(req);
      await changePassword(db, u, req.body.oldPassword, req.body.newPassword);
      note(req, { target: u.username });
      return null;
    },
  });

  r.xlsx('/api/v1/users/template', {
    auth: { perm: 'sys:user:import' },
    summary: 'The user import template (.xlsx)',
    describeAnswer: true,
    run: async (req) => ({
      filename: req.lang === 'en' ? 'user-import-template.xlsx' : '用户导入模板.xlsx',
      bytes: await importTemplate(req.lang),
    }),
  });

  r.xlsx('/api/v1/users/export', {
    auth: { perm: 'sys:user:export' },
    summary: 'Users of the current filter as .xlsx (no passwords)',
    querystring: UserExportQuery,
    describeAnswer: true,
    run: async (req) => ({
      filename: datedXlsxName(req.lang, { en: 'users', zh: '用户' }),
      bytes: await exportUsers(db, currentUser(req), req.query, req.lang),
    }),
  });

  r.post('/api/v1/users/import', {
    auth: { perm: 'sys:user:import' },
    summary:
      'Import users (the template or an export; optional "mapping" JSON): all-or-nothing, valid-only or preview; answers a row-by-row report. A user without a password gets a generated one, answered once in `passwords`',
    consumes: ['multipart/form-data'],
    querystring: UserImportQuery,
    body: Type.Object({
      file: Type.Unsafe<Buffer>({ type: 'object', description: 'The .xlsx file (a multipart file part)' }),
      mapping: Type.Optional(
        Type.String({ maxLength: 16_384, description: 'JSON {"<column index>": "<field key>" | null}' }),
      ),
    }),
    answer: ImportReport,
    run: async (req, reply) => {
      const file = req.body?.file;
      if (!Buffer.isBuffer(file)) throw badInput('请上传 Excel 文件（字段 file）', 'upload the Excel file as "file"');
      const mode = req.query.mode ?? 'all-or-nothing';
      const { report, usernames } = await importUsers(db, currentUser(req), file, {
        deptId: req.query.deptId,
        mode,
        lang: req.lang,
        mapping: importMapping(req.body),
      });
      if (mode === 'preview') return report;
      // The generated passwords are in this answer only: no cache keeps it, the log names the users.
      if (report.passwords) reply.header('cache-control', 'no-store');
      note(req, {
        target: `dept ${req.query.deptId}`,
        after: { total: report.total, invalid: report.invalid, imported: report.imported, usernames },
      });
      return report;
    },
  });

  r.form({
    perm: ['sys:user:edit', 'sys:user:query'],
    summary: 'A user’s edit form',
    run: (id, req) => userForm(db, currentUser(req), id),
  });
  r.create({
    perm: 'sys:user:add',
    summary: 'Create a user',
    body: UserCreateBody,
    run: (body, req) => createUser(db, currentUser(req), body),
  });
  r.update({
    perm: 'sys:user:edit',
    summary: 'Update a user (optimistic locking: send the version loaded)',
    body: UserUpdateBody,
    run: (id, body, req) => updateUser(db, currentUser(req), id, body),
  });
  r.remove({
    perm: 'sys:user:delete',
    summary: 'Delete users (comma-separated ids); not oneself, not root',
    run: (ids, req) => deleteUsers(db, currentUser(req), ids),
  });

  r.put('/api/v1/users/:id/password/reset', {
    auth: { perm: 'sys:user:reset-password' },
    summary: 'Set a user’s password (signs the user out everywhere)',
    params: IdParams,
    querystring: PasswordResetQuery,
    answer: Type.Null(),
    run: async (req) => {
      const form = await resetPassword(db, currentUser(req), req.params.id, req.query.password);
      note(req, { target: `${form.id} ${form.username}` });
      return null;
    },
  });
}
