/** Helpers of spec §3 shared by server and web. */
import { type Static, type TSchema, type TUnsafe, Type } from 'typebox';

const TYPE_WITH_NULL = new Set(['integer', 'number', 'boolean']);

/**
 * The schema `s` or null: the one way every contract writes a nullable field.
 *
 * An integer, number or boolean schema (with its keywords: minimum, maximum, multipleOf…) becomes
 * `{ type: [T, 'null'], …keywords }`; anything else `anyOf: [null, s]`. The static type is the
 * same either way. fast-json-stringify serializes `anyOf` by running a validator over each value
 * to choose the branch, a type list by a `typeof` test: a large round answers about twice as fast.
 *
 * Request validation (Ajv with `coerceTypes: 'array'`) is the same for every querystring value:
 * `?x=` is null, `?x=0` is 0, `?x=a` an error, either way. In a JSON body the union used to turn
 * `0` and `false` into null (its null branch coerces them); a type list keeps them as they are.
 * Strings (enums and formats included) keep the union: there the union turns `""` into null and
 * a type list would keep `""` (or refuse it, with a format, pattern, minLength or enum), which
 * forms sending an empty field rely on.
 */
export function Nullable<T extends TSchema>(s: T): TUnsafe<Static<T> | null> {
  const { type } = s as { type?: unknown };
  if (typeof type === 'string' && TYPE_WITH_NULL.has(type) && !('const' in s)) {
    return Type.Unsafe<Static<T> | null>({ ...s, type: [type, 'null'] });
  }
  return Type.Unsafe<Static<T> | null>(Type.Union([Type.Null(), s]));
}

/** Mask a phone number to its first 3 and last 4 digits: 13812345678 → 138****5678. */
/**
 * What every long-work job answers (lib/jobs.ts: a book, "Generate all"): how far it is (`done`
 * of `total` steps), whether the data moved on since it started, and why it failed (in the
 * request's language). Each job's contract adds its own result.
 */
export const JobFields = {
  id: Type.String(),
  status: Type.Enum(['running', 'done', 'failed'] as const),
  done: Type.Integer({ minimum: 0 }),
  total: Type.Integer({ minimum: 1 }),
  /** The data changed since it was made: starting again makes a new one. */
  stale: Type.Boolean(),
  error: Nullable(Type.String()),
};
/** A job's id in an address: opaque, base64url. */
export const JobId = Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' });

/**
 * A big export as a job (the logs: up to 20,000 rows): `POST <list>/export` starts it with the
 * list's filters, `GET <list>/export/jobs/:job` says how far it is (rows written of all),
 * `GET <list>/export/jobs/:job/file` answers the workbook once done.
 */
export const ExportJobVO = Type.Object({
  ...JobFields,
  /** Once done: the file's name and size. */
  filename: Nullable(Type.String()),
  bytes: Nullable(Type.Integer()),
});
export type ExportJobVO = Static<typeof ExportJobVO>;
export const ExportJobParams = Type.Object({ job: JobId });
export type ExportJobParams = Static<typeof ExportJobParams>;

export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  if (phone.length < 8) return phone;
  return `${phone.slice(0, 3)}${'*'.repeat(phone.length - 7)}${phone.slice(-4)}`;
}

/** Mask an ID number the same way (first 3 + last 4 visible). */
export const maskIdNumber = maskPhone;

/**
 * Birth year-month ("YYYY-MM") from a mainland ID number: 18 digits carry YYYYMMDD at
 * positions 7-14 (the year-month at 7-12); 15-digit legacy numbers carry YYMMDD at 7-12
 * with the century implied as 19. Returns null when the number has neither shape.
 */
export function birthYearMonthFromId(id: string | null | undefined): string | null {
  if (!id) return null;
  const s = id.trim();
  if (/^\d{17}[\dXx]$/.test(s)) return `${s.slice(6, 10)}-${s.slice(10, 12)}`;
  if (/^\d{15}$/.test(s)) return `19${s.slice(6, 8)}-${s.slice(8, 10)}`;
  return null;
}

export interface IdNumberInfo {
  /** ISO date `YYYY-MM-DD`. */
  birthDate: string;
  gender: 'M' | 'F';
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

function realDate(y: number, m: number, d: number): string | null {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * A mainland resident ID number (GB 11643-1999): 18 characters with the ISO 7064 MOD 11-2
 * check character, or the legacy 15 digits (YYMMDD, century 19). Gives the birth date and
 * the gender (17th digit — 15th for legacy numbers — odd means male); null when invalid.
 */
export function parseIdNumber(raw: string | null | undefined, today: Date = new Date()): IdNumberInfo | null {
  if (!raw) return null;
  const id = raw.trim().toUpperCase();
  let birth: string | null;
  let genderDigit: number;
  if (/^\d{17}[\dX]$/.test(id)) {
    const sum = ID_WEIGHTS.reduce((acc, w, i) => acc + w * Number(id[i]), 0);
    if (ID_CHECK[sum % 11] !== id[17]) return null;
    birth = realDate(Number(id.slice(6, 10)), Number(id.slice(10, 12)), Number(id.slice(12, 14)));
    genderDigit = Number(id[16]);
  } else if (/^\d{15}$/.test(id)) {
    birth = realDate(1900 + Number(id.slice(6, 8)), Number(id.slice(8, 10)), Number(id.slice(10, 12)));
    genderDigit = Number(id[14]);
  } else {
    return null;
  }
  if (!birth || birth < '1900-01-01' || birth > today.toISOString().slice(0, 10)) return null;
  return { birthDate: birth, gender: genderDigit % 2 === 1 ? 'M' : 'F' };
}

/** The check character an 18-digit number needs after its first 17 digits. */
export function idCheckChar(first17: string): string {
  const sum = ID_WEIGHTS.reduce((acc, w, i) => acc + w * Number(first17[i]), 0);
  return ID_CHECK[sum % 11]!;
}
