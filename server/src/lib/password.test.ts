import { describe, expect, it } from 'vitest';
import { hashPassword, PASSWORD_HASH_COST, readablePassword, setPasswordHashCost, verifyPassword } from './password.js';

describe('readablePassword', () => {
  it('gives 12 characters without look-alikes in groups of four, letters of both cases and a digit', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const p = readablePassword();
      expect(p).toMatch(/^[a-km-np-zA-HJ-NP-Z2-9]{4}-[a-km-np-zA-HJ-NP-Z2-9]{4}-[a-km-np-zA-HJ-NP-Z2-9]{4}$/);
      expect(p).toMatch(/[a-z]/);
      expect(p).toMatch(/[A-Z]/);
      expect(p).toMatch(/\d/);
      seen.add(p);
    }
    expect(seen.size).toBe(500);
  });

  it('uses the whole alphabet (no character is never drawn)', () => {
    const used = new Set([...Array.from({ length: 400 }, readablePassword).join('')]);
    used.delete('-');
    expect(used.size).toBe(56);
  });

  it('is a password the sign-in accepts', async () => {
    const p = readablePassword();
    expect(await verifyPassword(p, await hashPassword(p))).toBe(true);
  });
});

describe('hash cost', () => {
  it('makes new hashes at the set cost; a hash of another cost still verifies by its own N', async () => {
    try {
      setPasswordHashCost(PASSWORD_HASH_COST);
      const strong = await hashPassword('Secret-123');
      expect(strong.split('$')[1]).toBe(String(2 ** 15));
      setPasswordHashCost(10);
      const cheap = await hashPassword('Secret-123');
      expect(cheap.split('$')[1]).toBe('1024');
      expect(await verifyPassword('Secret-123', strong)).toBe(true);
      expect(await verifyPassword('Secret-123', cheap)).toBe(true);
      expect(await verifyPassword('Secret-124', cheap)).toBe(false);
    } finally {
      setPasswordHashCost(10);
    }
  });
});
