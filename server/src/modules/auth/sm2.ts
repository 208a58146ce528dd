import { sm2 } from 'sm-crypto-v2';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { getOrCreateSecret } from '../../lib/secrets.js';

export interface Sm2Keys {
  publicKey: string;
  privateKey: string;
}

/** The SM2 key pair the web encrypts credentials with, generated on first start and stored. */
export async function loadSm2Keys(db: Db): Promise<Sm2Keys> {
  const stored = await getOrCreateSecret(db, 'sm2', () => JSON.stringify(sm2.generateKeyPairHex()));
  return JSON.parse(stored) as Sm2Keys;
}

/** Decrypt a C1C3C2 hex ciphertext; anything malformed is A0220, never a 500. */
export function sm2Decrypt(keys: Sm2Keys, cipherHex: string): string {
  if (!/^[0-9a-fA-F]+$/.test(cipherHex) || cipherHex.length < 194) throw new AppError('A0220');
  try {
    const plain = sm2.doDecrypt(cipherHex, keys.privateKey, 1);
    if (typeof plain !== 'string' || plain === '') throw new AppError('A0220');
    return plain;
  } catch {
    throw new AppError('A0220');
  }
}
