import { sm4 } from 'sm-crypto-v2';

/**
 * SM4-CBC for data the client keeps locally (spec §9). The key and iv are fixed in the client
 * by design: this obscures local data, it does not protect it from the user of the browser.
 * 32 hex characters each (16-byte blocks); PKCS#7 padding.
 */
export const SM4_KEY = '6a3f1e9c2b7d4058a1c6e2f39b0d7e41';
export const SM4_IV = '0f5e2d8c7b6a49311d2c3b4a59687706';

/** Encrypt UTF-8 text to lowercase hex. */
export function sm4Encrypt(text: string, key: string = SM4_KEY, iv: string = SM4_IV): string {
  return sm4.encrypt(text, key, { mode: 'cbc', iv });
}

/** Decrypt hex back to UTF-8 text. A wrong key or damaged data throws 'padding is invalid'. */
export function sm4Decrypt(hex: string, key: string = SM4_KEY, iv: string = SM4_IV): string {
  return sm4.decrypt(hex, key, { mode: 'cbc', iv });
}
