import type { ConfigForm, ConfigVO, PublicConfigVO } from '@baton/contracts';
import { count, eq } from 'drizzle-orm';
import { sm2 } from 'sm-crypto-v2';
import { describe, expect, it } from 'vitest';
import { sysConfig } from '../../db/schema/index.js';
import { login, makeTestApp, multipart, publicKey, TEST_PASSWORD, type TestApp, useTestApp } from '../../test/app.js';
import { call, expectGuarded, ok, useTokens } from '../users/testkit.js';

const t = useTestApp();
const tk = useTokens(t);

/** The public settings, as anyone reads them (of this file's app unless told). */
const publicConfig = async (on: TestApp = t) =>
  ok<PublicConfigVO>(await call(on, null, { method: 'GET', url: '/api/v1/config/public' }));
const configCount = async () => (await t.database.db.select({ n: count() }).from(sysConfig))[0]!.n;
const byKey = async (key: string) => {
  const page = ok<{ list: ConfigVO[] }>(
    await call(t, tk.admin, { method: 'GET', url: `/api/v1/config/page?keywords=${key}&pageSize=100` }),
  );
  return page.list.find((c) => c.key === key)!;
};

/** Sign in without any captcha. */
async function loginWithoutCaptcha(app: TestApp['app']) {
  const key = await publicKey(app);
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    ...multipart({
      username: sm2.doEncrypt('admin', key, 1),
      password: sm2.doEncrypt(TEST_PASSWORD, key, 1),
      captchaKey: '',
      captchaCode: '',
    }),
  });
}

describe('system configuration', () => {
  it('refuses anonymous callers and users without sys:config perms', async () => {
    await expectGuarded(t, tk, [
      { method: 'GET', url: '/api/v1/config/page' },
      { method: 'GET', url: '/api/v1/config/1/form' },
      { method: 'POST', url: '/api/v1/config', payload: { key: 'a.b', value: '1', type: 'number', name: 'x' } },
      {
        method: 'PUT',
        url: '/api/v1/config/1',
        payload: { key: 'a.b', value: '1', type: 'number', name: 'x', version: 1 },
      },
      { method: 'DELETE', url: '/api/v1/config/1' },
      { method: 'POST', url: '/api/v1/config/refresh' },
    ]);
  });

  it('serves the public settings to anyone', async () => {
    const pub = await publicConfig();
    // timeZone: the zone new meetings take (BATON_TIME_ZONE, unset here: China's).
    expect(pub).toEqual({
      siteTitle: 'Baton',
      watermarkContent: 'Baton',
      captchaEnabled: true,
      timeZone: 'Asia/Shanghai',
    });
  });

  it('turns the captcha off and on again without a restart', async () => {
    expect((await loginWithoutCaptcha(t.app)).json().code).toBe('A0240');
    const captcha = await byKey('captcha');
    expect(captcha).toMatchObject({ type: 'boolean', value: 'true', builtin: true });
    const off = ok<ConfigForm>(
      await call(t, tk.admin, {
        method: 'PUT',
        url: `/api/v1/config/${captcha.id}`,
        payload: { ...captcha, value: 'false' },
      }),
    );
    expect((await loginWithoutCaptcha(t.app)).json().code).toBe('00000');
    expect((await publicConfig()).captchaEnabled).toBe(false);
    ok(
      await call(t, tk.admin, {
        method: 'PUT',
        url: `/api/v1/config/${captcha.id}`,
        payload: { ...off, value: 'true' },
      }),
    );
    expect((await loginWithoutCaptcha(t.app)).json().code).toBe('A0240');
  });

  it('keeps the captcha off when BATON_CAPTCHA=off, whatever the setting', async () => {
    const noCaptcha = await makeTestApp({ captcha: false });
    try {
      expect((await loginWithoutCaptcha(noCaptcha.app)).json().code).toBe('00000');
      expect((await publicConfig(noCaptcha)).captchaEnabled).toBe(false);
    } finally {
      await noCaptcha.close();
    }
  });

  it('in production, refuses turning the captcha off (in either language) and ignores a stored off', async () => {
    const prod = await makeTestApp({ env: 'production' });
    try {
      const admin = (await login(prod)).accessToken;
      const page = ok<{ list: ConfigVO[] }>(
        await call(prod, admin, { method: 'GET', url: '/api/v1/config/page?keywords=captcha&pageSize=100' }),
      );
      const captcha = page.list.find((c) => c.key === 'captcha')!;
      const put = {
        method: 'PUT' as const,
        url: `/api/v1/config/${captcha.id}`,
        payload: { ...captcha, value: 'false' },
      };
      const en = await call(prod, admin, put, { 'accept-language': 'en' });
      expect([en.status, en.body?.code]).toEqual([400, 'A0400']);
      expect(en.body?.msg).toMatch(/captcha.*production/i);
      const zh = await call(prod, admin, put, { 'accept-language': 'zh-CN' });
      expect([zh.status, zh.body?.code]).toEqual([400, 'A0400']);
      expect(zh.body?.msg).toMatch(/生产环境.*不能关闭登录验证码/);
      const [row] = await prod.database.db.select().from(sysConfig).where(eq(sysConfig.key, 'captcha'));
      expect(row).toMatchObject({ value: 'true', version: captcha.version });
      // Nor does an off written straight into the database (or left from before) take effect.
      await prod.database.db.update(sysConfig).set({ value: 'false' }).where(eq(sysConfig.key, 'captcha'));
      ok(await call(prod, admin, { method: 'POST', url: '/api/v1/config/refresh' }));
      expect((await loginWithoutCaptcha(prod.app)).json().code).toBe('A0240');
      expect((await publicConfig(prod)).captchaEnabled).toBe(true);
    } finally {
      await prod.close();
    }
  });

  it('creates, updates with type checks and version, deletes; built-ins are protected', async () => {
    const created = ok<ConfigForm>(
      await call(t, tk.admin, {
        method: 'POST',
        url: '/api/v1/config',
        payload: { key: 'upload.maxMb', value: '10', type: 'number', name: '上传上限', nameEn: 'Upload limit' },
      }),
    );
    expect(created).toMatchObject({ key: 'upload.maxMb', builtin: false, version: 1 });
    const notNumber = await call(t, tk.admin, {
      method: 'PUT',
      url: `/api/v1/config/${created.id}`,
      payload: { ...created, value: 'ten' },
    });
    expect(notNumber.body?.code).toBe('A0400');
    ok(
      await call(t, tk.admin, {
        method: 'PUT',
        url: `/api/v1/config/${created.id}`,
        payload: { ...created, value: '20' },
      }),
    );
    const stale = await call(t, tk.admin, {
      method: 'PUT',
      url: `/api/v1/config/${created.id}`,
      payload: { ...created, value: '30' },
    });
    expect([stale.status, stale.body?.code]).toEqual([409, 'A0409']);
    expect(
      ok<ConfigForm>(await call(t, tk.admin, { method: 'GET', url: `/api/v1/config/${created.id}/form` })).value,
    ).toBe('20');

    const title = await byKey('siteTitle');
    ok(
      await call(t, tk.admin, {
        method: 'PUT',
        url: `/api/v1/config/${title.id}`,
        payload: { ...title, value: '田径运动会' },
      }),
    );
    expect((await publicConfig()).siteTitle).toBe('田径运动会');
    const title2 = await byKey('siteTitle');
    const renameBuiltin = await call(t, tk.admin, {
      method: 'PUT',
      url: `/api/v1/config/${title.id}`,
      payload: { ...title2, key: 'other' },
    });
    expect(renameBuiltin.body?.code).toBe('A0400');
    const retype = await call(t, tk.admin, {
      method: 'PUT',
      url: `/api/v1/config/${title.id}`,
      payload: { ...title2, type: 'json', value: '1' },
    });
    expect(retype.body?.code).toBe('A0400');
    expect((await call(t, tk.admin, { method: 'DELETE', url: `/api/v1/config/${title.id}` })).body?.code).toBe('A0400');
    ok(await call(t, tk.admin, { method: 'DELETE', url: `/api/v1/config/${created.id}` }));
    ok(await call(t, tk.admin, { method: 'POST', url: '/api/v1/config/refresh' }));
  });

  it('refuses bad input and writes nothing', async () => {
    const before = await configCount();
    const base = { key: 'ok.key', value: 'x', type: 'string', name: 'x' };
    for (const payload of [
      {},
      { ...base, key: '9starts.with.digit' },
      { ...base, key: "x'; drop table sys_config;--" },
      { ...base, type: 'date' },
      { ...base, type: 'boolean', value: 'yes' },
      { ...base, type: 'number', value: '1e999' },
      { ...base, type: 'json', value: '{oops' },
      { ...base, value: 'v'.repeat(10_001) },
      { ...base, name: '' },
      { ...base, key: 'captcha' },
    ]) {
      const r = await call(t, tk.admin, { method: 'POST', url: '/api/v1/config', payload });
      expect([JSON.stringify(payload).slice(0, 80), r.status, r.body?.code]).toEqual([
        JSON.stringify(payload).slice(0, 80),
        400,
        'A0400',
      ]);
    }
    expect(await configCount()).toBe(before);
  });
});
