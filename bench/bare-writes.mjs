// The reference write path (issue 27): a bare Fastify + `pg` route doing the work of Baton's
// `POST /apply/entries` per entry, written plainly by hand, to measure Baton's write path against.
// `DATABASE_URL=… JWT_SECRET=… PORT=… node bench/bare-writes.mjs`; prints `listening <url>`.
//
// Per request: verify the bearer token (HS256, the secret Baton signs with); one transaction: lock
// the delegation with its meeting, read every input of the rules in one statement (the athlete,
// the event of the meeting, its group, the athlete's entries, the delegation's in the event),
// decide the rules (the athlete's delegation and status, the event of the meeting and of the
// athlete's group, no relay, not entered twice, the athlete's and the delegation's limits), then
// insert the entry with its history row and the operation log's line. No framework beyond
// Fastify's JSON body parser; no validation schema, no hooks, no prepared-statement names shared
// with Baton (node-postgres names its own).
import Fastify from 'fastify';
import { jwtVerify } from 'jose';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_MAX ?? 20) });
const secret = new TextEncoder().encode(process.env.JWT_SECRET);
const app = Fastify({ logger: false });

const LOCK = `select m.id as meeting_id, m.max_events_per_athlete, m.max_entries_per_item
  from meet_delegation d join meet_meeting m on m.id = d.meeting_id where d.id = $1 for update of d`;
const READ = `select a.delegation_id, a.group_id, a.status, a.name, gi.group_id as gi_group_id, gi.max_per_delegation,
    i.kind, i.code, i.name as i_name, g.max_events_per_athlete,
    (select count(*)::int from reg_entry e where e.athlete_id = a.id) as mine,
    (select count(*)::int from reg_entry e where e.athlete_id = a.id and e.group_item_id = gi.id) as dup,
    (select count(*)::int from reg_entry e where e.delegation_id = $3 and e.group_item_id = gi.id) as ours
  from reg_athlete a
  left join meet_group_item gi on gi.id = $2
  left join meet_group g on g.id = gi.group_id and g.meeting_id = $4
  left join base_item i on i.id = gi.item_id and g.id is not null
  where a.id = $1`;
const INSERT = `with e as (
    insert into reg_entry (meeting_id, delegation_id, athlete_id, group_item_id, seed_mark, seed_value, status)
    values ($1, $2, $3, $4, $5, $6, 'draft') returning id, version
  ), h as (
    insert into reg_record_history (meeting_id, entity, entity_id, before, after, user_id)
    select $1, 'entry', e.id, null, jsonb_build_object('id', e.id, 'athleteId', $3::int, 'groupItemId', $4::int,
      'seedMark', $5::text, 'status', 'draft'), $7 from e
  ), l as (
    insert into sys_oplog (user_id, method, path, module, action, target, status, code, duration_ms, after)
    select $7, 'POST', '/api/v1/apply/entries', 'bench-reference', 'POST entries', e.id::text, 200, '00000', 0,
      jsonb_build_object('id', e.id) from e
  )
  select id, version from e`;

/** '12.34' → 12.34, '2:05.10' → 125.1; null when there is no mark. */
function markValue(mark) {
  if (mark === null || mark === undefined || mark === '') return null;
  const parts = String(mark).split(':').map(Number);
  const v = parts.reduce((s, x) => s * 60 + x, 0);
  if (!Number.isFinite(v) || v <= 0) throw Object.assign(new Error('bad mark'), { code: 'A0400' });
  return v;
}

const refuse = (reply, status, code, msg) => reply.code(status).send({ code, msg, data: null });

app.post('/api/v1/apply/entries', async (req, reply) => {
  const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  let userId;
  try {
    const { payload } = await jwtVerify(token ?? '', secret, { issuer: 'baton', algorithms: ['HS256'] });
    if (payload.typ !== 'access') throw new Error('not an access token');
    userId = Number(payload.sub);
  } catch {
    return refuse(reply, 401, 'A0230', 'sign in again');
  }
  const { delegationId, athleteId, groupItemId, seedMark } = req.body ?? {};
  if (![delegationId, athleteId, groupItemId].every(Number.isInteger)) return refuse(reply, 400, 'A0400', 'bad body');
  let value;
  try {
    value = markValue(seedMark);
  } catch {
    return refuse(reply, 400, 'A0400', 'bad seed mark');
  }
  const c = await pool.connect();
  let committed = false;
  try {
    await c.query('begin');
    const m = (await c.query({ name: 'lock', text: LOCK, values: [delegationId] })).rows[0];
    if (!m) return refuse(reply, 404, 'A0404', 'no such delegation');
    const r = (
      await c.query({ name: 'read', text: READ, values: [athleteId, groupItemId, delegationId, m.meeting_id] })
    ).rows[0];
    if (!r || r.delegation_id !== delegationId) return refuse(reply, 404, 'A0404', 'no such athlete');
    if (r.status !== 'draft' && r.status !== 'returned') return refuse(reply, 409, 'A0409', 'the athlete is locked');
    if (r.kind === null) return refuse(reply, 400, 'A0400', 'the event is not of this meeting');
    if (r.gi_group_id !== r.group_id) return refuse(reply, 400, 'A0400', "not an event of the athlete's group");
    if (r.kind === 'relay') return refuse(reply, 400, 'A0400', 'relays are entered as teams');
    if (r.dup > 0) return refuse(reply, 400, 'A0400', 'already entered');
    if (r.mine >= (r.max_events_per_athlete ?? m.max_events_per_athlete))
      return refuse(reply, 400, 'A0461', 'the athlete has reached the limit');
    if (r.ours >= (r.max_per_delegation ?? m.max_entries_per_item))
      return refuse(reply, 400, 'A0461', 'the places are taken');
    const e = (
      await c.query({
        name: 'insert',
        text: INSERT,
        values: [m.meeting_id, delegationId, athleteId, groupItemId, seedMark ?? null, value, userId],
      })
    ).rows[0];
    await c.query('commit');
    committed = true;
    return { code: '00000', msg: 'ok', data: { id: Number(e.id), version: e.version } };
  } finally {
    // A refusal above returns before the commit: roll it back.
    if (!committed) await c.query('rollback').catch(() => {});
    c.release();
  }
});

const url = await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
console.log(`listening ${url}`);
process.on('SIGTERM', () =>
  app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0)),
);
