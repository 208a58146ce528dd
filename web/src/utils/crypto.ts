import { sm2 } from 'sm-crypto-v2';

/** C1C3C2, the cipher layout the server decrypts with (sm-crypto's mode 1). */
const CIPHER_MODE_C1C3C2 = 1;

/** SM2-encrypt login credentials with the server's public key (GET /api/v1/auth/public-key), hex out. */
export function sm2Encrypt(text: string, publicKeyHex: string): string {
  return sm2.doEncrypt(text, publicKeyHex, CIPHER_MODE_C1C3C2);
}
