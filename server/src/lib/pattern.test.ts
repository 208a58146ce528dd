import { describe, expect, it } from 'vitest';
import { compilePattern, PATTERN_INPUT_MAX, patternMatches, toRe2Syntax } from './pattern.js';

describe('user patterns on RE2', () => {
  it('reads the JavaScript \\u escapes Chinese patterns use', () => {
    expect(toRe2Syntax('^[\\u4e00-\\u9fa5]+$')).toBe('^[\\x{4e00}-\\x{9fa5}]+$');
    expect(toRe2Syntax('\\u{1F600}')).toBe('\\x{1F600}');
    // An escaped backslash before a u is not an escape of the u.
    expect(toRe2Syntax('\\\\u4e00')).toBe('\\\\u4e00');
    expect(patternMatches('^[\\u4e00-\\u9fa5]{2,10}$', '瑞安中学')).toBe(true);
    expect(patternMatches('^[\\u4e00-\\u9fa5]{2,10}$', 'School')).toBe(false);
  });

  it('answers as RegExp.test does for the usual patterns', () => {
    const cases: [string, string][] = [
      ['^\\d{2}(\\.5)?$', '42.5'],
      ['^\\d{2}(\\.5)?$', '7'],
      ['\\d{6}', 'zip 325200'],
      ['^[A-Z]{2}-\\d+$', 'ZJ-12'],
      ['^(a|b)+$', 'abba'],
      ['^\\S+@\\S+$', 'a@b'],
    ];
    for (const [p, text] of cases) expect(patternMatches(p, text), `${p} ${text}`).toBe(new RegExp(p).test(text));
  });

  it('runs a catastrophic pattern on the longest input in linear time', () => {
    const started = performance.now();
    expect(patternMatches('^(a|a)*$', `${'a'.repeat(PATTERN_INPUT_MAX - 1)}!`)).toBe(false);
    expect(patternMatches('^(a+)+$', `${'a'.repeat(PATTERN_INPUT_MAX - 1)}!`)).toBe(false);
    expect(patternMatches('^(a|a)*$', 'a'.repeat(PATTERN_INPUT_MAX))).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(patternMatches('^a*$', 'a'.repeat(PATTERN_INPUT_MAX + 1))).toBe(false);
  });

  it('cannot run look-around or back-references', () => {
    for (const p of ['(?=a)', '(?!a)', '(?<=a)b', '(?<!a)b', '(a)\\1']) {
      expect(compilePattern(p)).toBeInstanceOf(Error);
      expect(patternMatches(p, 'aab')).toBeNull();
    }
  });
});
