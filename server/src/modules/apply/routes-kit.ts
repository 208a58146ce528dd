import { IdList, ImportModeQuery, MeetingIdParams } from '@baton/contracts';
import type { FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { uploadedFile } from '../../lib/excel.js';
import { parseIds } from '../../lib/paging.js';
import { importMapping } from '../../lib/sheet-import.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { currentUser } from '../../plugins/auth.js';
import { note } from '../../plugins/oplog.js';
import type { KitRequest, RouteKit } from '../../plugins/route-kit.js';
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
  perm: [apply, `meeting:delegation:${manage}`],
});
export const IdsParams = Type.Object({ ids: IdList });
export const Deleted = Type.Object({ deleted: Type.Integer() });
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
 * An import's `run`: runs the sheet uploaded as multipart "file" (with its optional "mapping");
 * all but a preview are noted, with their first errors only.
 */
export const importRun =
  (db: Db, run: typeof importAthletes | typeof importCoaches) =>
  async (req: KitRequest<undefined, typeof ImportQuery, undefined>) => {
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
    return report;
  };

/** A write of one record as the services answer it: the record after, what it was, whether a manager overrode a closed window. */
interface Written<VO> {
  after: VO;
  before?: unknown;
  override: boolean;
}

/** How the services write one kind of the delegation's records: register, change, delete. */
interface RecordWriters<VO, B, U> {
  create: (db: Db, u: CurrentUser, body: B) => Promise<Written<VO>>;
  update: (db: Db, u: CurrentUser, id: number, body: U) => Promise<Written<VO>>;
  remove: (db: Db, u: CurrentUser, ids: number[]) => Promise<{ deleted: number; before?: unknown; override: boolean }>;
}

/**
 * The three writes of one kind of the delegation's records (athletes, coaches, entries, relay
 * teams) on the apply routes' kit: register (`POST`), change (`PUT /:id`), delete (`DELETE /:ids`),
 * each with its permission (`<perm>:add|edit|delete`, or the meeting's managers) and noted in
 * the operation log.
 */
export function recordWrites<VO extends { id: number }, B, U>(
  r: RouteKit,
  db: Db,
  p: RecordWriters<VO, B, U> & {
    /** `entries` → `/api/v1/apply/entries…` */
    path: string;
    /** `apply:entry` */
    perm: string;
    VO: TSchema;
    Body: TSchema;
    UpdateBody: TSchema;
    summaries: { create: string; update: string; remove: string };
  },
) {
  const url = `/api/v1/apply/${p.path}`;
  r.post(url, {
    auth: can(`${p.perm}:add`, 'edit'),
    summary: p.summaries.create,
    body: p.Body,
    answer: p.VO,
    run: async (req) => {
      const w = await p.create(db, currentUser(req), req.body as B);
      noted(req, w.after.id, w);
      return w.after;
    },
  });

  r.put(`${url}/:id`, {
    auth: can(`${p.perm}:edit`, 'edit'),
    summary: p.summaries.update,
    params: MeetingIdParams,
    body: p.UpdateBody,
    answer: p.VO,
    run: async (req) => {
      const w = await p.update(db, currentUser(req), req.params.id, req.body as U);
      noted(req, req.params.id, w);
      return w.after;
    },
  });

  r.delete(`${url}/:ids`, {
    auth: can(`${p.perm}:delete`, 'edit'),
    summary: p.summaries.remove,
    params: IdsParams,
    answer: Deleted,
    run: async (req) => {
      const w = await p.remove(db, currentUser(req), parseIds(req.params.ids));
      noted(req, req.params.ids, w);
      return { deleted: w.deleted };
    },
  });
}

/**
 * The four routes of one kind of the delegation's people (athletes, coaches): one record's form,
 * then its three writes (recordWrites), with summaries made from its noun.
 */
export function personRoutes<VO extends { id: number }, B, U>(
  r: RouteKit,
  db: Db,
  p: RecordWriters<VO, B, U> & {
    /** `athletes` → `/api/v1/apply/athletes…` */
    path: string;
    /** `apply:athlete` */
    perm: string;
    /** The record's name in the API's summaries: `athlete`, `coach`. */
    noun: string;
    VO: TSchema;
    Body: TSchema;
    UpdateBody: TSchema;
    get: (db: Db, u: CurrentUser, id: number) => Promise<VO>;
  },
) {
  const a = /^[aeiou]/.test(p.noun) ? 'an' : 'a';
  r.get(`/api/v1/apply/${p.path}/:id/form`, {
    auth: can(`${p.perm}:query`, 'query'),
    summary: `One ${p.noun}`,
    params: MeetingIdParams,
    answer: p.VO,
    run: (req) => p.get(db, currentUser(req), req.params.id),
  });
  recordWrites(r, db, {
    ...p,
    summaries: {
      create: `Register ${a} ${p.noun}`,
      update: `Change ${a} ${p.noun} (an approved one goes back to audit; submitted ones are locked)`,
      remove: `Delete draft or returned ${p.path}`,
    },
  });
}
