import type { CallRoomEntryVO, CallRoomRoundVO, EntryCheckInAnswer } from '@baton/contracts';
import { Alert, App, Tag, Typography } from 'antd';
import { callRoomApi } from '../../../api/competition-callroom';
import { useTranslation } from '../../../app/i18n';
import { usePerm } from '../../../hooks/usePerm';
import { meetingTime } from '../../../utils/meeting-format';
import { useEventLabel } from '../shared';
import { BibTools, MarkRow, PanelFrame, STATE_KEY, useMark, who } from './Marking';
import { nextState } from './state';

/**
 * A first round checked in before seeding (检录后编排): its entries (athletes, or relay teams) to
 * mark present, absent or late by tap, typed bib or the bib's QR code, before its start list is
 * made. The absent will not be seeded; once the start list is made the heats take the marks.
 */
export function RoundPanel({
  round,
  loading,
  timeZone,
  onBack,
  onAnswer,
}: {
  round: CallRoomRoundVO;
  /** The meeting's clock, the times are shown on. */
  timeZone: string | undefined;
  loading: boolean;
  onBack?: () => void;
  onAnswer: (a: EntryCheckInAnswer) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = usePerm();
  const label = useEventLabel();
  const mayMark = can('comp:callroom:mark') && round.open;
  const keyOf = (e: Pick<CallRoomEntryVO, 'entryId' | 'relayTeamId'>) =>
    e.entryId !== null ? `e${e.entryId}` : `r${e.relayTeamId}`;

  const said = (a: EntryCheckInAnswer) => {
    const e = a.round.entries.find((x) => keyOf(x) === keyOf(a));
    const name = e ? who(e) : '';
    const state = t(`callroom.state.${STATE_KEY(a.state)}`);
    if (a.state === 'absent') message.warning(t('callroom.before.absent', { who: name }));
    else message.success(t('callroom.marked', { who: name, state }));
    return `${name} · ${state}`;
  };
  const { busy, mark } = useMark<EntryCheckInAnswer, string>(onAnswer, said);

  const tap = (e: CallRoomEntryVO) =>
    void mark(
      () =>
        callRoomApi.markEntry(round.roundId, {
          ...(e.entryId !== null ? { entryId: e.entryId } : { relayTeamId: e.relayTeamId! }),
          state: nextState(e.checkIn, false),
        }),
      keyOf(e),
    );
  const byCode = (code: string) => mark(() => callRoomApi.entryByCode(round.roundId, code));

  return (
    <PanelFrame
      testId="callroom-round"
      loading={loading}
      onBack={onBack}
      title={`${label(round)} · ${t(`comp.roundName.${round.roundName}`)}`}
      subtitle={
        <>
          <Tag color="gold" style={{ marginInlineEnd: 6 }}>
            {t('callroom.before.tag')}
          </Tag>
          {round.callAt && timeZone
            ? t('callroom.callAt', { time: meetingTime(round.callAt, timeZone) })
            : t('callroom.unscheduled')}
          {round.startsAt && timeZone
            ? ` · ${t('callroom.startsAt', { time: meetingTime(round.startsAt, timeZone) })}`
            : ''}
        </>
      }
      counts={round.counts}
    >
      <Alert
        type={round.open ? 'warning' : 'info'}
        showIcon
        title={t(
          round.open ? 'callroom.before.hint' : round.seeded ? 'callroom.before.seeded' : 'callroom.before.closed',
        )}
        style={{ marginBottom: 12 }}
        data-testid="callroom-round-note"
      />
      {mayMark && (
        <>
          <BibTools onCode={byCode} scannerHint={t('callroom.before.scannerHint')} />
          <Typography.Text type="secondary" className="callroom-hint">
            {t('callroom.tapHint')}
          </Typography.Text>
        </>
      )}
      <div className="callroom-starts" data-testid="callroom-entries">
        {round.entries.map((e, i) => (
          <MarkRow
            key={keyOf(e)}
            number={i + 1}
            bib={e.bib}
            name={e.name}
            nameEn={e.nameEn}
            delegationName={e.delegationName}
            members={e.members}
            state={e.checkIn}
            busy={busy === keyOf(e)}
            disabled={!mayMark}
            onTap={() => tap(e)}
            testId="callroom-entry"
          />
        ))}
      </div>
    </PanelFrame>
  );
}
