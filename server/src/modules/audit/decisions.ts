import type { AuditDecisionBody, AuditDecisionResult, AuditStatus } from '@baton/contracts';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { athlete, auditDecision, coach, delegation } from '../../db/schema/index.js';
import { AppError, badInput, notFound } from '../../lib/errors.js';
import { type CurrentUser, hasPerm } from '../../plugins/auth.js';
import type { MeetingRow } from '../meetings/access.js';
import { type DecisionLevel, type Entity, inAreas, reach } from './access.js';
import { type AuditMessage, auditMessages } from './notify.js';
import { rollUp, setStatus } from './status.js';

// The decisions (approve, return) in batch; what they move in ./status.ts, what they tell in ./notify.ts.

export interface DecisionOutcome {
  result: AuditDecisionResult;
  /** For the operation log. */
  log: { target: string; before: unknown; after: unknown };
  /** What to tell each delegation once the transaction has committed. */
  messages: AuditMessage[];
}

interface Locked {
  id: number;
  meetingId: number;
  delegationId: number;
  name: string;
  status: AuditStatus;
}

const NAMES_SHOWN = 10;
const nameList = (names: string[], sep: string) =>
  names.length > NAMES_SHOWN ? `${names.slice(0, NAMES_SHOWN).join(sep)}${sep}…` : names.join(sep);

/** The latest decision on each record, if any. */
async function latestDecisions(tx: Tx, entity: Entity, ids: number[]) {
  const rows = await tx
    .selectDistinctOn([auditDecision.entityId], {
      entityId: auditDecision.entityId,
      level: auditDecision.level,
      decision: auditDecision.decision,
    })
    .from(auditDecision)
    .where(and(eq(auditDecision.entity, entity), inArray(auditDecision.entityId, ids)))
    .orderBy(auditDecision.entityId, desc(auditDecision.createdAt), desc(auditDecision.id));
  return new Map(rows.map((r) => [r.entityId, r]));
}

const areaApproved = (d: { level: string; decision: string } | undefined) =>
  d?.level === 'area' && d.decision === 'approve';

/** Lock and read the records (after their delegations, the order every registration write takes). */
async function lockRecords(tx: Tx, entity: Entity, ids: number[]): Promise<Locked[]> {
  if (entity === 'athlete') {
    return tx
      .select({
        id: athlete.id,
        meetingId: athlete.meetingId,
        delegationId: athlete.delegationId,
        name: athlete.name,
        status: athlete.status,
      })
      .from(athlete)
      .where(inArray(athlete.id, ids))
      .orderBy(asc(athlete.id))
      .for('update');
  }
  return tx
    .select({
      id: coach.id,
      meetingId: coach.meetingId,
      delegationId: coach.delegationId,
      name: coach.name,
      status: coach.status,
    })
    .from(coach)
    .where(inArray(coach.id, ids))
    .orderBy(asc(coach.id))
    .for('update');
}
/**
 * Approve or return records in one transaction: only 'submitted' ones are decided (the others
 * are skipped); every decision is recorded (who, level, what, why); the delegations' statuses
 * roll up and each delegation touched gets one notice (written here, delivered after commit).
 */
export async function decide(db: Db, u: CurrentUser, body: AuditDecisionBody): Promise<DecisionOutcome> {
  if (!hasPerm(u, body.decision === 'approve' ? 'audit:record:approve' : 'audit:record:return')) {
    throw new AppError('A0301');
  }
  const reason = body.reason?.trim() || null;
  if (body.decision === 'return' && !reason) {
    throw badInput('退回须填写原因', 'a return needs a reason');
  }
  const { entity } = body;
  const ids = [...new Set(body.ids)];
  return db.transaction(async (tx) => {
    // Delegations first, then the records: the lock order of every registration write.
    const table = entity === 'athlete' ? athlete : coach;
    const owners = await tx.selectDistinct({ id: table.delegationId }).from(table).where(inArray(table.id, ids));
    const dlgRows = owners.length
      ? await tx
          .select({
            id: delegation.id,
            meetingId: delegation.meetingId,
            name: delegation.name,
            areaCodeId: delegation.areaCodeId,
            userId: delegation.userId,
            contactMobile: delegation.contactMobile,
            status: delegation.status,
          })
          .from(delegation)
          .where(
            inArray(
              delegation.id,
              owners.map((o) => o.id),
            ),
          )
          .orderBy(asc(delegation.id))
          .for('update')
      : [];
    const dlgs = new Map(dlgRows.map((d) => [d.id, d]));
    const records = await lockRecords(tx, entity, ids);
    if (records.length !== ids.length || records.some((x) => !dlgs.has(x.delegationId))) throw notFound();

    // Reach: every record in the caller's meetings and areas (else 404), then the level.
    const levels = new Map<number, { level: DecisionLevel; meeting: MeetingRow }>();
    for (const meetingId of new Set(records.map((x) => x.meetingId))) {
      const r = await reach(tx, u, meetingId);
      const outside = records.some(
        (x) => x.meetingId === meetingId && !inAreas(r.areas, dlgs.get(x.delegationId)!.areaCodeId),
      );
      if (outside) throw notFound();
      if (r.role === 'area' && !r.meeting.areaAuditFirst) {
        throw new AppError(
          'A0301',
          {},
          {
            zh: '本赛事不设区县初审，审核由组委会进行',
            en: 'this meeting has no area review: the committee decides',
          },
        );
      }
      levels.set(meetingId, { level: r.role === 'area' ? 'area' : 'committee', meeting: r.meeting });
    }

    const latest = await latestDecisions(tx, entity, ids);
    const levelOf = (x: Locked) => levels.get(x.meetingId)!;
    const decided = records.filter(
      (x) =>
        x.status === 'submitted' &&
        !(body.decision === 'approve' && levelOf(x).level === 'area' && areaApproved(latest.get(x.id))),
    );
    if (body.decision === 'approve') {
      const lacking = decided.filter(
        (x) =>
          levelOf(x).level === 'committee' &&
          levelOf(x).meeting.areaAuditFirst &&
          dlgs.get(x.delegationId)!.areaCodeId !== null &&
          !areaApproved(latest.get(x.id)),
      );
      if (lacking.length) {
        const names = lacking.map((x) => x.name);
        throw badInput(
          `本赛事须先经区县初审通过，以下记录尚未通过区县初审：${nameList(names, '、')}`,
          `this meeting needs the area's approval first; not yet approved by the area: ${nameList(names, ', ')}`,
        );
      }
    }

    // An area approval passes the record on (it stays 'submitted'); the rest change status.
    const next: AuditStatus = body.decision === 'approve' ? 'approved' : 'returned';
    const changing = decided.filter((x) => !(body.decision === 'approve' && levelOf(x).level === 'area'));
    if (changing.length) {
      await setStatus(
        tx,
        entity,
        changing.map((x) => x.id),
        next,
        reason,
      );
    }
    if (decided.length) {
      await tx.insert(auditDecision).values(
        decided.map((x) => ({
          meetingId: x.meetingId,
          entity,
          entityId: x.id,
          level: levelOf(x).level,
          decision: body.decision,
          reason,
          userId: u.id,
        })),
      );
    }
    const rolled = changing.length ? await rollUp(tx, [...new Set(changing.map((x) => x.delegationId))]) : [];
    const messages = await auditMessages(tx, u, {
      entity,
      decision: body.decision,
      reason,
      groups: [...new Set(decided.map((x) => x.delegationId))].map((delegationId) => {
        const d = dlgs.get(delegationId)!;
        const mine = decided.filter((x) => x.delegationId === delegationId);
        return {
          delegation: d,
          meeting: levelOf(mine[0]!).meeting,
          level: levelOf(mine[0]!).level,
          names: mine.map((x) => x.name),
        };
      }),
    });

    const changed = new Set(changing.map((x) => x.id));
    const decidedIds = new Set(decided.map((x) => x.id));
    const rolledStatus = new Map(rolled.map((x) => [Number(x.id), x.status]));
    return {
      result: { decided: decided.length, skipped: records.length - decided.length },
      log: {
        target: `${entity}:${ids.join(',')}`,
        before: {
          records: records.map((x) => ({ id: x.id, status: x.status })),
          delegations: [...rolledStatus.keys()].map((id) => ({ id, status: dlgs.get(id)!.status })),
        },
        after: {
          decision: body.decision,
          levels: [...new Set(decided.map((x) => levelOf(x).level))],
          reason,
          decided: decided.length,
          skipped: records.length - decided.length,
          records: records
            .filter((x) => decidedIds.has(x.id))
            .map((x) => ({ id: x.id, status: changed.has(x.id) ? next : x.status })),
          delegations: [...rolledStatus].map(([id, status]) => ({ id, status })),
          notices: messages.filter((m) => m.noticeId !== null).map((m) => m.noticeId),
        },
      },
      messages,
    };
  });
}
