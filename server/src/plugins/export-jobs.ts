import { Envelope, ExportJobParams, ExportJobVO, type Lang } from '@baton/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import { sendXlsx } from '../lib/excel.js';
import { type Job, JobStore, jobGone, jobResult, type Report } from '../lib/jobs.js';
import { currentUser } from './auth.js';
import { ok } from './envelope.js';

/** A made workbook. */
export interface XlsxFile {
  filename: string;
  bytes: Buffer;
}

const XLSX_ANSWER = {
  200: {
    description: 'An Excel workbook (.xlsx)',
    content: {
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
        schema: { type: 'string', format: 'binary' },
      },
    },
  },
};

/** One store per app for every export job: one runs at a time, the others wait their turn. */
const stores = new WeakMap<FastifyInstance, JobStore<XlsxFile, null>>();
function storeOf(app: FastifyInstance) {
  let store = stores.get(app);
  if (!store) {
    store = new JobStore<XlsxFile, null>({
      version: () => app.baton.database.version.value,
      maxKept: 8,
      concurrency: 1,
      unexpected: (err) => app.log.error({ err }, 'export job failed'),
    });
    stores.set(app, store);
  }
  return store;
}

const answer = (store: JobStore<XlsxFile, null>, job: Job<XlsxFile, null>, lang: Lang): ExportJobVO => ({
  ...store.answer(job, lang),
  filename: job.result?.filename ?? null,
  bytes: job.result?.bytes.length ?? null,
});

/**
 * A big export as a job (issue 24: long work shows progress), three routes under `url`:
 * `POST url` starts it with the list's filters (its querystring) — or hands back the one made
 * for the same filters from unchanged data — `GET url/jobs/:job` says how far it is (rows
 * written of all) and `GET url/jobs/:job/file` answers the workbook. A job belongs to the user
 * who started it: another user's id is not found. `make` reads the rows and writes the sheet,
 * reporting as it goes (`toXlsx`'s `report`).
 */
export function exportJobRoutes<Q>(
  app: FastifyInstance,
  opts: {
    url: string;
    perm: string;
    tags: string[];
    summary: string;
    querystring: TSchema;
    make: (req: FastifyRequest<{ Querystring: Q }>, report: Report) => Promise<XlsxFile>;
  },
) {
  const store = storeOf(app);
  const config = { auth: { perm: opts.perm } };
  // Starting an export reads, it writes nothing: it stays out of the operation log like the GETs.
  const startConfig = { ...config, oplog: false as const };
  const scopeOf = (req: FastifyRequest) => `user:${currentUser(req).id}`;

  app.post<{ Querystring: Q }>(
    opts.url,
    {
      config: startConfig,
      schema: {
        tags: opts.tags,
        summary: `${opts.summary}: start the export as a job`,
        querystring: opts.querystring,
        response: { 200: Envelope(ExportJobVO) },
      },
    },
    async (req) => {
      const key = `${opts.url}?${JSON.stringify(req.query)}:${req.lang}`;
      const job = store.start(scopeOf(req), key, null, (report) => opts.make(req, report));
      return ok(answer(store, job, req.lang));
    },
  );

  const found = (req: FastifyRequest<{ Params: ExportJobParams }>) => {
    const job = store.get(scopeOf(req), req.params.job);
    if (!job) throw jobGone();
    return job;
  };

  app.get<{ Params: ExportJobParams }>(
    `${opts.url}/jobs/:job`,
    {
      config,
      schema: {
        tags: opts.tags,
        summary: `${opts.summary}: how far the export job is`,
        params: ExportJobParams,
        response: { 200: Envelope(ExportJobVO) },
      },
    },
    async (req) => ok(answer(store, found(req), req.lang)),
  );

  app.get<{ Params: ExportJobParams }>(
    `${opts.url}/jobs/:job/file`,
    {
      config,
      schema: {
        tags: opts.tags,
        summary: `${opts.summary}: the workbook an export job made`,
        params: ExportJobParams,
        response: XLSX_ANSWER,
      },
    },
    async (req, reply) => {
      const file = jobResult(found(req));
      return sendXlsx(reply, file.filename, file.bytes);
    },
  );
}
