import type { HeatVO, RoundVO } from '@baton/contracts';
import { Alert, Button, type ButtonProps, Card, Empty, Input, Modal, Popconfirm, Space, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { resultsApi } from '../../../api/competition-results';
import { feedback } from '../../../app/feedback';
import { useTranslation } from '../../../app/i18n';
import { usePerm } from '../../../hooks/usePerm';
import {
  CompetitionPicker,
  NoCompetitionMeeting,
  StatusTag,
  useCompetitionLive,
  useCompetitionSelection,
  useRound,
} from '../shared';
import { useRoundWrite, useStanding } from './actions';
import { CombinedCard } from './CombinedCard';
import { HorizontalGrid } from './HorizontalGrid';
import { TrackGrid } from './TrackGrid';
import { VerticalGrid } from './VerticalGrid';

/** Make official (a manager, with a confirmation) or reopen with a reason. */
function HeatActions({
  heat,
  busy,
  run,
}: {
  heat: HeatVO;
  busy: boolean;
  run: (write: () => Promise<RoundVO>) => Promise<RoundVO | null>;
}) {
  const { t } = useTranslation();
  const [reopening, setReopening] = useState(false);
  const [reason, setReason] = useState('');
  if (heat.status === 'set') {
    return (
      <Popconfirm
        title={t('results.officialConfirm', { number: heat.number })}
        onConfirm={async () => {
          if (await run(() => resultsApi.official(heat.id, { version: heat.version }))) {
            feedback.message.success(t('results.officialDone'));
          }
        }}
        okButtonProps={{ 'data-testid': 'official-confirm' } as ButtonProps}
      >
        <Button type="primary" loading={busy} data-testid="make-official">
          {t('results.makeOfficial')}
        </Button>
      </Popconfirm>
    );
  }
  if (heat.status !== 'official') return null;
  return (
    <>
      <Button onClick={() => setReopening(true)} data-testid="reopen">
        {t('results.reopen')}
      </Button>
      <Modal
        open={reopening}
        title={t('results.reopen')}
        onCancel={() => setReopening(false)}
        okButtonProps={{ disabled: !reason.trim(), loading: busy, 'data-testid': 'reopen-confirm' } as ButtonProps}
        onOk={async () => {
          if (await run(() => resultsApi.reopen(heat.id, { version: heat.version, reason: reason.trim() }))) {
            feedback.message.success(t('results.reopenDone'));
            setReopening(false);
            setReason('');
          }
        }}
      >
        <Input.TextArea
          value={reason}
          maxLength={200}
          showCount
          autoFocus
          placeholder={t('results.reopenReason')}
          onChange={(e) => setReason(e.target.value)}
          data-testid="reopen-reason"
        />
      </Modal>
    </>
  );
}

/**
 * Results entry (issue 6), made for a referee's tablet (1024×768 either way) and usable on a
 * phone: the meeting, event and round on top, a tab per heat, then the grid of the event's
 * kind — track times, horizontal trials, vertical heights — with the live standing. Managers
 * make a heat official or reopen it. Other screens' changes arrive live.
 */
export default function ResultsPage() {
  const { t } = useTranslation();
  const can = usePerm();
  const selection = useCompetitionSelection();
  const { meetingId, meeting, roundId, event } = selection;
  useCompetitionLive(meetingId);
  const roundQ = useRound(roundId);
  const round = roundQ.data?.id === roundId ? roundQ.data : undefined;
  const [params, setParams] = useSearchParams();
  const heatParam = Number(params.get('heatId')) || undefined;
  const heat = round?.heats.find((h) => h.id === heatParam) ?? round?.heats[0];
  const kind =
    round?.event.kind === 'field-height' ? 'vertical' : round?.event.kind === 'field-distance' ? 'horizontal' : 'track';
  const standingQ = useStanding(round?.id, heat?.id, kind !== 'track');
  const { run, busy } = useRoundWrite(round?.id, meetingId);
  const manager = meeting?.access === 'manage' && can('comp:result:official');
  const editable = !!heat && heat.status === 'set' && can('comp:result:entry');

  // A heat of another round in the URL gives way to the round's first.
  useEffect(() => {
    if (round && heatParam && !round.heats.some((h) => h.id === heatParam)) {
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.delete('heatId');
          return next;
        },
        { replace: true },
      );
    }
  }, [round, heatParam, setParams]);

  if (!selection.loading && !selection.meetings.length) return <NoCompetitionMeeting loading={false} />;

  const setHeat = (id: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('heatId', id);
        return next;
      },
      { replace: true },
    );

  const grid = () => {
    if (!round || !heat) return null;
    const props = { round, heat, editable, busy, run };
    if (kind === 'track') return <TrackGrid {...props} />;
    if (kind === 'horizontal') return <HorizontalGrid {...props} standing={standingQ.data} />;
    return <VerticalGrid {...props} standing={standingQ.data} />;
  };

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="results-page">
      <CompetitionPicker selection={selection} />
      {roundId === undefined ? (
        <Card variant="borderless">
          <Empty description={t(event ? 'results.noRound' : 'results.chooseEvent')} data-testid="results-empty" />
        </Card>
      ) : !round ? (
        <Card variant="borderless" loading />
      ) : !round.heats.length ? (
        <Card variant="borderless">
          <Empty description={t('results.noHeats')} />
        </Card>
      ) : (
        <Card variant="borderless" size="small" styles={{ body: { paddingTop: 0 } }}>
          <Tabs
            activeKey={heat ? String(heat.id) : undefined}
            onChange={setHeat}
            items={round.heats.map((h) => ({
              key: String(h.id),
              label: (
                <span data-testid={`heat-tab-${h.number}`}>
                  {t(kind === 'track' ? 'comp.heat' : 'comp.flight', { number: h.number })}{' '}
                  <StatusTag status={h.status} />
                </span>
              ),
            }))}
            tabBarExtraContent={
              heat && manager ? <HeatActions key={heat.id} heat={heat} busy={busy} run={run} /> : undefined
            }
          />
          {heat?.status === 'draft' && <Alert type="warning" showIcon message={t('results.draftHeat')} />}
          {heat?.status === 'official' && (
            <Alert type="success" showIcon style={{ marginBottom: 12 }} message={t('results.officialHeat')} />
          )}
          {heat && heat.status !== 'draft' && <div data-testid={`heat-${heat.number}`}>{grid()}</div>}
        </Card>
      )}
      {event?.kind === 'combined' && <CombinedCard meetingId={meetingId} groupItemId={event.groupItemId} />}
    </Space>
  );
}
