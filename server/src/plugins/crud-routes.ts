import { IdList } from '@baton/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Static, type TSchema, Type } from 'typebox';
import { parseIds } from '../lib/paging.js';
import { note } from './oplog.js';
import { noteWrite, routeKit } from './route-kit.js';

/** The permission strings a route asks for (one of them is enough). */
type Perm = string | readonly string[];
/** The operation log's name for a record: by default its id. */
type Target = string | number;

const IdsParams = Type.Object({ ids: IdList });

/**
 * The standard routes of one kind of record, as the admin and base-data modules spell them: the
 * list (page or tree), its .xlsx export, one record's form, create, update and delete, each with
 * its permission, its OpenAPI schema and (for the writes) its operation-log note. The module
 * declares what varies (summaries, permissions, schemas, the service call).
 *
 * `const r = crudRoutes(app, { url: '/api/v1/items', tags, params: MeetingIdParams, VO: ItemVO })`, then:
 * - `r.list` GET `url` (or `url + path`, e.g. `/page`): `Envelope(answer)` of `run(query)`;
 * - `r.export` GET `url/export`: the .xlsx `run(query)` makes, named `file`;
 * - `r.form` GET `url/:id/form`: `Envelope(VO)` of `run(id)`;
 * - `r.create` POST `url`: `run(body)`'s record, noted `{ target: after.id (or target(after)), after }`;
 * - `r.update` PUT `url/:id`: `run(id, body)`'s `after`, noted `{ target: id (or target(after)), before, after }`;
 * - `r.remove` DELETE `url/:ids` (comma-separated): null, noted `{ target: ids (or target(before)), before }`.
 * Where the log names the records by a key of theirs rather than their id, `named` says it once for
 * the three writes (the deleted records' names joined by commas); a write's own `target` still wins.
 * Each `run` also gets the request, for the caller (`currentUser(req)`) and the language. Built on
 * `routeKit` (route-kit.ts), the one way a route is declared: `r.get`, `r.post`, `r.xlsx`… (the
 * kit's own, with these tags) declare the resource's other routes, in between the standard ones
 * so that the OpenAPI document keeps its order.
 */
export function crudRoutes<N = unknown>(
  app: FastifyInstance,
  base: {
    url: string;
    tags: string[];
    /** The `:id` of a form and an update. */
    params: TSchema;
    /** The record a form, a create and an update answer. */
    VO: TSchema;
    /** The operation log's name for a record (e.g. a setting's key) when it is not the id. */
    named?: (record: N) => Target;
  },
) {
  const { url, tags, params, VO, named } = base;
  const r = routeKit(app, tags);
  const auth = (perm: Perm) => ({ perm });
  return {
    ...r,
    list<Q extends TSchema>(d: {
      path?: string;
      perm: Perm;
      summary: string;
      query: Q;
      answer: TSchema;
      run: (query: Static<Q>, req: FastifyRequest) => Promise<unknown>;
    }) {
      r.get(`${url}${d.path ?? ''}`, {
        auth: auth(d.perm),
        summary: d.summary,
        querystring: d.query,
        answer: d.answer,
        run: (req) => d.run(req.query as Static<Q>, req),
      });
    },

    export<Q extends TSchema>(d: {
      perm: Perm;
      summary: string;
      query: Q;
      file: string;
      run: (query: Static<Q>, req: FastifyRequest) => Promise<Buffer>;
    }) {
      r.xlsx(`${url}/export`, {
        auth: auth(d.perm),
        summary: d.summary,
        querystring: d.query,
        run: async (req) => ({ filename: d.file, bytes: await d.run(req.query as Static<Q>, req) }),
      });
    },

    form(d: { perm: Perm; summary: string; run: (id: number, req: FastifyRequest) => Promise<unknown> }) {
      r.get(`${url}/:id/form`, {
        auth: auth(d.perm),
        summary: d.summary,
        params,
        answer: VO,
        run: (req) => d.run((req.params as { id: number }).id, req),
      });
    },

    create<B extends TSchema, A extends { id: number } & N>(d: {
      perm: Perm;
      summary: string;
      body: B;
      run: (body: Static<B>, req: FastifyRequest) => Promise<A>;
      target?: (after: A) => Target;
    }) {
      r.post(url, {
        auth: auth(d.perm),
        summary: d.summary,
        body: d.body,
        answer: VO,
        run: async (req) => {
          const after = await d.run(req.body as Static<B>, req);
          note(req, { target: d.target ? d.target(after) : named ? named(after) : after.id, after });
          return after;
        },
      });
    },

    update<B extends TSchema, A extends N>(d: {
      perm: Perm;
      summary: string;
      body: B;
      run: (id: number, body: Static<B>, req: FastifyRequest) => Promise<{ before: unknown; after: A }>;
      target?: (after: A) => Target;
    }) {
      r.put(`${url}/:id`, {
        auth: auth(d.perm),
        summary: d.summary,
        params,
        body: d.body,
        answer: VO,
        run: async (req) => {
          const id = (req.params as { id: number }).id;
          const written = await d.run(id, req.body as Static<B>, req);
          const { after } = written;
          return noteWrite(req, d.target ? d.target(after) : named ? named(after) : id, written);
        },
      });
    },

    remove<R extends unknown extends N ? unknown : readonly N[]>(d: {
      perm: Perm;
      summary: string;
      run: (ids: number[], req: FastifyRequest) => Promise<R>;
      target?: (before: R) => Target;
    }) {
      r.delete(`${url}/:ids`, {
        auth: auth(d.perm),
        summary: d.summary,
        params: IdsParams,
        answer: Type.Null(),
        run: async (req) => {
          const ids = (req.params as { ids: string }).ids;
          const before = await d.run(parseIds(ids), req);
          const target = d.target ? d.target(before) : named ? (before as readonly N[]).map(named).join(',') : ids;
          note(req, { target, before });
          return null;
        },
      });
    },
  };
}
