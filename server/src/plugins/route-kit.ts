import { Envelope } from '@baton/contracts';
import type { FastifyInstance, FastifyRequest, HTTPMethods, RouteShorthandOptions } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { sendFile } from '../lib/excel.js';
import type { RouteAuth } from './auth.js';
import { ok } from './envelope.js';

type Of<S> = S extends TSchema ? Static<S> : unknown;
/** The request of a route declared with these schemas: its params, query string and body typed by them. */
export type KitRequest<P, Q, B> = FastifyRequest<{ Params: Of<P>; Querystring: Of<Q>; Body: Of<B> }>;

/** What every route of the kit declares: who may call it, its summary and the schemas of its input. */
interface RouteSpec<P, Q, B> {
  auth: RouteAuth;
  summary: string;
  /** The request's content types, e.g. `['multipart/form-data']` for an upload (its file parts read by `run`). */
  consumes?: string[];
  params?: P;
  querystring?: Q;
  body?: B;
  /** Hooks of the route, e.g. `cachedAnswer(…)` for a public read (public/routes.ts PUBLIC_READ). */
  hooks?: Pick<RouteShorthandOptions, 'onRequest' | 'onSend'>;
}

/** A route answering JSON: `Envelope(answer)` of what `run` resolves to. */
export interface JsonRoute<P, Q, B> extends RouteSpec<P, Q, B> {
  answer: TSchema;
  run: (req: KitRequest<P, Q, B>) => Promise<unknown>;
}

/** A route answering a PDF, as an attachment named by the file. */
export interface PdfRoute<P, Q, B> extends RouteSpec<P, Q, B> {
  run: (req: KitRequest<P, Q, B>) => Promise<{ filename: string; bytes: Uint8Array }>;
}

const PDF = 'application/pdf';
const pdfAnswer = { description: 'A PDF (application/pdf), as an attachment', type: 'string', format: 'binary' };

/**
 * One way of declaring a route (the competition module's routes, all but a few uploads and text files): `const r = routeKit(app, tags)`, then
 * `r.get(url, { auth, summary, consumes?, params?, querystring?, body?, hooks?, answer, run })`
 * (likewise `post`, `put`, `delete`) registers it with `config.auth`, the OpenAPI schema (tags,
 * summary, consumes, the input schemas, `200: Envelope(answer)`) and a handler answering
 * `ok(await run(req))`; `r.pdf(url, …)` a GET answering the PDF file `run` makes. `run` checks
 * the meeting and notes the operation log itself, as each route's rules differ. Routes of
 * another shape (other files, multipart limits) stay written by hand.
 */
export function routeKit(app: FastifyInstance, tags: string[]) {
  const schemaOf = (s: RouteSpec<unknown, unknown, unknown>) => ({
    tags,
    summary: s.summary,
    ...(s.consumes ? { consumes: s.consumes } : {}),
    ...(s.params ? { params: s.params } : {}),
    ...(s.querystring ? { querystring: s.querystring } : {}),
    ...(s.body ? { body: s.body } : {}),
  });
  const json =
    (method: HTTPMethods) =>
    <
      P extends TSchema | undefined = undefined,
      Q extends TSchema | undefined = undefined,
      B extends TSchema | undefined = undefined,
    >(
      url: string,
      s: JsonRoute<P, Q, B>,
    ) => {
      app.route({
        method,
        url,
        config: { auth: s.auth },
        ...s.hooks,
        schema: { ...schemaOf(s), response: { 200: Envelope(s.answer) } },
        handler: async (req) => ok(await s.run(req as KitRequest<P, Q, B>)),
      });
    };
  return {
    get: json('GET'),
    post: json('POST'),
    put: json('PUT'),
    delete: json('DELETE'),
    pdf<P extends TSchema | undefined = undefined, Q extends TSchema | undefined = undefined>(
      url: string,
      s: PdfRoute<P, Q, undefined>,
    ) {
      app.route({
        method: 'GET',
        url,
        config: { auth: s.auth },
        schema: { ...schemaOf(s), produces: [PDF], response: { 200: pdfAnswer } },
        handler: async (req, reply) => {
          const file = await s.run(req as KitRequest<P, Q, undefined>);
          return sendFile(reply, file.filename, PDF, Buffer.from(file.bytes));
        },
      });
    },
  };
}
