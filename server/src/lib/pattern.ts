import { RE2JS } from 're2js';

/**
 * User-supplied patterns (custom field "format rules") run on RE2 (re2js, a pure-JS port):
 * matching takes time linear in the input, whatever the pattern, so a pattern such as
 * `^(a|a)*$` — 2^n steps for n characters on a backtracking engine like JavaScript's
 * RegExp — cannot stall the event loop. RE2 has no look-around and no back-references; a
 * pattern using them does not compile, and is refused when a field is saved.
 *
 * Patterns are written in JavaScript syntax in the field settings; the only spelling RE2 reads
 * differently is the `\uXXXX` / `\u{X…}` escape (common in Chinese patterns such as
 * `^[\u4e00-\u9fa5]+$`), rewritten here to RE2's `\x{XXXX}`.
 */

/** The longest text a pattern is run against (the field values are at most 200 characters). */
export const PATTERN_INPUT_MAX = 1000;

/** `\uXXXX` and `\u{X…}` as RE2's `\x{…}`; every other character and escape unchanged. */
export function toRe2Syntax(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch !== '\\' || i + 1 >= pattern.length) {
      out += ch;
      continue;
    }
    const next = pattern[i + 1]!;
    if (next === 'u') {
      const four = /^[0-9A-Fa-f]{4}/.exec(pattern.slice(i + 2, i + 6));
      const braced = /^\{([0-9A-Fa-f]{1,6})\}/.exec(pattern.slice(i + 2, i + 10));
      if (four) {
        out += `\\x{${four[0]}}`;
        i += 5;
        continue;
      }
      if (braced) {
        out += `\\x{${braced[1]}}`;
        i += 1 + braced[0].length;
        continue;
      }
    }
    out += ch + next;
    i += 1;
  }
  return out;
}

const cache = new Map<string, RE2JS | Error>();
const CACHE_MAX = 500;

/** The compiled pattern, or the reason RE2 cannot run it. */
export function compilePattern(pattern: string): RE2JS | Error {
  const hit = cache.get(pattern);
  if (hit) return hit;
  let compiled: RE2JS | Error;
  try {
    compiled = RE2JS.compile(toRe2Syntax(pattern));
  } catch (err) {
    compiled = err instanceof Error ? err : new Error(String(err));
  }
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(pattern, compiled);
  return compiled;
}

/**
 * Whether `text` contains a match of `pattern` (as `RegExp.prototype.test` answers), in linear
 * time. `null` when the pattern cannot run on RE2 (saved before the engine changed): the caller
 * decides what that means. Text longer than PATTERN_INPUT_MAX never matches.
 */
export function patternMatches(pattern: string, text: string): boolean | null {
  const re = compilePattern(pattern);
  if (re instanceof Error) return null;
  if (text.length > PATTERN_INPUT_MAX) return false;
  return re.test(text);
}
