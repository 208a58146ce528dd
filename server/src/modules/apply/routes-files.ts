import { ApplyContextQuery, DelegationFileVO, Envelope, MeetingIdParams } from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { uploadedFile } from '../../lib/excel.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { currentUser } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { deleteDelegationFile, listDelegationFiles, uploadDelegationFile, uploadFields } from './files.js';
import { type ApplyDeps, can, Deleted, type IdP, noted, tags } from './routes-kit.js';

/** The delegation's documents: list, upload, remove. */
export async function applyFileRoutes(app: FastifyInstance, deps: ApplyDeps) {
  const { db } = deps;

  app.get<{ Querystring: ApplyContextQuery }>(
    '/api/v1/apply/files',
    {
      config: can('apply:file:query', 'query'),
      schema: {
        tags,
        summary: "The delegation's documents",
        querystring: ApplyContextQuery,
        response: { 200: Envelope(Type.Array(DelegationFileVO)) },
      },
    },
    async (req) => ok(await listDelegationFiles(db, currentUser(req), req.query.delegationId)),
  );

  app.post(
    '/api/v1/apply/files',
    {
      config: can('apply:file:add', 'edit'),
      schema: {
        tags,
        summary: 'Upload a document (multipart "file", "kind", optional "name" and "delegationId"): PDF, JPEG or PNG',
        consumes: ['multipart/form-data'],
        response: { 200: Envelope(DelegationFileVO) },
      },
    },
    async (req) => {
      const u = currentUser(req);
      await hitRateLimit(db, `upload-user:${u.id}`, 60, 60);
      const file = uploadedFile(req.body);
      const r = await uploadDelegationFile(db, u, uploadFields(req.body), file, app.baton.config);
      noted(req, r.after.id, r);
      return ok(r.after);
    },
  );

  app.delete<IdP>(
    '/api/v1/apply/files/:id',
    {
      config: can('apply:file:delete', 'edit'),
      schema: { tags, summary: 'Remove a document', params: MeetingIdParams, response: { 200: Deleted } },
    },
    async (req) => {
      const r = await deleteDelegationFile(db, currentUser(req), req.params.id);
      noted(req, req.params.id, r);
      return ok({ deleted: r.deleted });
    },
  );
}
