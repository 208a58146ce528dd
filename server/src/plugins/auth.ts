import { ROOT_ROLE, USER_TYPE } from '@baton/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import type { DataVersion } from '../db/data-version.js';
import { AppError } from '../lib/errors.js';
import { preparedSql } from '../lib/sql.js';
import { type AccessClaims, accessClaims, type TokenSettings } from '../modules/auth/tokens.js';

/**
 * Every /api route declares who may call it in `config.auth`:
 * - 'public': anyone;
 * - 'user': any signed-in user;
 * - { perm }: a signed-in user holding one of the permission strings (ROOT passes).
 * A route without a declaration refuses to register, so none is open by accident.
 */
export type RouteAuth = 'public' | 'user' | { perm: string | readonly string[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    user: CurrentUser | null;
  }
}

export interface CurrentUser {
  id: number;
  username: string;
  nickname: string;
  avatar: string | null;
  userType: number;
  deptId: number | null;
  roles: string[];
  perms: string[];
  isRoot: boolean;
  sessionId: string;
  /** For a delegation account (userType 30): the one delegation, and its meeting, it acts for. */
  delegation: { id: number; meetingId: number } | null;
}

export function hasPerm(u: CurrentUser, perm: string | readonly string[]): boolean {
  if (u.isRoot) return true;
  const wanted = typeof perm === 'string' ? [perm] : perm;
  return wanted.some((p) => u.perms.includes(p));
}

/** The signed-in user of a request that declared 'user' or a perm. */
export function currentUser(req: FastifyRequest): CurrentUser {
  if (!req.user) throw new AppError('A0230');
  return req.user;
}

/**
 * The user an access token speaks for: the token's signature and expiry, then in one statement its
 * session still live (not revoked, owned by the user) and the user enabled, with roles, permissions
 * and delegation (a delegation account's meeting not archived). Anything short of that is A0230. Used by every authenticated path (HTTP, files,
 * sockets), so the rule is written once.
 */
export async function authenticate(db: Db, settings: TokenSettings, token: string): Promise<CurrentUser> {
  return userOfSession(db, await accessClaims(settings, token));
}

/** `authenticate` once the token is verified: the statement, and the user it finds. */
async function userOfSession(db: Db, { userId, sessionId }: AccessClaims): Promise<CurrentUser> {
  const [row] = await signedIn(db, { userId, sessionId });
  if (!row || row.status !== 1) throw new AppError('A0230');
  // A delegation account acts only for its delegation, and only until the meeting is archived.
  if (row.user_type === USER_TYPE.DELEGATION && !row.delegation) throw new AppError('A0230');
  // Frozen: the signed-in users cache shares one object between the requests of a session.
  return Object.freeze({
    id: row.id,
    username: row.username,
    nickname: row.nickname,
    avatar: row.avatar,
    userType: row.user_type,
    deptId: row.dept_id,
    roles: Object.freeze(row.roles) as string[],
    perms: Object.freeze(row.perms) as string[],
    delegation: row.delegation && Object.freeze(row.delegation),
    isRoot: row.roles.includes(ROOT_ROLE),
    sessionId,
  });
}

/**
 * The signed-in users of the HTTP routes, kept per session so that a session's requests skip
 * `authenticate`'s statement (its joins over roles and menus) while nothing it reads has changed:
 * every entry is dropped once `DataVersion.auth` moves — a committed write to a user, a role, a
 * menu, a session (sign-out, revocation), a delegation or a meeting, here or (through Redis) on
 * another instance. The token is verified on every request all the same (its expiry), and a refusal
 * is never kept. Not used while Redis is configured but down (another instance's sign-out could not
 * arrive), nor beyond `max` sessions at a time.
 */
export class SignedInUsers {
  readonly #kept = new Map<string, CurrentUser>();
  /** The auth version the kept users were read under. */
  #at = -1;

  constructor(
    readonly version: DataVersion,
    /** Whether to read every request's user afresh now. */
    readonly bypass: () => boolean = () => false,
    readonly max = 10_000,
  ) {}

  get size(): number {
    return this.#kept.size;
  }

  async authenticate(db: Db, settings: TokenSettings, token: string): Promise<CurrentUser> {
    const claims = await accessClaims(settings, token);
    if (this.bypass()) return userOfSession(db, claims);
    const key = `${claims.userId}:${claims.sessionId}`;
    if (this.#at !== this.version.auth) {
      this.#kept.clear();
      this.#at = this.version.auth;
    }
    const hit = this.#kept.get(key);
    if (hit) return hit;
    const readUnder = this.version.auth;
    const user = await userOfSession(db, claims);
    // Kept only if nothing changed while it was read (a sign-out committed meanwhile moved the version).
    if (readUnder === this.version.auth && readUnder === this.#at) {
      if (this.#kept.size >= this.max) this.#kept.delete(this.#kept.keys().next().value as string);
      this.#kept.set(key, user);
    }
    return user;
  }
}

/** `authenticate`'s statement, run on every signed-in request: written once, prepared on PostgreSQL. */
const signedIn = preparedSql<
  { userId: number; sessionId: string },
  {
    id: number;
    username: string;
    nickname: string;
    avatar: string | null;
    user_type: number;
    dept_id: number | null;
    status: number;
    roles: string[];
    perms: string[];
    delegation: { id: number; meetingId: number } | null;
  }
>(
  'auth_signed_in',
  sql`select u.id, u.username, u.nickname, u.avatar, u.user_type, u.dept_id, u.status,
      coalesce((select array_agg(r.code order by r.sort) from sys_user_role ur
        join sys_role r on r.id = ur.role_id and r.status = 1 where ur.user_id = u.id), '{}') as roles,
      coalesce((select array_agg(distinct m.perm) from sys_user_role ur
        join sys_role r on r.id = ur.role_id and r.status = 1
        join sys_role_menu rm on rm.role_id = r.id
        join sys_menu m on m.id = rm.menu_id and m.perm is not null
        where ur.user_id = u.id), '{}') as perms,
      (select json_build_object('id', d.id, 'meetingId', d.meeting_id) from meet_delegation d
        join meet_meeting mt on mt.id = d.meeting_id and mt.status <> 'archived'
        where d.user_id = u.id) as delegation
    from sys_user u
    join auth_session s on s.id = ${sql.placeholder('sessionId')}::text and s.user_id = u.id and s.revoked_at is null
    where u.id = ${sql.placeholder('userId')}::int`,
);

declare module 'fastify' {
  interface FastifyInstance {
    signedInUsers: SignedInUsers;
  }
}

export const authPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db; tokens: () => TokenSettings; version: DataVersion }) => {
    app.decorateRequest('user', null);
    // With REDIS_URL, during an outage (the realtime hub notices it) every request reads its user.
    const users = new SignedInUsers(opts.version, () => app.hasDecorator('realtime') && app.realtime.redisDown);
    app.decorate('signedInUsers', users);

    /** Signs the request in and checks the route's rule; added only to routes that are not public. */
    const signIn = async (req: FastifyRequest) => {
      const rule = req.routeOptions.config.auth;
      if (!rule || rule === 'public') return;
      const header = req.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
      if (!token) throw new AppError('A0230');
      const u = await users.authenticate(opts.db, opts.tokens(), token);
      req.user = u;
      if (rule !== 'user' && !hasPerm(u, rule.perm)) throw new AppError('A0301');
    };

    app.addHook('onRoute', (route) => {
      const rule = route.config?.auth;
      if (route.url.startsWith('/api/') && !rule) {
        throw new Error(`Route ${route.method} ${route.url} declares no config.auth rule`);
      }
      // Public reads (the busiest routes) pay nothing here. The hook runs before the route's own
      // onRequest hooks, as an application-wide hook did.
      if (!rule || rule === 'public') return;
      const own = route.onRequest ? [route.onRequest].flat() : [];
      if (!own.includes(signIn)) route.onRequest = [signIn, ...own];
    });
  },
);
