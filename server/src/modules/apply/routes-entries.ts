import {
  ApplyItemsQuery,
  ApplyItemsVO,
  EntryBody,
  EntryUpdateBody,
  EntryVO,
  RelayBody,
  RelayUpdateBody,
  RelayVO,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../plugins/auth.js';
import { routeKit } from '../../plugins/route-kit.js';
import { applyItems, createEntry, deleteEntries, updateEntry } from './entries.js';
import { createRelay, deleteRelays, updateRelay } from './relays.js';
import { type ApplyDeps, can, recordWrites, tags } from './routes-kit.js';

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

  recordWrites(r, db, {
    path: 'entries',
    perm: 'apply:entry',
    VO: EntryVO,
    Body: EntryBody,
    UpdateBody: EntryUpdateBody,
    summaries: {
      create: 'Enter an athlete in an individual event (limits checked)',
      update: "An entry's seed mark and its date",
      remove: 'Withdraw entries',
    },
    create: createEntry,
    update: updateEntry,
    remove: deleteEntries,
  });

  recordWrites(r, db, {
    path: 'relays',
    perm: 'apply:entry',
    VO: RelayVO,
    Body: RelayBody,
    UpdateBody: RelayUpdateBody,
    summaries: {
      create: 'A relay team (legs and alternates; may be saved incomplete, submission needs it full)',
      update: "A relay team's members and seed mark",
      remove: 'Withdraw relay teams',
    },
    create: createRelay,
    update: updateRelay,
    remove: deleteRelays,
  });
}
