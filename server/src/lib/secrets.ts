import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { secret } from '../db/schema/index.js';

/**
 * A value generated once and stored, so every instance sharing the database agrees on it.
 * Concurrent first starts race on the insert; the loser reads the winner's value.
 */
export async function getOrCreateSecret(db: Db, key: string, make: () => string): Promise<string> {
  const found = await db.select({ value: secret.value }).from(secret).where(eq(secret.key, key));
  if (found[0]) return found[0].value;
  await db.insert(secret).values({ key, value: make() }).onConflictDoNothing();
  const stored = await db.select({ value: secret.value }).from(secret).where(eq(secret.key, key));
  if (!stored[0]) throw new Error(`secret ${key} could not be stored`);
  return stored[0].value;
}
