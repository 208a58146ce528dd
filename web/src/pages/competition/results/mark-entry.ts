import type { MarkCode } from '@baton/contracts';

/**
 * What a referee types in a mark cell, read as they mean it: a time or a distance, or a code —
 * `dns`, `dnf`, `nm`, `dq 162.7` (the rule after the code), and in a field trial `x` (a foul),
 * `-` (a pass) and `r` (retired). Case and spaces do not matter. Only the codes the cell allows
 * are read as codes: anything else stays a mark for the server to judge.
 */
export type Entry =
  | { kind: 'empty' }
  | { kind: 'mark'; mark: string }
  | { kind: 'code'; code: MarkCode; dqRule: string }
  | { kind: 'trial'; outcome: 'X' | '-' | 'r' };

const CODES: Record<string, MarkCode> = { dns: 'DNS', dnf: 'DNF', nm: 'NM', dq: 'DQ', r: 'r' };

export function readEntry(text: string, allowed: readonly (MarkCode | 'X' | '-')[]): Entry {
  const typed = text.trim();
  if (!typed) return { kind: 'empty' };
  const lower = typed.toLowerCase();
  if (allowed.includes('X') && lower === 'x') return { kind: 'trial', outcome: 'X' };
  if (allowed.includes('-') && (lower === '-' || lower === '–' || lower === 'p'))
    return { kind: 'trial', outcome: '-' };
  const dq = /^dq(?:\s+(.{1,40}))?$/.exec(lower);
  if (dq && allowed.includes('DQ')) return { kind: 'code', code: 'DQ', dqRule: typed.slice(2).trim() };
  const code = CODES[lower];
  if (code && allowed.includes(code)) {
    return code === 'r' && allowed.includes('X') ? { kind: 'trial', outcome: 'r' } : { kind: 'code', code, dqRule: '' };
  }
  return { kind: 'mark', mark: typed };
}

/** The text a cell shows for a code already set: `DNS`, `DQ 162.7`. */
export const codeText = (code: MarkCode, dqRule: string | null | undefined) =>
  code === 'DQ' && dqRule ? `DQ ${dqRule}` : code;
