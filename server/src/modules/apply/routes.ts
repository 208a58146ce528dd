import {
  ApplyContextQuery,
  ApplyContextVO,
  ApplyDelegationBody,
  ApplyItemsQuery,
  ApplyItemsVO,
  ApplySubmitBody,
  ApplySubmitResult,
  ApplySummaryVO,
  AthleteBody,
  AthletePageQuery,
  AthleteTemplateQuery,
  AthleteUpdateBody,
  AthleteVO,
  CoachBody,
  CoachPageQuery,
  CoachUpdateBody,
  CoachVO,
  DelegationFileVO,
  EntryBody,
  EntryUpdateBody,
  EntryVO,
  Envelope,
  IdList,
  ImportModeQuery,
  ImportReport,
  MeetingIdParams,
  Page,
  RelayBody,
  RelayUpdateBody,
  RelayVO,
} from '@baton/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { sendXlsx, uploadedFile } from '../../lib/excel.js';
import { parseIds } from '../../lib/paging.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { importMapping } from '../../lib/sheet-import.js';
import { currentUser } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { note } from '../../plugins/oplog.js';
import {
  applyItems,
  createEntry,
  createRelay,
  deleteEntries,
  deleteRelays,
  updateEntry,
  updateRelay,
} from './entries.js';
import { deleteDelegationFile, listDelegationFiles, uploadDelegationFile, uploadFields } from './files.js';
import { athleteTemplate, exportAthletes, importAthletes, schoolTemplate } from './importer.js';
import {
  applyContext,
  createAthlete,
  createCoach,
  deleteAthletes,
  deleteCoaches,
  getAthlete,
  getCoach,
  pageAthletes,
  pageCoaches,
  updateApplyDelegation,
  updateAthlete,
  updateCoach,
} from './service.js';
import { applySummary, submitApply } from './submit.js';

const tags = ['apply'];
/**
 * Both kinds of caller pass the route check — the delegation account (`apply:*`) and the
 * meeting's managers (`meeting:delegation:*`); the service then decides which delegation and
 * which records the caller reaches (others answer 404).
 */
const can = (apply: string, manage: 'query' | 'edit') => ({ auth: { perm: [apply, `meeting:delegation:${manage}`] } });
type IdP = { Params: { id: number } };
type IdsP = { Params: { ids: string } };
const IdsParams = Type.Object({ ids: IdList });
const Deleted = Envelope(Type.Object({ deleted: Type.Integer() }));
const ImportQuery = Type.Object({
  ...ImportModeQuery.properties,
  delegationId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
});
type ImportQuery = ImportModeQuery & { delegationId?: number };

/** Note a write in the operation log; a manager's write while registration is closed is marked as an override. */
function noted(
  req: FastifyRequest,
  target: string | number,
  r: { before?: unknown; after?: unknown; override: boolean },
) {
  const route = (req.routeOptions.url ?? '').replace(/^\/api\/v1\/apply\/?/, '');
  const action = `${req.method} ${route
    .split('/')
    .filter((p) => p && !p.startsWith(':'))
    .join('/')}`;
  note(req, {
    target,
    before: r.before ?? null,
    after: r.after ?? null,
    ...(r.override ? { action: `${action} (override: registration closed)` } : {}),
  });
}

/** The delegation's own area (issue 5 "Sports apply"): /api/v1/apply. */
export async function applyRoutes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;

  // ─── Context and remark fill ─────────────────────────────────────────────────────────

  app.get<{ Querystring: ApplyContextQuery }>(
    '/api/v1/apply/context',
    {
      config: {
        auth: {
          perm: [
            'apply:athlete:query',
            'apply:coach:query',
            'apply:entry:query',
            'apply:file:query',
            'meeting:delegation:query',
          ],
        },
      },
      schema: {
        tags,
        summary: "The delegation's meeting, rules, groups, forms and counts",
        querystring: ApplyContextQuery,
        response: { 200: Envelope(ApplyContextVO) },
      },
    },
    async (req) => ok(await applyContext(db, currentUser(req), req.query)),
  );

  app.put<{ Body: ApplyDelegationBody }>(
    '/api/v1/apply/delegation',
    {
      config: { auth: { perm: ['apply:submit', 'apply:athlete:edit', 'meeting:delegation:edit'] } },
      schema: {
        tags,
        summary: "Remark fill: the delegation's leader, contact and fields (optimistic lock on version)",
        body: ApplyDelegationBody,
        response: { 200: Envelope(ApplyContextVO.properties.delegation) },
      },
    },
    async (req) => {
      const r = await updateApplyDelegation(db, currentUser(req), req.body);
      noted(req, r.after.id, r);
      return ok(r.after);
    },
  );

  // ─── Athletes ────────────────────────────────────────────────────────────────────────

  app.get<{ Querystring: AthletePageQuery }>(
    '/api/v1/apply/athletes/page',
    {
      config: can('apply:athlete:query', 'query'),
      schema: {
        tags,
        summary: "Page of the delegation's athletes with their entries",
        querystring: AthletePageQuery,
        response: { 200: Envelope(Page(AthleteVO)) },
      },
    },
    async (req) => ok(await pageAthletes(db, currentUser(req), req.query)),
  );

  app.get<{ Querystring: AthleteTemplateQuery }>(
    '/api/v1/apply/athletes/template',
    {
      config: can('apply:athlete:import', 'edit'),
      schema: {
        tags,
        summary:
          'Import template: name, ID number, group, English name, ID type, gender, birth date, athlete fields; layout=school: title, unit/leader row, 姓名 性别 身份证号 出生日期 组别 项目一 项目二 …',
        querystring: AthleteTemplateQuery,
      },
    },
    async (req, reply) => {
      const school = req.query.layout === 'school';
      const make = school ? schoolTemplate : athleteTemplate;
      const body = await make(db, currentUser(req), req.query.delegationId, req.lang);
      return sendXlsx(reply, school ? 'athletes-school-template.xlsx' : 'athletes-template.xlsx', body);
    },
  );

  app.get<{ Querystring: ApplyContextQuery }>(
    '/api/v1/apply/athletes/export',
    {
      config: can('apply:athlete:query', 'query'),
      schema: {
        tags,
        summary:
          "The delegation's athletes as .xlsx in the import's columns (events as 项目1, 项目2 …): re-imports as is",
        querystring: ApplyContextQuery,
      },
    },
    async (req, reply) =>
      sendXlsx(reply, 'athletes.xlsx', await exportAthletes(db, currentUser(req), req.query.delegationId, req.lang)),
  );

  app.post<{ Querystring: ImportQuery }>(
    '/api/v1/apply/athletes/import',
    {
      config: can('apply:athlete:import', 'edit'),
      schema: {
        tags,
        summary:
          'Import athletes (and their event columns as entries) from .xlsx (multipart "file", optional "mapping" JSON {"<column index>": "<field key>" | null}); all-or-nothing unless mode=valid-only; mode=preview writes nothing and answers the sheet as understood',
        consumes: ['multipart/form-data'],
        querystring: ImportQuery,
        response: { 200: Envelope(ImportReport) },
      },
    },
    async (req) => {
      const file = uploadedFile(req.body);
      const { override, ...report } = await importAthletes(
        db,
        currentUser(req),
        req.query.delegationId,
        file,
        req.query.mode ?? 'all-or-nothing',
        req.lang,
        importMapping(req.body),
      );
      if (req.query.mode !== 'preview') {
        const { sheet: _sheet, ...brief } = report;
        noted(req, req.query.delegationId ?? '', { after: { ...brief, errors: report.errors.slice(0, 50) }, override });
      }
      return ok(report);
    },
  );

  app.get<IdP>(
    '/api/v1/apply/athletes/:id/form',
    {
      config: can('apply:athlete:query', 'query'),
      schema: { tags, summary: 'One athlete', params: MeetingIdParams, response: { 200: Envelope(AthleteVO) } },
    },
    async (req) => ok(await getAthlete(db, currentUser(req), req.params.id)),
  );

  app.post<{ Body: AthleteBody }>(
    '/api/v1/apply/athletes',
    {
      config: can('apply:athlete:add', 'edit'),
      schema: { tags, summary: 'Register an athlete', body: AthleteBody, response: { 200: Envelope(AthleteVO) } },
    },
    async (req) => {
      const r = await createAthlete(db, currentUser(req), req.body);
      noted(req, r.after.id, r);
      return ok(r.after);
    },
  );

  app.put<IdP & { Body: AthleteUpdateBody }>(
    '/api/v1/apply/athletes/:id',
    {
      config: can('apply:athlete:edit', 'edit'),
      schema: {
        tags,
        summary: 'Change an athlete (an approved one goes back to audit; submitted ones are locked)',
        params: MeetingIdParams,
        body: AthleteUpdateBody,
        response: { 200: Envelope(AthleteVO) },
      },
    },
    async (req) => {
      const r = await updateAthlete(db, currentUser(req), req.params.id, req.body);
      noted(req, req.params.id, r);
      return ok(r.after);
    },
  );

  app.delete<IdsP>(
    '/api/v1/apply/athletes/:ids',
    {
      config: can('apply:athlete:delete', 'edit'),
      schema: { tags, summary: 'Delete draft or returned athletes', params: IdsParams, response: { 200: Deleted } },
    },
    async (req) => {
      const r = await deleteAthletes(db, currentUser(req), parseIds(req.params.ids));
      noted(req, req.params.ids, r);
      return ok({ deleted: r.deleted });
    },
  );

  // ─── Coaches ─────────────────────────────────────────────────────────────────────────

  app.get<{ Querystring: CoachPageQuery }>(
    '/api/v1/apply/coaches/page',
    {
      config: can('apply:coach:query', 'query'),
      schema: {
        tags,
        summary: "Page of the delegation's coaches and staff",
        querystring: CoachPageQuery,
        response: { 200: Envelope(Page(CoachVO)) },
      },
    },
    async (req) => ok(await pageCoaches(db, currentUser(req), req.query)),
  );

  app.get<IdP>(
    '/api/v1/apply/coaches/:id/form',
    {
      config: can('apply:coach:query', 'query'),
      schema: { tags, summary: 'One coach', params: MeetingIdParams, response: { 200: Envelope(CoachVO) } },
    },
    async (req) => ok(await getCoach(db, currentUser(req), req.params.id)),
  );

  app.post<{ Body: CoachBody }>(
    '/api/v1/apply/coaches',
    {
      config: can('apply:coach:add', 'edit'),
      schema: { tags, summary: 'Register a coach', body: CoachBody, response: { 200: Envelope(CoachVO) } },
    },
    async (req) => {
      const r = await createCoach(db, currentUser(req), req.body);
      noted(req, r.after.id, r);
      return ok(r.after);
    },
  );

  app.put<IdP & { Body: CoachUpdateBody }>(
    '/api/v1/apply/coaches/:id',
    {
      config: can('apply:coach:edit', 'edit'),
      schema: {
        tags,
        summary: 'Change a coach (an approved one goes back to audit; submitted ones are locked)',
        params: MeetingIdParams,
        body: CoachUpdateBody,
        response: { 200: Envelope(CoachVO) },
      },
    },
    async (req) => {
      const r = await updateCoach(db, currentUser(req), req.params.id, req.body);
      noted(req, req.params.id, r);
      return ok(r.after);
    },
  );

  app.delete<IdsP>(
    '/api/v1/apply/coaches/:ids',
    {
      config: can('apply:coach:delete', 'edit'),
      schema: { tags, summary: 'Delete draft or returned coaches', params: IdsParams, response: { 200: Deleted } },
    },
    async (req) => {
      const r = await deleteCoaches(db, currentUser(req), parseIds(req.params.ids));
      noted(req, req.params.ids, r);
      return ok({ deleted: r.deleted });
    },
  );

  // ─── Applied items ───────────────────────────────────────────────────────────────────

  app.get<{ Querystring: ApplyItemsQuery }>(
    '/api/v1/apply/items',
    {
      config: can('apply:entry:query', 'query'),
      schema: {
        tags,
        summary: "Group items with the delegation's live quota, its entries and relay teams",
        querystring: ApplyItemsQuery,
        response: { 200: Envelope(ApplyItemsVO) },
      },
    },
    async (req) => ok(await applyItems(db, currentUser(req), req.query)),
  );

  app.post<{ Body: EntryBody }>(
    '/api/v1/apply/entries',
    {
      config: can('apply:entry:add', 'edit'),
      schema: {
        tags,
        summary: 'Enter an athlete in an individual event (limits checked)',
        body: EntryBody,
        response: { 200: Envelope(EntryVO) },
      },
    },
    async (req) => {
      const r = await createEntry(db, currentUser(req), req.body);
      noted(req, r.after.id, r);
      return ok(r.after);
    },
  );

  app.put<IdP & { Body: EntryUpdateBody }>(
    '/api/v1/apply/entries/:id',
    {
      config: can('apply:entry:edit', 'edit'),
      schema: {
        tags,
        summary: "An entry's seed mark and its date",
        params: MeetingIdParams,
        body: EntryUpdateBody,
        response: { 200: Envelope(EntryVO) },
      },
    },
    async (req) => {
      const r = await updateEntry(db, currentUser(req), req.params.id, req.body);
      noted(req, req.params.id, r);
      return ok(r.after);
    },
  );

  app.delete<IdsP>(
    '/api/v1/apply/entries/:ids',
    {
      config: can('apply:entry:delete', 'edit'),
      schema: { tags, summary: 'Withdraw entries', params: IdsParams, response: { 200: Deleted } },
    },
    async (req) => {
      const r = await deleteEntries(db, currentUser(req), parseIds(req.params.ids));
      noted(req, req.params.ids, r);
      return ok({ deleted: r.deleted });
    },
  );

  app.post<{ Body: RelayBody }>(
    '/api/v1/apply/relays',
    {
      config: can('apply:entry:add', 'edit'),
      schema: {
        tags,
        summary: 'A relay team (legs and alternates; may be saved incomplete, submission needs it full)',
        body: RelayBody,
        response: { 200: Envelope(RelayVO) },
      },
    },
    async (req) => {
      const r = await createRelay(db, currentUser(req), req.body);
      noted(req, r.after.id, r);
      return ok(r.after);
    },
  );

  app.put<IdP & { Body: RelayUpdateBody }>(
    '/api/v1/apply/relays/:id',
    {
      config: can('apply:entry:edit', 'edit'),
      schema: {
        tags,
        summary: "A relay team's members and seed mark",
        params: MeetingIdParams,
        body: RelayUpdateBody,
        response: { 200: Envelope(RelayVO) },
      },
    },
    async (req) => {
      const r = await updateRelay(db, currentUser(req), req.params.id, req.body);
      noted(req, req.params.id, r);
      return ok(r.after);
    },
  );

  app.delete<IdsP>(
    '/api/v1/apply/relays/:ids',
    {
      config: can('apply:entry:delete', 'edit'),
      schema: { tags, summary: 'Withdraw relay teams', params: IdsParams, response: { 200: Deleted } },
    },
    async (req) => {
      const r = await deleteRelays(db, currentUser(req), parseIds(req.params.ids));
      noted(req, req.params.ids, r);
      return ok({ deleted: r.deleted });
    },
  );

  // ─── Files ───────────────────────────────────────────────────────────────────────────

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

  // ─── Submission ──────────────────────────────────────────────────────────────────────

  app.get<{ Querystring: ApplyContextQuery }>(
    '/api/v1/apply/summary',
    {
      config: can('apply:submit', 'query'),
      schema: {
        tags,
        summary: 'What a submission sends, and the problems found (blocking or warnings)',
        querystring: ApplyContextQuery,
        response: { 200: Envelope(ApplySummaryVO) },
      },
    },
    async (req) => ok(await applySummary(db, currentUser(req), req.query, req.lang)),
  );

  app.post<{ Body: ApplySubmitBody }>(
    '/api/v1/apply/submit',
    {
      config: can('apply:submit', 'edit'),
      schema: {
        tags,
        summary: 'Submit the draft and returned records for audit (they lock)',
        body: ApplySubmitBody,
        response: { 200: Envelope(ApplySubmitResult) },
      },
    },
    async (req) => {
      const { override, submitted, ...moved } = await submitApply(db, currentUser(req), req.body ?? {});
      noted(req, req.body?.delegationId ?? '', { after: { submitted, ...moved }, override });
      return ok({ submitted });
    },
  );
}
