import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, useTestApp } from '../../test/app.js';
import { generateFiles } from './generate.js';

const t = useTestApp();
let admin: Record<string, string>;
let committee: Record<string, string>;
beforeAll(async () => {
  admin = bearer((await login(t, 'admin')).accessToken);
  committee = bearer((await login(t, 'committee')).accessToken);
});

const get = (url: string, headers: Record<string, string> = admin) => t.app.inject({ method: 'GET', url, headers });

describe('codegen tables', () => {
  it('lists the application tables of the current schema with their column counts', async () => {
    const res = await get('/api/v1/codegen/tables');
    expect(res.statusCode).toBe(200);
    const tables = res.json().data as { name: string; comment: string; columnCount: number }[];
    const names = tables.map((x) => x.name);
    expect(names).toContain('sys_user');
    expect(names).toContain('sys_notice');
    // Only the application's schema: no catalogue or migration-bookkeeping tables.
    expect(names.some((n) => n.startsWith('pg_') || n.includes('migrations'))).toBe(false);
    const userTable = tables.find((x) => x.name === 'sys_user')!;
    expect(userTable.columnCount).toBeGreaterThanOrEqual(15);
    expect(typeof userTable.comment).toBe('string');
  });

  it('is for administrators only: anonymous 401, a committee user 403 in the envelope', async () => {
    for (const url of ['/api/v1/codegen/tables', '/api/v1/codegen/tables/sys_user/preview']) {
      const anon = await t.app.inject({ method: 'GET', url });
      expect(anon.statusCode).toBe(401);
      const denied = await get(url, committee);
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toMatchObject({ code: 'A0301', data: null });
      expect(typeof denied.json().msg).toBe('string');
    }
  });
});

describe('codegen preview', () => {
  it('generates contracts, server module and page text that mention the columns', async () => {
    const res = await get('/api/v1/codegen/tables/sys_user/preview');
    expect(res.statusCode).toBe(200);
    const files = (res.json().data as { files: { path: string; language: string; content: string }[] }).files;
    expect(files.map((f) => f.path)).toEqual([
      'packages/contracts/src/sys-user.ts',
      'server/src/modules/sys-user/routes.ts',
      'server/src/modules/sys-user/service.ts',
      'web/src/pages/sys-user/index.tsx',
    ]);
    const [contracts, routes, service, page] = files.map((f) => f.content) as [string, string, string, string];
    for (const column of ['username', 'nickname', 'mobile', 'email', 'userType', 'deptId']) {
      expect(contracts).toContain(`${column}:`);
      expect(page).toContain(`'${column}'`);
    }
    expect(contracts).toContain('export const SysUserVO = Type.Object(');
    expect(contracts).toContain('SysUserUpdateBody');
    // The password hash never reaches generated API shapes or pages.
    expect(contracts).not.toMatch(/passwordHash\s*:/);
    expect(page).not.toContain('passwordHash');
    expect(routes).toContain("'/api/v1/sys-user/page'");
    expect(routes).toContain('perm: `sys:user:');
    expect(routes).toContain("auth: perm('delete')");
    // The service uses the real Drizzle table export and its property names.
    expect(service).toContain("import { user } from '../../db/schema/index.js';");
    expect(service).toContain('user.userType');
    expect(files[3]!.language).toBe('tsx');
  });

  it('answers 400 for names that are not table names and 404 for unknown tables, touching nothing', async () => {
    const bad = [
      "sys_user'; drop table sys_user; --",
      'sys_user;select 1',
      'information_schema.tables',
      'SYS_USER',
      '1abc',
      'x'.repeat(64),
      '"sys_user"',
    ];
    for (const name of bad) {
      const res = await get(`/api/v1/codegen/tables/${encodeURIComponent(name)}/preview`);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().code).toBe('A0400');
    }
    for (const name of ['no_such_table', 'pg_class', 'pg_authid', 'columns', 'tables']) {
      const res = await get(`/api/v1/codegen/tables/${name}/preview`);
      expect(res.statusCode, name).toBe(404);
      expect(res.json().code).toBe('A0404');
    }
    const rows = (await t.database.db.execute(sql`select count(*) as n from sys_user`)) as unknown as {
      rows: { n: number | string }[];
    };
    expect(Number(rows.rows[0]!.n)).toBeGreaterThan(0);
  });

  it('keeps hostile comments and odd names inside comments and strings', () => {
    const files = generateFiles({
      name: 'demo_x',
      comment: "evil */ import x from 'y'; /*",
      schemaExport: null,
      columns: [
        {
          name: 'id',
          dataType: 'integer',
          udtName: 'int4',
          nullable: false,
          hasDefault: true,
          maxLength: null,
          comment: '',
          primaryKey: true,
        },
        {
          name: 'title',
          dataType: 'text',
          udtName: 'text',
          nullable: false,
          hasDefault: false,
          maxLength: null,
          comment: "it's */ bad\nline",
          primaryKey: false,
        },
      ],
    });
    for (const f of files) {
      expect(f.content).not.toContain('evil */');
      expect(f.content).not.toContain('bad\nline');
    }
    expect(files[3]!.content).toContain("title: 'it\\'s * / bad line'");
  });
});
