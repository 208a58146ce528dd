import { describe, expect, it } from 'vitest';
import { browserLanguage } from './app';

describe('browserLanguage', () => {
  it('follows the first preferred language the interface has', () => {
    expect(browserLanguage(['en-US', 'en'])).toBe('en');
    expect(browserLanguage(['zh-CN', 'en-US'])).toBe('zh-cn');
    expect(browserLanguage(['zh-TW'])).toBe('zh-cn');
    expect(browserLanguage(['fr-FR', 'EN-gb', 'zh-CN'])).toBe('en');
    expect(browserLanguage(['de', 'zh'])).toBe('zh-cn');
  });

  it('falls back to Chinese when the browser prefers none of them', () => {
    expect(browserLanguage(['fr-FR', 'de'])).toBe('zh-cn');
    expect(browserLanguage([])).toBe('zh-cn');
  });
});
