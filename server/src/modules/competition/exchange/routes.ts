import {
  ExchangeExportQuery,
  HytekImportQuery,
  ImportReport,
  LifHeatParams,
  LifImportVO,
  MeetingIdParams,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { encodeText } from '../../../lib/text-file.js';
import { currentUser } from '../../../plugins/auth.js';
import { note } from '../../../plugins/oplog.js';
import { routeKit } from '../../../plugins/route-kit.js';
import type { CompetitionDeps } from '../routes.js';
import { importHytek } from './hytek-import.js';
import { importLif } from './lif-import.js';
import { LIF_PERM, lifRoutes } from './lif-routes.js';
import { hytekExport, type LynxFile, lynxExport, meetExport } from './service.js';

const tags = ['competition'];
const EXPORT = { auth: { perm: 'comp:exchange:export' } } as const;
const IMPORT = { auth: { perm: 'comp:exchange:import' } } as const;
const TEXT = 'text/plain; charset=utf-8';
/** A text file in the encoding the operator picked (UTF-8 by default). */
const encoded = (text: string, q: ExchangeExportQuery) => {
  const encoding = q.encoding ?? 'utf-8';
  return { bytes: encodeText(text, encoding), type: encoding === 'gbk' ? 'text/plain; charset=gbk' : TEXT };
};

/**
 * Timing and data exchange (issue 6): FinishLynx files for the timer and its `.lif` results
 * back, Hy-Tek semicolon entry files, the meet as JSON. Layouts in lynx.ts and hytek.ts.
 */
export async function exchangeRoutes(app: FastifyInstance, deps: CompetitionDeps) {
  const { db, hub } = deps;
  const base = '/api/v1/competition/meetings/:id/exchange';
  await lifRoutes(app, deps);

  const r = routeKit(app, tags);
  const lynx = (file: LynxFile, summary: string) =>
    r.file(`${base}/lynx.${file}`, {
      ...EXPORT,
      summary,
      params: MeetingIdParams,
      querystring: ExchangeExportQuery,
      run: async (req) => ({
        filename: `lynx.${file}`,
        ...encoded(await lynxExport(db, currentUser(req), req.params.id, file, req.lang), req.query),
      }),
    });
  lynx('evt', 'FinishLynx lynx.evt: published heats of the timed events with their competitors by lane');
  lynx('ppl', 'FinishLynx lynx.ppl: the people of the published heats (ID = bib)');
  lynx('sch', 'FinishLynx lynx.sch: the running order (event, round, heat)');

  r.file(`${base}/hytek.txt`, {
    ...EXPORT,
    summary: 'Hy-Tek semicolon entry file (I and D records)',
    params: MeetingIdParams,
    querystring: ExchangeExportQuery,
    run: async (req) => ({
      filename: 'hytek-entries.txt',
      ...encoded(await hytekExport(db, currentUser(req), req.params.id), req.query),
    }),
  });

  r.file(`${base}/meet.json`, {
    ...EXPORT,
    summary: 'The meet as JSON: delegations, competitors, events, units (rounds, heats) and results',
    params: MeetingIdParams,
    run: async (req) => {
      const meet = await meetExport(db, currentUser(req), req.params.id);
      return {
        filename: `${meet.meeting.code}-meet.json`,
        type: 'application/json; charset=utf-8',
        bytes: Buffer.from(JSON.stringify(meet, null, 2)),
      };
    },
  });

  r.post(`${base}/hytek`, {
    ...IMPORT,
    summary: 'Import athletes and entries from a Hy-Tek semicolon file (multipart field "file")',
    consumes: ['multipart/form-data'],
    params: MeetingIdParams,
    querystring: HytekImportQuery,
    answer: ImportReport,
    run: async (req) => {
      const report = await importHytek(
        db,
        currentUser(req),
        req.params.id,
        req.body,
        req.query.mode === 'valid-only',
        req.lang,
      );
      note(req, { target: req.params.id, after: { ...report, errors: report.errors.slice(0, 50) } });
      return report;
    },
  });

  r.post('/api/v1/competition/heats/:id/lif', {
    auth: { perm: LIF_PERM },
    summary: 'Import a FinishLynx .lif result file into a published heat (multipart field "file", ≤ 1 MB)',
    consumes: ['multipart/form-data'],
    params: LifHeatParams,
    answer: LifImportVO,
    run: async (req) => {
      const vo = await importLif(db, hub, currentUser(req), req.params.id, req.body);
      note(req, { target: req.params.id, after: { rows: vo.rows.length, wind: vo.wind } });
      return vo;
    },
  });
}
