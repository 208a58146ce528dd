import {
  ApplyItemsQuery,
  ApplyItemsVO,
  EntryBody,
  EntryUpdateBody,
  EntryVO,
  MeetingIdParams,
  RelayBody,
  RelayUpdateBody,
  RelayVO,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { parseIds } from '../../lib/paging.js';
import { currentUser } from '../../plugins/auth.js';
import { routeKit } from '../../plugins/route-kit.js';
import { applyItems, createEntry, deleteEntries, updateEntry } from './entries.js';
import { createRelay, deleteRelays, updateRelay } from './relays.js';
import { type ApplyDeps, can, Deleted, IdsParams, noted, tags } from './routes-kit.js';

/** The applied items: the group items with the live quota, individual entries and relay teams. */
export async function applyEntryRoutes(app: FastifyInstance, deps: ApplyDeps) {
  const { db } = deps;
  const r = routeKit(app, tags);

  r.get('/api/v1/apply/items', {
    auth: can('apply:entry:query', 'query'),
    summary: "Group items with the delegation's live quota, its entries and relay teams",
    querystring: ApplyItemsQuery,
    answer: ApplyItemsVO,
    run: (req) => applyItems(db, currentUser(req), req.query),
  });

  r.post('/api/v1/apply/entries', {
    auth: can('apply:entry:add', 'edit'),
    summary: 'Enter an athlete in an individual event (limits checked)',
    body: EntryBody,
    answer: EntryVO,
    run: async (req) => {
      const r = await createEntry(db, currentUser(req), req.body);
      noted(req, r.after.id, r);
      return r.after;
    },
  });

  r.put('/api/v1/apply/entries/:id', {
    auth: can('apply:entry:edit', 'edit'),
    summary: "An entry's seed mark and its date",
    params: MeetingIdParams,
    body: EntryUpdateBody,
    answer: EntryVO,
    run: async (req) => {
      const r = await updateEntry(db, currentUser(req), req.params.id, req.body);
      noted(req, req.params.id, r);
      return r.after;
    },
  });

  r.delete('/api/v1/apply/entries/:ids', {
    auth: can('apply:entry:delete', 'edit'),
    summary: 'Withdraw entries',
    params: IdsParams,
    answer: Deleted,
    run: async (req) => {
      const r = await deleteEntries(db, currentUser(req), parseIds(req.params.ids));
      noted(req, req.params.ids, r);
      return { deleted: r.deleted };
    },
  });

  r.post('/api/v1/apply/relays', {
    auth: can('apply:entry:add', 'edit'),
    summary: 'A relay team (legs and alternates; may be saved incomplete, submission needs it full)',
    body: RelayBody,
    answer: RelayVO,
    run: async (req) => {
      const r = await createRelay(db, currentUser(req), req.body);
      noted(req, r.after.id, r);
      return r.after;
    },
  });

  r.put('/api/v1/apply/relays/:id', {
    auth: can('apply:entry:edit', 'edit'),
    summary: "A relay team's members and seed mark",
    params: MeetingIdParams,
    body: RelayUpdateBody,
    answer: RelayVO,
    run: async (req) => {
      const r = await updateRelay(db, currentUser(req), req.params.id, req.body);
      noted(req, req.params.id, r);
      return r.after;
    },
  });

  r.delete('/api/v1/apply/relays/:ids', {
    auth: can('apply:entry:delete', 'edit'),
    summary: 'Withdraw relay teams',
    params: IdsParams,
    answer: Deleted,
    run: async (req) => {
      const r = await deleteRelays(db, currentUser(req), parseIds(req.params.ids));
      noted(req, req.params.ids, r);
      return { deleted: r.deleted };
    },
  });
}
