import { sm2 } from 'sm-crypto-v2';
import { describe, expect, it } from 'vitest';
import { sm2Encrypt } from './crypto';

describe('sm2Encrypt', () => {
  it('produces C1C3C2 hex the private key opens', () => {
    const { publicKey, privateKey } = sm2.generateKeyPairHex();
    const hex = sm2Encrypt('admin123', publicKey);
    expect(hex).toMatch(/^[0-9a-f]+$/);
    expect(sm2.doDecrypt(hex, privateKey, 1)).toBe('admin123');
  });
});
