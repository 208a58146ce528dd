import { ArrowRightOutlined, CodeOutlined, DiffOutlined } from '@ant-design/icons';
import type { AuditDetailVO, FieldLinkVO, RecordHistoryVO } from '@baton/contracts';
import { Button, Empty, Segmented, Select, Space, Tag, Typography, theme } from 'antd';
import { type CSSProperties, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../app/i18n';
import { DictTag, formatTime } from '../../../components/crud';
import { Editor } from '../../../components/Editor';
import { PrivateImage } from '../../../components/PrivateFile';
import { useBilingual, useEn } from '../../../hooks/language';
import { useMobile } from '../../../hooks/useMobile';
import { formatDay } from '../../../utils/meeting-format';
import { FieldValue, StatusTag } from '../shared';
import { type ChangeRow, changeRows, isEmpty, prettyJson, type TimelineEntry, timeline } from './changes';

export { prettyJson } from './changes';

/** What the history view reads of the audit detail: the changes, the decisions and the names of their values. */
export type HistoryData = Pick<AuditDetailVO, 'entity' | 'history' | 'decisions' | 'formFields' | 'groups' | 'items'>;

type Mode = 'readable' | 'raw';

/** The key of the athlete's photo among the form's fields (its label names the photo). */
const PHOTO_FIELD_KEY = 'photo';

/**
 * The record's change history. Readable by default: each change as the values it changed, old →
 * new, in the viewer's language (field labels, dates, groups, events, photos as pictures),
 * decisions between them and the changes since the last decision marked. One click away, the
 * raw snapshots side by side in the editor's compare.
 */
export function HistoryView({
  minHeight = 120,
  maxHeight = 420,
  ...data
}: HistoryData & {
  /** Raw view: on a phone long lines wrap, so the compare gets more room than its line count says. */
  minHeight?: number;
  maxHeight?: number;
}) {
  const { t } = useTranslation();
  const mobile = useMobile();
  const [mode, setMode] = useState<Mode>('readable');
  if (data.history.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('audit.detail.noHistory')} />;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="audit-history">
      <Segmented<Mode>
        value={mode}
        onChange={setMode}
        size={mobile ? 'large' : 'middle'}
        aria-label={t('audit.detail.historyMode')}
        options={[
          { value: 'readable', icon: <DiffOutlined />, label: t('audit.detail.readable') },
          { value: 'raw', icon: <CodeOutlined />, label: t('audit.detail.raw') },
        ]}
        data-testid="audit-history-mode"
      />
      {mode === 'readable' ? (
        <ReadableHistory {...data} />
      ) : (
        <RawHistory {...data} minHeight={minHeight} maxHeight={maxHeight} />
      )}
    </Space>
  );
}

// ─── Readable ───────────────────────────────────────────────────────────────────────────

function ReadableHistory(data: HistoryData) {
  const { t } = useTranslation();
  const { entries, recent, lastDecision, since } = useMemo(
    () => timeline(data.history, data.decisions),
    [data.history, data.decisions],
  );
  const [all, setAll] = useState(false);
  const shown = all ? entries : entries.slice(0, recent);
  return (
    <div data-testid="audit-history-readable">
      {lastDecision && since === 0 && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }} data-testid="history-nothing-since">
          {t('audit.detail.nothingSince')}
        </Typography.Paragraph>
      )}
      <ol style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
        {shown.map((e) =>
          e.kind === 'change' ? (
            <ChangeCard key={`c${e.change.id}`} entry={e} data={data} />
          ) : (
            <DecisionMark key={`d${e.decision.id}`} entry={e} />
          ),
        )}
      </ol>
      {entries.length > recent && (
        <Button type="link" style={{ paddingInline: 0 }} onClick={() => setAll(!all)} data-testid="history-earlier">
          {all ? t('audit.detail.fewer') : t('audit.detail.earlier', { count: entries.length - recent })}
        </Button>
      )}
    </div>
  );
}

function DecisionMark({ entry }: { entry: Extract<TimelineEntry, { kind: 'decision' }> }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const d = entry.decision;
  const color = d.decision === 'approve' ? token.colorSuccess : token.colorError;
  return (
    <li
      style={{ display: 'flex', alignItems: 'center', gap: 8, color: token.colorTextSecondary, fontSize: 12 }}
      data-testid="history-decision"
    >
      <span style={{ flex: '0 0 12px', height: 2, background: color }} />
      <span style={{ minWidth: 0, wordBreak: 'break-word' }}>
        <Typography.Text strong style={{ color, fontSize: 12 }}>
          {t(`audit.level.${d.level}`)} · {t(d.decision === 'approve' ? 'audit.approve' : 'audit.return')}
        </Typography.Text>{' '}
        · {formatTime(d.createdAt)} · {d.userName ?? t('audit.detail.someone')}
        {d.reason ? ` · ${t('audit.reasonValue', { reason: d.reason })}` : ''}
      </span>
      <span style={{ flex: '1 1 12px', height: 1, background: token.colorBorderSecondary }} />
    </li>
  );
}

function ChangeCard({ entry, data }: { entry: Extract<TimelineEntry, { kind: 'change' }>; data: HistoryData }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { change, sinceDecision } = entry;
  const { created, rows } = changeRows(change.before, change.after, data.formFields);
  return (
    <li
      style={{
        border: `1px solid ${sinceDecision ? token.colorWarningBorder : token.colorBorderSecondary}`,
        borderInlineStart: `4px solid ${sinceDecision ? token.colorWarning : token.colorBorder}`,
        borderRadius: token.borderRadius,
        background: sinceDecision ? token.colorWarningBg : undefined,
        padding: '8px 12px',
        minWidth: 0,
      }}
      data-testid="history-change"
      data-since-decision={sinceDecision}
    >
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, marginBottom: 6 }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {formatTime(change.createdAt)} · {change.userName ?? t('audit.detail.someone')}
        </Typography.Text>
        {created && <Tag style={{ marginInlineEnd: 0 }}>{t('audit.detail.created')}</Tag>}
        {sinceDecision && (
          <Tag color="warning" style={{ marginInlineEnd: 0 }} data-testid="history-since-tag">
            {t('audit.detail.sinceDecision')}
          </Tag>
        )}
      </div>
      {rows.length === 0 ? (
        <Typography.Text type="secondary">{t('audit.detail.noFieldChanged')}</Typography.Text>
      ) : (
        <div style={{ display: 'grid', gap: 6 }}>
          {rows.map((row) => (
            <Row key={row.key} row={row} created={created} change={change} data={data} />
          ))}
        </div>
      )}
    </li>
  );
}

/** One changed value: its label, then old → new (a creation: the value given). */
function Row({
  row,
  created,
  change,
  data,
}: {
  row: ChangeRow;
  created: boolean;
  change: RecordHistoryVO;
  data: HistoryData;
}) {
  const { token } = theme.useToken();
  const mobile = useMobile();
  const label = useRowLabel(data.formFields);
  const cell = (side: 'before' | 'after'): CSSProperties => ({
    minWidth: 0,
    padding: '2px 6px',
    borderRadius: token.borderRadiusSM,
    background: created ? undefined : side === 'before' ? token.colorErrorBg : token.colorSuccessBg,
    wordBreak: 'break-word',
  });
  const snapshotOf = (side: 'before' | 'after') => (change[side] ?? {}) as Record<string, unknown>;
  // A phone puts the label above the values; wider screens give it a column.
  const columns = created
    ? mobile
      ? '1fr'
      : 'minmax(96px, 160px) 1fr'
    : mobile
      ? '1fr auto 1fr'
      : 'minmax(96px, 160px) 1fr auto 1fr';
  return (
    <div
      style={{ display: 'grid', gridTemplateColumns: columns, gap: '4px 8px', alignItems: 'start' }}
      data-testid="history-row"
      data-key={row.key}
    >
      <Typography.Text
        type="secondary"
        style={{ gridColumn: mobile ? '1 / -1' : undefined, paddingBlock: 2 }}
        data-testid="history-label"
      >
        {label(row.key)}
      </Typography.Text>
      {!created && (
        <>
          <div style={cell('before')} data-testid="history-before">
            <HistoryValue rowKey={row.key} value={row.before} snapshot={snapshotOf('before')} data={data} />
          </div>
          <ArrowRightOutlined style={{ color: token.colorTextTertiary, marginTop: 6 }} aria-hidden />
        </>
      )}
      <div style={cell('after')} data-testid="history-after">
        <HistoryValue rowKey={row.key} value={row.after} snapshot={snapshotOf('after')} data={data} />
      </div>
    </div>
  );
}

/** A row's label in the viewer's language: the form field's, or the record's own. */
function useRowLabel(formFields: readonly FieldLinkVO[]) {
  const { t } = useTranslation();
  const pick = useBilingual();
  return (key: string): string => {
    if (key.startsWith('fields.')) {
      const k = key.slice('fields.'.length);
      const f = formFields.find((x) => x.key === k);
      return f ? pick(f.label, f.labelEn) : k;
    }
    const photo = formFields.find((f) => f.key === PHOTO_FIELD_KEY);
    const own: Record<string, string> = {
      name: t('audit.name'),
      nameEn: t('audit.nameEn'),
      gender: t('audit.gender'),
      birthDate: t('audit.birthDate'),
      idType: t('audit.idType'),
      idNumber: t('audit.idNumber'),
      role: t('audit.role'),
      mobile: t('audit.mobile'),
      groupId: t('audit.group'),
      photoFileId: photo ? pick(photo.label, photo.labelEn) : t('audit.detail.photo'),
      entries: t('audit.detail.events'),
      relays: t('audit.detail.relays'),
      status: t('audit.detail.auditStatus'),
      auditReason: t('audit.detail.auditReason'),
    };
    return own[key] ?? key;
  };
}

const Missing = () => <Typography.Text type="secondary">—</Typography.Text>;
const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : JSON.stringify(v));
const listOf = (v: unknown) => (Array.isArray(v) ? v : []).map((x) => (x && typeof x === 'object' ? x : {}));

/** A value as people read it: labels, dates, names in the viewer's language, photos as pictures. */
function HistoryValue({
  rowKey,
  value,
  snapshot,
  data,
}: {
  rowKey: string;
  value: unknown;
  /** The snapshot the value is from (its group's name when the group is gone). */
  snapshot: Record<string, unknown>;
  data: HistoryData;
}): ReactNode {
  const { t } = useTranslation();
  const pick = useBilingual();
  const en = useEn();
  if (rowKey.startsWith('fields.')) {
    const field = data.formFields.find((f) => f.key === rowKey.slice('fields.'.length));
    return <FieldValue field={field} value={value} imageWidth={72} />;
  }
  if (isEmpty(value)) return <Missing />;
  const itemName = (code: unknown, fallback: unknown) => {
    const item = data.items.find((i) => i.code === code);
    return item ? pick(item.name, item.nameEn) : text(fallback ?? code);
  };
  switch (rowKey) {
    case 'gender':
      return value === 'M' || value === 'F' ? t(`audit.genderValue.${value}`) : text(value);
    case 'birthDate':
      return <span style={{ whiteSpace: 'nowrap' }}>{formatDay(text(value), en ? 'en' : 'zh-cn')}</span>;
    case 'idType':
      return <DictTag dictCode="id_type" value={text(value)} />;
    case 'role':
      return <DictTag dictCode="coach_role" value={text(value)} />;
    case 'status':
      return <StatusTag value={value as 'draft'} />;
    case 'groupId': {
      const g = data.groups.find((x) => x.id === value);
      return g ? pick(g.name, g.nameEn) : text(snapshot.groupName ?? value);
    }
    case 'photoFileId':
      return (
        <PrivateImage
          fileId={text(value)}
          width={72}
          height={96}
          alt={t('audit.detail.photo')}
          style={{ objectFit: 'cover', borderRadius: 4 }}
          data-testid="history-photo"
        />
      );
    case 'entries':
      return (
        <ul style={{ margin: 0, paddingInlineStart: 16 }}>
          {listOf(value).map((e: Record<string, unknown>) => (
            // One entry per event: the item code names it.
            <li key={text(e.itemCode)}>
              {itemName(e.itemCode, e.itemName)}
              {!isEmpty(e.seedMark) && (
                <Typography.Text type="secondary">
                  {' '}
                  ·{' '}
                  {isEmpty(e.seedDate)
                    ? t('audit.detail.seed', { mark: text(e.seedMark) })
                    : t('audit.detail.seedOn', { mark: text(e.seedMark), date: text(e.seedDate) })}
                </Typography.Text>
              )}
            </li>
          ))}
        </ul>
      );
    case 'relays':
      return (
        <ul style={{ margin: 0, paddingInlineStart: 16 }}>
          {listOf(value).map((r: Record<string, unknown>) => {
            const args = {
              item: itemName(r.itemCode, r.itemCode),
              letter: text(r.letter ?? ''),
              leg: text(r.leg ?? ''),
            };
            return (
              // One place per relay team: event and team letter name it.
              <li key={`${text(r.itemCode)}-${text(r.letter)}`}>
                {isEmpty(r.leg) ? t('audit.detail.relayTeam', args) : t('audit.detail.relayLeg', args)}
              </li>
            );
          })}
        </ul>
      );
    default:
      return <span style={{ whiteSpace: 'pre-wrap' }}>{text(value)}</span>;
  }
}

// ─── Raw ────────────────────────────────────────────────────────────────────────────────

/**
 * One change at a time (newest first), its before and after snapshots side by side in the
 * editor's compare with the changed lines marked. Mounted only when asked for, so the editor
 * measures its wrapped lines where it is seen (off screen CodeMirror only estimates them, and the
 * line numbers drifted from the lines).
 */
function RawHistory({
  history,
  decisions,
  minHeight,
  maxHeight,
}: HistoryData & { minHeight: number; maxHeight: number }) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const { entries } = useMemo(() => timeline(history, decisions), [history, decisions]);
  const changes = entries.filter((e): e is Extract<TimelineEntry, { kind: 'change' }> => e.kind === 'change');
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const current = changes.find((e) => e.change.id === chosen) ?? changes[0];
  useEffect(() => {
    host.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  if (!current) return null;
  const before = prettyJson(current.change.before);
  const after = prettyJson(current.change.after);
  // As tall as the longer side (about 20 px a line), within bounds; longer records scroll inside.
  const lines = Math.max(before.split('\n').length, after.split('\n').length);
  const height = Math.min(maxHeight, Math.max(minHeight, lines * 20 + 16));
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }} ref={host} data-testid="audit-history-raw">
      <Select
        value={current.change.id}
        onChange={setChosen}
        options={changes.map((e) => ({
          value: e.change.id,
          label: [
            formatTime(e.change.createdAt),
            e.change.userName ?? t('audit.detail.someone'),
            e.sinceDecision ? t('audit.detail.sinceDecision') : null,
          ]
            .filter(Boolean)
            .join(' · '),
        }))}
        style={{ width: '100%', maxWidth: 420 }}
        aria-label={t('audit.detail.history')}
        data-testid="audit-history-select"
      />
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
        <Typography.Text type="secondary">{t('audit.detail.before')}</Typography.Text>
        <Typography.Text type="secondary">{t('audit.detail.after')}</Typography.Text>
      </div>
      <Editor
        mode="merge"
        original={before}
        value={after}
        height={height}
        border
        readOnly
        aria-label={t('audit.detail.history')}
      />
    </Space>
  );
}
