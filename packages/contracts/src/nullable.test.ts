import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import fjs from 'fast-json-stringify';
import { type TSchema, Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { RoundSettingsBody } from './competition-startlists.js';
import { Nullable } from './helpers.js';

/**
 * `Nullable` against the union every contract used to write (`anyOf: [null, s]`), through Ajv
 * configured as the server configures it (server/src/app.ts: coerceTypes 'array') and through
 * fast-json-stringify (what Fastify serializes answers with).
 */
const ajv = new Ajv({ removeAdditional: false, coerceTypes: 'array', allErrors: false, useDefaults: true });
addFormats(ajv);
const union = (s: TSchema) => Type.Union([Type.Null(), s]);

/** What a property `x` becomes after validation, or 'error'. */
function check(schema: TSchema, value: unknown): unknown {
  const validate = ajv.compile(Type.Object({ x: schema }));
  const data = { x: structuredClone(value) };
  return validate(data) ? data.x : 'error';
}

const numeric = [
  Type.Integer(),
  Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  Type.Integer({ minimum: 0, maximum: 20 }),
  Type.Number(),
  Type.Number({ minimum: 0.5, maximum: 7 }),
  Type.Boolean(),
];
/** Everything a querystring can carry: text, repeated keys. */
const queryValues = ['', 'a', '0', '1', '7', '-3', '2.5', '1e3', 'true', 'false', 'null', ' ', ['2'], ['1', '2']];

describe('Nullable', () => {
  it('writes an integer, number or boolean as a type list, everything else as the union', () => {
    expect(Nullable(Type.Integer({ minimum: 1 }))).toEqual({ type: ['integer', 'null'], minimum: 1 });
    expect(Nullable(Type.Number())).toEqual({ type: ['number', 'null'] });
    expect(Nullable(Type.Boolean())).toEqual({ type: ['boolean', 'null'] });
    for (const s of [
      Type.String(),
      Type.String({ format: 'date' }),
      Type.Enum(['M', 'F']),
      Type.Array(Type.Number()),
    ]) {
      expect(Nullable(s)).toEqual({ anyOf: [{ type: 'null' }, s] });
    }
  });

  it('validates every querystring value as the union did (?x= is null, ?x=a an error)', () => {
    for (const s of numeric) {
      for (const v of queryValues)
        expect([JSON.stringify(s), v, check(Nullable(s), v)]).toEqual([JSON.stringify(s), v, check(union(s), v)]);
    }
    expect(check(Nullable(Type.Integer()), '')).toBeNull();
    expect(check(Nullable(Type.Integer()), 'a')).toBe('error');
  });

  it('validates JSON bodies as the union did, except that 0 and false stay themselves and [3] is refused', () => {
    const bodyValues = [null, 1, 7, -3, 2.5, true, 'x', '', '3', [], {}, ['3']];
    for (const s of numeric) {
      for (const v of bodyValues)
        expect([JSON.stringify(s), v, check(Nullable(s), v)]).toEqual([JSON.stringify(s), v, check(union(s), v)]);
    }
    // The union's null branch coerced 0 and false to null: a settings body could not say 0.
    const body = { version: 1, qualifyByPlace: 0, qualifyByTime: 0 };
    expect(ajv.compile(RoundSettingsBody)(body)).toBe(true);
    expect(body).toEqual({ version: 1, qualifyByPlace: 0, qualifyByTime: 0 });
    expect(check(union(Type.Integer()), 0)).toBeNull();
    expect(check(Nullable(Type.Boolean()), false)).toBe(false);
    // The union let an array through untouched where a number belongs.
    expect(check(union(Type.Integer()), [3])).toEqual([3]);
    expect(check(Nullable(Type.Integer()), [3])).toBe('error');
  });

  it('keeps strings as the union: an empty field is null, not "" nor an error', () => {
    for (const s of [
      Type.String(),
      Type.String({ format: 'date' }),
      Type.String({ minLength: 1 }),
      Type.Enum(['M', 'F']),
    ]) {
      expect(check(Nullable(s), '')).toBeNull();
    }
  });

  it('serializes to the same bytes as the union', () => {
    const schema = Type.Object({
      i: Nullable(Type.Integer()),
      n: Nullable(Type.Number()),
      b: Nullable(Type.Boolean()),
      s: Nullable(Type.String()),
      e: Nullable(Type.Enum(['M', 'F'])),
      a: Nullable(Type.Array(Type.Number())),
    });
    const before = fjs(
      Type.Object({
        i: union(Type.Integer()),
        n: union(Type.Number()),
        b: union(Type.Boolean()),
        s: union(Type.String()),
        e: union(Type.Enum(['M', 'F'])),
        a: union(Type.Array(Type.Number())),
      }),
    );
    const now = fjs(schema);
    for (const value of [
      { i: null, n: null, b: null, s: null, e: null, a: null },
      { i: 0, n: 0, b: false, s: '', e: 'M', a: [] },
      { i: 12, n: 1.25, b: true, s: '张 "x"\n', e: 'F', a: [1.5, 2] },
    ]) {
      expect(now(value)).toBe(JSON.stringify(value));
      expect(now(value)).toBe(before(value));
    }
  });
});
