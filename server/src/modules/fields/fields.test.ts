import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { type Client, code, countOf, data, signIn } from '../meetings/testkit.js';

const t = useTestApp();
let admin: Client;
beforeAll(async () => {
  admin = await signIn(t, 'admin');
});

type Field = { id: number; key: string; target: string; version: number };
const base = { label: 'Test', kind: 'text', target: 'athlete' };

describe('fields', () => {
  it('ships athlete, coach and delegation fields', async () => {
    const page = data<{ list: Field[] }>(await admin.get('/api/v1/fields?pageSize=100'));
    const keys = page.list.map((f) => f.key);
    for (const k of ['school', 'emergencyMobile', 'photo', 'title', 'certificateNo', 'address', 'invoiceTitle']) {
      expect(keys).toContain(k);
    }
  });

  it('checks the key, the dictionary of a select and the pattern', async () => {
    const n = await countOf(t, 'base_field');
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, key: 'Bad-Key' }, ''],
      [{ ...base, key: 'x' }, ''],
      [{ ...base, key: 'school' }, 'already exists'],
      [{ ...base, key: 'pick', kind: 'select' }, 'needs a dictionary'],
      [{ ...base, key: 'pick', kind: 'select', dictCode: 'no_such_dict' }, 'does not exist'],
      [{ ...base, key: 'pat', pattern: '([a-z' }, 'not a valid regular expression'],
      [{ ...base, key: 'pat', pattern: 'a'.repeat(201) }, ''],
      [{ ...base, key: 'tgt', target: 'referee' }, ''],
    ];
    for (const [body, msg] of cases) {
      const res = await admin.post('/api/v1/fields', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toContain(msg);
    }
    expect(await countOf(t, 'base_field')).toBe(n);
    const ok = await admin.post('/api/v1/fields', {
      ...base,
      key: 'idKind',
      kind: 'select',
      dictCode: 'id_type',
      pattern: '^\\d+$',
    });
    expect(code(ok)).toBe('00000');
  });

  it('refuses to delete or re-key a field in use, saying where', async () => {
    const school = data<{ list: Field[] }>(await admin.get('/api/v1/fields?keywords=school')).list.find(
      (f) => f.key === 'school',
    )!;
    const del = await admin.del(`/api/v1/fields/${school.id}`);
    expect(del.statusCode).toBe(400);
    expect(del.json().msg).toMatch(/used by 1 nature\(s\), 1 meeting\(s\)/);
    const rekey = await admin.put(`/api/v1/fields/${school.id}`, {
      ...base,
      key: 'schoolName',
      version: school.version,
    });
    expect(rekey.json().msg).toContain('key cannot change');
    const relabel = await admin.put(`/api/v1/fields/${school.id}`, {
      ...base,
      key: 'school',
      label: 'School name',
      version: school.version,
    });
    expect(code(relabel)).toBe('00000');
  });

  it('deletes an unused field and exports', async () => {
    const f = data<Field>(await admin.post('/api/v1/fields', { ...base, key: 'temp1' }));
    expect(code(await admin.del(`/api/v1/fields/${f.id}`))).toBe('00000');
    expect((await admin.get('/api/v1/fields/export?target=coach')).statusCode).toBe(200);
  });
});
