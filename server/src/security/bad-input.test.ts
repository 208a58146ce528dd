import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, makeTestApp, signInDelegation, type TestApp } from '../test/app.js';
import { zipOf } from '../test/zip.js';
import { changedTables, databaseDigest } from './digest.js';

/**
 * Property-based bad input over every route of the real app: bodies derived from each route's
 * own TypeBox schema and then broken (a required field dropped, a field of the wrong type, an
 * extra or prototype-polluting key, an oversized string or array, hostile text), arbitrary
 * JSON and bytes, broken query strings and path parameters, and broken multipart uploads.
 * Every answer must be a success or a 4xx envelope `{code, data: null, msg}` — never a 500 —
 * and a batch of requests that were all refused must leave the database as it was.
 *
 * The seed is fixed (BAD_INPUT_SEED overrides it) and printed, so a failure replays exactly.
 */
const SEED = Number(process.env.BAD_INPUT_SEED ?? 20_261_122);
/**
 * The full count on the embedded database; a quarter on PostgreSQL (the same validation code,
 * so its run looks for the driver's own failures — NUL bytes, out-of-range numbers — and keeps
 * CI inside its time).
 */
const SHARE = process.env.BATON_TEST_DB === 'postgres' ? 0.25 : 1;
const runs = (n: number) => Math.max(2, Math.round(n * SHARE));
// Per route and caller. Every route is tried with every kind of input; the seed is fixed, so a
// run tries the same inputs each time (BAD_INPUT_SEED for others).
const RUNS_BODY = runs(12);
const RUNS_ARBITRARY = runs(4);
const RUNS_QUERY = runs(5);
const RUNS_MULTIPART = runs(12);

/** Tables a refused request may legitimately write: logs, sessions, rate limits, captchas, codes. */
const VOLATILE = new Set([
  'sys_oplog',
  'sys_login_log',
  'auth_session',
  'auth_captcha',
  'auth_code',
  'stat_visit_day',
  'stat_visitor',
  'sys_outbox',
  '__drizzle_migrations',
]);

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Schema = Record<string, unknown>;

interface RouteInfo {
  method: string;
  url: string; // fastify form, `/api/v1/users/:id`
  schema: { body?: Schema; querystring?: Schema; params?: Schema; consumes?: string[] };
  auth: unknown;
}

// ---------------------------------------------------------------------------------------------
// Hostile values

const HOSTILE_STRINGS = [
  "' or 1=1 --",
  "'; drop table sys_user; --",
  '" or ""="',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFFx',
  '\u202Eevil\u202C',
  '\u200B\u200D\uFEFF',
  '👨‍👩‍👧‍👦🏳️‍🌈',
  'e\u0301\u0301\u0301\u0301\u0301\u0301',
  'Z̴̡̢͇̈́̈́a̸͎̐l̶̰͝g̷̱̈́o̶̟͐',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  `\${7*7}{{7*7}}`,
  '=cmd|"/c calc"!A1',
  '\r\nSet-Cookie: x=1',
  ' ',
  '',
  '__proto__',
  'constructor',
  '1e400',
  '-0',
  'NaN',
  '2026-02-30',
  '9999-99-99T99:99:99Z',
];
const HOSTILE_NUMBERS = [
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  -1,
  0,
  1.5,
  -0.000001,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
];

function nested(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** Raw JSON text of a hostile value of any type (raw, so deep nesting costs no recursion here). */
const hostileRaw: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS).map((s) => JSON.stringify(s)),
  fc.constantFrom(...HOSTILE_NUMBERS).map((n) => JSON.stringify(n)),
  // JSON.parse reads these as ±Infinity and -0.
  fc.constantFrom('1e400', '-1e400', '-0', '1E+2', '0.1e1'),
  fc.constantFrom('null', 'true', 'false', '[]', '{}', '[null]', '[1,"a",{}]', '{"__proto__":{"isAdmin":true}}'),
  fc.constantFrom(
    '{"constructor":{"prototype":{"polluted":1}}}',
    JSON.stringify('x'.repeat(200_000)),
    JSON.stringify(Array.from({ length: 20_000 }, (_, i) => i)),
    nested(3000, 'array'),
    nested(3000, 'object'),
  ),
  fc.string({ unit: 'grapheme', maxLength: 40 }).map((s) => JSON.stringify(s)),
  fc.string({ unit: 'binary', maxLength: 40 }).map((s) => JSON.stringify(s)),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
);

// ---------------------------------------------------------------------------------------------
// Schema → arbitraries

function isObj(v: unknown): v is Schema {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function patternString(pattern: string, maxLength?: number): fc.Arbitrary<string> {
  try {
    const re = new RegExp(pattern);
    return fc.stringMatching(re, { size: 'small' }).filter((s) => maxLength === undefined || s.length <= maxLength);
  } catch {
    return fc.string({ maxLength: maxLength ?? 20 });
  }
}

function formatString(format: string): fc.Arbitrary<string> | null {
  switch (format) {
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'email':
      return fc.emailAddress();
    case 'uri':
    case 'url':
      return fc.webUrl();
    default:
      return null;
  }
}

/** Values that satisfy the schema (as far as a generator can tell; the server decides). */
function validArb(schema: Schema | undefined, depth = 0): fc.Arbitrary<Json> {
  if (!schema || depth > 6) return fc.constant(null);
  if ('const' in schema) return fc.constant(schema.const as Json);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as Json[]));
  const union = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (Array.isArray(union) && union.length) return fc.oneof(...union.map((s) => validArb(s, depth + 1)));
  if (Array.isArray(schema.allOf) && schema.allOf.length) return validArb(schema.allOf[0] as Schema, depth + 1);
  const type = Array.isArray(schema.type) ? (schema.type[0] as string) : (schema.type as string | undefined);
  switch (type) {
    case 'string': {
      const maxLength = schema.maxLength as number | undefined;
      const minLength = (schema.minLength as number | undefined) ?? 0;
      if (typeof schema.pattern === 'string') return patternString(schema.pattern, maxLength);
      const fmt = typeof schema.format === 'string' ? formatString(schema.format) : null;
      if (fmt) return fmt;
      return fc.string({ minLength, maxLength: Math.min(maxLength ?? 30, Math.max(minLength, 30)) });
    }
    case 'integer': {
      const min = (schema.minimum as number | undefined) ?? -1000;
      const max = (schema.maximum as number | undefined) ?? 1_000_000;
      return fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) });
    }
    case 'number': {
      const min = (schema.minimum as number | undefined) ?? -1e6;
      const max = (schema.maximum as number | undefined) ?? 1e6;
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minItems = (schema.minItems as number | undefined) ?? 0;
      const maxItems = Math.min((schema.maxItems as number | undefined) ?? 4, Math.max(minItems, 4));
      return fc.array(validArb(schema.items as Schema | undefined, depth + 1), {
        minLength: minItems,
        maxLength: maxItems,
      });
    }
    case 'object':
    case undefined: {
      const props = isObj(schema.properties) ? (schema.properties as Record<string, Schema>) : null;
      if (props) {
        const required = new Set((schema.required as string[] | undefined) ?? []);
        const record: Record<string, fc.Arbitrary<Json>> = {};
        for (const [k, s] of Object.entries(props)) record[k] = validArb(s, depth + 1);
        return fc.record(record, { requiredKeys: [...required].filter((k) => k in props) }) as fc.Arbitrary<Json>;
      }
      if (isObj(schema.patternProperties) || isObj(schema.additionalProperties)) {
        return fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), {
          maxKeys: 3,
        }) as fc.Arbitrary<Json>;
      }
      return type === 'object' ? fc.constant({}) : (fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>);
    }
    default:
      return fc.constant(null);
  }
}

/** Where a value sits in a body: a path of keys and, for the mutation, the sub-schema there. */
interface Slot {
  path: string[];
  schema: Schema;
}

function slots(schema: Schema, path: string[] = [], depth = 0): Slot[] {
  const out: Slot[] = [];
  if (depth > 4) return out;
  const props = isObj(schema.properties) ? (schema.properties as Record<string, Schema>) : {};
  for (const [k, s] of Object.entries(props)) {
    out.push({ path: [...path, k], schema: s });
    if (isObj(s.properties)) out.push(...slots(s, [...path, k], depth + 1));
  }
  return out;
}

function typeOf(schema: Schema): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  // A nullable primitive (contracts' Nullable): `type: [T, 'null']`.
  if (Array.isArray(schema.type)) return schema.type.find((t): t is string => typeof t === 'string' && t !== 'null');
  const union = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  return union?.map((s) => s.type).find((t): t is string => typeof t === 'string' && t !== 'null');
}

/** One broken body: raw JSON text plus a short description for the failure report. */
interface Mutant {
  what: string;
  text: string;
}

function setAt(target: Record<string, unknown>, path: string[], value: unknown): void {
  let node = target;
  for (const k of path.slice(0, -1)) {
    if (!isObj(node[k])) node[k] = {};
    node = node[k] as Record<string, unknown>;
  }
  node[path[path.length - 1]!] = value;
}

function dropAt(target: Record<string, unknown>, path: string[]): void {
  let node = target;
  for (const k of path.slice(0, -1)) {
    if (!isObj(node[k])) return;
    node = node[k] as Record<string, unknown>;
  }
  delete node[path[path.length - 1]!];
}

const RAW = '\u0001raw\u0001';

/** Stringify, then splice raw JSON texts (hostile values) in place of their placeholders. */
function render(value: unknown, raws: string[]): string {
  let text = JSON.stringify(value);
  raws.forEach((raw, i) => {
    text = text.replace(JSON.stringify(`${RAW}${i}`), () => raw);
  });
  return text;
}

function oversized(schema: Schema, base: Json): Json {
  const type = typeOf(schema);
  if (type === 'string')
    return 'x'.repeat(Math.min(((schema.maxLength as number | undefined) ?? 200_000) + 1, 400_000));
  if (type === 'array') {
    const n = Math.min(((schema.maxItems as number | undefined) ?? 5000) + 1, 20_000);
    const one = Array.isArray(base) && base.length ? base[0]! : 1;
    return Array.from({ length: n }, () => one);
  }
  if (type === 'integer' || type === 'number') {
    const max = schema.maximum as number | undefined;
    return max !== undefined ? max + 1 : 2 ** 63;
  }
  return 'x'.repeat(100_000);
}

function mutantArb(schema: Schema | undefined): fc.Arbitrary<Mutant> {
  const body = schema ?? { type: 'object' };
  const all = slots(body);
  const required = all.filter((s) => {
    const parent = s.path.length === 1 ? body : null;
    return parent && ((parent.required as string[] | undefined) ?? []).includes(s.path[0]!);
  });
  const base = validArb(body).map((v) => (isObj(v) ? v : {}) as Record<string, Json>);
  const kinds: (fc.Arbitrary<Mutant> | fc.WeightedArbitrary<Mutant>)[] = [
    // extra and prototype-polluting keys
    fc
      .tuple(
        base,
        fc.constantFrom('__proto__', 'constructor', 'prototype', 'extra', 'id', 'userId', 'isRoot'),
        hostileRaw,
      )
      .map(([v, key, raw]) => ({
        what: `extra key ${key}`,
        text: render({ ...v, [key]: `${RAW}0` }, [raw]),
      })),
    // the whole body of another type
    hostileRaw.map((raw) => ({ what: 'body of another type', text: raw })),
  ];
  if (all.length) {
    const slot = fc.constantFrom(...all);
    kinds.push(
      // wrong type or hostile value in one field
      fc.tuple(base, slot, hostileRaw).map(([v, s, raw]) => {
        const copy = structuredClone(v) as Record<string, unknown>;
        setAt(copy, s.path, `${RAW}0`);
        return { what: `field ${s.path.join('.')} = ${raw.slice(0, 60)}`, text: render(copy, [raw]) };
      }),
      // oversized string / array / number out of range
      fc.tuple(base, slot).map(([v, s]) => {
        const copy = structuredClone(v) as Record<string, unknown>;
        let current: unknown = copy;
        for (const k of s.path) current = isObj(current) ? current[k] : undefined;
        setAt(copy, s.path, oversized(s.schema, (current ?? null) as Json));
        return { what: `oversized ${s.path.join('.')}`, text: JSON.stringify(copy) };
      }),
      // hostile text in every string field at once
      fc.tuple(base, fc.constantFrom(...HOSTILE_STRINGS)).map(([v, text]) => {
        const copy = structuredClone(v) as Record<string, unknown>;
        for (const s of all) if (typeOf(s.schema) === 'string') setAt(copy, s.path, text);
        return { what: `every string = ${JSON.stringify(text).slice(0, 40)}`, text: JSON.stringify(copy) };
      }),
    );
  }
  const texts = all.filter((s) => typeOf(s.schema) === 'string');
  if (texts.length) {
    // hostile text in one string field, the rest as valid as the generator can make it
    kinds.push({
      weight: 4,
      arbitrary: fc.tuple(base, fc.constantFrom(...texts), fc.constantFrom(...HOSTILE_STRINGS)).map(([v, s, text]) => {
        const copy = structuredClone(v) as Record<string, unknown>;
        setAt(copy, s.path, text);
        return { what: `field ${s.path.join('.')} = ${JSON.stringify(text).slice(0, 40)}`, text: JSON.stringify(copy) };
      }),
    });
  }
  if (required.length) {
    kinds.push(
      fc.tuple(base, fc.constantFrom(...required)).map(([v, s]) => {
        const copy = structuredClone(v) as Record<string, unknown>;
        dropAt(copy, s.path);
        return { what: `missing ${s.path.join('.')}`, text: JSON.stringify(copy) };
      }),
    );
  }
  return fc.oneof(...kinds);
}

/** Arbitrary JSON or arbitrary bytes as a body, with a JSON content type. */
const arbitraryBody: fc.Arbitrary<{ what: string; payload: string | Buffer }> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((v) => ({ what: 'arbitrary JSON', payload: JSON.stringify(v) ?? 'null' })),
  fc.uint8Array({ maxLength: 300 }).map((b) => ({ what: 'arbitrary bytes', payload: Buffer.from(b) })),
  fc.string({ unit: 'binary', maxLength: 100 }).map((s) => ({ what: 'arbitrary text', payload: s })),
  fc.constantFrom('{"a":', '{"a":1}}', '\uFEFF{}', '{"a":1,"a":2}', "{'a':1}", '[1,]', 'NaN', '1e99999').map((s) => ({
    what: 'malformed JSON',
    payload: s,
  })),
);

// ---------------------------------------------------------------------------------------------
// Query strings and path parameters

function queryArb(schema: Schema | undefined): fc.Arbitrary<{ what: string; query: string }> {
  const props = isObj(schema?.properties) ? Object.keys(schema.properties as Schema) : [];
  const keys = [...props, '__proto__', 'constructor', 'extra', 'pageNum[]', 'a[b]'];
  const value = fc.oneof(
    fc.constantFrom(...HOSTILE_STRINGS),
    fc.constantFrom(...HOSTILE_NUMBERS).map(String),
    fc.constantFrom('x'.repeat(20_000), '1,2,3', '[]', '{}', 'true', '%', '%zz', '%00', '%F0%9F%98%80', '%ED%A0%80'),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
  );
  return fc
    .array(fc.tuple(fc.constantFrom(...keys), value, fc.boolean()), { minLength: 1, maxLength: 5 })
    .map((pairs) => {
      const query = pairs
        .map(([k, v, raw]) => `${encodeURIComponent(k)}=${raw && /^%/.test(v) ? v : encodeURIComponent(v)}`)
        .join('&');
      return { what: `query ${query.slice(0, 120)}`, query };
    });
}

/** Path parameter values: never an existing id on a DELETE, so a success cannot wipe the seed. */
function paramValues(route: RouteInfo): fc.Arbitrary<string> {
  const values = [
    '999999',
    '2147483648',
    '99999999999999999999',
    '-1',
    '0',
    '1.5',
    '1e3',
    'abc',
    '1,2,abc',
    '1,,2',
    ',,,',
    '%00',
    '%F0%9F%99%82',
    '%ED%A0%80',
    "'%20or%201=1%20--",
    '%3Cscript%3E',
    '__proto__',
    'x'.repeat(3000),
    Array.from({ length: 2000 }, (_, i) => i + 100_000).join(','),
  ];
  const safe = route.method !== 'DELETE' && !/\/(users|roles|meetings)\/:/.test(route.url);
  return fc.constantFrom(...values, ...(safe ? ['1', '2'] : []));
}

function fillUrl(route: RouteInfo, value: string): string {
  return route.url.replace(/:[A-Za-z]+/g, value);
}

// ---------------------------------------------------------------------------------------------
// Multipart

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
}

function multipartBody(parts: Part[], boundary = `----badinput${randomBytes(6).toString('hex')}`) {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.filename
      ? `form-data; name="${p.name}"; filename="${p.filename}"`
      : `form-data; name="${p.name}"`;
    const type = p.filename ? 'Content-Type: application/octet-stream\r\n' : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A tiny zip whose central directory declares a 4 GiB entry (a zip bomb's signature). */
const hugeZip = (): Buffer =>
  zipOf([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.from([0x03, 0x00]), method: 8, size: 0xffffffff, crc: 0 }]);

function multipartArb(
  schema: Schema | undefined,
): fc.Arbitrary<{ what: string; payload: Buffer; contentType: string }> {
  const fieldNames = isObj(schema?.properties) ? Object.keys(schema.properties as Schema) : [];
  const names = [...fieldNames, 'file', 'name', 'upload', 'file[]', '__proto__', 'constructor', ''];
  const fileBytes = fc.oneof(
    fc.uint8Array({ minLength: 0, maxLength: 2000 }).map((b) => Buffer.from(b)),
    fc.constant(hugeZip()),
    fc.constant(Buffer.from('PK\u0003\u0004garbage')),
    fc.constant(Buffer.from('%PDF-1.4\n%garbage')),
    fc.constant(Buffer.from('\u0089PNG\r\n\u001a\n')),
    fc.constant(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')),
  );
  const fileName = fc.oneof(
    fc.constantFrom(
      'a.xlsx',
      '../../etc/passwd',
      'a\u0000.xlsx',
      '\u202Egnp.exe',
      '<script>.png',
      '😀.pdf',
      'x'.repeat(600),
    ),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
  );
  const textValue = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ maxLength: 30 }), hostileRaw);
  const part: fc.Arbitrary<Part> = fc.oneof(
    fc.record({ name: fc.constantFrom(...names), value: textValue }),
    fc.record({ name: fc.constantFrom(...names), value: fileBytes, filename: fileName }),
  );
  const validFields = validArb(schema ?? { type: 'object' }).map((v) =>
    Object.entries(isObj(v) ? v : {}).map(([name, value]) => ({
      name,
      value: typeof value === 'string' ? value : JSON.stringify(value),
    })),
  );
  return fc.oneof(
    fc.tuple(validFields, fc.array(part, { maxLength: 4 })).map(([fields, extra]) => ({
      what: `parts ${[...fields, ...extra].map((p) => p.name).join(',')}`,
      ...multipartBody([...fields, ...extra]),
    })),
    fc.tuple(fc.array(part, { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 400 })).map(([parts, cut]) => {
      const m = multipartBody(parts);
      return {
        what: `truncated at ${cut}`,
        payload: m.payload.subarray(0, Math.min(cut, m.payload.length - 1)),
        contentType: m.contentType,
      };
    }),
    fc.array(part, { minLength: 1, maxLength: 3 }).map((parts) => ({
      what: 'wrong boundary',
      payload: multipartBody(parts).payload,
      contentType: 'multipart/form-data; boundary=nope',
    })),
    fc.constant({ what: 'no boundary', payload: Buffer.from('--x\r\n\r\n'), contentType: 'multipart/form-data' }),
    fc.constant({
      what: 'too many parts',
      ...multipartBody(Array.from({ length: 80 }, (_, i) => ({ name: `f${i}`, value: 'v' }))),
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// The harness

interface Caller {
  name: string;
  headers: Record<string, string>;
  signIn: () => Promise<Record<string, string>>;
}

interface Failure {
  route: string;
  caller: string;
  input: string;
  status: number;
  body: string;
}

/** Success, or a 4xx envelope error; never a 500, never an answer outside the envelope. */
function verdict(res: LightMyRequestResponse): { ok: boolean; refused: boolean } {
  if (res.statusCode >= 500) return { ok: false, refused: false };
  const type = String(res.headers['content-type'] ?? '');
  if (res.statusCode >= 400) {
    if (!type.includes('application/json')) return { ok: false, refused: true };
    try {
      const body = res.json() as { code?: unknown; data?: unknown; msg?: unknown };
      const envelope =
        typeof body.code === 'string' &&
        /^[A-C]\d{4}$/.test(body.code) &&
        body.data === null &&
        typeof body.msg === 'string' &&
        body.msg.length > 0;
      return { ok: envelope, refused: true };
    } catch {
      return { ok: false, refused: true };
    }
  }
  if (type.includes('application/json')) {
    try {
      const body = res.json() as { code?: unknown };
      return { ok: body.code === '00000', refused: false };
    } catch {
      return { ok: false, refused: false };
    }
  }
  return { ok: true, refused: false };
}

describe('bad input on every route', () => {
  let t: TestApp;
  let routes: RouteInfo[] = [];
  let callers: Caller[] = [];
  const failures: Failure[] = [];
  let tried = 0;
  let compared = 0;
  const statuses: Record<string, Record<number, number>> = {};
  let baseline: Record<string, string> = {};

  beforeAll(async () => {
    console.log(`bad-input seed ${SEED} (set BAD_INPUT_SEED to replay another)`);
    const probed = new Map<string, RouteInfo>();
    t = await makeTestApp({}, (app: FastifyInstance) => {
      // Test-only: a request marked x-bad-input-probe reports its route's options and stops.
      app.addHook('onRequest', async (req, reply) => {
        if (req.headers['x-bad-input-probe'] !== '1') return;
        const o = req.routeOptions;
        probed.set(`${o.method} ${o.url}`, {
          method: String(o.method),
          url: String(o.url),
          schema: (o.schema ?? {}) as RouteInfo['schema'],
          auth: o.config.auth,
        });
        return reply.code(204).send();
      });
    });
    const root = await login(t, 'root');
    const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    for (const [path, ops] of Object.entries(spec.paths)) {
      for (const method of Object.keys(ops)) {
        const res = await t.app.inject({
          method: method.toUpperCase() as 'GET',
          url: path.replace(/\{[^}]+\}/g, '1'),
          headers: { ...bearer(root.accessToken), 'x-bad-input-probe': '1' },
        });
        expect(res.statusCode, `${method} ${path}`).toBe(204);
      }
    }
    routes = [...probed.values()].filter((r) => r.url.startsWith('/api/') && r.url !== '/api/openapi.json');
    callers = [
      { name: 'admin', headers: {}, signIn: async () => bearer((await login(t, 'admin')).accessToken) },
      { name: 'delegation', headers: {}, signIn: async () => bearer(await signInDelegation(t, 1)) },
    ];
    for (const c of callers)
      c.headers = { ...(await c.signIn()), 'accept-language': c.name === 'admin' ? 'en' : 'zh-cn' };
    baseline = await databaseDigest(t.database.db, VOLATILE);
  }, 180_000);

  afterAll(async () => {
    if (process.env.BAD_INPUT_VERBOSE) {
      for (const [k, v] of Object.entries(statuses)) console.log(k, JSON.stringify(v));
    }
    console.log(
      `bad-input: ${tried} requests over ${routes.length} routes, ${compared} all-refused batches digest-checked, ${failures.length} failures`,
    );
    await t?.close();
  });

  /** Run one batch (a route, both callers); when every request was refused, nothing may change. */
  async function batch(label: string, run: (send: Sender) => Promise<void>) {
    let anySuccess = false;
    const send: Sender = async (route, caller, input, opts) => {
      tried++;
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: opts.url,
        payload: opts.payload,
        headers: { ...caller.headers, ...(opts.contentType ? { 'content-type': opts.contentType } : {}) },
      });
      const v = verdict(res);
      const key = `${route.method} ${route.url} ${caller.name}`;
      const counts = statuses[key] ?? {};
      statuses[key] = counts;
      counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
      if (!v.refused) anySuccess = true;
      if (!v.ok) {
        failures.push({
          route: `${route.method} ${route.url}`,
          caller: caller.name,
          input: input.slice(0, 300),
          status: res.statusCode,
          body: res.body.slice(0, 300),
        });
      }
      return v.ok;
    };
    await run(send);
    // A success may end a caller's session (sign-out, password change): sign in again.
    for (const c of callers) {
      const me = await t.app.inject({ method: 'GET', url: '/api/v1/userProps/me', headers: c.headers });
      if (me.statusCode === 401) {
        console.log(`bad-input: ${label} ended the ${c.name} session; signing in again`);
        c.headers = { ...c.headers, ...(await c.signIn()) };
      }
    }
    const after = await databaseDigest(t.database.db, VOLATILE);
    if (!anySuccess) {
      compared++;
      const changed = changedTables(baseline, after);
      if (changed.length) {
        failures.push({
          route: label,
          caller: '*',
          input: 'refused batch',
          status: 0,
          body: `changed ${changed.join(',')}`,
        });
      }
    }
    baseline = after;
  }

  type Sender = (
    route: RouteInfo,
    caller: Caller,
    input: string,
    opts: { url: string; payload?: string | Buffer; contentType?: string },
  ) => Promise<boolean>;

  /** fast-check per route and caller; a failure is recorded (with its counterexample) and the run goes on. */
  async function check<T>(arb: fc.Arbitrary<T>, numRuns: number, seed: number, prop: (v: T) => Promise<boolean>) {
    await fc.assert(fc.asyncProperty(arb, prop), { numRuns, seed, endOnFailure: true });
  }

  const seedOf = (i: number, k: number) => SEED + i * 16 + k;
  const isMultipart = (r: RouteInfo) => r.schema.consumes?.includes('multipart/form-data') ?? false;
  const hasBody = (r: RouteInfo) => ['POST', 'PUT', 'DELETE', 'PATCH'].includes(r.method) && !isMultipart(r);

  it('JSON bodies: schema-derived and mutated, then arbitrary JSON and bytes', async () => {
    const list = routes.filter(hasBody);
    expect(list.length).toBeGreaterThan(50);
    for (const [i, route] of list.entries()) {
      await batch(`${route.method} ${route.url} (JSON)`, async (send) => {
        for (const [c, caller] of callers.entries()) {
          const url = fillUrl(route, route.url.includes(':') ? '1' : '');
          const safeUrl =
            route.method === 'DELETE' || /\/(users|roles|meetings)\/:/.test(route.url) ? fillUrl(route, '999999') : url;
          await check(mutantArb(route.schema.body), RUNS_BODY, seedOf(i, c), (m) =>
            send(route, caller, m.what, { url: safeUrl, payload: m.text, contentType: 'application/json' }).catch(
              () => false,
            ),
          ).catch(() => undefined);
          await check(arbitraryBody, RUNS_ARBITRARY, seedOf(i, c + 2), (b) =>
            send(route, caller, b.what, { url: safeUrl, payload: b.payload, contentType: 'application/json' }),
          ).catch(() => undefined);
        }
      });
    }
  }, 400_000);

  it('query strings and path parameters', async () => {
    const list = routes.filter((r) => r.schema.querystring || r.url.includes(':'));
    for (const [i, route] of list.entries()) {
      await batch(`${route.method} ${route.url} (query/params)`, async (send) => {
        for (const [c, caller] of callers.entries()) {
          const arb = fc.tuple(paramValues(route), queryArb(route.schema.querystring));
          await check(arb, RUNS_QUERY, seedOf(i, c + 4), ([param, q]) => {
            const body = hasBody(route) ? '{}' : undefined;
            return send(route, caller, `param ${param.slice(0, 40)} ${q.what}`, {
              url: `${fillUrl(route, param)}?${q.query}`,
              payload: body,
              contentType: body ? 'application/json' : undefined,
            });
          }).catch(() => undefined);
        }
      });
    }
  }, 400_000);

  it('multipart routes: random files, wrong field names, truncated bodies, zip bombs', async () => {
    const list = routes.filter(isMultipart);
    expect(list.length).toBeGreaterThanOrEqual(6);
    for (const [i, route] of list.entries()) {
      await batch(`${route.method} ${route.url} (multipart)`, async (send) => {
        for (const [c, caller] of callers.entries()) {
          await check(multipartArb(route.schema.body), RUNS_MULTIPART, seedOf(i, c + 6), (m) =>
            send(route, caller, m.what, {
              url: fillUrl(route, '999999'),
              payload: m.payload,
              contentType: m.contentType,
            }),
          ).catch(() => undefined);
          // The same route sent JSON instead of multipart.
          await check(arbitraryBody, 4, seedOf(i, c + 8), (b) =>
            send(route, caller, b.what, {
              url: fillUrl(route, '999999'),
              payload: b.payload,
              contentType: 'application/json',
            }),
          ).catch(() => undefined);
        }
      });
    }
  }, 400_000);

  it('the cases these properties found, pinned', async () => {
    const [admin] = callers;
    const boundary = 'pinned';
    const form = `--${boundary}\r\nContent-Disposition: form-data; name="username"\r\n\r\nx\r\n--${boundary}--\r\n`;
    const ids = Array.from({ length: 30 }, (_, i) => 900_000 + i).join(',');
    const cases: { what: string; method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: string; type?: string }[] = [
      {
        what: 'truncated multipart',
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: form.slice(0, 62),
        type: `multipart/form-data; boundary=${boundary}`,
      },
      {
        what: 'multipart, wrong boundary',
        method: 'POST',
        url: '/api/v1/files',
        payload: form,
        type: 'multipart/form-data; boundary=nope',
      },
      { what: 'id beyond int4 in an id list', method: 'DELETE', url: '/api/v1/dict/2147483648' },
      { what: 'NUL in keywords', method: 'GET', url: '/api/v1/users/page?keywords=a%00b' },
      { what: 'NUL in a lookup', method: 'GET', url: '/api/v1/users/getUser?username=%00' },
      { what: 'Infinity as an id', method: 'GET', url: '/api/v1/audit/coaches/page?meetingId=1e400' },
      {
        what: 'NUL in a free-text field',
        method: 'POST',
        url: '/api/v1/dict',
        payload: JSON.stringify({ dictCode: 'pinned_nul', name: 'a', remark: 'a\u0000' }),
        type: 'application/json',
      },
      { what: 'bad percent-encoding in the path', method: 'GET', url: '/api/v1/dict/%ED%A0%80/form' },
      { what: 'over-long path parameter', method: 'GET', url: `/api/v1/dict/${'9'.repeat(7000)}/form` },
    ];
    for (const c of cases) {
      const res = await t.app.inject({
        method: c.method,
        url: c.url,
        payload: c.payload,
        headers: { ...admin!.headers, ...(c.type ? { 'content-type': c.type } : {}) },
      });
      expect(res.statusCode, c.what).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, c.what).toBeLessThan(500);
      expect(res.json(), c.what).toMatchObject({ code: expect.stringMatching(/^A\d{4}$/), data: null });
    }
    // A list of ids longer than the router's default 100 characters is an ordinary batch delete
    // (of dictionaries that do not exist here), not a 414.
    const many = await t.app.inject({ method: 'DELETE', url: `/api/v1/dict/${ids}`, headers: admin!.headers });
    expect(many.json()).toMatchObject({ code: 'A0404', data: null });
  });

  it('found no 500, no answer outside the envelope, no write on refusal', () => {
    expect(failures).toEqual([]);
  });
});
