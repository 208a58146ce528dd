import { formatMessage, type Lang, langFromHeader, type ResultCode } from '@baton/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type DatabaseFault, databaseFault, faultCode, faultMessage } from '../db/faults.js';
import { AppError, badInput } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The answer's language (from Accept-Language, read on first use). */
    readonly lang: Lang;
    langRead: Lang | null;
  }
}

export function ok<T>(data: T) {
  return { code: '00000', data, msg: 'OK' } as const;
}

export function sendError(reply: FastifyReply, status: number, code: ResultCode, msg: string) {
  return reply.status(status).send({ code, data: null, msg });
}

function messageFor(err: AppError, lang: Lang): string {
  if (err.text) {
    const detail = lang === 'en' ? err.text.en : err.text.zh;
    return err.code === 'A0400' ? formatMessage('A0400', lang, { detail }) : detail;
  }
  return formatMessage(err.code, lang, err.params);
}

/** Ajv's errors as one readable sentence naming the field. */
function describeValidation(err: FastifyError): string {
  const first = err.validation?.[0];
  if (!first) return err.message;
  const where = err.validationContext ?? 'body';
  const missing = (first.params as { missingProperty?: string }).missingProperty;
  const field = missing ?? (first.instancePath.replace(/^\//, '').replaceAll('/', '.') || where);
  if (missing) return `${field} is required`;
  return `${field} ${first.message ?? 'is invalid'}`;
}

/** The first string with a NUL or non-finite number in a decoded request part (files skipped). */
function unstorable(value: unknown, path = '', depth = 0): { path: string } | null {
  if (typeof value === 'string') return value.includes('\u0000') ? { path } : null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : { path };
  if (!value || typeof value !== 'object' || Buffer.isBuffer(value) || depth > 64) return null;
  for (const [k, v] of Object.entries(value)) {
    const hit = unstorable(v, path ? `${path}.${k}` : k, depth + 1);
    if (hit) return hit;
  }
  return null;
}

/** How a database fault is answered: status, code, and when to try again (seconds). */
const FAULT_ANSWERS: Record<DatabaseFault, { status: number; code: ResultCode; retryAfterS: number | null }> = {
  unreachable: { status: 503, code: 'C0300', retryAfterS: 5 },
  busy: { status: 503, code: 'B0210', retryAfterS: 2 },
  full: { status: 507, code: 'B0310', retryAfterS: null },
};

/** Malformed multipart bodies surface from busboy as plain errors without a status. */
const MALFORMED_MULTIPART = /unexpected end of multipart data|boundary not found/i;

/** Envelope `{code,data,msg}` on every answer and no stack traces. */
export const envelopePlugin = fp(async (app: FastifyInstance) => {
  // The language of the answer, read off Accept-Language when first asked for (not every request
  // needs it: a kept answer's key does, a 304 or a file does not) and then remembered.
  app.decorateRequest('langRead', null);
  app.decorateRequest('lang', {
    getter(this: FastifyRequest): Lang {
      this.langRead ??= langFromHeader(this.headers['accept-language']);
      return this.langRead;
    },
  });
  // After validation: no NUL in any text (PostgreSQL cannot store it) and no ±Infinity
  // (Ajv coerces a query value such as `1e400` to Infinity and lets it past maximum).
  app.addHook('preHandler', (req, _reply, done) => {
    const bad = unstorable(req.params) ?? unstorable(req.query) ?? unstorable(req.body);
    if (!bad) return done();
    done(
      badInput(
        `${bad.path || '请求'} 含有不可接受的值`,
        `${bad.path || 'request'} holds a value that cannot be accepted`,
      ),
    );
  });

  app.setErrorHandler((err: FastifyError | AppError, req: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof AppError) {
      return sendError(reply, err.status, err.code, messageFor(err, req.lang));
    }
    const fe = err as FastifyError;
    if (fe.validation) {
      const detail = describeValidation(fe);
      return sendError(reply, 400, 'A0400', formatMessage('A0400', req.lang, { detail }));
    }
    const status = fe.statusCode ?? (MALFORMED_MULTIPART.test(fe.message) ? 400 : 500);
    if (status === 429) return sendError(reply, 429, 'A0429', formatMessage('A0429', req.lang));
    if (status === 413) {
      return sendError(reply, 413, 'A0400', formatMessage('A0400', req.lang, { detail: 'request too large' }));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, multipart limits): safe to name.
      return sendError(reply, status, 'A0400', formatMessage('A0400', req.lang, { detail: fe.message }));
    }
    const fault = databaseFault(err);
    if (fault) {
      // One line, no stack: an outage fails many requests at once and is not a bug.
      const answer = FAULT_ANSWERS[fault];
      const line = { reqId: req.id, fault, dbCode: faultCode(err), reason: faultMessage(err) };
      if (fault === 'full') req.log.error(line, 'database storage is full');
      else req.log.warn(line, fault === 'busy' ? 'database busy' : 'database unreachable');
      if (answer.retryAfterS !== null) reply.header('retry-after', String(answer.retryAfterS));
      return sendError(reply, answer.status, answer.code, formatMessage(answer.code, req.lang));
    }
    req.log.error({ err, reqId: req.id }, 'unexpected error');
    return sendError(reply, 500, 'B0002', `${formatMessage('B0002', req.lang)} (${req.id})`);
  });
});
