import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { routeKit } from '../../plugins/route-kit.js';
import { listTables, previewTable } from './service.js';

const tags = ['codegen'];

/**
 * Who may use the generator: it reveals the structure of every table (names, columns, types,
 * comments), which is what an attacker maps first, and its output is new pages and menus.
 * So it needs `sys:menu:add` — the permission to add pages to the console, held only by the
 * ADMIN role (ROOT passes every check) — rather than a read permission some role might be
 * granted for auditing (`sys:menu:query`, `sys:config:query`).
 */
export const CODEGEN_PERM = 'sys:menu:add';

export const TableVO = Type.Object({
  name: Type.String(),
  comment: Type.String(),
  columnCount: Type.Integer(),
});

export const GeneratedFileVO = Type.Object({
  path: Type.String(),
  language: Type.Union([Type.Literal('typescript'), Type.Literal('tsx')]),
  content: Type.String(),
});

export const PreviewVO = Type.Object({ files: Type.Array(GeneratedFileVO) });

/** Preview only: the generator never writes a file and never runs generated SQL. */
export async function codegenRoutes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;
  const auth = { perm: CODEGEN_PERM };
  const r = routeKit(app, tags);

  r.get('/api/v1/codegen/tables', {
    auth: auth,
    summary: 'The application’s tables (current schema): name, comment, column count',
    answer: Type.Array(TableVO),
    run: () => listTables(db),
  });

  r.get('/api/v1/codegen/tables/:name/preview', {
    auth: auth,
    summary: 'Generated source text for a table: contracts schema, server module, React page (preview only)',
    params: Type.Object({ name: Type.String({ minLength: 1, maxLength: 128 }) }),
    answer: PreviewVO,
    run: (req) => previewTable(db, req.params.name),
  });
}
