import { ApplyContextQuery, DelegationFileVO, MeetingIdParams } from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { uploadedFile } from '../../lib/excel.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { currentUser } from '../../plugins/auth.js';
import { routeKit } from '../../plugins/route-kit.js';
import { deleteDelegationFile, listDelegationFiles, uploadDelegationFile, uploadFields } from './files.js';
import { type ApplyDeps, can, Deleted, noted, tags } from './routes-kit.js';

/** The delegation's documents: list, upload, remove. */
export async function applyFileRoutes(app: FastifyInstance, deps: ApplyDeps) {
  const { db } = deps;
  const r = routeKit(app, tags);

  r.get('/api/v1/apply/files', {
    auth: can('apply:file:query', 'query'),
    summary: "The delegation's documents",
    querystring: ApplyContextQuery,
    answer: Type.Array(DelegationFileVO),
    run: (req) => listDelegationFiles(db, currentUser(req), req.query.delegationId),
  });

  r.post('/api/v1/apply/files', {
    auth: can('apply:file:add', 'edit'),
    summary: 'Upload a document (multipart "file", "kind", optional "name" and "delegationId"): PDF, JPEG or PNG',
    consumes: ['multipart/form-data'],
    answer: DelegationFileVO,
    run: async (req) => {
      const u = currentUser(req);
      await hitRateLimit(db, `upload-user:${u.id}`, 60, 60);
      const file = uploadedFile(req.body);
      const r = await uploadDelegationFile(db, u, uploadFields(req.body), file, app.baton.config);
      noted(req, r.after.id, r);
      return r.after;
    },
  });

  r.delete('/api/v1/apply/files/:id', {
    auth: can('apply:file:delete', 'edit'),
    summary: 'Remove a document',
    params: MeetingIdParams,
    answer: Deleted,
    run: async (req) => {
      const r = await deleteDelegationFile(db, currentUser(req), req.params.id);
      noted(req, req.params.id, r);
      return { deleted: r.deleted };
    },
  });
}
