/** Business constants of spec §9 and the user types of spec §1. */
export const USER_TYPE = {
  ROOT: 99,
  ADMIN: 10,
  COMMITTEE: 20,
  DELEGATION: 30,
  REFEREE: 40,
  CUSTOMER: 50,
  COUNTY: 60,
  COUNTY_SUB: 70,
} as const;

export type UserType = (typeof USER_TYPE)[keyof typeof USER_TYPE];

export const USER_TYPES: readonly UserType[] = Object.values(USER_TYPE);

/** Role code that passes every permission check (spec §6). */
export const ROOT_ROLE = 'ROOT';

/**
 * The built-in role of each user type (the seeded roles of the same code). A user may hold the
 * built-in role of its own type and none of the others: a committee role on an administrator (or
 * the ADMIN role on a committee member) is refused. Roles an administrator defined (any other
 * code) fit every type: their permissions are what they grant.
 */
export const USER_TYPE_ROLE: Readonly<Record<UserType, string>> = {
  [USER_TYPE.ROOT]: ROOT_ROLE,
  [USER_TYPE.ADMIN]: 'ADMIN',
  [USER_TYPE.COMMITTEE]: 'COMMITTEE',
  [USER_TYPE.DELEGATION]: 'DELEGATION',
  [USER_TYPE.REFEREE]: 'REFEREE',
  [USER_TYPE.CUSTOMER]: 'CUSTOMER',
  [USER_TYPE.COUNTY]: 'COUNTY',
  [USER_TYPE.COUNTY_SUB]: 'COUNTY_SUB',
};
const TYPE_ROLE_CODES: ReadonlySet<string> = new Set(Object.values(USER_TYPE_ROLE));

/** May a user of `userType` hold the role `roleCode`? (USER_TYPE_ROLE; server and web share it.) */
export function roleFitsUserType(userType: number, roleCode: string): boolean {
  const own = USER_TYPE_ROLE[userType as UserType];
  if (own === undefined) return false;
  return !TYPE_ROLE_CODES.has(roleCode) || roleCode === own;
}

/** User types only an administrator (or root) may give: root's are checked apart (root only). */
export const ADMIN_USER_TYPES: readonly UserType[] = [USER_TYPE.ROOT, USER_TYPE.ADMIN];

export const HTTP_TIMEOUT_MS = 50_000;

/**
 * The time zone of a meeting when nothing else says (time-zone.ts): the default of
 * `meet_meeting.time_zone` and of the server's BATON_TIME_ZONE, which new meetings take. Every
 * time of a meeting is shown on its own zone, never on this constant.
 */
export const MEETING_TIME_ZONE = 'Asia/Shanghai';
export const MOBILE_BREAKPOINT_PX = 992;
export const PASSWORD_MIN_LENGTH = 6;
export const THEME_COLOR = '#4080FF';
export const BADGE_MAX = 99;
export const MESSAGE_DURATION_S = 3;
export const MESSAGE_OFFSET_PX = 16;
export const NOTIFICATION_DURATION_S = 4.5;
export const WS_RECONNECT_ATTEMPTS = 3;
export const WS_RECONNECT_DELAY_MS = 5000;
export const PROGRESS = { minimum: 0.3, speed: 500, trickleSpeed: 200 } as const;
export const WATERMARK = { zIndex: 9999, gap: [100, 100] as [number, number], rotate: -22 } as const;
export const EDITOR = { undoDepth: 200, tabSize: 4, indentUnit: 2, diffTimeoutMs: 1000 } as const;

export const CAPTCHA_TTL_S = 120;
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_MINUTES = 15;

export const APP_VERSION = '2.18.2';
export const PRODUCT_NAME = 'Baton';
