/**
 * Who may call each /api route: the declared half of the authorisation matrix
 * (authz-matrix.test.ts calls every route as every caller and compares). A new route fails that
 * test until it is declared here; a rule whose route is gone fails it too.
 *
 * Callers:
 * - anonymous: no token;
 * - root (99), admin (10);
 * - committee (20): admin of meeting 1, the meeting whose records the matrix names;
 * - otherCommittee (20): admin of another meeting only;
 * - delegation (30): the account of delegation 1 of meeting 1, owner of the records named;
 * - otherDelegation (30): the account of a delegation of another meeting;
 * - referee (40), customer (50);
 * - county (60): an area user of meeting 1; countySub (70): an area sub-unit user with no assignment.
 *
 * A rule is 'public' (everyone, anonymous included), 'signed-in' (every caller with a token)
 * or the list of callers allowed. "Allowed" means the request passes the authorisation gate
 * (any answer but 401, 403 and 404); every other caller must get 401 (anonymous), 403 or 404.
 */
import { COMPETITION_RULES } from '../modules/competition/route-rules.js';

export const CALLERS = [
  'anonymous',
  'root',
  'admin',
  'committee',
  'otherCommittee',
  'delegation',
  'otherDelegation',
  'referee',
  'customer',
  'county',
  'countySub',
] as const;
export type Caller = (typeof CALLERS)[number];
/**
 * 'own-credential': declared public, but the handler demands a credential of its own (a refresh
 * token) that no caller of the matrix sends: everyone is refused with 401.
 * 'websocket': a socket endpoint; a plain HTTP request finds no handler (404) whoever sends it,
 * and the socket checks its own token (plugins/realtime tests).
 */
export type Rule = 'public' | 'signed-in' | 'own-credential' | 'websocket' | readonly Caller[];

/** System administration: root and admin. */
const ADMINS = ['root', 'admin'] as const satisfies readonly Caller[];
/** Meeting management: the system administrators and the committee (of the meeting named). */
const MANAGERS = [...ADMINS, 'committee'] as const satisfies readonly Caller[];
/** Meeting views for managers and area users (each sees the meetings and areas assigned to it). */
const VIEWERS = [...MANAGERS, 'county', 'countySub'] as const satisfies readonly Caller[];
/** A record of meeting 1: its managers and its area user (the sub-unit user is not assigned to it). */
const MEETING_1_VIEWERS = [...MANAGERS, 'county'] as const satisfies readonly Caller[];
/**
 * Registration writes that name their delegation in the body: managers and delegation accounts
 * pass the gate; which delegation a body may name is checked in the service (apply/isolation.test.ts).
 */
const REGISTRATION = [...MANAGERS, 'delegation', 'otherDelegation'] as const satisfies readonly Caller[];
/** A record (or the registration) of delegation 1: its managers and its own account. */
const DELEGATION_1 = [...MANAGERS, 'delegation'] as const satisfies readonly Caller[];

/**
 * Where the committee user of another meeting (otherCommittee) passes the authorisation gate:
 * - base data: reading area codes, fields, items, natures and customers (writing them is the
 *   administrators', see meetings/base-data.ts);
 * - lists and exports filtered to the caller's meetings (meeting 1's rows are not in them; without
 *   a meeting id they answer 400), and creations naming their meeting in the body;
 * - writes on a record of meeting 1 whose (empty) matrix body is refused as 400 before the record
 *   is looked up; the record check itself is tested in object-access.test.ts and base-data.test.ts.
 * Everywhere else it is refused (403, or 404 for meeting 1's records).
 */
const OTHER_COMMITTEE_PASSES = new Set([
  'DELETE /api/v1/area-users', // 400
  'GET /api/v1/area-summary', // 400
  'GET /api/v1/area-summary/export', // 400
  'GET /api/v1/area-users', // 400
  'GET /api/v1/area-users/export', // 400
  'GET /api/v1/area-users/options', // 200
  'GET /api/v1/audit/athletes/page', // 400
  'GET /api/v1/audit/coaches/page', // 400
  'GET /api/v1/audit/overview', // 400
  'GET /api/v1/codes', // 200
  'GET /api/v1/codes/:id/form', // 200
  'GET /api/v1/codes/export', // 200
  'GET /api/v1/competition/meetings/:id/pdf/certificates', // 400
  'PUT /api/v1/competition/meetings/:id/sportsmanship', // 400
  'PUT /api/v1/competition/meetings/:id/team-scoring', // 400
  'GET /api/v1/customers', // 200
  'GET /api/v1/customers/:id/form', // 200
  'GET /api/v1/customers/export', // 200
  'GET /api/v1/delegations', // 400
  'GET /api/v1/delegations/export', // 400
  'GET /api/v1/delegations/template', // 200
  'GET /api/v1/fields', // 200
  'GET /api/v1/fields/:id/form', // 200
  'GET /api/v1/fields/export', // 200
  'GET /api/v1/group-items', // 400
  'GET /api/v1/group-items/export', // 400
  'GET /api/v1/groups', // 400
  'GET /api/v1/groups/export', // 400
  'GET /api/v1/items', // 200
  'GET /api/v1/items/:id/form', // 200
  'GET /api/v1/items/export', // 200
  'GET /api/v1/meetings', // 200
  'GET /api/v1/meetings/admin-options', // 200
  'GET /api/v1/meetings/export', // 200
  'GET /api/v1/natures', // 200
  'GET /api/v1/natures/:id/fields', // 200
  'GET /api/v1/natures/:id/form', // 200
  'GET /api/v1/natures/export', // 200
  'GET /api/v1/stats/registration', // 200
  'POST /api/v1/apply/athletes', // 400
  'POST /api/v1/apply/athletes/import', // 400
  'POST /api/v1/apply/coaches/import', // 400
  'POST /api/v1/apply/coaches', // 400
  'POST /api/v1/apply/entries', // 400
  'POST /api/v1/apply/files', // 400
  'POST /api/v1/apply/relays', // 400
  'POST /api/v1/apply/submit', // 400
  'POST /api/v1/area-users', // 400
  'POST /api/v1/audit/decisions', // 400
  'POST /api/v1/competition/heats/:id/official', // 400
  'POST /api/v1/competition/heats/:id/reopen', // 400
  'POST /api/v1/competition/meetings/:id/bibs', // 400
  'POST /api/v1/competition/meetings/:id/sessions', // 400
  'POST /api/v1/competition/records', // 400
  'POST /api/v1/competition/starts/:id/move', // 400
  'POST /api/v1/competition/starts/:id/trials', // 400
  'POST /api/v1/delegations', // 400
  'POST /api/v1/delegations/:id/review', // 400
  'POST /api/v1/delegations/batch', // 400
  'POST /api/v1/delegations/from-customers', // 400
  'POST /api/v1/delegations/import', // 400
  'POST /api/v1/group-items', // 400
  'POST /api/v1/groups', // 400
  'POST /api/v1/groups/copy', // 400
  'POST /api/v1/meetings', // 400
  'POST /api/v1/meetings/:id/status', // 400
  'PUT /api/v1/apply/delegation', // 400
  'PUT /api/v1/competition/heats/:id/results', // 400
  'PUT /api/v1/competition/meetings/:id/bibs', // 400
  'PUT /api/v1/competition/records/:id', // 400
  'PUT /api/v1/competition/rounds/:id', // 400
  'PUT /api/v1/competition/rounds/:id/schedule', // 400
  'PUT /api/v1/competition/sessions/:id', // 400
  'PUT /api/v1/delegations/:id', // 400
  'PUT /api/v1/group-items/:id', // 400
  'PUT /api/v1/groups/:id', // 400
  'PUT /api/v1/groups/:id/fields', // 400
  'PUT /api/v1/meetings/:id', // 400
  'PUT /api/v1/meetings/:id/admins', // 400
  'PUT /api/v1/meetings/:id/officials', // 400
  'PUT /api/v1/meetings/:id/fields', // 400
  'PUT /api/v1/meetings/:id/remark', // 400
]);

const DECLARED: Record<string, Rule> = {
  'GET /api/openapi.json': 'public',
  'GET /api/health': 'public',
  'GET /api/ready': 'public',
  'POST /api/v1/apply/athletes': REGISTRATION,
  'PUT /api/v1/apply/athletes/:id': DELEGATION_1,
  'GET /api/v1/apply/athletes/:id/form': DELEGATION_1,
  'DELETE /api/v1/apply/athletes/:ids': DELEGATION_1,
  'POST /api/v1/apply/athletes/import': REGISTRATION,
  'GET /api/v1/apply/athletes/page': DELEGATION_1,
  'GET /api/v1/apply/athletes/template': DELEGATION_1,
  'GET /api/v1/apply/athletes/export': DELEGATION_1,
  'POST /api/v1/apply/coaches': REGISTRATION,
  'POST /api/v1/apply/coaches/import': REGISTRATION,
  'GET /api/v1/apply/coaches/template': DELEGATION_1,
  'PUT /api/v1/apply/coaches/:id': DELEGATION_1,
  'GET /api/v1/apply/coaches/:id/form': DELEGATION_1,
  'DELETE /api/v1/apply/coaches/:ids': DELEGATION_1,
  'GET /api/v1/apply/coaches/page': DELEGATION_1,
  'GET /api/v1/apply/context': DELEGATION_1,
  'PUT /api/v1/apply/delegation': REGISTRATION,
  'POST /api/v1/apply/entries': REGISTRATION,
  'PUT /api/v1/apply/entries/:id': DELEGATION_1,
  'DELETE /api/v1/apply/entries/:ids': DELEGATION_1,
  'GET /api/v1/apply/files': DELEGATION_1,
  'POST /api/v1/apply/files': REGISTRATION,
  'DELETE /api/v1/apply/files/:id': DELEGATION_1,
  'GET /api/v1/apply/items': DELEGATION_1,
  'POST /api/v1/apply/relays': REGISTRATION,
  'PUT /api/v1/apply/relays/:id': DELEGATION_1,
  'DELETE /api/v1/apply/relays/:ids': DELEGATION_1,
  'POST /api/v1/apply/submit': REGISTRATION,
  'GET /api/v1/apply/summary': DELEGATION_1,
  'GET /api/v1/area-summary': VIEWERS,
  'GET /api/v1/area-summary/export': VIEWERS,
  'DELETE /api/v1/area-users': MANAGERS,
  'GET /api/v1/area-users': MANAGERS,
  'POST /api/v1/area-users': MANAGERS,
  'GET /api/v1/area-users/export': MANAGERS,
  'GET /api/v1/area-users/options': MANAGERS,
  'GET /api/v1/audit/athletes/:id': MEETING_1_VIEWERS,
  'GET /api/v1/audit/athletes/page': VIEWERS,
  'GET /api/v1/audit/coaches/:id': MEETING_1_VIEWERS,
  'GET /api/v1/audit/coaches/page': VIEWERS,
  'POST /api/v1/audit/decisions': VIEWERS,
  'GET /api/v1/audit/overview': VIEWERS,
  'GET /api/v1/auth/captcha': 'public',
  'POST /api/v1/auth/codes': 'public',
  'POST /api/v1/auth/forget-password': 'public',
  'GET /api/v1/auth/getAccessTokenByRefreshToken': 'own-credential',
  'POST /api/v1/auth/login': 'public',
  'DELETE /api/v1/auth/logout': 'signed-in',
  'GET /api/v1/auth/public-key': 'public',
  'POST /api/v1/auth/register': 'public',
  'GET /api/v1/codegen/tables': ADMINS,
  'GET /api/v1/codegen/tables/:name/preview': ADMINS,
  'GET /api/v1/codes': MANAGERS,
  'POST /api/v1/codes': ADMINS,
  'PUT /api/v1/codes/:id': ADMINS,
  'GET /api/v1/codes/:id/form': MANAGERS,
  'DELETE /api/v1/codes/:ids': ADMINS,
  'GET /api/v1/codes/export': MANAGERS,
  'POST /api/v1/codes/import': ADMINS,
  'GET /api/v1/codes/template': ADMINS,
  'POST /api/v1/config': ADMINS,
  'PUT /api/v1/config/:id': ADMINS,
  'GET /api/v1/config/:id/form': ADMINS,
  'DELETE /api/v1/config/:ids': ADMINS,
  'GET /api/v1/config/page': ADMINS,
  'GET /api/v1/config/public': 'public',
  'POST /api/v1/config/refresh': ADMINS,
  'GET /api/v1/customers': MANAGERS,
  'POST /api/v1/customers': ADMINS,
  'PUT /api/v1/customers/:id': ADMINS,
  'GET /api/v1/customers/:id/form': MANAGERS,
  'DELETE /api/v1/customers/:ids': ADMINS,
  'GET /api/v1/customers/export': MANAGERS,
  'GET /api/v1/delegations': VIEWERS,
  'POST /api/v1/delegations': MANAGERS,
  'PUT /api/v1/delegations/:id': MANAGERS,
  'GET /api/v1/delegations/:id/form': MEETING_1_VIEWERS,
  'POST /api/v1/delegations/:id/review': MANAGERS,
  'DELETE /api/v1/delegations/:ids': MANAGERS,
  'POST /api/v1/delegations/batch': MANAGERS,
  'GET /api/v1/delegations/export': VIEWERS,
  'POST /api/v1/delegations/from-customers': MANAGERS,
  'POST /api/v1/delegations/import': MANAGERS,
  'GET /api/v1/delegations/template': MANAGERS,
  'GET /api/v1/dept': ADMINS,
  'POST /api/v1/dept': ADMINS,
  'PUT /api/v1/dept/:id': ADMINS,
  'GET /api/v1/dept/:id/form': ADMINS,
  'DELETE /api/v1/dept/:ids': ADMINS,
  'GET /api/v1/dept/options': 'signed-in',
  'POST /api/v1/dict': ADMINS,
  'POST /api/v1/dict-data': ADMINS,
  'PUT /api/v1/dict-data/:id': ADMINS,
  'GET /api/v1/dict-data/:id/form': ADMINS,
  'DELETE /api/v1/dict-data/:ids': ADMINS,
  'GET /api/v1/dict-data/page': ADMINS,
  'PUT /api/v1/dict/:id': ADMINS,
  'GET /api/v1/dict/:id/form': ADMINS,
  'DELETE /api/v1/dict/:ids': ADMINS,
  'GET /api/v1/dict/list': 'public',
  'GET /api/v1/dict/lista': 'signed-in',
  'GET /api/v1/dict/page': ADMINS,
  'GET /api/v1/fields': MANAGERS,
  'POST /api/v1/fields': ADMINS,
  'PUT /api/v1/fields/:id': ADMINS,
  'GET /api/v1/fields/:id/form': MANAGERS,
  'DELETE /api/v1/fields/:ids': ADMINS,
  'GET /api/v1/fields/export': MANAGERS,
  'POST /api/v1/files': 'signed-in',
  // A registration document of delegation 1 (files/access.ts): its meeting's managers and area users, and its own account.
  'GET /api/v1/files/:id': [...MEETING_1_VIEWERS, 'delegation'],
  'GET /api/v1/group-items': MANAGERS,
  'POST /api/v1/group-items': MANAGERS,
  'PUT /api/v1/group-items/:id': MANAGERS,
  'GET /api/v1/group-items/:id/form': MANAGERS,
  'DELETE /api/v1/group-items/:ids': MANAGERS,
  'GET /api/v1/group-items/export': MANAGERS,
  'GET /api/v1/groups': MANAGERS,
  'POST /api/v1/groups': MANAGERS,
  'PUT /api/v1/groups/:id': MANAGERS,
  'GET /api/v1/groups/:id/fields': MANAGERS,
  'PUT /api/v1/groups/:id/fields': MANAGERS,
  'GET /api/v1/groups/:id/form': MANAGERS,
  'DELETE /api/v1/groups/:ids': MANAGERS,
  'POST /api/v1/groups/copy': MANAGERS,
  'GET /api/v1/groups/export': MANAGERS,
  'GET /api/v1/items': MANAGERS,
  'POST /api/v1/items': ADMINS,
  'PUT /api/v1/items/:id': ADMINS,
  'GET /api/v1/items/:id/form': MANAGERS,
  'DELETE /api/v1/items/:ids': ADMINS,
  'GET /api/v1/items/export': MANAGERS,
  'GET /api/v1/logs/login/export': ADMINS,
  'GET /api/v1/logs/login/page': ADMINS,
  'GET /api/v1/logs/operation/:id': ADMINS,
  'GET /api/v1/logs/operation/export': ADMINS,
  'GET /api/v1/logs/operation/page': ADMINS,
  'GET /api/v1/meetings': VIEWERS,
  'POST /api/v1/meetings': MANAGERS,
  'PUT /api/v1/meetings/:id': MANAGERS,
  'GET /api/v1/meetings/:id/admins': MANAGERS,
  'PUT /api/v1/meetings/:id/admins': MANAGERS,
  'GET /api/v1/meetings/:id/officials': MANAGERS,
  'PUT /api/v1/meetings/:id/officials': MANAGERS,
  'GET /api/v1/meetings/:id/fields': MEETING_1_VIEWERS,
  'PUT /api/v1/meetings/:id/fields': MANAGERS,
  'GET /api/v1/meetings/:id/form': MEETING_1_VIEWERS,
  'GET /api/v1/meetings/:id/remark': MEETING_1_VIEWERS,
  'PUT /api/v1/meetings/:id/remark': MANAGERS,
  'POST /api/v1/meetings/:id/status': MANAGERS,
  'GET /api/v1/meetings/:id/status-log': MEETING_1_VIEWERS,
  'DELETE /api/v1/meetings/:ids': ADMINS,
  'GET /api/v1/meetings/admin-options': MANAGERS,
  'GET /api/v1/meetings/by-code/:code': 'public',
  'GET /api/v1/meetings/export': MANAGERS,
  'GET /api/v1/menus': ADMINS,
  'POST /api/v1/menus': ADMINS,
  'DELETE /api/v1/menus/:id': ADMINS,
  'PUT /api/v1/menus/:id': ADMINS,
  'GET /api/v1/menus/:id/form': ADMINS,
  'GET /api/v1/menus/options': 'signed-in',
  'GET /api/v1/menus/routes': 'signed-in',
  'GET /api/v1/natures': MANAGERS,
  'POST /api/v1/natures': ADMINS,
  'PUT /api/v1/natures/:id': ADMINS,
  'GET /api/v1/natures/:id/fields': MANAGERS,
  'PUT /api/v1/natures/:id/fields': ADMINS,
  'GET /api/v1/natures/:id/form': MANAGERS,
  'DELETE /api/v1/natures/:ids': ADMINS,
  'GET /api/v1/natures/export': MANAGERS,
  'POST /api/v1/notices': ADMINS,
  'PUT /api/v1/notices/:id': ADMINS,
  // A notice sent to delegation 1's account only: it, and the system managers.
  'GET /api/v1/notices/:id/detail': [...ADMINS, 'delegation'],
  'GET /api/v1/notices/:id/form': ADMINS,
  'PUT /api/v1/notices/:id/publish': ADMINS,
  'PUT /api/v1/notices/:id/revoke': ADMINS,
  'DELETE /api/v1/notices/:ids': ADMINS,
  'GET /api/v1/notices/my-page': 'signed-in',
  'GET /api/v1/notices/page': ADMINS,
  'PUT /api/v1/notices/read-all': 'signed-in',
  'GET /api/v1/notices/unread-count': 'signed-in',
  'GET /api/v1/outbox/page': ADMINS,
  'GET /api/v1/public/home': 'public',
  'GET /api/v1/public/meetings/:id/counts': 'public',
  'GET /api/v1/public/meetings/:id/delegations': 'public',
  'GET /api/v1/public/meetings/:id/entries': 'public',
  'POST /api/v1/public/meetings/:id/self-register': 'public',
  'POST /api/v1/public/query': 'public',
  'POST /api/v1/public/query/by-mobile': 'public',
  'POST /api/v1/public/sms-code': 'public',
  'POST /api/v1/roles': ADMINS,
  'PUT /api/v1/roles/:id': ADMINS,
  'GET /api/v1/roles/:id/form': ADMINS,
  'GET /api/v1/roles/:id/menuIds': ADMINS,
  'PUT /api/v1/roles/:id/menus': ADMINS,
  'DELETE /api/v1/roles/:ids': ADMINS,
  'GET /api/v1/roles/options': 'signed-in',
  'GET /api/v1/roles/page': ADMINS,
  'GET /api/v1/stats/overview': ADMINS,
  'GET /api/v1/stats/registration': VIEWERS,
  'POST /api/v1/stats/visit': 'public',
  'GET /api/v1/stats/visit-trend': 'signed-in',
  'GET /api/v1/userProps/me': 'signed-in',
  'POST /api/v1/users': ADMINS,
  'PUT /api/v1/users/:id': ADMINS,
  'GET /api/v1/users/:id/form': ADMINS,
  'PUT /api/v1/users/:id/password/reset': ADMINS,
  'DELETE /api/v1/users/:ids': ADMINS,
  'PUT /api/v1/users/avatar': 'signed-in',
  'PUT /api/v1/users/email': 'signed-in',
  'GET /api/v1/users/export': ADMINS,
  'GET /api/v1/users/getUser': ADMINS,
  'POST /api/v1/users/import': ADMINS,
  'PUT /api/v1/users/mobile': 'signed-in',
  'GET /api/v1/users/options': 'signed-in',
  'GET /api/v1/users/page': ADMINS,
  'PUT /api/v1/users/password': 'signed-in',
  'GET /api/v1/users/profile': 'signed-in',
  'PUT /api/v1/users/profile': 'signed-in',
  'GET /api/v1/users/send-verification-code': 'signed-in',
  'GET /api/v1/users/template': ADMINS,
  'POST /api/v2/dlg/login': 'public',
  'GET /api/v2/dlg/meetings': 'public',
  'POST /api/v2/dlg/sms-code': 'public',
  'GET /api/ws': 'websocket',
  ...COMPETITION_RULES,
};

for (const route of OTHER_COMMITTEE_PASSES) {
  if (!Array.isArray(DECLARED[route])) throw new Error(`OTHER_COMMITTEE_PASSES: ${route} has no list of callers`);
}

export const ROUTE_RULES: Record<string, Rule> = Object.fromEntries(
  Object.entries(DECLARED).map(([route, rule]) => [
    route,
    OTHER_COMMITTEE_PASSES.has(route) && Array.isArray(rule) ? [...rule, 'otherCommittee'] : rule,
  ]),
);
