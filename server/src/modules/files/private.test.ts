import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { fileForm, PNG_1PX } from '../account/testkit.js';
import { asDelegation, athleteForm, demoDelegations, demoGroups } from '../apply/testkit.js';
import { type Client, multipartFile, signIn } from '../meetings/testkit.js';

/**
 * Which files are private comes from file-type fields only: a value written into a free-text
 * field of a registration neither grants its writer access to a file nor hides a public one.
 * Private answers are never kept by a browser or a shared cache.
 */
const t = useTestApp();
let a: Client;
let b: Client;
let privateFile = '';
let publicImage = '';

function created<T = { id: number }>(res: LightMyRequestResponse): T {
  const body = res.json() as { code: string; data: T | null };
  if (body.code !== '00000' || !body.data) throw new Error(`setup: ${res.body}`);
  return body.data;
}

beforeAll(async () => {
  const [d1, d2] = await demoDelegations(t);
  a = await asDelegation(t, d1!.id);
  b = await asDelegation(t, d2!.id);
  const { payload, headers } = multipartFile(Buffer.from('%PDF-1.4\n'), 'insurance.pdf');
  created(await a.raw({ method: 'POST', url: '/api/v1/apply/files', payload, headers }));
  const list = created<{ fileId: string }[]>(await a.get('/api/v1/apply/files'));
  privateFile = list[0]!.fileId;
  const admin = await signIn(t, 'admin');
  const form = fileForm({ name: 'notice.png' }, { filename: 'notice.png', bytes: PNG_1PX });
  publicImage = created<{ id: string }>(
    await admin.raw({ method: 'POST', url: '/api/v1/files', payload: form.payload, headers: form.headers }),
  ).id;
});

describe('file access comes from file-type fields only', () => {
  it("a free-text field holding another delegation's private file id grants nothing", async () => {
    const url = `/api/v1/files/${privateFile}`;
    expect((await a.get(url)).statusCode).toBe(200);
    expect((await b.get(url)).statusCode).toBe(404);
    const boys = (await demoGroups(t)).get('U16 Boys')!;
    const form = athleteForm(boys);
    created(await b.post('/api/v1/apply/athletes', { ...form, fields: { ...form.fields, school: privateFile } }));
    expect((await b.get(url)).statusCode).toBe(404);
  });

  it('a free-text field holding a public image id does not make it private', async () => {
    const url = `/api/v1/files/${publicImage}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const boys = (await demoGroups(t)).get('U16 Boys')!;
    const form = athleteForm(boys);
    created(await b.post('/api/v1/apply/athletes', { ...form, fields: { ...form.fields, school: publicImage } }));
    const anon = await t.app.inject({ method: 'GET', url });
    expect(anon.statusCode).toBe(200);
    expect(anon.rawPayload.equals(PNG_1PX)).toBe(true);
  });

  it('private files are answered with no-store, public ones may be kept', async () => {
    const res = await a.get(`/api/v1/files/${privateFile}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const again = await a.raw({
      method: 'GET',
      url: `/api/v1/files/${privateFile}`,
      payload: '',
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('no-store');
    const pub = await t.app.inject({ method: 'GET', url: `/api/v1/files/${publicImage}` });
    expect(pub.headers['cache-control']).toBe('private, max-age=86400');
  });
});
