import type { AuditDecisionResult, AuditOverviewRow, AuditStatus, FieldLinkVO } from '@baton/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Tooltip, Typography, theme } from 'antd';
import { type ReactNode, useCallback, useState } from 'react';
import { type AuditEntity, auditApi, auditQueries } from '../../api/audit';
import { useTranslation } from '../../app/i18n';
import { DictTag } from '../../components/crud';
import { PrivateFileLink, PrivateImage } from '../../components/PrivateFile';
import { useBilingual, useEn } from '../../hooks/language';
import { usePerm } from '../../hooks/usePerm';
import { formatDay } from '../../utils/meeting-format';
import { ReturnDialog } from './ReturnDialog';

export const PERM = {
  query: 'audit:record:query',
  approve: 'audit:record:approve',
  return: 'audit:record:return',
} as const;

type Counts = AuditOverviewRow['athletes'];
/** The order of the bar's segments and their legend. */
const SEGMENTS: readonly AuditStatus[] = ['approved', 'submitted', 'returned', 'draft'];

export function useSegmentColors(): Record<AuditStatus, string> {
  const { token } = theme.useToken();
  return {
    approved: token.colorSuccess,
    submitted: token.colorWarning,
    returned: token.colorError,
    draft: token.colorFill,
  };
}

/** Audit progress of a set of records: one stacked bar approved / submitted / returned / draft. */
export function StatusBar({ counts, testId }: { counts: Counts; testId?: string }) {
  const { t } = useTranslation();
  const colors = useSegmentColors();
  const { token } = theme.useToken();
  const detail = SEGMENTS.map((s) => `${t(`audit.status.${s}`)} ${counts[s]}`).join(' · ');
  return (
    <Tooltip title={detail}>
      <div style={{ minWidth: 120 }} data-testid={testId} role="img" aria-label={detail}>
        <div
          style={{
            display: 'flex',
            height: 8,
            borderRadius: 4,
            overflow: 'hidden',
            background: token.colorFillQuaternary,
          }}
        >
          {counts.total > 0 &&
            SEGMENTS.map((s) =>
              counts[s] > 0 ? (
                <span key={s} style={{ width: `${(counts[s] / counts.total) * 100}%`, background: colors[s] }} />
              ) : null,
            )}
        </div>
        <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
          {t('audit.progress', { approved: counts.approved, total: counts.total, submitted: counts.submitted })}
        </Typography.Text>
      </div>
    </Tooltip>
  );
}

/** The colour key of the status bars. */
export function StatusLegend() {
  const { t } = useTranslation();
  const colors = useSegmentColors();
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 12, fontSize: 12 }}>
      {SEGMENTS.map((s) => (
        <span key={s} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
          <span style={{ width: 10, height: 10, borderRadius: 2, background: colors[s] }} />
          {t(`audit.status.${s}`)}
        </span>
      ))}
    </span>
  );
}

export const StatusTag = ({ value }: { value: AuditStatus }) => <DictTag dictCode="audit_status" value={value} />;

/** Only records waiting for audit can be approved or returned (the server skips the others). */
export const canDecide = (status: AuditStatus) => status === 'submitted';

/**
 * Approve and return (with the reason dialog) records of one kind; after a decision every audit
 * query refreshes and `onDone` runs (clear the selection, reload the list).
 */
export function useDecision(entity: AuditEntity, onDone?: () => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [returning, setReturning] = useState<number[] | null>(null);
  const [count, setCount] = useState(0);

  const finish = useCallback(
    (r: AuditDecisionResult, decision: 'approve' | 'return') => {
      const text = t(decision === 'approve' ? 'audit.approved' : 'audit.returned', { count: r.decided });
      if (r.skipped > 0) message.warning(`${text} ${t('audit.skipped', { count: r.skipped })}`);
      else message.success(text);
      // The audit's lists, overview and details, and the dashboard's registration figures.
      void queryClient.invalidateQueries({ queryKey: auditQueries.all });
      onDone?.();
    },
    [message, onDone, queryClient, t],
  );

  const approve = useCallback(
    async (ids: number[]) => {
      const r = await auditApi.decide({ entity, ids, decision: 'approve' });
      finish(r, 'approve');
    },
    [entity, finish],
  );
  const startReturn = useCallback((ids: number[]) => {
    setCount(ids.length);
    setReturning(ids);
  }, []);

  const dialog = (
    <ReturnDialog
      open={returning !== null}
      count={count}
      onClose={() => setReturning(null)}
      onSubmit={async (reason) => {
        const r = await auditApi.decide({ entity, ids: returning ?? [], decision: 'return', reason });
        finish(r, 'return');
      }}
    />
  );
  return { approve, startReturn, dialog };
}

/** Whether the user may approve / return at all. */
export function useDecisionPerms() {
  const can = usePerm();
  return { approve: can(PERM.approve), return: can(PERM.return) };
}

// ─── Links and the list a detail page steps through ─────────────────────────────────────

export function detailPath(entity: AuditEntity, id: number, meetingId: number | undefined): string {
  const q = new URLSearchParams({ entity, id: String(id) });
  if (meetingId) q.set('meetingId', String(meetingId));
  return `/audit/detail?${q.toString()}`;
}

/** The ids of the list page last shown per kind, for the detail's previous / next (in this tab only). */
const lastLists: Record<AuditEntity, number[]> = { athlete: [], coach: [] };

export function rememberList(entity: AuditEntity, ids: number[]): void {
  lastLists[entity] = ids;
}

/** The records before and after `id` in the list last shown, when it is there. */
export function neighbours(entity: AuditEntity, id: number): { prev?: number; next?: number } {
  const list = lastLists[entity];
  const at = list.indexOf(id);
  if (at < 0) return {};
  return { prev: list[at - 1], next: list[at + 1] };
}

// ─── Field values ────────────────────────────────────────────────────────────────────────

/** One field value as the field's kind shows it (dictionary label, image, file link, date, text). */
export function FieldValue({
  field,
  value,
  imageWidth = 96,
}: {
  field: FieldLinkVO | undefined;
  value: unknown;
  imageWidth?: number;
}): ReactNode {
  const { t } = useTranslation();
  const en = useEn();
  const pick = useBilingual();
  if (value === null || value === undefined || value === '')
    return <Typography.Text type="secondary">—</Typography.Text>;
  const text = Array.isArray(value)
    ? value.join(', ')
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);
  switch (field?.kind) {
    case 'select':
      return field.dictCode ? <DictTag dictCode={field.dictCode} value={text} /> : text;
    case 'image':
      return <PrivateImage fileId={text} width={imageWidth} alt={pick(field.label, field.labelEn)} />;
    case 'date':
      return <span style={{ whiteSpace: 'nowrap' }}>{formatDay(text, en ? 'en' : 'zh-cn')}</span>;
    case 'file':
      return (
        <PrivateFileLink fileId={text} name={pick(field.label, field.labelEn)}>
          {t('audit.detail.openFile')}
        </PrivateFileLink>
      );
    default:
      return <span style={{ wordBreak: 'break-all' }}>{text}</span>;
  }
}

/** A field's label in the interface language, else its key. */
export function useFieldLabel() {
  const pick = useBilingual();
  return (field: FieldLinkVO | undefined, key: string) => (field ? pick(field.label, field.labelEn) : key);
}
