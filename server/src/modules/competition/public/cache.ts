import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Seconds a browser or a CDN may keep a public competition answer (live frames refetch anyway). */
export const PUBLIC_MAX_AGE = 2;

/** Whether an `If-None-Match` header names the tag (a list, `*`, weak or strong). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}

/**
 * The route-level `onSend` hook of the hot public reads: a weak ETag of the JSON body and
 * `Cache-Control: public, max-age=2`, and `304 Not Modified` with no body when the client
 * already holds that answer. Only successful answers are tagged.
 */
export async function publicCache(req: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
  const etag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
  reply.header('ETag', etag).header('Cache-Control', `public, max-age=${PUBLIC_MAX_AGE}`);
  if (!matches(req.headers['if-none-match'], etag)) return payload;
  reply.code(304);
  return '';
}
