import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { user } from '../../db/schema/index.js';
import { bearer, login, useTestApp } from '../../test/app.js';
import { createUser, fileForm, PDF_MINI, PNG_1PX } from '../account/testkit.js';

/**
 * An avatar is empty or the address of an image its user uploaded (PUT /users/avatar sets it
 * so); the profile and the administrators' user form may not store any other string.
 */
const t = useTestApp();
const en = { 'accept-language': 'en' };

async function upload(token: string, filename: string, bytes: Buffer): Promise<string> {
  const form = fileForm({ name: filename }, { filename, bytes });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/files',
    payload: form.payload,
    headers: { ...form.headers, ...bearer(token) },
  });
  return res.json().data.id as string;
}

const avatarOf = async (id: number) => (await t.database.db.select().from(user).where(eq(user.id, id)))[0]!.avatar;

describe('profile avatar', () => {
  it('takes only empty or an image the user uploaded', async () => {
    const id = await createUser(t, 'avatar-owner');
    await createUser(t, 'avatar-other');
    const token = (await login(t, 'avatar-owner')).accessToken;
    const otherToken = (await login(t, 'avatar-other')).accessToken;
    const own = await upload(token, 'me.png', PNG_1PX);
    const ownPdf = await upload(token, 'doc.pdf', PDF_MINI);
    const foreign = await upload(otherToken, 'them.png', PNG_1PX);
    const put = (avatar: string | null, lang: Record<string, string> = en) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/users/profile',
        headers: { ...bearer(token), ...lang },
        payload: { nickname: 'Owner', gender: 1, avatar },
      });

    const good = await put(`/api/v1/files/${own}`);
    expect(good.json().code).toBe('00000');
    expect(await avatarOf(id)).toBe(`/api/v1/files/${own}`);

    for (const [avatar, message] of [
      ['javascript:alert(1)', 'the avatar must be an image uploaded'],
      ['https://tracker.example.org/pixel.png', 'the avatar must be an image uploaded'],
      ['file-123', 'the avatar must be an image uploaded'],
      [`/api/v1/files/${foreign}`, 'not among your uploads'],
      ['/api/v1/files/AAAAAAAAAAAAAAAAAAAAAA', 'not among your uploads'],
      [`/api/v1/files/${ownPdf}`, 'the avatar must be an image'],
    ] as const) {
      const res = await put(avatar);
      expect([avatar, res.statusCode, res.json().code]).toEqual([avatar, 400, 'A0400']);
      expect(res.json().msg).toContain(message);
      expect(await avatarOf(id)).toBe(`/api/v1/files/${own}`);
    }
    const zh = await put('javascript:alert(1)', { 'accept-language': 'zh-CN' });
    expect(zh.json().msg).toContain('头像');

    expect((await put('')).json().code).toBe('00000');
    expect(await avatarOf(id)).toBeNull();
  });

  it("an administrator may not set a user's avatar to any string either", async () => {
    const id = await createUser(t, 'avatar-managed');
    const admin = (await login(t, 'admin')).accessToken;
    const form = await t.app.inject({ method: 'GET', url: `/api/v1/users/${id}/form`, headers: bearer(admin) });
    const f = form.json().data as Record<string, unknown>;
    const body = {
      username: f.username,
      nickname: f.nickname,
      gender: f.gender,
      userType: f.userType,
      roleIds: f.roleIds,
      deptId: f.deptId,
      status: f.status,
      version: f.version,
    };
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${id}`,
      headers: { ...bearer(admin), ...en },
      payload: { ...body, avatar: 'javascript:alert(1)' },
    });
    expect(bad.statusCode).toBe(400);
    expect(await avatarOf(id)).toBeNull();
    const image = await upload(admin, 'face.png', PNG_1PX);
    const good = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${id}`,
      headers: { ...bearer(admin), ...en },
      payload: { ...body, avatar: `/api/v1/files/${image}` },
    });
    expect(good.json().code).toBe('00000');
    expect(await avatarOf(id)).toBe(`/api/v1/files/${image}`);
  });
});
