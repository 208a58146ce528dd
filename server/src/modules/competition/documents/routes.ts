import { BibDocumentQuery, CertificateQuery, MeetingIdParams, RoundIdParams } from '@baton/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendFile } from '../../../lib/excel.js';
import { currentUser } from '../../../plugins/auth.js';
import type { CompetitionDeps } from '../routes.js';
import type { DocumentFile } from './service.js';

/** pdf-lib, fontkit and the QR encoder (≈60 MB resident) load with the first document, not at start. */
const documents = () => import('./service.js');

const tags = ['competition'];
const auth = { perm: 'comp:doc:print' } as const;
const PDF = 'application/pdf';

const send = (reply: FastifyReply, file: DocumentFile) => sendFile(reply, file.filename, PDF, Buffer.from(file.bytes));

/**
 * Where the QR code of a bib label points: `BATON_PUBLIC_URL` when it is set (config.publicUrl:
 * the address people reach the site at, e.g. `https://meet.example.org`, with a path if the
 * site lives under one), else the address this request came to (its protocol and Host).
 * Behind a proxy set BATON_PUBLIC_URL: the server does not trust forwarded headers.
 */
export function publicOrigin(req: FastifyRequest, configured: string | null): string {
  if (configured) return configured;
  const host = /^[A-Za-z0-9.\-:[\]]{1,255}$/.test(req.host) ? req.host : 'localhost';
  return `${req.protocol}://${host}`;
}

/**
 * The printed documents (issue 6): PDFs of a round (start list, results) and of a meeting
 * (timetable, bib labels and list, team scores, certificates). Permission `comp:doc:print`
 * (managers and referees); the meeting is checked in the service (view access).
 */
export async function documentRoutes(app: FastifyInstance, deps: CompetitionDeps) {
  const { db } = deps;
  const pdfAnswer = { description: 'A PDF (application/pdf), as an attachment', type: 'string', format: 'binary' };

  app.get<{ Params: RoundIdParams }>(
    '/api/v1/competition/rounds/:id/pdf/start-list',
    {
      config: { auth },
      schema: {
        tags,
        summary: 'Start list of a round (PDF): heats with lane or order, bib, name, delegation, seed mark',
        params: RoundIdParams,
        produces: [PDF],
        response: { 200: pdfAnswer },
      },
    },
    async (req, reply) =>
      send(reply, await (await documents()).startListPdf(db, currentUser(req), req.params.id, req.lang)),
  );

  app.get<{ Params: RoundIdParams }>(
    '/api/v1/competition/rounds/:id/pdf/results',
    {
      config: { auth },
      schema: {
        tags,
        summary: 'Results of a round (PDF): its official heats with places, marks, wind, trials, qualifiers',
        params: RoundIdParams,
        produces: [PDF],
        response: { 200: pdfAnswer },
      },
    },
    async (req, reply) =>
      send(reply, await (await documents()).resultsPdf(db, currentUser(req), req.params.id, req.lang)),
  );

  app.get<{ Params: { id: number } }>(
    '/api/v1/competition/meetings/:id/pdf/timetable',
    {
      config: { auth },
      schema: {
        tags,
        summary: 'Timetable of a meeting (PDF): sessions and rounds by time',
        params: MeetingIdParams,
        produces: [PDF],
        response: { 200: pdfAnswer },
      },
    },
    async (req, reply) =>
      send(reply, await (await documents()).timetablePdf(db, currentUser(req), req.params.id, req.lang)),
  );

  app.get<{ Params: { id: number }; Querystring: BibDocumentQuery }>(
    '/api/v1/competition/meetings/:id/pdf/bibs',
    {
      config: { auth },
      schema: {
        tags,
        summary: "Bib labels (PDF, 2 per A4 page) with a QR code of the athlete's public page",
        params: MeetingIdParams,
        querystring: BibDocumentQuery,
        produces: [PDF],
        response: { 200: pdfAnswer },
      },
    },
    async (req, reply) =>
      send(
        reply,
        await (await documents()).bibsPdf(
          db,
          currentUser(req),
          req.params.id,
          req.query,
          publicOrigin(req, app.baton.config.publicUrl),
          req.lang,
        ),
      ),
  );

  app.get<{ Params: { id: number }; Querystring: BibDocumentQuery }>(
    '/api/v1/competition/meetings/:id/pdf/bib-list',
    {
      config: { auth },
      schema: {
        tags,
        summary: 'Bib list by delegation (PDF): bib, name, gender, group, events',
        params: MeetingIdParams,
        querystring: BibDocumentQuery,
        produces: [PDF],
        response: { 200: pdfAnswer },
      },
    },
    async (req, reply) =>
      send(reply, await (await documents()).bibListPdf(db, currentUser(req), req.params.id, req.query, req.lang)),
  );

  app.get<{ Params: { id: number } }>(
    '/api/v1/competition/meetings/:id/pdf/scores',
    {
      config: { auth },
      schema: {
        tags,
        summary: 'Team points and medal table of a meeting (PDF)',
        params: MeetingIdParams,
        produces: [PDF],
        response: { 200: pdfAnswer },
      },
    },
    async (req, reply) =>
      send(reply, await (await documents()).scoresPdf(db, currentUser(req), req.params.id, req.lang)),
  );

  app.get<{ Params: { id: number }; Querystring: CertificateQuery }>(
    '/api/v1/competition/meetings/:id/pdf/certificates',
    {
      config: { auth },
      schema: {
        tags,
        summary: "Certificates of a group item's official final (PDF): one page per competitor placed 1–8",
        params: MeetingIdParams,
        querystring: CertificateQuery,
        produces: [PDF],
        response: { 200: pdfAnswer },
      },
    },
    async (req, reply) =>
      send(
        reply,
        await (await documents()).certificatesPdf(db, currentUser(req), req.params.id, req.query.groupItemId, req.lang),
      ),
  );
}
