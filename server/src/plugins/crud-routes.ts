import { Envelope, IdList } from '@baton/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Static, type TSchema, Type } from 'typebox';
import { sendXlsx } from '../lib/excel.js';
import { parseIds } from '../lib/paging.js';
import { ok } from './envelope.js';
import { note } from './oplog.js';

/** The permission strings a route asks for (one of them is enough). */
type Perm = string | readonly string[];
/** The operation log's name for a record: by default its id. */
type Target = string | number;

const IdsParams = Type.Object({ ids: IdList });

/**
 * The standard routes of one kind of record, as the admin and base-data modules spell them: the
 * list (page or tree), its .xlsx export, one record's form, create, update and delete, each with
 * its permission, its OpenAPI schema and (for the writes) its operation-log note. The module
 * declares what varies (summaries, permissions, schemas, the service call) and keeps writing by
 * hand the routes that are not standard — in between, so the OpenAPI document keeps its order.
 *
 * `const r = crudRoutes(app, { url: '/api/v1/items', tags, params: MeetingIdParams, VO: ItemVO })`, then:
 * - `r.list` GET `url` (or `url + path`, e.g. `/page`): `Envelope(answer)` of `run(query)`;
 * - `r.export` GET `url/export`: the .xlsx `run(query)` makes, named `file`;
 * - `r.form` GET `url/:id/form`: `Envelope(VO)` of `run(id)`;
 * - `r.create` POST `url`: `run(body)`'s record, noted `{ target: after.id (or target(after)), after }`;
 * - `r.update` PUT `url/:id`: `run(id, body)`'s `after`, noted `{ target: id (or target(after)), before, after }`;
 * - `r.remove` DELETE `url/:ids` (comma-separated): null, noted `{ target: ids (or target(before)), before }`.
 * Each `run` also gets the request, for the caller (`currentUser(req)`) and the language. Routes
 * with another shape (other notes, answers or addresses) stay hand-written: apply/routes-kit.ts.
 */
export function crudRoutes(
  app: FastifyInstance,
  base: {
    url: string;
    tags: string[];
    /** The `:id` of a form and an update. */
    params: TSchema;
    /** The record a form, a create and an update answer. */
    VO: TSchema;
  },
) {
  const { url, tags, params, VO } = base;
  const config = (perm: Perm) => ({ auth: { perm } });
  return {
    list<Q extends TSchema>(r: {
      path?: string;
      perm: Perm;
      summary: string;
      query: Q;
      answer: TSchema;
      run: (query: Static<Q>, req: FastifyRequest) => Promise<unknown>;
    }) {
      app.get<{ Querystring: Static<Q> }>(
        `${url}${r.path ?? ''}`,
        {
          config: config(r.perm),
          schema: { tags, summary: r.summary, querystring: r.query, response: { 200: Envelope(r.answer) } },
        },
        async (req) => ok(await r.run(req.query as Static<Q>, req)),
      );
    },

    export<Q extends TSchema>(r: {
      perm: Perm;
      summary: string;
      query: Q;
      file: string;
      run: (query: Static<Q>, req: FastifyRequest) => Promise<Buffer>;
    }) {
      app.get<{ Querystring: Static<Q> }>(
        `${url}/export`,
        { config: config(r.perm), schema: { tags, summary: r.summary, querystring: r.query } },
        async (req, reply) => sendXlsx(reply, r.file, await r.run(req.query as Static<Q>, req)),
      );
    },

    form(r: { perm: Perm; summary: string; run: (id: number, req: FastifyRequest) => Promise<unknown> }) {
      app.get<{ Params: { id: number } }>(
        `${url}/:id/form`,
        { config: config(r.perm), schema: { tags, summary: r.summary, params, response: { 200: Envelope(VO) } } },
        async (req) => ok(await r.run(req.params.id, req)),
      );
    },

    create<B extends TSchema, A extends { id: number }>(r: {
      perm: Perm;
      summary: string;
      body: B;
      run: (body: Static<B>, req: FastifyRequest) => Promise<A>;
      target?: (after: A) => Target;
    }) {
      app.post<{ Body: Static<B> }>(
        url,
        {
          config: config(r.perm),
          schema: { tags, summary: r.summary, body: r.body, response: { 200: Envelope(VO) } },
        },
        async (req) => {
          const after = await r.run(req.body as Static<B>, req);
          note(req, { target: r.target ? r.target(after) : after.id, after });
          return ok(after);
        },
      );
    },

    update<B extends TSchema, A>(r: {
      perm: Perm;
      summary: string;
      body: B;
      run: (id: number, body: Static<B>, req: FastifyRequest) => Promise<{ before: unknown; after: A }>;
      target?: (after: A) => Target;
    }) {
      app.put<{ Params: { id: number }; Body: Static<B> }>(
        `${url}/:id`,
        {
          config: config(r.perm),
          schema: { tags, summary: r.summary, params, body: r.body, response: { 200: Envelope(VO) } },
        },
        async (req) => {
          const { before, after } = await r.run(req.params.id, req.body as Static<B>, req);
          note(req, { target: r.target ? r.target(after) : req.params.id, before, after });
          return ok(after);
        },
      );
    },

    remove<R>(r: {
      perm: Perm;
      summary: string;
      run: (ids: number[], req: FastifyRequest) => Promise<R>;
      target?: (before: R) => Target;
    }) {
      app.delete<{ Params: { ids: string } }>(
        `${url}/:ids`,
        {
          config: config(r.perm),
          schema: { tags, summary: r.summary, params: IdsParams, response: { 200: Envelope(Type.Null()) } },
        },
        async (req) => {
          const before = await r.run(parseIds(req.params.ids), req);
          note(req, { target: r.target ? r.target(before) : req.params.ids, before });
          return ok(null);
        },
      );
    },
  };
}
