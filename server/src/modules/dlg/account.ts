import { USER_TYPE } from '@baton/contracts';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { delegation, role, user, userRole } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { hashPassword, randomPassword } from '../../lib/password.js';

/**
 * The account a delegation signs in with (userType 30, role DELEGATION), made at its first
 * sign-in and linked from `meet_delegation.user_id`. It has no usable password and no mobile of
 * its own: the only way in is an SMS code to the delegation's current contact mobile for that
 * meeting (the administrators' form and password recovery refuse userType 30), so a contact the
 * committee replaced has no way back in. Its token reaches that one delegation
 * (CurrentUser.delegation) while the meeting is not archived. Safe under concurrent first sign-ins.
 */
export async function ensureDelegationUser(db: Db, delegationId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const [d] = await tx
      .select({ id: delegation.id, userId: delegation.userId, name: delegation.name })
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

/**
 * Self-registration (`POST /api/v1/public/meetings/{id}/self-register`) creates a delegation
 * with source 'self' and status 'submitted' — "sent to the committee, awaiting review". The
 * committee decides with the delegations module's review: approve → 'approved', return →
 * 'returned' with the reason; the review records the decision in reg_audit_decision.
 *
 * A self-registered delegation is admitted once an approval of it is on record. Until then it
 * cannot sign in and is not listed publicly. The recorded approval, not the current status, is
 * the test, because after admission the status moves on with the registration itself
 * (registering, submitted for audit, returned...). Delegations the committee made itself
 * (manual, batch, import, customer) need no admission.
 *
 * A condition on `meet_delegation` (unaliased) that is true while a self-registration waits.
 */
export const selfRegistrationPending: SQL<boolean> = sql<boolean>`(${delegation.source} = 'self' and not exists (
  select 1 from reg_audit_decision x
  where x.entity = 'delegation' and x.entity_id = ${delegation.id} and x.decision = 'approve'))`;

/** The status a new self-registration starts in (see selfRegistrationPending). */
export const SELF_REGISTRATION_STATUS = 'submitted' as const;
