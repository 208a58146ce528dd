import { USER_TYPE } from '@baton/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { delegation, role, user, userRole } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { hashPassword, randomPassword } from '../../lib/password.js';

/**
 * The account a delegation signs in with (userType 30, role DELEGATION), made at its first
 * sign-in and linked from `meet_delegation.user_id`. It has no usable password: the only way
 * in is the contact mobile's SMS code for that meeting, and its token reaches that one
 * delegation (CurrentUser.delegation). Safe under concurrent first sign-ins.
 */
export async function ensureDelegationUser(db: Db, delegationId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const [d] = await tx
      .select({ id: delegation.id, userId: delegation.userId, name: delegation.name, mobile: delegation.contactMobile })
      .from(delegation)
      .where(eq(delegation.id, delegationId))
      .for('update');
    if (!d) throw notFound();
    if (d.userId) return d.userId;
    const [created] = await tx
      .insert(user)
      .values({
        username: `dlg-${d.id}`,
        nickname: d.name,
        passwordHash: await hashPassword(randomPassword()),
        userType: USER_TYPE.DELEGATION,
        mobile: d.mobile,
      })
      .onConflictDoNothing()
      .returning({ id: user.id });
    // A left-over account of the same name (its link was cleared): take it over.
    const userId =
      created?.id ??
      (
        await tx
          .select({ id: user.id })
          .from(user)
          .where(eq(user.username, `dlg-${d.id}`))
      )[0]?.id;
    if (!userId) throw notFound();
    const [dlgRole] = await tx.select({ id: role.id }).from(role).where(eq(role.code, 'DELEGATION'));
    if (dlgRole) await tx.insert(userRole).values({ userId, roleId: dlgRole.id }).onConflictDoNothing();
    await tx
      .update(delegation)
      .set({ userId })
      .where(and(eq(delegation.id, d.id), isNull(delegation.userId)));
    return userId;
  });
}
