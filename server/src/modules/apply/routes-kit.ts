import { Envelope, IdList, ImportModeQuery } from '@baton/contracts';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { uploadedFile } from '../../lib/excel.js';
import { importMapping } from '../../lib/sheet-import.js';
import { currentUser } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { note } from '../../plugins/oplog.js';
import type { importCoaches } from './coach-import.js';
import type { importAthletes } from './importer.js';

/** What the apply routes need (registered from ./routes.ts). */
export interface ApplyDeps {
  db: Db;
}

export const tags = ['apply'];

/**
 * Both kinds of caller pass the route check — the delegation account (`apply:*`) and the
 * meeting's managers (`meeting:delegation:*`); the service then decides which delegation and
 * which records the caller reaches (others answer 404).
 */
export const can = (apply: string, manage: 'query' | 'edit') => ({
  auth: { perm: [apply, `meeting:delegation:${manage}`] },
});
export type IdP = { Params: { id: number } };
export type IdsP = { Params: { ids: string } };
export const IdsParams = Type.Object({ ids: IdList });
export const Deleted = Envelope(Type.Object({ deleted: Type.Integer() }));
export const ImportQuery = Type.Object({
  ...ImportModeQuery.properties,
  delegationId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
});
export type ImportQuery = ImportModeQuery & { delegationId?: number };

/** Note a write in the operation log; a manager's write while registration is closed is marked as an override. */
export function noted(
  req: FastifyRequest,
  target: string | number,
  r: { before?: unknown; after?: unknown; override: boolean },
) {
  const route = (req.routeOptions.url ?? '').replace(/^\/api\/v1\/apply\/?/, '');
  const action = `${req.method} ${route
    .split('/')
    .filter((p) => p && !p.startsWith(':'))
    .join('/')}`;
  note(req, {
    target,
    before: r.before ?? null,
    after: r.after ?? null,
    ...(r.override ? { action: `${action} (override: registration closed)` } : {}),
  });
}

/**
 * An import's handler: runs the sheet uploaded as multipart "file" (with its optional "mapping");
 * all but a preview are noted, with their first errors only.
 */
export const importHandler =
  (db: Db, run: typeof importAthletes | typeof importCoaches) =>
  async (req: FastifyRequest<{ Querystring: ImportQuery }>) => {
    const file = uploadedFile(req.body);
    const mode = req.query.mode ?? 'all-or-nothing';
    const { override, ...report } = await run(
      db,
      currentUser(req),
      req.query.delegationId,
      file,
      mode,
      req.lang,
      importMapping(req.body),
    );
    if (mode !== 'preview') {
      const { sheet: _sheet, ...brief } = report;
      noted(req, req.query.delegationId ?? '', { after: { ...brief, errors: report.errors.slice(0, 50) }, override });
    }
    return ok(report);
  };
