import {
  LIF_MAX_BYTES,
  LIF_MAX_FILES,
  LIF_MAX_REQUEST_BYTES,
  LifCommitVO,
  LifFolderFileParams,
  LifFolderVO,
  LifReviewVO,
  MeetingIdParams,
} from '@baton/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badInput, notFound } from '../../../lib/errors.js';
import { currentUser } from '../../../plugins/auth.js';
import { note } from '../../../plugins/oplog.js';
import { routeKit } from '../../../plugins/route-kit.js';
import { requireCompetition } from '../access.js';
import type { CompetitionDeps } from '../routes.js';
import { lynxFolder } from './lif-folder.js';
import { commitLifs, reviewLifs } from './lif-review.js';

const tags = ['competition'];
/**
 * Importing photo-finish results is entering results: the .lif routes (these and the single-heat
 * import in routes.ts) take the results-entry permission and need 'officiate', so the referees
 * assigned to the meeting use them as well as its managers. Exports and Hy-Tek stay the managers'.
 */
export const LIF_PERM = 'comp:result:entry';

/**
 * Several FinishLynx `.lif` files at once: the review (nothing written) and the import (all or
 * nothing). Multipart: `file` parts (.lif files, or zips of them) with a `name` part each, and
 * an optional `decisions` field (JSON). The request is bounded by its length (21 MB), the parts
 * by their count (200 files) and size (a zip ≤ 20 MB; each .lif ≤ 1 MB, checked on reading).
 */
export async function lifRoutes(app: FastifyInstance, deps: CompetitionDeps) {
  const { db, hub } = deps;
  const base = '/api/v1/competition/meetings/:id/exchange/lif';
  const auth = { perm: LIF_PERM } as const;
  /** A request without a length, or longer than the bound, is refused before it is read. */
  const bounded = async (req: FastifyRequest, _reply: FastifyReply) => {
    const length = Number(req.headers['content-length'] ?? Number.NaN);
    if (!Number.isFinite(length) || length > LIF_MAX_REQUEST_BYTES) {
      throw badInput(
        `一次上传不能超过 ${LIF_MAX_REQUEST_BYTES / 1024 / 1024} MB（每个 .lif 文件不超过 ${LIF_MAX_BYTES / 1024 / 1024} MB）`,
        `one upload must be at most ${LIF_MAX_REQUEST_BYTES / 1024 / 1024} MB (each .lif file at most ${LIF_MAX_BYTES / 1024 / 1024} MB)`,
      );
    }
  };
  const upload = {
    auth,
    config: {
      multipartOptions: {
        limits: {
          // One more than allowed, so that the count is refused with its own message.
          files: LIF_MAX_FILES + 1,
          fileSize: LIF_MAX_REQUEST_BYTES,
          fields: LIF_MAX_FILES + 3,
          fieldSize: 512 * 1024,
          parts: 2 * LIF_MAX_FILES + 4,
        },
      },
    },
    hooks: { onRequest: bounded },
  };
  const r = routeKit(app, tags);

  r.post(`${base}/review`, {
    ...upload,
    summary:
      'Review FinishLynx .lif files (or a zip of them) against the meeting’s heats: matches, rows, conflicts; nothing is written',
    consumes: ['multipart/form-data'],
    params: MeetingIdParams,
    answer: LifReviewVO,
    run: (req) => reviewLifs(db, currentUser(req), req.params.id, req.body, req.lang),
  });

  r.post(`${base}/commit`, {
    ...upload,
    summary:
      'Import reviewed FinishLynx .lif files with the decisions (heat per file, a resolution per conflict), all in one transaction',
    consumes: ['multipart/form-data'],
    params: MeetingIdParams,
    answer: LifCommitVO,
    run: async (req) => {
      const vo = await commitLifs(db, hub, currentUser(req), req.params.id, req.body, req.lang);
      note(req, {
        target: req.params.id,
        after: {
          heats: vo.heats.map((h) => ({ file: h.fileName, heatId: h.result.heatId, changes: h.result.changes.length })),
        },
      });
      return vo;
    },
  });

  // The results folder (LYNX_DIR, lif-folder.ts): its files waiting for a person.
  r.get(`${base}/folder`, {
    auth,
    summary: 'The FinishLynx results folder watched for this meeting (LYNX_DIR) and its files waiting for a person',
    params: MeetingIdParams,
    answer: LifFolderVO,
    run: async (req) => {
      await requireCompetition(db, currentUser(req), req.params.id, 'officiate');
      return lynxFolder(req.params.id)?.list(req.lang) ?? { enabled: false, pending: [] };
    },
  });
  r.file(`${base}/folder/:fileId`, {
    auth,
    summary: 'A file of the results folder waiting for a person, by its id (to open it in the review)',
    params: LifFolderFileParams,
    run: async (req) => {
      await requireCompetition(db, currentUser(req), req.params.id, 'officiate');
      const folder = lynxFolder(req.params.id);
      if (!folder) {
        throw badInput(
          '本赛事没有监视的成绩文件夹（LYNX_DIR）',
          'no results folder (LYNX_DIR) is watched for this meeting',
        );
      }
      const f = folder.file(req.params.fileId);
      if (!f) throw notFound();
      return { filename: f.name, type: 'application/octet-stream', bytes: f.bytes };
    },
  });
}
