import { type Static, Type } from 'typebox';
import { Nullable } from './helpers.js';

/**
 * Communication and personal-centre contracts: verification codes, registration, password
 * recovery, contact binding, files, notices, the realtime channel and dashboard statistics.
 */

// ---------------------------------------------------------------------------------------------
// Limits

/** Verification codes: 6 digits, 5-minute life, one per 60 s and ten per day per target, 5 tries. */
export const VERIFY_CODE = {
  length: 6,
  ttlS: 300,
  resendS: 60,
  perDay: 10,
  maxAttempts: 5,
} as const;

/** Mainland mobile numbers. */
export const MOBILE_NUMBER_PATTERN = '^1[3-9]\\d{9}$';
export const EMAIL_ADDRESS_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
/** Self-registered usernames: a letter, then 3 to 31 letters, digits or underscores. */
export const REGISTER_USERNAME_PATTERN = '^[a-zA-Z][a-zA-Z0-9_]{3,31}$';

/** Uploads: images up to 5 MB, other accepted documents up to 10 MB. */
export const FILE_LIMITS = { imageBytes: 5 * 1024 * 1024, otherBytes: 10 * 1024 * 1024 } as const;
export const FILE_URL_PREFIX = '/api/v1/files/';

// ---------------------------------------------------------------------------------------------
// Verification codes, registration, password recovery, binding

export const ContactType = Type.Union([Type.Literal('MOBILE'), Type.Literal('EMAIL')]);
export type ContactType = Static<typeof ContactType>;

export const CodePurpose = Type.Union([
  Type.Literal('register'),
  Type.Literal('reset-password'),
  Type.Literal('bind-mobile'),
  Type.Literal('bind-email'),
  Type.Literal('dlg-login'),
  Type.Literal('dlg-register'),
  Type.Literal('audit-notice'),
]);
export type CodePurpose = Static<typeof CodePurpose>;

const Contact = Type.String({ minLength: 3, maxLength: 254 });
const Code = Type.String({ minLength: 1, maxLength: 16 });

/** `GET /api/v1/users/send-verification-code` (signed-in user, to bind a contact). */
export const SendBindCodeQuery = Type.Object({
  contact: Contact,
  contactType: ContactType,
  /** The picture code (checked when the captcha is on), as every code that sends a message. */
  captchaKey: Type.String({ maxLength: 64 }),
  captchaCode: Type.String({ maxLength: 16 }),
});
export type SendBindCodeQuery = Static<typeof SendBindCodeQuery>;

/** `POST /api/v1/auth/codes` (public). */
export const SendPublicCodeBody = Type.Object({
  contact: Contact,
  contactType: ContactType,
  purpose: Type.Union([Type.Literal('register'), Type.Literal('reset-password')]),
  captchaKey: Type.String({ maxLength: 64 }),
  captchaCode: Type.String({ maxLength: 16 }),
});
export type SendPublicCodeBody = Static<typeof SendPublicCodeBody>;

/** What a send answers: when another code may be asked for, and how long this one lives. */
export const CodeSent = Type.Object({
  resendAfterS: Type.Integer(),
  expiresInS: Type.Integer(),
});
export type CodeSent = Static<typeof CodeSent>;

export const ForgetPasswordBody = Type.Object({
  contact: Contact,
  contactType: ContactType,
  code: Code,
  newPassword: Type.String({ minLength: 6, maxLength: 64 }),
});
export type ForgetPasswordBody = Static<typeof ForgetPasswordBody>;

export const RegisterBody = Type.Object({
  username: Type.String({ pattern: REGISTER_USERNAME_PATTERN }),
  password: Type.String({ minLength: 6, maxLength: 64 }),
  nickname: Type.String({ minLength: 1, maxLength: 50 }),
  mobile: Type.String({ pattern: MOBILE_NUMBER_PATTERN }),
  code: Code,
});
export type RegisterBody = Static<typeof RegisterBody>;

export const RegisterResult = Type.Object({ userId: Type.Integer(), username: Type.String() });
export type RegisterResult = Static<typeof RegisterResult>;

export const BindMobileBody = Type.Object({ mobile: Type.String({ pattern: MOBILE_NUMBER_PATTERN }), code: Code });
export type BindMobileBody = Static<typeof BindMobileBody>;

export const BindEmailBody = Type.Object({
  email: Type.String({ maxLength: 254, pattern: EMAIL_ADDRESS_PATTERN }),
  code: Code,
});
export type BindEmailBody = Static<typeof BindEmailBody>;

/** The development outbox: codes the console sender "sent", readable by an administrator. */
export const OutboxQuery = Type.Object({
  pageNum: Type.Integer({ minimum: 1, maximum: 2_147_483_647, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
  target: Type.Optional(Type.String({ maxLength: 254 })),
});
export type OutboxQuery = Static<typeof OutboxQuery>;

export const OutboxItem = Type.Object({
  id: Type.Integer(),
  channel: Type.Union([Type.Literal('sms'), Type.Literal('email')]),
  target: Type.String(),
  purpose: Type.String(),
  text: Type.String(),
  createdAt: Type.String(),
});
export type OutboxItem = Static<typeof OutboxItem>;

// ---------------------------------------------------------------------------------------------
// Files and avatar

export const FileVO = Type.Object({
  id: Type.String(),
  url: Type.String(),
  name: Type.String(),
  size: Type.Integer(),
  mime: Type.String(),
});
export type FileVO = Static<typeof FileVO>;

export const AvatarBody = Type.Object({ fileId: Type.String({ pattern: '^[A-Za-z0-9_-]{22}$' }) });
export type AvatarBody = Static<typeof AvatarBody>;

export const AvatarResult = Type.Object({ avatar: Type.String() });

// ---------------------------------------------------------------------------------------------
// Notices

/** 0 draft, 1 published, -1 revoked. */
export const NOTICE_STATUS = { DRAFT: 0, PUBLISHED: 1, REVOKED: -1 } as const;
/** 1 all users, 2 chosen roles, 3 chosen users. */
export const NOTICE_TARGET = { ALL: 1, ROLES: 2, USERS: 3 } as const;

export const NoticeLevel = Type.Union([Type.Literal('L'), Type.Literal('M'), Type.Literal('H')]);
export const NoticeType = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)], {
  description: 'dictionary notice_type',
});
export const NoticeTargetType = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]);

export const NoticeForm = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 200 }),
  content: Type.String({ maxLength: 200_000, description: 'HTML; sanitised by the server' }),
  type: NoticeType,
  level: NoticeLevel,
  targetType: NoticeTargetType,
  targetRoles: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 100 })),
  targetUserIds: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), { maxItems: 5000 })),
});
export type NoticeForm = Static<typeof NoticeForm>;

export const NoticeUpdateBody = Type.Object({
  ...NoticeForm.properties,
  version: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
});
export type NoticeUpdateBody = Static<typeof NoticeUpdateBody>;

export const NoticeFormVO = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  content: Type.String(),
  type: Type.Integer(),
  level: Type.String(),
  targetType: Type.Integer(),
  targetRoles: Type.Array(Type.String()),
  targetUserIds: Type.Array(Type.Integer()),
  status: Type.Integer(),
  version: Type.Integer(),
});
export type NoticeFormVO = Static<typeof NoticeFormVO>;

export const NoticePageQuery = Type.Object({
  pageNum: Type.Integer({ minimum: 1, maximum: 2_147_483_647, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
  keywords: Type.Optional(Type.String({ maxLength: 100 })),
  status: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(-1)])),
  type: Type.Optional(NoticeType),
});
export type NoticePageQuery = Static<typeof NoticePageQuery>;

export const NoticeVO = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  type: Type.Integer(),
  level: Type.String(),
  targetType: Type.Integer(),
  status: Type.Integer(),
  publisherName: Nullable(Type.String()),
  publishedAt: Nullable(Type.String()),
  revokedAt: Nullable(Type.String()),
  createdAt: Type.String(),
  version: Type.Integer(),
});
export type NoticeVO = Static<typeof NoticeVO>;

export const MyNoticeQuery = Type.Object({
  pageNum: Type.Integer({ minimum: 1, maximum: 2_147_483_647, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
  keywords: Type.Optional(Type.String({ maxLength: 100 })),
  /** 0: unread only; 1: read only; absent: all. */
  isRead: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
});
export type MyNoticeQuery = Static<typeof MyNoticeQuery>;

export const MyNoticeVO = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  type: Type.Integer(),
  level: Type.String(),
  publisherName: Nullable(Type.String()),
  publishedAt: Nullable(Type.String()),
  isRead: Type.Integer({ description: '1 read, 0 unread' }),
});
export type MyNoticeVO = Static<typeof MyNoticeVO>;

export const NoticeDetailVO = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  content: Type.String(),
  type: Type.Integer(),
  level: Type.String(),
  status: Type.Integer(),
  publisherName: Nullable(Type.String()),
  publishedAt: Nullable(Type.String()),
});
export type NoticeDetailVO = Static<typeof NoticeDetailVO>;

// ---------------------------------------------------------------------------------------------
// Realtime channel: `GET /api/ws?token=<accessToken>`, JSON text frames.

export const REALTIME_PATH = '/api/ws';

/** Server → client frames, `{topic, data}`. */
export interface RealtimeFrames {
  /** Sent once the connection is registered: who it is for (null when anonymous). */
  welcome: { userId: number | null; anonymous: boolean };
  pong: { at: number };
  echo: unknown;
  /** A notice was published to this user. */
  notice: { id: number; title: string; type: number; level: string };
  /** A notice this user could see was revoked: refresh the unread count. */
  'notice-revoked': { id: number };
  /** The client sent something the server does not understand. */
  error: { message: string };
  /** A start list, result or score of a meeting changed (public: only what became visible). */
  competition: import('./competition.js').CompetitionFrame;
}
export type RealtimeTopic = keyof RealtimeFrames;
export type RealtimeFrame<T extends RealtimeTopic = RealtimeTopic> = { topic: T; data: RealtimeFrames[T] };

/** Client → server frames. */
export type RealtimeClientFrame = { type: 'ping' } | { type: 'echo'; data: unknown };

// ---------------------------------------------------------------------------------------------
// Dashboard statistics

export const VisitBody = Type.Object({ path: Type.String({ minLength: 1, maxLength: 300 }) });
export type VisitBody = Static<typeof VisitBody>;

export const VisitTrendQuery = Type.Object({ days: Type.Integer({ minimum: 7, maximum: 90, default: 7 }) });
export type VisitTrendQuery = Static<typeof VisitTrendQuery>;

export const VisitTrend = Type.Object({
  dates: Type.Array(Type.String({ description: 'YYYY-MM-DD' })),
  pv: Type.Array(Type.Integer()),
  uv: Type.Array(Type.Integer()),
});
export type VisitTrend = Static<typeof VisitTrend>;

export const StatsOverview = Type.Object({
  userCount: Type.Integer(),
  loginsToday: Type.Integer(),
  noticesPublished: Type.Integer(),
  onlineSockets: Type.Integer({ description: 'Open realtime connections on this instance' }),
  onlineUsers: Type.Integer({ description: 'Distinct signed-in users connected to this instance' }),
  pvToday: Type.Integer(),
  uvToday: Type.Integer(),
});
export type StatsOverview = Static<typeof StatsOverview>;
