import { describe, expect, it } from 'vitest';
import { SM4_IV, SM4_KEY, sm4Decrypt, sm4Encrypt } from './sm4';

describe('sm4 local-data helper', () => {
  it('round-trips text, including Chinese', () => {
    const text = 'Baton 运动会 2025 — {"a":1}';
    const hex = sm4Encrypt(text);
    expect(hex).toMatch(/^[0-9a-f]+$/);
    expect(hex.length % 32).toBe(0);
    expect(sm4Decrypt(hex)).toBe(text);
  });

  it('pads a full block to a second block', () => {
    expect(sm4Encrypt('0123456789abcdef')).toHaveLength(64);
  });

  it('uses 16-byte key and iv', () => {
    expect(SM4_KEY).toMatch(/^[0-9a-f]{32}$/);
    expect(SM4_IV).toMatch(/^[0-9a-f]{32}$/);
  });

  it('throws "padding is invalid" with the wrong key', () => {
    const hex = sm4Encrypt('secret');
    expect(() => sm4Decrypt(hex, 'ffffffffffffffffffffffffffffffff')).toThrow('padding is invalid');
  });
});
