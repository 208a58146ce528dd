import { FilePdfOutlined, SwapOutlined } from '@ant-design/icons';
import type { CallRoomHeatVO, CallRoomStartVO, CheckInAnswer } from '@baton/contracts';
import { Alert, App, Button, Card, Empty, Popconfirm, Typography } from 'antd';
import { callRoomApi } from '../../../api/competition-callroom';
import { useTranslation } from '../../../app/i18n';
import { downloadFrom } from '../../../components/crud';
import { useBusy } from '../../../hooks/useBusy';
import { usePerm } from '../../../hooks/usePerm';
import { meetingTime } from '../../../utils/meeting-format';
import { useEventLabel } from '../shared';
import { BibTools, MarkRow, PanelFrame, STATE_KEY, useMark, who } from './Marking';
import { nextState } from './state';

/**
 * "Re-draw lanes" on a heat with absentees (or an athlete left without a lane): the athletes
 * still in it are drawn into the lanes the round's draw gives that many; the absent keep DNS and
 * no lane. Where the rules leave it to the Referee, or the race has started, it says why instead.
 */
function Redraw({ heat, onDone }: { heat: CallRoomHeatVO; onDone: (h: CallRoomHeatVO) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, run] = useBusy();
  if (heat.redraw === 'not-lanes' || heat.redraw === 'nothing') return null;
  if (heat.redraw !== 'yes') {
    return (
      <Alert
        type="info"
        showIcon
        title={t(`callroom.redraw.why.${heat.redraw}`)}
        style={{ marginBottom: 12 }}
        data-testid="callroom-redraw-why"
      />
    );
  }
  const redraw = () =>
    run(async () => {
      const a = await callRoomApi.redraw(heat.heatId, heat.version);
      onDone(a.heat);
      message.success(t('callroom.redraw.done', { drawn: a.drawn, absent: a.absent }));
    });
  return (
    <Popconfirm
      title={t('callroom.redraw.title')}
      description={
        <div style={{ maxWidth: 300 }}>
          {t(heat.status === 'draft' ? 'callroom.redraw.confirm' : 'callroom.redraw.confirmPublished')}
        </div>
      }
      okText={t('callroom.redraw.ok')}
      onConfirm={() => void redraw()}
    >
      <Button icon={<SwapOutlined />} loading={busy} className="callroom-touch" data-testid="callroom-redraw">
        {t('callroom.redraw.button')}
      </Button>
    </Popconfirm>
  );
}

/**
 * The heat being checked in: its times and counts, the starts to tap, a bib to type, the camera
 * scanner, the re-draw of its lanes, and the call-room sheet. Each mark answers the heat as it
 * now is (`onAnswer`).
 */
export function HeatPanel({
  heat,
  timeZone,
  loading,
  onBack,
  onAnswer,
  onHeat,
}: {
  heat: CallRoomHeatVO | undefined;
  /** The meeting's clock, the heat's times are shown on (known with the meeting). */
  timeZone: string | undefined;
  loading: boolean;
  onBack?: () => void;
  onAnswer: (a: CheckInAnswer) => void;
  /** The heat as a re-draw left it. */
  onHeat: (h: CallRoomHeatVO) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = usePerm();
  const label = useEventLabel();
  const said = (a: CheckInAnswer) => {
    const s = a.heat.starts.find((x) => x.startId === a.startId);
    const name = s ? who(s) : '';
    const state = t(`callroom.state.${STATE_KEY(a.state)}`);
    if (a.dns === 'set') message.warning(t('callroom.dnsSet', { who: name }));
    else if (a.dns === 'cleared') message.success(t('callroom.dnsCleared', { who: name }));
    else if (a.dns === 'kept') message.warning(t('callroom.dnsKept', { who: name }));
    else message.success(t('callroom.marked', { who: name, state }));
    return `${name} · ${state}`;
  };

  const { busy, mark } = useMark<CheckInAnswer, number>(onAnswer, said);
  const [printing, runPrint] = useBusy();

  if (!heat) {
    return (
      <Card variant="borderless" loading={loading} className="callroom-panel">
        <Empty description={t('callroom.chooseHeat')} />
      </Card>
    );
  }
  const official = heat.status === 'official';
  const mayMark = can('comp:callroom:mark') && !official;

  const tap = (s: CallRoomStartVO) =>
    void mark(() => callRoomApi.mark(s.startId, nextState(s.checkIn, s.hasResult)), s.startId);
  const byCode = (code: string) => mark(() => callRoomApi.byCode(heat.heatId, code));

  const print = () => runPrint(() => downloadFrom(() => callRoomApi.sheet(heat.roundId, heat.heatId), 'call-room.pdf'));

  const field = heat.kind === 'field-height' || heat.kind === 'field-distance';
  const c = heat.counts;
  const sheet = (
    <Button
      icon={<FilePdfOutlined />}
      loading={printing}
      onClick={() => void print()}
      className="callroom-touch"
      data-testid="callroom-sheet"
    >
      {t('callroom.sheet')}
    </Button>
  );
  const redraw = mayMark && heat.redraw === 'yes' ? <Redraw heat={heat} onDone={onHeat} /> : null;
  return (
    <PanelFrame
      testId="callroom-heat"
      loading={loading}
      onBack={onBack}
      title={`${label(heat)} · ${t(`comp.roundName.${heat.roundName}`)}`}
      subtitle={
        <>
          {t(field ? 'callroom.flight' : 'callroom.heat', { number: heat.heatNumber, count: heat.heatCount })}
          {heat.callAt && timeZone ? ` · ${t('callroom.callAt', { time: meetingTime(heat.callAt, timeZone) })}` : ''}
          {heat.startsAt && timeZone
            ? ` · ${t('callroom.startsAt', { time: meetingTime(heat.startsAt, timeZone) })}`
            : ''}
        </>
      }
      counts={c}
    >
      {official && <Alert type="info" showIcon title={t('callroom.officialHeat')} style={{ marginBottom: 12 }} />}
      {mayMark && heat.redraw !== 'yes' && <Redraw heat={heat} onDone={onHeat} />}
      {mayMark ? (
        <BibTools onCode={byCode} scannerHint={t('callroom.scanner.hint')}>
          {redraw}
          {sheet}
        </BibTools>
      ) : (
        <div className="callroom-tools">{sheet}</div>
      )}
      {mayMark && (
        <Typography.Text type="secondary" className="callroom-hint">
          {t('callroom.tapHint')}
        </Typography.Text>
      )}
      <div className="callroom-starts" data-testid="callroom-starts">
        {heat.starts.map((s) => (
          <MarkRow
            key={s.startId}
            number={(heat.lanes ? s.lane : s.position) ?? ''}
            bib={s.bib}
            name={s.name}
            nameEn={s.nameEn}
            delegationName={s.delegationName}
            members={s.members}
            state={s.checkIn}
            badge={s.code === 'DNS' ? 'DNS' : null}
            note={
              s.code === 'DNS' && !s.callRoomDns
                ? t('callroom.dnsResults')
                : heat.lanes && s.lane === null && s.code !== 'DNS'
                  ? t('callroom.noLane')
                  : null
            }
            busy={busy === s.startId}
            disabled={!mayMark}
            onTap={() => tap(s)}
            testId="callroom-start"
          />
        ))}
      </div>
    </PanelFrame>
  );
}
