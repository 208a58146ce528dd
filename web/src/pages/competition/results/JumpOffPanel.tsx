import type { HeatStandingVO, RoundVO, StartVO, TrialOutcome } from '@baton/contracts';
import { Button, Card, InputNumber, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { resultsApi } from '../../../api/competition-results';
import { useTranslation } from '../../../app/i18n';
import { useBilingual } from '../../../hooks/language';
import { jumpOffStep, nextJumpOff } from './jump-off';

interface Props {
  round: RoundVO;
  starts: StartVO[];
  standing: HeatStandingVO;
  busy: boolean;
  run: (write: () => Promise<RoundVO>) => Promise<RoundVO | null>;
}

/**
 * The jump-off for first place (TR 26.9), under the vertical grid while a tie for first is
 * undecided: the bar the rule gives next (editable: the referee has the last word, the server
 * checks it), and O / X for each athlete still to jump there. Trials go in flagged `jumpOff`.
 */
export function JumpOffPanel({ round, starts, standing, busy, run }: Props) {
  const { t } = useTranslation();
  const pick = useBilingual();
  const step = jumpOffStep(round.event.itemCode);
  const contenders = useMemo(() => {
    const rows = new Map(standing.rows.map((r) => [r.startId, r]));
    return starts.filter((s) => !s.code && rows.get(s.id)?.place === 1 && !rows.get(s.id)?.eliminated);
  }, [starts, standing]);
  const turn = useMemo(() => nextJumpOff(contenders, round.heights ?? [], step), [contenders, round.heights, step]);
  const [height, setHeight] = useState<number | null>(turn?.height ?? null);
  useEffect(() => setHeight(turn?.height ?? null), [turn?.height]);
  if (!turn) return null;

  const attempt = (s: StartVO, outcome: TrialOutcome) =>
    height === null
      ? undefined
      : run(() =>
          resultsApi.trial(s.id, {
            seq: Math.max(0, ...s.trials.map((x) => x.seq)) + 1,
            outcome,
            height,
            jumpOff: true,
            version: s.version,
          }),
        );

  return (
    <Card size="small" title={t('results.jumpOffTitle')} style={{ marginBottom: 12 }} data-testid="jump-off">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('results.jumpOffHint', { step: Math.round(step * 100) })}</Typography.Text>
        <Space wrap>
          <Typography.Text>{t('results.jumpOffBar')}</Typography.Text>
          <InputNumber
            value={height}
            min={0.5}
            max={9.99}
            step={step}
            precision={2}
            addonAfter="m"
            onChange={(v) => setHeight(v ?? null)}
            style={{ width: 130 }}
            aria-label={t('results.jumpOffBar')}
            data-testid="jump-off-height"
          />
        </Space>
        {contenders
          .filter((s) => turn.due.includes(s.id))
          .map((s) => (
            <Space key={s.id} wrap>
              <Typography.Text style={{ minWidth: 120, display: 'inline-block' }}>
                {s.bib ? `${s.bib} ` : ''}
                {s.nameEn ? pick(s.name, s.nameEn) : s.name}
              </Typography.Text>
              <Button
                size="small"
                type="primary"
                disabled={busy || height === null}
                onClick={() => void attempt(s, 'O')}
                data-testid={`jo-O-${s.id}`}
              >
                {t('results.jumpOffClear')}
              </Button>
              <Button
                size="small"
                danger
                disabled={busy || height === null}
                onClick={() => void attempt(s, 'X')}
                data-testid={`jo-X-${s.id}`}
              >
                {t('results.jumpOffFail')}
              </Button>
            </Space>
          ))}
      </Space>
    </Card>
  );
}
