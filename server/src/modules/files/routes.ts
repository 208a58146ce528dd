import { FileVO } from '@baton/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { AppError, badInput, notFound } from '../../lib/errors.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { authenticate, type CurrentUser, currentUser } from '../../plugins/auth.js';
import { note } from '../../plugins/oplog.js';
import { routeKit } from '../../plugins/route-kit.js';
import { fileAccess } from './access.js';
import { startOrphanSweeper } from './orphans.js';
import { isImageMime, loadFile, storeFile } from './service.js';

const tags = ['file'];

/** RFC 6266: an ASCII fallback and the UTF-8 name. */
function disposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export async function fileRoutes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;
  const r = routeKit(app, tags);
  startOrphanSweeper(app, db, app.baton.config.fileOrphanHours);

  r.post('/api/v1/files', {
    auth: 'user',
    summary: 'Upload a file (multipart field "file", optional field "name"); type sniffed from content',
    consumes: ['multipart/form-data'],
    answer: FileVO,
    run: async (req) => {
      const u = currentUser(req);
      await hitRateLimit(db, `upload-user:${u.id}`, 60, 60);
      const body = req.body as { file?: unknown; name?: unknown } | undefined;
      const bytes = body?.file;
      if (!Buffer.isBuffer(bytes))
        throw badInput('请选择要上传的文件（字段 file）', 'send the file in the multipart field "file"');
      const name = typeof body?.name === 'string' ? body.name : undefined;
      const stored = await storeFile(db, u.id, bytes, name, app.baton.config);
      note(req, {
        module: 'files',
        action: 'upload',
        target: stored.id,
        after: { name: stored.name, size: stored.size, mime: stored.mime },
      });
      return stored;
    },
  });

  /**
   * The signed-in caller of this public route, from the Authorization header only: a token in the
   * URL would end up in histories and proxy logs, so the web fetches private files as blobs.
   */
  async function optionalUser(req: FastifyRequest): Promise<CurrentUser | null> {
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token) return null;
    return authenticate(db, app.baton.tokens, token);
  }

  app.get<{ Params: { id: string } }>(
    '/api/v1/files/:id',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary:
          'Download a file by its opaque id (images inline, others as attachments). A registration file ' +
          '(delegation document, athlete photo or file field) needs a signed-in caller who reaches that ' +
          'delegation (bearer token in the Authorization header)',
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
      },
    },
    async (req, reply) => {
      if (!/^[A-Za-z0-9_-]{22}$/.test(req.params.id)) throw notFound();
      const row = await loadFile(db, req.params.id);
      if (!row) throw notFound();
      const access = await fileAccess(db, row, () => optionalUser(req));
      if (access === 'sign-in') throw new AppError('A0230');
      // Out of reach: answered like a missing file, so its existence is not revealed.
      if (access === 'hidden') throw notFound();
      const etag = `"${row.sha256}"`;
      reply
        .header('Content-Type', row.mime)
        .header('Content-Disposition', disposition(isImageMime(row.mime) ? 'inline' : 'attachment', row.name))
        .header('X-Content-Type-Options', 'nosniff')
        // A private file is never kept: on a shared computer a cached copy would outlive the sign-out.
        .header('Cache-Control', access === 'allowed' ? 'no-store' : 'private, max-age=86400')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('ETag', etag);
      if (req.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.send(row.bytes);
    },
  );
}
