import type { RecordHistoryVO } from '@baton/contracts';
import { Empty, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../app/i18n';
import { formatTime } from '../../../components/crud';
import { Editor } from '../../../components/Editor';

/** Keys in a fixed order at every level, so a diff shows changed values only, not moved keys. */
function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === 'object') {
    return Object.fromEntries(
      Object.keys(v as Record<string, unknown>)
        .sort()
        .map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]),
    );
  }
  return v;
}

/** A snapshot as indented JSON (nothing for a record that did not exist yet). */
export const prettyJson = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(sortKeys(v), null, 2));

/**
 * The record's change history: one change at a time (newest first), its before and after side by
 * side in the editor's merge mode with the changed lines marked.
 */
export function HistoryView({
  history,
  minHeight = 120,
  maxHeight = 420,
}: {
  history: readonly RecordHistoryVO[];
  /** On a phone long lines wrap: give the view more room than its line count says. */
  minHeight?: number;
  maxHeight?: number;
}) {
  const { t } = useTranslation();
  const newestFirst = [...history].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const current = newestFirst.find((h) => h.id === chosen) ?? newestFirst[0];

  if (!current) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('audit.detail.noHistory')} />;
  const before = prettyJson(current.before);
  const after = prettyJson(current.after);
  // As tall as the longer side (about 20 px a line), within bounds; longer records scroll inside.
  const lines = Math.max(before.split('\n').length, after.split('\n').length);
  const height = Math.min(maxHeight, Math.max(minHeight, lines * 20 + 16));

  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }} data-testid="audit-history">
      <Select
        value={current.id}
        onChange={setChosen}
        options={newestFirst.map((h) => ({
          value: h.id,
          label: `${formatTime(h.createdAt)} · ${h.userName ?? t('audit.detail.someone')}`,
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
