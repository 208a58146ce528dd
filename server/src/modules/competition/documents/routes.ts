import {
  BibDocumentQuery,
  BookJobParams,
  BookJobVO,
  type BookKind,
  type BookPaper,
  BookQuery,
  CertificateQuery,
  type Lang,
  MeetingIdParams,
  RoundIdParams,
} from '@baton/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Job, JobStore, jobGone, jobResult } from '../../../lib/jobs.js';
import { currentUser } from '../../../plugins/auth.js';
import { routeKit } from '../../../plugins/route-kit.js';
import { requireCompetition } from '../access.js';
import type { CompetitionDeps } from '../routes.js';
import type { BookFile } from './books.js';
import { cardRoutes } from './cards-routes.js';

/** pdf-lib, fontkit and the QR encoder (≈60 MB resident) load with the first document, not at start. */
const documents = async () => {
  const [rounds, scores, bibs, timetable] = await Promise.all([
    import('./service.js'),
    import('./scores-docs.js'),
    import('./bibs-docs.js'),
    import('./timetable-docs.js'),
  ]);
  return { ...rounds, ...scores, ...bibs, ...timetable };
};
const books = {
  programme: () => import('./programme-book.js'),
  results: () => import('./results-book.js'),
};

interface BookMeta {
  book: BookKind;
  lang: Lang;
  paper: BookPaper;
  bilingual: boolean;
}
type BookJob = Job<BookFile, BookMeta>;

/** A job's answer, its error in the request's language. */
function bookJobVO(store: JobStore<BookFile, BookMeta>, job: BookJob, lang: Lang): BookJobVO {
  return {
    ...store.answer(job, lang),
    ...job.meta,
    pages: job.result?.pages ?? null,
    bytes: job.result?.bytes.length ?? null,
  };
}

const auth = { perm: 'comp:doc:print' } as const;

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
  const r = routeKit(app, ['competition']);
  // Judges' cards (issue 24): their own file.
  await cardRoutes(app, deps);

  /*
   * The books (issue 24) run as jobs kept in this instance's memory (lib/jobs.ts): a made book is
   * handed back while the database's data version holds (any committed change moves it), so
   * asking twice for the same edition of unchanged data makes it once. The meeting's managers
   * (committee of the meeting, administrators) make them.
   */
  const bookJobs = new JobStore<BookFile, BookMeta>({
    version: () => app.baton.database.version.value,
    maxKept: 8,
    // One book at a time per instance: a full carnival programme peaks near half a GB.
    concurrency: 1,
    unexpected: (err) => app.log.error({ err }, 'book job failed'),
    generic: { zh: '生成失败，请重试', en: 'Making the book failed, please try again' },
  });

  r.post('/api/v1/competition/meetings/:id/books', {
    auth,
    summary:
      'Start making a book (programme 秩序册 or results book 成绩册) as a job, or get the one made from the same data',
    params: MeetingIdParams,
    querystring: BookQuery,
    answer: BookJobVO,
    run: async (req) => {
      const { meeting: m } = await requireCompetition(db, currentUser(req), req.params.id, 'manage');
      const meta: BookMeta = {
        book: req.query.book ?? 'programme',
        lang: req.query.lang ?? req.lang,
        paper: req.query.paper ?? 'A4',
        bilingual: req.query.bilingual ?? false,
      };
      const key = `${meta.book}:${meta.lang}:${meta.paper}:${meta.bilingual}`;
      const job = bookJobs.start(String(m.id), key, meta, async (report) => {
        const make =
          meta.book === 'programme' ? (await books.programme()).programmeBook : (await books.results()).resultsBook;
        return make(db, m, { lang: meta.lang, paper: meta.paper, bilingual: meta.bilingual }, report);
      });
      return bookJobVO(bookJobs, job, req.lang);
    },
  });

  const findJob = async (req: FastifyRequest<{ Params: BookJobParams }>) => {
    await requireCompetition(db, currentUser(req), req.params.id, 'manage');
    const job = bookJobs.get(String(req.params.id), req.params.job);
    if (!job) throw jobGone();
    return job;
  };

  r.get('/api/v1/competition/meetings/:id/books/:job', {
    auth,
    summary: 'How far a book job is (sections done of total), and whether its file is ready',
    params: BookJobParams,
    answer: BookJobVO,
    run: async (req) => bookJobVO(bookJobs, await findJob(req), req.lang),
  });

  r.pdf('/api/v1/competition/meetings/:id/books/:job/pdf', {
    auth,
    summary: 'The PDF a finished book job made',
    params: BookJobParams,
    run: async (req) => jobResult(await findJob(req)),
  });

  r.pdf('/api/v1/competition/rounds/:id/pdf/start-list', {
    auth,
    summary: 'Start list of a round (PDF): heats with lane or order, bib, name, delegation, seed mark',
    params: RoundIdParams,
    run: async (req) => (await documents()).startListPdf(db, currentUser(req), req.params.id, req.lang),
  });

  r.pdf('/api/v1/competition/rounds/:id/pdf/results', {
    auth,
    summary: 'Results of a round (PDF): its official heats with places, marks, wind, trials, qualifiers',
    params: RoundIdParams,
    run: async (req) => (await documents()).resultsPdf(db, currentUser(req), req.params.id, req.lang),
  });

  r.pdf('/api/v1/competition/meetings/:id/pdf/timetable', {
    auth,
    summary: 'Timetable of a meeting (PDF): sessions and rounds by time',
    params: MeetingIdParams,
    run: async (req) => (await documents()).timetablePdf(db, currentUser(req), req.params.id, req.lang),
  });

  r.pdf('/api/v1/competition/meetings/:id/pdf/bibs', {
    auth,
    summary: "Bib labels (PDF, 2 per A4 page) with a QR code of the athlete's public page",
    params: MeetingIdParams,
    querystring: BibDocumentQuery,
    run: async (req) =>
      (await documents()).bibsPdf(
        db,
        currentUser(req),
        req.params.id,
        req.query,
        publicOrigin(req, app.baton.config.publicUrl),
        req.lang,
      ),
  });

  r.pdf('/api/v1/competition/meetings/:id/pdf/bib-list', {
    auth,
    summary: 'Bib list by delegation (PDF): bib, name, gender, group, events',
    params: MeetingIdParams,
    querystring: BibDocumentQuery,
    run: async (req) => (await documents()).bibListPdf(db, currentUser(req), req.params.id, req.query, req.lang),
  });

  r.pdf('/api/v1/competition/meetings/:id/pdf/scores', {
    auth,
    summary: 'Team points and medal table of a meeting (PDF)',
    params: MeetingIdParams,
    run: async (req) => (await documents()).scoresPdf(db, currentUser(req), req.params.id, req.lang),
  });

  r.pdf('/api/v1/competition/meetings/:id/pdf/certificates', {
    auth,
    summary: "Certificates of a group item's official final (PDF): one page per competitor placed 1–8",
    params: MeetingIdParams,
    querystring: CertificateQuery,
    run: async (req) =>
      (await documents()).certificatesPdf(db, currentUser(req), req.params.id, req.query.groupItemId, req.lang),
  });
}
