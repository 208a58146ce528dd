import type { StartVO, TrialOutcome, TrialVO } from '@baton/contracts';
import { Alert, Button, Input, InputNumber, Popover, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { resultsApi } from '../../../api/competition-results';
import { useTranslation } from '../../../app/i18n';
import { bestMark, type FieldGridProps, FieldGridTable, useFieldGrid } from './field-grid';
import { readEntry } from './mark-entry';

const TRIAL_TYPED = ['X', '-', 'r'] as const;

const shown = (t: TrialVO) => (t.outcome === 'O' ? (t.mark?.toFixed(2) ?? '') : t.outcome === '-' ? '–' : t.outcome);

/** One trial cell: its result, and on a tap an editor (mark, wind, O / X / – / r, delete). */
function TrialCell(props: {
  start: StartVO;
  seq: number;
  trial: TrialVO | undefined;
  windMeasured: boolean;
  open: boolean;
  busy: boolean;
  onSave: (outcome: TrialOutcome, mark: number | null, wind: number | null) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const { start, seq, trial, windMeasured, open, busy } = props;
  const [typedMark, setTypedMark] = useState(trial?.mark?.toFixed(2) ?? '');
  const entry = readEntry(typedMark, TRIAL_TYPED);
  const typedValue = entry.kind === 'mark' && /^\d{1,3}(\.\d{1,4})?$/.test(entry.mark) ? Number(entry.mark) : null;
  const mark = typedValue !== null && typedValue <= 150 ? typedValue : null;
  /** Enter: a mark saves as valid, `x` a foul, `-` a pass, `r` retired. */
  const saveTyped = () => {
    if (entry.kind === 'trial') props.onSave(entry.outcome, null, entry.outcome === 'X' ? wind : null);
    else if (mark !== null) props.onSave('O', mark, wind);
  };
  const [wind, setWind] = useState<number | null>(trial?.wind ?? null);
  const [visible, setVisible] = useState(false);
  const label = trial ? shown(trial) : '';
  const content = (
    <Space direction="vertical" size={8} data-testid="trial-editor">
      <Space wrap>
        <Input
          value={typedMark}
          autoFocus
          maxLength={10}
          placeholder={t('results.markMetres')}
          aria-label={t('results.markMetres')}
          title={t('results.trialTyped')}
          onChange={(e) => setTypedMark(e.target.value)}
          onPressEnter={saveTyped}
          style={{ width: 120 }}
          data-testid="trial-mark"
        />
        {windMeasured && (
          <InputNumber
            value={wind}
            min={-20}
            max={20}
            step={0.1}
            placeholder={t('results.trialWind')}
            aria-label={t('results.trialWind')}
            onChange={(v) => setWind(v ?? null)}
            style={{ width: 100 }}
            data-testid="trial-wind"
          />
        )}
      </Space>
      <Space wrap>
        <Button
          type="primary"
          disabled={mark === null}
          loading={busy}
          onClick={() => props.onSave('O', mark, wind)}
          data-testid="trial-valid"
        >
          {t('results.valid')}
        </Button>
        <Button danger onClick={() => props.onSave('X', null, wind)} disabled={busy} data-testid="trial-X">
          {t('results.failure')}
        </Button>
        <Button onClick={() => props.onSave('-', null, null)} disabled={busy} data-testid="trial-pass">
          {t('results.pass')}
        </Button>
        <Button onClick={() => props.onSave('r', null, null)} disabled={busy} data-testid="trial-r">
          {t('results.retired')}
        </Button>
        {trial && (
          <Button type="link" danger onClick={props.onDelete} disabled={busy} data-testid="trial-delete">
            {t('results.delete')}
          </Button>
        )}
      </Space>
    </Space>
  );
  const cell = (
    <Button
      size="middle"
      type={trial ? 'text' : 'dashed'}
      disabled={!open}
      style={{ minWidth: 64, height: 40 }}
      data-testid={`trial-${start.id}-${seq}`}
    >
      <span>
        <span style={{ color: trial?.outcome === 'X' ? 'var(--ant-color-error)' : undefined, fontWeight: 600 }}>
          {label}
        </span>
        {trial?.wind !== null && trial?.wind !== undefined && (
          <Typography.Text type="secondary" style={{ fontSize: 11, marginLeft: 4 }}>
            {trial.wind > 0 ? '+' : ''}
            {trial.wind.toFixed(1)}
          </Typography.Text>
        )}
      </span>
    </Button>
  );
  if (!open) return cell;
  return (
    <Popover
      trigger="click"
      open={visible}
      onOpenChange={(v) => {
        setVisible(v);
        if (v) {
          setTypedMark(trial?.mark?.toFixed(2) ?? '');
          setWind(trial?.wind ?? null);
        }
      }}
      content={content}
      title={t('results.trial', { seq })}
      destroyOnHidden
    >
      {cell}
    </Popover>
  );
}

/**
 * A horizontal field event (TR 25): athletes in the order they compete, a column per trial,
 * the best mark and the live place. After the cut the order is the reverse of the standing
 * (TR 25.6) and those out are greyed at the bottom.
 */
export function HorizontalGrid({ round, heat, standing, editable, busy, run }: FieldGridProps) {
  const { t, pin, rowOf, athleteColumn, place } = useFieldGrid(standing);
  const rows = useMemo(() => {
    const list = [...heat.starts];
    const key = (s: StartVO) => {
      const r = rowOf.get(s.id);
      if (!r || r.eliminated) return 10_000 + s.position;
      return standing?.cutReached && r.order !== null ? r.order : 1_000 + s.position;
    };
    return list.sort((a, b) => key(a) - key(b) || a.position - b.position);
  }, [heat.starts, rowOf, standing?.cutReached]);

  const save = (s: StartVO, seq: number, outcome: TrialOutcome, mark: number | null, wind: number | null) =>
    run(() =>
      resultsApi.trial(s.id, {
        seq,
        outcome,
        mark: outcome === 'O' ? mark : null,
        wind: round.event.windMeasured && (outcome === 'O' || outcome === 'X') ? wind : null,
        version: s.version,
      }),
    );

  const trialColumns: TableColumnsType<StartVO> = Array.from({ length: round.trials }, (_, i) => i + 1).map((seq) => ({
    title: t('results.trial', { seq }),
    key: `t${seq}`,
    width: 88,
    align: 'center' as const,
    onHeader: () => (seq === round.cutAfter + 1 ? { style: { borderLeft: '2px solid var(--ant-color-primary)' } } : {}),
    render: (_: unknown, s: StartVO) => {
      const r = rowOf.get(s.id);
      const trial = s.trials.find((x) => x.seq === seq);
      const afterCut = seq > round.cutAfter;
      const open =
        editable &&
        !s.code?.match(/^(DNS|DQ)$/) &&
        (!!trial || !r?.eliminated) &&
        (!afterCut || !!standing?.cutReached || !!trial);
      return (
        <TrialCell
          key={`${s.id}-${seq}-${trial?.outcome}-${trial?.mark}`}
          start={s}
          seq={seq}
          trial={trial}
          windMeasured={round.event.windMeasured}
          open={open}
          busy={busy}
          onSave={(outcome, mark, wind) => void save(s, seq, outcome, mark, wind)}
          onDelete={() => void run(() => resultsApi.deleteTrial(s.id, seq, s.version))}
        />
      );
    },
  }));

  const columns: TableColumnsType<StartVO> = [
    {
      title: t('results.order'),
      key: 'order',
      width: 56,
      fixed: pin && 'left',
      render: (_, s) => {
        const r = rowOf.get(s.id);
        return r?.order === 1 ? <Tag color="processing">{t('results.nextUp')}</Tag> : s.position;
      },
    },
    { title: t('comp.bib'), dataIndex: 'bib', width: 64 },
    athleteColumn,
    ...trialColumns,
    {
      title: t('results.best'),
      key: 'best',
      width: 90,
      render: (_, s) => (
        <Space size={2} direction="vertical">
          <Typography.Text strong>{bestMark(s)}</Typography.Text>
          {s.wind !== null && s.mark && (
            <Typography.Text type="secondary" style={{ fontSize: 11 }}>
              {s.wind > 0 ? '+' : ''}
              {s.wind.toFixed(1)}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('results.standing'),
      key: 'place',
      width: 72,
      fixed: pin && 'right',
      render: (_, s) => place(s, s.qualifier && <Tag color="green">{s.qualifier}</Tag>),
    },
  ];

  return (
    <>
      {standing?.cutReached && round.trials > round.cutAfter && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('results.cutReached', { after: round.cutAfter, size: round.cutSize })}
        />
      )}
      <FieldGridTable rows={rows} columns={columns} rowOf={rowOf} testId="horizontal-grid" />
    </>
  );
}
