import { describe, expect, it } from 'vitest';
import { filenameFromDisposition } from './filename';

describe('filenameFromDisposition', () => {
  it('prefers the UTF-8 name', () => {
    const h = `attachment; filename="users.xlsx"; filename*=UTF-8''%E7%94%A8%E6%88%B7-20250101.xlsx`;
    expect(filenameFromDisposition(h)).toBe('用户-20250101.xlsx');
  });
  it('reads a plain quoted or bare name', () => {
    expect(filenameFromDisposition('attachment; filename="a b.xlsx"')).toBe('a b.xlsx');
    expect(filenameFromDisposition('attachment; filename=plain.xlsx')).toBe('plain.xlsx');
  });
  it('falls back and strips path separators', () => {
    expect(filenameFromDisposition(undefined, 'x.xlsx')).toBe('x.xlsx');
    expect(filenameFromDisposition('attachment', 'x.xlsx')).toBe('x.xlsx');
    expect(filenameFromDisposition(`attachment; filename*=UTF-8''..%2F..%2Fevil.xlsx`)).toBe('.._.._evil.xlsx');
  });
});
