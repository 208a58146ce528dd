import { NOTICE_STATUS, NOTICE_TARGET } from '@baton/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { notice } from '../../db/schema/index.js';
import type { CurrentUser } from '../../plugins/auth.js';
import type { RealtimeHub } from '../../plugins/realtime.js';
import type { ConfigCache } from '../config/service.js';
import type { MeetingRow } from '../meetings/access.js';
import type { CodeSender } from '../verification/sender.js';

/**
 * Telling a delegation about the decisions on its records: one notice per delegation and call
 * (dictionary notice_type 3 "audit result", aimed at the delegation's account, published, so it
 * is in its "my notices" and pushed live), and a short SMS to its contact mobile when the
 * setting `auditSms` is on. The notice is written in the decision's transaction; the push and
 * the SMS go out after it committed, and their failures never undo a decision.
 */

const NOTICE_TYPE_AUDIT = 3;
/** sys_config key: 'true' (or 1 / yes / on) sends the SMS as well. */
export const AUDIT_SMS_KEY = 'auditSms';

export interface AuditMessage {
  delegationId: number;
  /** The delegation's account; null when it has never signed in (no notice then). */
  userId: number | null;
  noticeId: number | null;
  title: string;
  level: 'L' | 'M' | 'H';
  mobile: string;
  sms: string;
}

interface Group {
  delegation: { id: number; name: string; userId: number | null; contactMobile: string };
  meeting: MeetingRow;
  level: 'area' | 'committee';
  names: string[];
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** What happened, in both languages: "运动员审核通过 3 人" / "3 athletes approved". */
function headline(entity: 'athlete' | 'coach', decision: 'approve' | 'return', level: 'area' | 'committee', n: number) {
  const zhWho = entity === 'athlete' ? '运动员' : '教练员';
  const enWho = entity === 'athlete' ? (n === 1 ? 'athlete' : 'athletes') : n === 1 ? 'coach' : 'coaches';
  if (decision === 'return') return { zh: `${zhWho}被退回 ${n} 人`, en: `${n} ${enWho} returned` };
  if (level === 'area') {
    return { zh: `${zhWho}区县初审通过 ${n} 人`, en: `${n} ${enWho} passed the area review` };
  }
  return { zh: `${zhWho}审核通过 ${n} 人`, en: `${n} ${enWho} approved` };
}

/** Write one published notice per delegation that has an account; answer what to deliver. */
export async function auditMessages(
  tx: Tx,
  u: CurrentUser,
  input: {
    entity: 'athlete' | 'coach';
    decision: 'approve' | 'return';
    reason: string | null;
    groups: Group[];
  },
): Promise<AuditMessage[]> {
  const out: AuditMessage[] = [];
  const now = new Date();
  for (const g of input.groups) {
    const h = headline(input.entity, input.decision, g.level, g.names.length);
    const title = `${h.zh}（${h.en}）`;
    const paragraphs = [
      `<p>${escapeHtml(g.meeting.name)}${g.meeting.nameEn ? `（${escapeHtml(g.meeting.nameEn)}）` : ''}</p>`,
      `<p>代表队（Delegation）：${escapeHtml(g.delegation.name)}</p>`,
      `<p>${escapeHtml(h.zh)}（${escapeHtml(h.en)}）：</p>`,
      `<ul>${g.names.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul>`,
    ];
    if (input.decision === 'return') {
      paragraphs.push(`<p>退回原因（Reason）：${escapeHtml(input.reason ?? '')}</p>`);
      paragraphs.push('<p>请修改后重新提交审核。（Please correct the records and submit them again.）</p>');
    } else if (g.level === 'area') {
      paragraphs.push('<p>等待组委会审核。（Awaiting the committee’s review.）</p>');
    }
    const level = input.decision === 'return' ? 'H' : 'L';
    let noticeId: number | null = null;
    if (g.delegation.userId !== null) {
      const [row] = await tx
        .insert(notice)
        .values({
          title,
          content: paragraphs.join(''),
          type: NOTICE_TYPE_AUDIT,
          level,
          targetType: NOTICE_TARGET.USERS,
          targetUserIds: [g.delegation.userId],
          status: NOTICE_STATUS.PUBLISHED,
          publisherId: u.id,
          publishedAt: now,
          createdBy: u.id,
        })
        .returning({ id: notice.id });
      noticeId = row!.id;
    }
    out.push({
      delegationId: g.delegation.id,
      userId: g.delegation.userId,
      noticeId,
      title,
      level,
      mobile: g.delegation.contactMobile,
      sms: `【${g.meeting.name}】${g.delegation.name}：${h.zh}，请登录报名系统查看。(${h.en}; sign in for details.)`,
    });
  }
  return out;
}

/** After commit: push each notice to its user, and send the SMS when configured. Never throws. */
export async function deliverAuditMessages(
  deps: { db: Db; hub: RealtimeHub; sender: CodeSender; settings: ConfigCache },
  messages: AuditMessage[],
  log: FastifyBaseLogger,
): Promise<void> {
  const sms = deps.settings.bool(AUDIT_SMS_KEY, false);
  for (const m of messages) {
    if (m.noticeId !== null && m.userId !== null) {
      try {
        await deps.hub.publish(
          'notice',
          { id: m.noticeId, title: m.title, type: NOTICE_TYPE_AUDIT, level: m.level },
          { userIds: [m.userId] },
        );
      } catch (err) {
        log.error({ err, delegationId: m.delegationId }, 'audit notice push failed');
      }
    }
    if (sms) {
      try {
        await deps.sender.send(deps.db, { channel: 'sms', to: m.mobile, text: m.sms, purpose: 'audit-notice' });
      } catch (err) {
        log.error({ err, delegationId: m.delegationId }, 'audit SMS failed');
      }
    }
  }
}
