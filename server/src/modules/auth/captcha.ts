import { randomUUID } from 'node:crypto';
import { CAPTCHA_TTL_S } from '@baton/contracts';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../db/client.js';
import { captcha } from '../../db/schema/index.js';

/** Image captcha: stored in the database (shared by instances), single use, 2-minute life. */
export async function createCaptcha(db: Db): Promise<{ captchaKey: string; captchaBase64: string }> {
  const image = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', color: true, width: 120, height: 40 });
  const captchaKey = randomUUID();
  await db.insert(captcha).values({
    key: captchaKey,
    answer: image.text.toLowerCase(),
    expiresAt: new Date(Date.now() + CAPTCHA_TTL_S * 1000),
  });
  // Expired, never-answered captchas are swept on the way.
  await db.delete(captcha).where(lt(captcha.expiresAt, new Date()));
  return { captchaKey, captchaBase64: `data:image/svg+xml;base64,${Buffer.from(image.data).toString('base64')}` };
}

/** Live captchas kept at most: past it, the oldest go (only ever reached under a flood). */
export const CAPTCHA_MAX_LIVE = 20_000;

/**
 * Keep at most CAPTCHA_MAX_LIVE live captchas, dropping the ones that expire first. Called when
 * an address asks for images faster than anyone solving them could: it is still served (the
 * people behind a shared address must be able to sign in), and the table stays bounded.
 */
export async function trimCaptchas(db: Db, max: number = CAPTCHA_MAX_LIVE): Promise<void> {
  await db.execute(
    sql`delete from ${captcha} where ${captcha.key} in (select ${captcha.key} from ${captcha}
      order by ${captcha.expiresAt} desc offset ${max})`,
  );
}

/** Consume the captcha (whatever the answer) and say whether the answer was right. */
export async function verifyCaptcha(db: Db, key: string, code: string): Promise<boolean> {
  if (!key || !code) return false;
  const [row] = await db
    .delete(captcha)
    .where(and(eq(captcha.key, key), gt(captcha.expiresAt, new Date())))
    .returning({ answer: captcha.answer });
  return !!row && row.answer === code.trim().toLowerCase();
}
