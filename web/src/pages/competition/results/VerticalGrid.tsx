import type { StartVO, TrialOutcome, TrialVO } from '@baton/contracts';
import { Alert, Button, InputNumber, Select, Space, type TableColumnsType, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { resultsApi } from '../../../api/competition-results';
import { bestMark, type FieldGridProps, FieldGridTable, useFieldGrid } from './field-grid';
import { JumpOffPanel } from './JumpOffPanel';
import { competitionOver, competitionTrials, jumpOffText, jumpOffTrials } from './jump-off';

const cm = (h: number) => Math.round(h * 100);
const glyph = (o: TrialOutcome) => (o === '-' ? '–' : o);

/**
 * Whether the athlete may still jump at `height` (TR 26.2–26.4): the bar never goes down,
 * nothing more at a height cleared or passed, at most three attempts there. Who is out (three
 * consecutive failures, retired) the server's standing says.
 */
function canJumpAt(series: readonly TrialVO[], height: number): boolean {
  // The jump-off (TR 26.9) is apart: its trials are entered in the jump-off panel.
  const trials = competitionTrials(series);
  const last = trials.at(-1);
  if (!last || last.height === null) return true;
  if (cm(height) < cm(last.height)) return false;
  if (cm(height) > cm(last.height)) return true;
  const here = trials.filter((x) => x.height !== null && cm(x.height) === cm(height));
  return !here.some((x) => x.outcome === 'O' || x.outcome === '-') && here.filter((x) => x.outcome === 'X').length < 3;
}

/**
 * A vertical jump (TR 26): heights as columns, each cell the attempts there (O / X / –). The
 * bar being jumped is chosen above; in its column each athlete still in gets O / X / – buttons
 * to tap. Countback places (TR 26.8) come from the server; a tie for first is flagged for a
 * jump-off (TR 26.9), entered in its own panel and shown in its own column.
 */
export function VerticalGrid({ round, heat, standing, editable, busy, run }: FieldGridProps) {
  const { t, pin, rowOf, athleteColumn, place } = useFieldGrid(standing);
  const [added, setAdded] = useState<number[]>([]);
  const [newHeight, setNewHeight] = useState<number | null>(null);
  const heights = useMemo(() => {
    const all = new Set<number>();
    for (const h of round.heights ?? []) all.add(cm(h));
    for (const s of heat.starts)
      for (const x of competitionTrials(s.trials)) if (x.height !== null) all.add(cm(x.height));
    for (const h of added) all.add(cm(h));
    return [...all].sort((a, b) => a - b).map((c) => c / 100);
  }, [round.heights, heat.starts, added]);
  const [bar, setBar] = useState<number | undefined>(undefined);
  // The bar: the lowest height someone still in can jump at, unless the user chose one.
  const suggested = useMemo(
    () =>
      heights.find((h) => heat.starts.some((s) => !rowOf.get(s.id)?.eliminated && !s.code && canJumpAt(s.trials, h))),
    [heights, heat.starts, rowOf],
  );
  // A bar nobody can jump at any more gives way to the next one.
  useEffect(() => {
    if (bar === undefined) return;
    const gone = !heights.some((h) => cm(h) === cm(bar));
    const done = !heat.starts.some((s) => !rowOf.get(s.id)?.eliminated && !s.code && canJumpAt(s.trials, bar));
    if (gone || (done && suggested !== undefined && cm(suggested) > cm(bar))) setBar(undefined);
  }, [bar, heights, heat.starts, rowOf, suggested]);
  const current = bar ?? suggested;
  // A tie for first with everyone out: the jump-off panel takes the trials (TR 26.9).
  const jumpingOff = !!standing?.jumpOff && competitionOver(heat.starts);

  const attempt = (s: StartVO, outcome: TrialOutcome, height: number) =>
    run(() =>
      resultsApi.trial(s.id, {
        seq: Math.max(0, ...s.trials.map((x) => x.seq)) + 1,
        outcome,
        height,
        version: s.version,
      }),
    );

  const heightColumns: TableColumnsType<StartVO> = heights.map((h) => ({
    title: (
      <span style={current !== undefined && cm(current) === cm(h) ? { color: 'var(--ant-color-primary)' } : undefined}>
        {h.toFixed(2)}
      </span>
    ),
    key: `h${cm(h)}`,
    width: 104,
    align: 'center' as const,
    render: (_: unknown, s: StartVO) => {
      const here = competitionTrials(s.trials).filter((x) => x.height !== null && cm(x.height) === cm(h));
      const marks = here.map((x) => glyph(x.outcome)).join('');
      const live =
        editable &&
        !jumpingOff &&
        current !== undefined &&
        cm(current) === cm(h) &&
        !s.code &&
        !rowOf.get(s.id)?.eliminated &&
        canJumpAt(s.trials, h);
      return (
        <Space direction="vertical" size={2} data-testid={`vcell-${s.id}-${cm(h)}`}>
          <Typography.Text strong style={{ letterSpacing: 2 }}>
            {marks}
          </Typography.Text>
          {live && (
            <Space size={2}>
              {(['O', 'X', '-'] as const).map((o) => (
                <Button
                  key={o}
                  size="small"
                  type={o === 'O' ? 'primary' : 'default'}
                  danger={o === 'X'}
                  disabled={busy}
                  onClick={() => void attempt(s, o, h)}
                  style={{ minWidth: 30 }}
                  data-testid={`v-${o === '-' ? 'pass' : o}-${s.id}`}
                >
                  {glyph(o)}
                </Button>
              ))}
            </Space>
          )}
        </Space>
      );
    },
  }));

  const columns: TableColumnsType<StartVO> = [
    { title: t('results.order'), dataIndex: 'position', width: 56, fixed: pin && 'left' },
    { title: t('comp.bib'), dataIndex: 'bib', width: 64 },
    athleteColumn,
    ...heightColumns,
    ...(standing?.jumpOff || heat.starts.some((s) => jumpOffTrials(s.trials).length > 0)
      ? [
          {
            title: t('results.jumpOffColumn'),
            key: 'jumpOff',
            width: 150,
            render: (_: unknown, s: StartVO) => (
              <Typography.Text strong data-testid={`jo-series-${s.id}`}>
                {jumpOffText(s.trials)}
              </Typography.Text>
            ),
          },
        ]
      : []),
    {
      title: t('results.best'),
      key: 'best',
      width: 80,
      render: (_, s) => <Typography.Text strong>{bestMark(s)}</Typography.Text>,
    },
    {
      title: t('results.standing'),
      key: 'place',
      width: 110,
      fixed: pin && 'right',
      render: (_, s) => {
        const last = s.trials.at(-1);
        return place(
          s,
          editable && last && (
            <Button
              size="small"
              type="link"
              disabled={busy}
              onClick={() => void run(() => resultsApi.deleteTrial(s.id, last.seq, s.version))}
              aria-label={t('results.undo')}
              title={t('results.undo')}
              data-testid={`v-undo-${s.id}`}
            >
              ↶
            </Button>
          ),
        );
      },
    },
  ];

  return (
    <>
      {standing?.jumpOff && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('results.jumpOff')} />
      )}
      {editable && standing && jumpingOff && (
        <JumpOffPanel round={round} starts={heat.starts} standing={standing} busy={busy} run={run} />
      )}
      <Space wrap style={{ marginBottom: 12 }}>
        <Typography.Text>{t('results.bar')}</Typography.Text>
        <Select
          value={current}
          onChange={(v: number) => setBar(v)}
          options={heights.map((h) => ({ value: h, label: `${h.toFixed(2)} m` }))}
          placeholder={t('results.noHeights')}
          style={{ width: 130 }}
          data-testid="bar-height"
        />
        {editable && (
          <Space.Compact>
            <InputNumber
              value={newHeight}
              min={0.5}
              max={9.99}
              step={0.01}
              placeholder={t('results.heightPlaceholder')}
              aria-label={t('results.addHeight')}
              onChange={(v) => setNewHeight(v ?? null)}
              style={{ width: 100 }}
              data-testid="new-height"
            />
            <Button
              onClick={() => {
                if (newHeight === null) return;
                setAdded((a) => [...a, newHeight]);
                setBar(newHeight);
                setNewHeight(null);
              }}
              data-testid="add-height"
            >
              {t('results.addHeight')}
            </Button>
          </Space.Compact>
        )}
      </Space>
      <FieldGridTable rows={heat.starts} columns={columns} rowOf={rowOf} testId="vertical-grid" />
    </>
  );
}
