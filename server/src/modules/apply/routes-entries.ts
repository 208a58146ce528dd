import {
  ApplyItemsQuery,
  ApplyItemsVO,
  EntryBody,
  EntryUpdateBody,
  EntryVO,
  Envelope,
  MeetingIdParams,
  RelayBody,
  RelayUpdateBody,
  RelayVO,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { parseIds } from '../../lib/paging.js';
import { currentUser } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { applyItems, createEntry, deleteEntries, updateEntry } from './entries.js';
import { createRelay, deleteRelays, updateRelay } from './relays.js';
import { type ApplyDeps, can, Deleted, type IdP, type IdsP, IdsParams, noted, tags } from './routes-kit.js';

/** The applied items: the group items with the live quota, individual entries and relay teams. */
export async function applyEntryRoutes(app: FastifyInstance, deps: ApplyDeps) {
  const { db } = deps;

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
}
