import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { file } from '../../db/schema/index.js';
import { bearer, login, useTestApp } from '../../test/app.js';
import { createUser, fileForm, PDF_MINI } from '../account/testkit.js';

/**
 * Upload quotas per account: bytes in any rolling hour (429) and bytes stored in all (413), with
 * the limit in the message; a refused upload stores nothing.
 */
const MB = 1024 * 1024;
const t = useTestApp({ uploadBytesPerHour: 3 * MB, uploadQuotaBytes: 4 * MB });

const oneMb = () => Buffer.concat([PDF_MINI, Buffer.alloc(MB - PDF_MINI.length - 1024)]);

async function upload(token: string, lang = 'en') {
  const form = fileForm({ name: 'doc.pdf' }, { filename: 'doc.pdf', bytes: oneMb() });
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/files',
    payload: form.payload,
    headers: { ...form.headers, ...bearer(token), 'accept-language': lang },
  });
}

const storedBy = async (ownerId: number) =>
  (await t.database.db.select({ n: count() }).from(file).where(eq(file.ownerId, ownerId)))[0]!.n;

describe('upload quotas', () => {
  it('refuses uploads past the bytes of a rolling hour, then past the bytes stored in all', async () => {
    const id = await createUser(t, 'uploader');
    await createUser(t, 'bystander');
    const token = (await login(t, 'uploader')).accessToken;
    for (let i = 0; i < 3; i++) expect((await upload(token)).json().code).toBe('00000');
    const hourly = await upload(token);
    expect(hourly.statusCode).toBe(429);
    expect(hourly.json()).toMatchObject({ code: 'A0429', data: null });
    expect(hourly.json().msg).toContain('3 MB an hour');
    const zh = await upload(token, 'zh-CN');
    expect(zh.statusCode).toBe(429);
    expect(zh.json().msg).toContain('每小时');
    expect(await storedBy(id)).toBe(3);
    // Another account is not held back by this one.
    const other = (await login(t, 'bystander')).accessToken;
    expect((await upload(other)).json().code).toBe('00000');

    // An hour later the window has room again; the stored total (4 MB) is the next bound.
    await t.database.db.update(file).set({ createdAt: sql`now() - interval '2 hours'` }).where(eq(file.ownerId, id));
    expect((await upload(token)).json().code).toBe('00000');
    const full = await upload(token);
    expect(full.statusCode).toBe(413);
    expect(full.json().code).toBe('A0400');
    expect(full.json().msg).toContain('4 MB');
    expect(await storedBy(id)).toBe(4);
  });
});
