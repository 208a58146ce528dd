/**
 * The error catalogue (spec §8). One table for server and web: the code, the HTTP
 * status the server answers with, and the message in both UI languages.
 */
export type Lang = 'zh-cn' | 'en';

export const LANGS: readonly Lang[] = ['zh-cn', 'en'];

interface CodeEntry {
  readonly status: number;
  readonly zh: string;
  readonly en: string;
}

export const RESULT_CODES = {
  '00000': { status: 200, zh: '成功', en: 'Success' },
  A0001: { status: 400, zh: '请求有误', en: 'Bad request' },
  A0200: { status: 400, zh: '登录失败', en: 'Sign-in failed' },
  A0210: { status: 400, zh: '用户名或密码错误', en: 'Incorrect username or password' },
  A0211: {
    status: 423,
    zh: '登录失败次数过多，账号已锁定，请 {minutes} 分钟后再试',
    en: 'Too many failed sign-ins: the account is locked, try again in {minutes} minutes',
  },
  A0212: { status: 403, zh: '账号已停用', en: 'The account is disabled' },
  A0220: {
    status: 400,
    zh: '凭据解密失败，请刷新页面后重试',
    en: 'The credentials could not be decrypted; reload the page and try again',
  },
  A0230: { status: 401, zh: '访问令牌无效或已过期', en: 'Access token is invalid or has expired' },
  A0233: { status: 401, zh: '登录已过期，请重新登录', en: 'Your session has expired, please sign in again' },
  A0240: { status: 400, zh: '验证码错误或已过期', en: 'The verification code is wrong or has expired' },
  A0301: { status: 403, zh: '没有权限', en: 'You do not have permission to do this' },
  A0400: { status: 400, zh: '参数错误：{detail}', en: 'Invalid input: {detail}' },
  A0404: { status: 404, zh: '资源不存在', en: 'Not found' },
  A0409: {
    status: 409,
    zh: '数据已被他人修改，请刷新后重试',
    en: 'Someone else changed this record; reload and try again',
  },
  A0429: { status: 429, zh: '请求过于频繁，请稍后再试', en: 'Too many requests, please try again later' },
  A0460: {
    status: 409,
    zh: '报名未开放或已截止',
    en: 'Registration is not open for this meeting',
  },
  A0461: {
    status: 409,
    zh: '已提交审核，记录已锁定；被退回的记录可以修改',
    en: 'Submitted for audit: the records are locked; returned records can be changed',
  },
  A0462: { status: 409, zh: '超出报名限制：{detail}', en: 'Registration limit reached: {detail}' },
  A0463: {
    status: 409,
    zh: '该证件号码已在本次赛事报名，同一人只能报名一次',
    en: 'This ID number is already registered in this meeting; a person can register only once',
  },
  A0464: { status: 400, zh: '不符合组别要求：{detail}', en: 'Does not fit the group: {detail}' },
  A0600: { status: 409, zh: '需要确认', en: 'Confirmation needed' },
  /** The client closed its connection before the write finished: nothing was committed (issue 21, fault 2). */
  A0499: {
    status: 499,
    zh: '请求在完成前已被客户端断开，未保存任何更改',
    en: 'The client disconnected before the request finished; nothing was saved',
  },
  B0001: { status: 500, zh: '系统执行出错', en: 'System error' },
  /** Too many requests waiting for the database: shed at once with Retry-After (issue 21, faults 2). */
  B0210: {
    status: 503,
    zh: '系统繁忙，请稍后再试',
    en: 'The server is busy; please try again in a moment',
  },
  /** The disk under the database is full (PostgreSQL 53100, ENOSPC). */
  B0310: {
    status: 507,
    zh: '服务器存储空间已满，数据未保存，请联系管理员清理空间',
    en: "The server's storage is full and nothing was saved; ask the administrator to free space",
  },
  /** The database cannot be reached (connection refused, cut, restarting). */
  C0300: {
    status: 503,
    zh: '服务暂时不可用（数据库无法连接），请稍后再试',
    en: 'The service is temporarily unavailable (the database cannot be reached); please try again shortly',
  },
  /** Redis (REDIS_URL) cannot be reached: what `GET /api/ready` answers so that a balancer sends traffic elsewhere. */
  C0310: {
    status: 503,
    zh: '服务暂时不可用（Redis 无法连接），请稍后再试',
    en: 'The service is temporarily unavailable (Redis cannot be reached); please try again shortly',
  },
  B0002: { status: 500, zh: '系统错误', en: 'System error' },
} as const satisfies Record<string, CodeEntry>;

export type ResultCode = keyof typeof RESULT_CODES;

export const SUCCESS: ResultCode = '00000';

/** Fill `{name}` placeholders of a catalogue message. */
export function formatMessage(code: ResultCode, lang: Lang, params: Record<string, string | number> = {}): string {
  const entry: CodeEntry = RESULT_CODES[code];
  const template = lang === 'en' ? entry.en : entry.zh;
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(params[key] ?? ''));
}

/** Pick the UI language from an Accept-Language header (zh-cn is the default, spec §4). */
export function langFromHeader(header: string | undefined): Lang {
  if (!header) return 'zh-cn';
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh-cn';
}
