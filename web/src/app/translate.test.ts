import { describe, expect, it, vi } from 'vitest';
import { createI18n } from './translate';

function setup(lng = 'zh-cn') {
  const missing: string[] = [];
  const i18n = createI18n({ lng, fallbackLng: 'zh-cn', onMissing: (key) => missing.push(key) });
  i18n.addResources('zh-cn', {
    common: { save: '保存', total: '共 {{count}} 条', pair: '{{a}} 与 {{ b }}，又是 {{a}}' },
    only: { zh: '只有中文' },
  });
  i18n.addResources('en', { common: { save: 'Save', total: '{{count}} in all', pair: '{{a}} and {{b}}' } });
  return { i18n, missing };
}

describe('translate', () => {
  it('looks a dotted key up in the current language', () => {
    const { i18n } = setup();
    expect(i18n.t('common.save')).toBe('保存');
    expect(setup('en').i18n.t('common.save')).toBe('Save');
  });

  it('fills every {{variable}}, as is, and leaves one not given as written', () => {
    const { i18n } = setup();
    expect(i18n.t('common.total', { count: 0 })).toBe('共 0 条');
    expect(i18n.t('common.pair', { a: '<b>x</b>', b: 'y' })).toBe('<b>x</b> 与 y，又是 <b>x</b>');
    expect(i18n.t('common.pair', { a: 1 })).toBe('1 与 {{ b }}，又是 1');
    expect(i18n.t('common.pair', { a: null, b: undefined })).toBe(' 与 ，又是 ');
    expect(i18n.t('common.total')).toBe('共 {{count}} 条');
  });

  it('answers a missing key with the key itself or defaultValue, and reports it', () => {
    const { i18n, missing } = setup();
    expect(i18n.t('common.nope')).toBe('common.nope');
    expect(i18n.t('public.gender.X', { defaultValue: 'X' })).toBe('X');
    // A branch is not a string: the key, as for a missing one.
    expect(i18n.t('common')).toBe('common');
    expect(i18n.t('common.save.deeper')).toBe('common.save.deeper');
    expect(i18n.t('toString')).toBe('toString');
    expect(missing).toEqual(['common.nope', 'public.gender.X', 'common', 'common.save.deeper', 'toString']);
  });

  it('falls back to zh-cn for a key the language lacks (and reports it, so its strings are fetched)', () => {
    const { i18n, missing } = setup('en');
    expect(i18n.t('only.zh')).toBe('只有中文');
    expect(missing).toEqual(['only.zh']);
  });

  it('switches language (lower case), telling subscribers and giving a new t', async () => {
    const { i18n } = setup();
    const listener = vi.fn();
    const unsubscribe = i18n.subscribe(listener);
    const before = i18n.getT();
    expect(i18n.getT()).toBe(before);

    await i18n.changeLanguage('EN');
    expect(i18n.language).toBe('en');
    expect(i18n.t('common.save')).toBe('Save');
    expect(i18n.getT()('common.save')).toBe('Save');
    expect(i18n.getT()).not.toBe(before);
    expect(listener).toHaveBeenCalledTimes(1);

    // The same language again changes nothing.
    const after = i18n.getT();
    await i18n.changeLanguage('en');
    expect(i18n.getT()).toBe(after);
    expect(listener).toHaveBeenCalledTimes(1);

    unsubscribe();
    await i18n.changeLanguage('zh-cn');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('merges arriving strings deeply, without touching the objects given', () => {
    const { i18n } = setup();
    const listener = vi.fn();
    i18n.subscribe(listener);
    const before = i18n.getT();
    const area = { common: { cancel: '取消' }, public: { title: '赛事' } };
    i18n.addResources('zh-cn', area);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(i18n.getT()).not.toBe(before);
    expect(i18n.t('common.save')).toBe('保存');
    expect(i18n.t('common.cancel')).toBe('取消');
    expect(i18n.t('public.title')).toBe('赛事');

    i18n.addResources('zh-cn', { public: { title: '赛事一览', more: '更多' } });
    expect(i18n.t('public.title')).toBe('赛事一览');
    expect(area.public).toEqual({ title: '赛事' });
  });
});
