import { Envelope, type Lang } from '@baton/contracts';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HTTPMethods,
  RouteShorthandOptions,
} from 'fastify';
import type { Static, TSchema } from 'typebox';
import { sendFile, XLSX_TYPE } from '../lib/excel.js';
import type { RouteAuth } from './auth.js';
import { ok } from './envelope.js';
import { note } from './oplog.js';

type Of<S> = S extends TSchema ? Static<S> : unknown;
/** The request of a route declared with these schemas: its params, query string and body typed by them. */
export type KitRequest<P, Q, B> = FastifyRequest<{ Params: Of<P>; Querystring: Of<Q>; Body: Of<B> }>;

/** What every route of the kit declares: who may call it, its summary and the schemas of its input. */
interface RouteSpec<P, Q, B> {
  auth: RouteAuth;
  /** The rest of the route's config, after `auth`: e.g. `{ oplog: false }` (kept out of the operation log), multipart limits. */
  config?: Omit<FastifyContextConfig, 'auth'>;
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
  /** The answers besides the 200 envelope, by status, as the OpenAPI document states them (e.g. a 503). */
  otherAnswers?: Record<number, TSchema>;
  /**
   * What the route answers, in the envelope. `reply` is there for a header, or for an answer
   * `run` writes itself (another status, a kept answer): it then returns the reply.
   */
  run: (req: KitRequest<P, Q, B>, reply: FastifyReply) => Promise<unknown>;
}

/** A file made for an answer: its name, bytes, and (when the route does not fix it) its type. */
export interface KitFile {
  filename: string;
  bytes: Uint8Array;
  type?: string;
}

/** A route answering a file, as an attachment: the file `run` makes. */
export interface FileRoute<P, Q> extends RouteSpec<P, Q, undefined> {
  run: (req: KitRequest<P, Q, undefined>) => Promise<KitFile>;
}

/** An export's workbook name in the caller's language, dated: `users-20261129.xlsx`, `用户-20261129.xlsx`. */
export const datedXlsxName = (lang: Lang, names: { en: string; zh: string }) =>
  `${lang === 'en' ? names.en : names.zh}-${new Date().toISOString().slice(0, 10).replaceAll('-', '')}.xlsx`;

const PDF = 'application/pdf';
const pdfAnswer = { description: 'A PDF (application/pdf), as an attachment', type: 'string', format: 'binary' };
/** A workbook answer, for the OpenAPI document. */
export const XLSX_ANSWER = {
  200: {
    description: 'An Excel workbook (.xlsx)',
    content: { [XLSX_TYPE]: { schema: { type: 'string', format: 'binary' } } },
  },
};
const asBuffer = (bytes: Uint8Array) =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * One way of declaring a route: `const r = routeKit(app, tags)`, then
 * `r.get(url, { auth, config?, summary, consumes?, params?, querystring?, body?, hooks?, answer, otherAnswers?, run })`
 * (likewise `post`, `put`, `delete`) registers it with `config` (`auth` first), the OpenAPI schema
 * (tags, summary, consumes, the input schemas, `200: Envelope(answer)` and any other answers) and
 * a handler answering `ok(await run(req, reply))` — or the reply, when `run` answered itself.
 * Files, as attachments (GET): `r.file(url, …)` the file `run` makes, its type named by `run`;
 * `r.xlsx(url, { …, describeAnswer? })` a workbook (described in the OpenAPI document when asked);
 * `r.pdf(url, …)` a PDF. `run` checks the meeting and notes the operation log itself, as each
 * route's rules differ. Routes of another shape (streams, a websocket, a download with its own
 * caching) stay written by hand.
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
  const configOf = (s: RouteSpec<unknown, unknown, unknown>) => ({ auth: s.auth, ...s.config });
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
        config: configOf(s),
        ...s.hooks,
        schema: { ...schemaOf(s), response: { 200: Envelope(s.answer), ...s.otherAnswers } },
        handler: async (req, reply) => {
          const data = await s.run(req as KitRequest<P, Q, B>, reply);
          return reply.sent ? reply : ok(data);
        },
      });
    };
  /** A GET answering the file `run` makes; `answered` is what the OpenAPI document says of it, and its type. */
  const file = <P, Q>(url: string, s: FileRoute<P, Q>, answered: { type?: string; schema?: object }) => {
    app.route({
      method: 'GET',
      url,
      config: configOf(s),
      ...s.hooks,
      schema: { ...schemaOf(s), ...answered.schema },
      handler: async (req, reply) => {
        const f = await s.run(req as KitRequest<P, Q, undefined>);
        const type = f.type ?? answered.type;
        if (!type) throw new Error(`${url}: the file's type is not known`);
        return sendFile(reply, f.filename, type, asBuffer(f.bytes));
      },
    });
  };
  type In = TSchema | undefined;
  return {
    get: json('GET'),
    post: json('POST'),
    put: json('PUT'),
    delete: json('DELETE'),
    file<P extends In = undefined, Q extends In = undefined>(url: string, s: FileRoute<P, Q>) {
      file(url, s, {});
    },
    xlsx<P extends In = undefined, Q extends In = undefined>(
      url: string,
      s: FileRoute<P, Q> & { /** The OpenAPI document describes the workbook answered. */ describeAnswer?: boolean },
    ) {
      file(url, s, { type: XLSX_TYPE, schema: s.describeAnswer ? { response: XLSX_ANSWER } : {} });
    },
    pdf<P extends In = undefined, Q extends In = undefined>(url: string, s: FileRoute<P, Q>) {
      file(url, s, { type: PDF, schema: { produces: [PDF], response: { 200: pdfAnswer } } });
    },
  };
}

/**
 * The answer of a write that tells what it changed: its record `after`, noted in the operation log
 * with the record `before` under `target` (`run: async (req) => noteWrite(req, id, await write(…))`).
 */
export function noteWrite<A>(req: FastifyRequest, target: string | number, written: { before: unknown; after: A }): A {
  note(req, { target, before: written.before, after: written.after });
  return written.after;
}

/** What `routeKit` gives: the declaring functions of one set of tags. */
export type RouteKit = ReturnType<typeof routeKit>;
