/**
 * Who may call each /api route: the declared half of the authorisation matrix
 * (authz-matrix.test.ts calls every route as every caller and compares). Each module declares
 * its routes in its own route-rules.ts (the shared caller groups: callers.ts), merged here. A new
 * route fails that test until it is declared; a rule whose route is gone fails it too.
 *
 * Callers:
 * - anonymous: no token;
 * - root (99), admin (10);
 * - committee (20): admin of meeting 1, the meeting whose records the matrix names;
 * - otherCommittee (20): admin of another meeting only;
 * - delegation (30): the account of delegation 1 of meeting 1, owner of the records named;
 * - otherDelegation (30): the account of a delegation of another meeting;
 * - referee (40): the referee of meeting 1; callRoom (40, role CALL_ROOM): the call-room official
 *   of meeting 1 (its only duty: competition/access.ts); customer (50);
 * - county (60): an area user of meeting 1; countySub (70): an area sub-unit user with no assignment.
 *
 * A rule is 'public' (everyone, anonymous included), 'signed-in' (every caller with a token)
 * or the list of callers allowed. "Allowed" means the request passes the authorisation gate
 * (any answer but 401, 403 and 404); every other caller must get 401 (anonymous), 403 or 404.
 */
import { ACCOUNT_RULES } from '../modules/account/route-rules.js';
import { APPLY_OTHER_COMMITTEE_PASSES, APPLY_RULES } from '../modules/apply/route-rules.js';
import { AREAS_OTHER_COMMITTEE_PASSES, AREAS_RULES } from '../modules/areas/route-rules.js';
import { AUDIT_OTHER_COMMITTEE_PASSES, AUDIT_RULES } from '../modules/audit/route-rules.js';
import { AUTH_RULES } from '../modules/auth/route-rules.js';
import { CODEGEN_RULES } from '../modules/codegen/route-rules.js';
import { CODES_OTHER_COMMITTEE_PASSES, CODES_RULES } from '../modules/codes/route-rules.js';
import { COMPETITION_OTHER_COMMITTEE_PASSES, COMPETITION_RULES } from '../modules/competition/route-rules.js';
import { CONFIG_RULES } from '../modules/config/route-rules.js';
import { CUSTOMERS_OTHER_COMMITTEE_PASSES, CUSTOMERS_RULES } from '../modules/customers/route-rules.js';
import { DELEGATIONS_OTHER_COMMITTEE_PASSES, DELEGATIONS_RULES } from '../modules/delegations/route-rules.js';
import { DEPTS_RULES } from '../modules/depts/route-rules.js';
import { DICTS_RULES } from '../modules/dicts/route-rules.js';
import { DLG_RULES } from '../modules/dlg/route-rules.js';
import { FIELDS_OTHER_COMMITTEE_PASSES, FIELDS_RULES } from '../modules/fields/route-rules.js';
import { FILES_RULES } from '../modules/files/route-rules.js';
import { GROUPS_OTHER_COMMITTEE_PASSES, GROUPS_RULES } from '../modules/groups/route-rules.js';
import { HEALTH_RULES } from '../modules/health/route-rules.js';
import { ITEMS_OTHER_COMMITTEE_PASSES, ITEMS_RULES } from '../modules/items/route-rules.js';
import { LOGS_RULES } from '../modules/logs/route-rules.js';
import { MEETINGS_OTHER_COMMITTEE_PASSES, MEETINGS_RULES } from '../modules/meetings/route-rules.js';
import { MENUS_RULES } from '../modules/menus/route-rules.js';
import { NATURES_OTHER_COMMITTEE_PASSES, NATURES_RULES } from '../modules/natures/route-rules.js';
import { NOTICES_RULES } from '../modules/notices/route-rules.js';
import { PUBLIC_RULES } from '../modules/public/route-rules.js';
import { REALTIME_RULES } from '../modules/realtime/route-rules.js';
import { ROLES_RULES } from '../modules/roles/route-rules.js';
import { STATS_RULES } from '../modules/stats/route-rules.js';
import { USERS_RULES } from '../modules/users/route-rules.js';
import { VERIFICATION_RULES } from '../modules/verification/route-rules.js';

export const CALLERS = [
  'anonymous',
  'root',
  'admin',
  'committee',
  'otherCommittee',
  'delegation',
  'otherDelegation',
  'referee',
  'callRoom',
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

/** The route app.ts registers itself: the API description. */
const APP_RULES: Record<string, Rule> = { 'GET /api/openapi.json': 'public' };

/** The rules of every module (modules/<module>/route-rules.ts), each route in one of them only. */
const MODULE_RULES: readonly Record<string, Rule>[] = [
  APP_RULES,
  ACCOUNT_RULES,
  APPLY_RULES,
  AREAS_RULES,
  AUDIT_RULES,
  AUTH_RULES,
  CODEGEN_RULES,
  CODES_RULES,
  CONFIG_RULES,
  CUSTOMERS_RULES,
  DELEGATIONS_RULES,
  DEPTS_RULES,
  DICTS_RULES,
  DLG_RULES,
  FIELDS_RULES,
  FILES_RULES,
  GROUPS_RULES,
  HEALTH_RULES,
  ITEMS_RULES,
  LOGS_RULES,
  MEETINGS_RULES,
  MENUS_RULES,
  NATURES_RULES,
  NOTICES_RULES,
  PUBLIC_RULES,
  REALTIME_RULES,
  ROLES_RULES,
  STATS_RULES,
  USERS_RULES,
  VERIFICATION_RULES,
  ...COMPETITION_RULES,
];

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
  ...APPLY_OTHER_COMMITTEE_PASSES,
  ...AREAS_OTHER_COMMITTEE_PASSES,
  ...AUDIT_OTHER_COMMITTEE_PASSES,
  ...CODES_OTHER_COMMITTEE_PASSES,
  ...CUSTOMERS_OTHER_COMMITTEE_PASSES,
  ...DELEGATIONS_OTHER_COMMITTEE_PASSES,
  ...FIELDS_OTHER_COMMITTEE_PASSES,
  ...GROUPS_OTHER_COMMITTEE_PASSES,
  ...ITEMS_OTHER_COMMITTEE_PASSES,
  ...MEETINGS_OTHER_COMMITTEE_PASSES,
  ...NATURES_OTHER_COMMITTEE_PASSES,
  ...COMPETITION_OTHER_COMMITTEE_PASSES,
]);

const DECLARED: Record<string, Rule> = {};
for (const rules of MODULE_RULES) {
  for (const [route, rule] of Object.entries(rules)) {
    if (route in DECLARED) throw new Error(`${route} is declared twice in the route rules`);
    DECLARED[route] = rule;
  }
}

for (const route of OTHER_COMMITTEE_PASSES) {
  if (!Array.isArray(DECLARED[route])) throw new Error(`OTHER_COMMITTEE_PASSES: ${route} has no list of callers`);
}

export const ROUTE_RULES: Record<string, Rule> = Object.fromEntries(
  Object.entries(DECLARED).map(([route, rule]) => [
    route,
    OTHER_COMMITTEE_PASSES.has(route) && Array.isArray(rule) ? [...rule, 'otherCommittee'] : rule,
  ]),
);
