import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, keylen: number, opts: object) => Promise<Buffer>;

// scrypt from node:crypto (ARCHITECTURE §2 allows argon2id or scrypt): no native build.
// N=2^15, r=8, p=1 is OWASP's recommended minimum; 64 MiB of memory bound per hash.
/** log2 N of the minimum, and of new hashes unless PASSWORD_HASH_COST says more (or less, outside production). */
export const PASSWORD_HASH_COST = 15;
let N = 2 ** PASSWORD_HASH_COST;
const R = 8;
const P = 1;
const KEYLEN = 32;
const MAXMEM = 64 * 1024 * 1024 * 2;

/**
 * The cost (log2 N) of the hashes made from now on, set once at start from the configuration
 * (PASSWORD_HASH_COST). A stored hash carries its own N, so hashes of any cost keep verifying.
 */
export function setPasswordHashCost(log2N: number) {
  N = 2 ** log2N;
  dummyHash = null;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, { N, r: R, p: P, maxmem: MAXMEM });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltB64, keyB64] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(keyB64, 'base64');
  const key = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAXMEM,
  });
  return timingSafeEqual(key, expected);
}

/** A hash that never matches, verified against when the user does not exist (same timing). */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

export function randomPassword(): string {
  return randomBytes(12).toString('base64url');
}

/** Letters and digits without the ones read alike (0 O o, 1 l I). */
const READABLE = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A password to hand to a person (read aloud, typed from paper): 12 characters of an alphabet
 * without look-alikes, in groups of four (`Kp7m-x2Qa-9rTz`, about 70 bits); each has letters of
 * both cases and a digit.
 */
export function readablePassword(): string {
  for (;;) {
    const bytes = randomBytes(24);
    const chars: string[] = [];
    // Rejection sampling: 224 is the largest multiple of the alphabet's 56 up to 256 (no bias).
    for (const b of bytes) if (b < 224 && chars.length < 12) chars.push(READABLE[b % READABLE.length]!);
    if (chars.length < 12) continue;
    const text = chars.join('');
    if (!/[a-z]/.test(text) || !/[A-Z]/.test(text) || !/\d/.test(text)) continue;
    return `${text.slice(0, 4)}-${text.slice(4, 8)}-${text.slice(8)}`;
  }
}
