import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { file } from '../../db/schema/index.js';
import { bearer, login, useTestApp } from '../../test/app.js';
import { fileForm, PDF_MINI, PNG_1PX } from '../account/testkit.js';
import { cleanName, sniff } from './service.js';

const en = { 'accept-language': 'en' };

const t = useTestApp();
let token: string;
beforeAll(async () => {
  token = (await login(t, 'admin')).accessToken;
});

async function upload(filename: string, bytes: Buffer, fields: Record<string, string> = { name: filename }) {
  const form = fileForm(fields, { filename, bytes });
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/files',
    payload: form.payload,
    headers: { ...form.headers, ...bearer(token), ...en },
  });
}

const fileCount = async () => (await t.database.db.select({ n: count() }).from(file))[0]!.n;

describe('type sniffing', () => {
  it('recognises the accepted types by their first bytes', () => {
    expect(sniff(PNG_1PX)?.mime).toBe('image/png');
    expect(sniff(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))?.mime).toBe('image/jpeg');
    expect(sniff(Buffer.from('GIF89a......'))?.mime).toBe('image/gif');
    expect(sniff(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))?.mime).toBe('image/webp');
    expect(sniff(PDF_MINI)?.mime).toBe('application/pdf');
    const xlsx = Buffer.concat([
      Buffer.from([0x50, 0x4b, 0x03, 0x04]),
      Buffer.from('..[Content_Types].xml..xl/workbook.xml'),
    ]);
    expect(sniff(xlsx)?.ext).toBe('xlsx');
    expect(sniff(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2]))?.ext).toBe('zip');
    expect(sniff(Buffer.from('<svg onload="alert(1)"></svg>'))).toBeNull();
    expect(sniff(Buffer.from('hello'))).toBeNull();
  });

  it('cleans names and fixes or refuses mismatching extensions', () => {
    const png = sniff(PNG_1PX)!;
    expect(cleanName('../../etc/photo.PNG', png)).toBe('photo.PNG');
    expect(cleanName('C:\\Users\\me\\photo', png)).toBe('photo.png');
    expect(cleanName(undefined, png)).toBe('file.png');
    expect(cleanName('a"<b>.png', png)).toBe('ab.png');
    expect(() => cleanName('photo.pdf', png)).toThrow(/does not match/);
  });
});

describe('upload and download', () => {
  it('stores a PNG and serves it inline with safe headers', async () => {
    const res = await upload('头像.png', PNG_1PX);
    expect(res.json().code).toBe('00000');
    const data = res.json().data as { id: string; url: string; name: string; size: number; mime: string };
    expect(data).toMatchObject({ name: '头像.png', size: PNG_1PX.length, mime: 'image/png' });
    expect(data.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(data.url).toBe(`/api/v1/files/${data.id}`);

    const get = await t.app.inject({ method: 'GET', url: data.url });
    expect(get.statusCode).toBe(200);
    expect(get.rawPayload.equals(PNG_1PX)).toBe(true);
    expect(get.headers['content-type']).toBe('image/png');
    expect(get.headers['content-disposition']).toBe(
      `inline; filename="__.png"; filename*=UTF-8''${encodeURIComponent('头像.png')}`,
    );
    expect(get.headers['x-content-type-options']).toBe('nosniff');
    expect(get.headers['cache-control']).toBe('private, max-age=86400');
    const again = await t.app.inject({
      method: 'GET',
      url: data.url,
      headers: { 'if-none-match': get.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('serves documents as attachments', async () => {
    const res = await upload('report.pdf', PDF_MINI);
    const get = await t.app.inject({ method: 'GET', url: res.json().data.url });
    expect(get.headers['content-type']).toBe('application/pdf');
    expect(get.headers['content-disposition']).toMatch(/^attachment; filename="report.pdf"/);
  });

  it('refuses text dressed as a PNG, content that contradicts its name, and empty files', async () => {
    const before = await fileCount();
    const fake = await upload('innocent.png', Buffer.from('<script>alert(1)</script>'));
    expect(fake.statusCode).toBe(400);
    expect(fake.json().msg).toContain('unsupported file type');
    const html = await upload('page.html', Buffer.from('<html><body>hi</body></html>'));
    expect(html.statusCode).toBe(400);
    const mismatch = await upload('doc.pdf', PNG_1PX);
    expect(mismatch.json().msg).toContain('does not match its extension .pdf');
    const empty = await upload('empty.png', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(await fileCount()).toBe(before);
  });

  it('limits images to 5 MB', async () => {
    const before = await fileCount();
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload('big.png', big);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('at most 5 MB');
    const bigPdf = Buffer.concat([PDF_MINI, Buffer.alloc(6 * 1024 * 1024)]);
    expect((await upload('big.pdf', bigPdf)).json().code).toBe('00000');
    const huge = Buffer.concat([PDF_MINI, Buffer.alloc(11 * 1024 * 1024)]);
    const tooHuge = await upload('huge.pdf', huge);
    expect(tooHuge.statusCode).toBe(413);
    expect(await fileCount()).toBe(before + 1);
  });

  it('needs a signed-in user and a file field', async () => {
    const form = fileForm({}, { filename: 'a.png', bytes: PNG_1PX });
    const anon = await t.app.inject({ method: 'POST', url: '/api/v1/files', ...form });
    expect(anon.statusCode).toBe(401);
    const noFile = fileForm({ name: 'x.png' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/files',
      payload: noFile.payload,
      headers: { ...noFile.headers, ...bearer(token), ...en },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('multipart field "file"');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/files',
      payload: { file: 'iVBORw0KGgo=' },
      headers: bearer(token),
    });
    expect(json.statusCode).toBe(400);
  });

  it('answers unknown and malformed ids with 404', async () => {
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAA', 'nope', '..%2F..%2Fetc%2Fpasswd', `${'x'.repeat(60)}`]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/files/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('A0404');
    }
  });
});
