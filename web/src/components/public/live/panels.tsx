import { RightOutlined } from '@ant-design/icons';
import type { CompetitionEventVO, RoundVO } from '@baton/contracts';
import { type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { notPublished } from '../../../api/public';
import { useTranslation } from '../../../app/i18n';
import { useBilingual } from '../../../hooks/language';
import {
  useLatestResults,
  useLiveCompetition,
  usePublicCombined,
  usePublicEvents,
  usePublicRounds,
  usePublicScores,
} from '../../../hooks/live';
import type { PublicBase } from '../../../hooks/public';
import { useRoundLabel } from '../../../hooks/round-label';
import { meetingDateTime, meetingTime } from '../../../utils/meeting-format';
import { CombinedTable } from '../../competition/CombinedTable';
import { LiteEmptyDefault } from '../../lite/empty';
import { LiteEmpty, LiteSegmented, LiteSkeleton } from '../../lite/index';
import { HeatHead, HeatTable, LiveStatus } from './HeatTable';
import './live.css';

/** The "live" dot: green while the realtime channel is open (results arrive by themselves). */
export function LiveBadge({ live }: { live: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={`live-badge${live ? ' live-on' : ''}`}
      data-testid="live-badge"
      data-live={live ? 'on' : 'off'}
      title={t(live ? 'public.live.onHint' : 'public.live.offHint')}
    >
      <i aria-hidden />
      {t(live ? 'comp.live' : 'public.live.offline')}
    </span>
  );
}

/** The title line of a live area: a heading and the live dot. */
export function LiveTitle({ children, live }: { children: ReactNode; live: boolean }) {
  return (
    <div className="live-title">
      <h2>{children}</h2>
      <LiveBadge live={live} />
    </div>
  );
}

/** The empty or failed state of a public competition read (404: the meeting keeps its lists private). */
function Failed({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <LiteEmptyDefault
      description={t(notPublished(error) ? 'public.live.notPublished' : 'public.lists.failed')}
      data-testid="live-failed"
    />
  );
}

/** One round: its name, state and time (on the meeting's clock, `timeZone`), then each published heat (results once official). */
export function RoundBlock({ round, base, timeZone }: { round: RoundVO; base: PublicBase; timeZone: string }) {
  const roundLabel = useRoundLabel();
  return (
    <section className="live-round" data-testid="live-round">
      <div className="live-round-head">
        <h3>{roundLabel(round)}</h3>
        <LiveStatus status={round.status} />
        {round.scheduledAt ? <span className="pub-muted">{meetingDateTime(round.scheduledAt, timeZone)}</span> : null}
      </div>
      {round.heats.map((heat) => (
        <div key={heat.id} className="live-heat" data-testid="live-heat">
          <HeatHead event={round.event} heat={heat} timeZone={timeZone} />
          <HeatTable event={round.event} heat={heat} base={base} meetingId={round.meetingId} />
        </div>
      ))}
    </section>
  );
}

/**
 * A combined event's standing (the group item page of a combined event): points per
 * discipline and totals from the official heats, refreshed live.
 */
export function CombinedPanel({
  meetingId,
  groupItemId,
  base,
}: {
  meetingId: number;
  groupItemId: number;
  base: PublicBase;
}) {
  const { t } = useTranslation();
  const live = useLiveCompetition(meetingId);
  const standing = usePublicCombined(meetingId, groupItemId);
  return (
    <div className="pub-stack" data-testid="combined-panel">
      <LiveTitle live={live}>{t('comp.combined.title')}</LiveTitle>
      {standing.isLoading ? (
        <LiteSkeleton rows={5} />
      ) : standing.isError ? (
        <Failed error={standing.error} />
      ) : standing.data ? (
        <CombinedTable standing={standing.data} athleteHref={(id) => `${base}/athlete/${id}?meetingId=${meetingId}`} />
      ) : null}
    </div>
  );
}

/** A group item's published rounds (the group item page), refreshed live; times on the meeting's clock. */
export function GroupItemRounds({
  meetingId,
  groupItemId,
  base,
  timeZone,
}: {
  meetingId: number;
  groupItemId: number;
  base: PublicBase;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const live = useLiveCompetition(meetingId);
  const rounds = usePublicRounds(meetingId, groupItemId);
  return (
    <div className="pub-stack" data-testid="group-item-rounds">
      <LiveTitle live={live}>{t('public.live.startListsAndResults')}</LiveTitle>
      {rounds.isLoading ? (
        <LiteSkeleton rows={6} />
      ) : rounds.isError ? (
        <Failed error={rounds.error} />
      ) : rounds.data?.length ? (
        rounds.data.map((r) => <RoundBlock key={r.id} round={r} base={base} timeZone={timeZone} />)
      ) : (
        <NotYet kind="startLists" />
      )}
    </div>
  );
}

interface GroupOfEvents {
  groupId: number;
  name: string;
  nameEn: string;
  events: CompetitionEventVO[];
}

/** Events by group, in the order the schedule first reaches each group. */
export function byGroup(events: readonly CompetitionEventVO[]): GroupOfEvents[] {
  const groups = new Map<number, GroupOfEvents>();
  for (const e of events) {
    let g = groups.get(e.groupId);
    if (!g) {
      g = { groupId: e.groupId, name: e.groupName, nameEn: e.groupNameEn, events: [] };
      groups.set(e.groupId, g);
    }
    g.events.push(e);
  }
  return [...groups.values()];
}

/**
 * The meeting page's "start lists & results" area: every event by group with the state of
 * its published rounds; each opens the group item's page. Times on the meeting's clock.
 */
export function EventsBoard({
  meetingId,
  timeZone,
  itemHref,
}: {
  meetingId: number;
  timeZone: string;
  itemHref: (id: number) => string;
}) {
  const { t } = useTranslation();
  const pick = useBilingual();
  const roundLabel = useRoundLabel();
  const live = useLiveCompetition(meetingId);
  const events = usePublicEvents(meetingId);
  const groups = useMemo(() => byGroup(events.data ?? []), [events.data]);
  return (
    <div data-testid="events-board">
      <LiveTitle live={live}>{t('public.live.startListsAndResults')}</LiveTitle>
      {events.isLoading ? (
        <LiteSkeleton rows={7} />
      ) : events.isError ? (
        <Failed error={events.error} />
      ) : !groups.length ? (
        <LiteEmptyDefault description={t('public.lists.noItems')} />
      ) : (
        <div className="live-groups">
          {groups.map((g) => (
            <section key={g.groupId} className="live-group" data-testid="board-group">
              <h3>{pick(g.name, g.nameEn)}</h3>
              <ul className="pub-links">
                {g.events.map((e) => (
                  <li key={e.groupItemId}>
                    <Link to={itemHref(e.groupItemId)} className="live-event-row" data-testid="board-event">
                      <span className="pub-time">{meetingTime(e.scheduledAt, timeZone)}</span>
                      <span className="pub-link-main">{pick(e.itemName, e.itemNameEn)}</span>
                      <span className="live-round-tags">
                        {e.rounds.length ? (
                          e.rounds.map((r) => (
                            <span key={r.id} className="live-round-tag" data-status={r.status}>
                              {roundLabel(r)} · {t(`public.live.status.${r.status}`)}
                            </span>
                          ))
                        ) : (
                          <span className="pub-muted live-not-drawn">{t('public.live.notDrawn')}</span>
                        )}
                      </span>
                      <RightOutlined className="pub-chevron" />
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}

/** The latest official heats of the meeting, newest first (the track result page); times on its clock. */
export function LatestResults({
  meetingId,
  timeZone,
  base,
  itemHref,
}: {
  meetingId: number;
  timeZone: string;
  base: PublicBase;
  itemHref: (id: number) => string;
}) {
  const { t } = useTranslation();
  const pick = useBilingual();
  const live = useLiveCompetition(meetingId);
  const latest = useLatestResults(meetingId);
  return (
    <div className="pub-stack" data-testid="latest-results">
      <LiveTitle live={live}>{t('public.live.latest')}</LiveTitle>
      {latest.isLoading ? (
        <LiteSkeleton rows={7} />
      ) : latest.isError ? (
        <Failed error={latest.error} />
      ) : !latest.data?.length ? (
        <NotYet kind="results" />
      ) : (
        latest.data.map(({ heat, event, roundName, roundHeats }) => (
          <section key={heat.id} className="live-heat live-latest" data-testid="latest-heat">
            <Link to={itemHref(event.groupItemId)} className="live-latest-title">
              {pick(event.groupName, event.groupNameEn)} {pick(event.itemName, event.itemNameEn)}
              <RightOutlined className="pub-chevron" />
            </Link>
            <HeatHead
              event={event}
              heat={heat}
              timeZone={timeZone}
              title={
                roundHeats > 1
                  ? `${t(`comp.roundName.${roundName}`)} · ${t(event.kind.startsWith('field') ? 'comp.flight' : 'comp.heat', { number: heat.number })}`
                  : t(`comp.roundName.${roundName}`)
              }
            />
            <HeatTable event={event} heat={heat} base={base} meetingId={meetingId} />
          </section>
        ))
      )}
    </div>
  );
}

type ScoreView = 'points' | 'medals';

/** Team points and the medal table (official finals), refreshed live. */
export function ScoresPanel({ meetingId }: { meetingId: number }) {
  const { t } = useTranslation();
  const live = useLiveCompetition(meetingId);
  const scores = usePublicScores(meetingId);
  const [view, setView] = useState<ScoreView>('points');
  const rows = scores.data?.[view] ?? [];
  return (
    <div className="pub-stack" data-testid="scores-panel">
      <LiveTitle live={live}>{t('public.live.scores')}</LiveTitle>
      <LiteSegmented<ScoreView>
        className="live-score-views"
        size="middle"
        value={view}
        onChange={setView}
        options={[
          { value: 'points', label: <span data-testid="scores-points">{t('public.live.points')}</span> },
          { value: 'medals', label: <span data-testid="scores-medals">{t('public.live.medals')}</span> },
        ]}
      />
      {scores.isLoading ? (
        <LiteSkeleton rows={6} />
      ) : scores.isError ? (
        <Failed error={scores.error} />
      ) : (
        <>
          <p className="pub-muted" data-testid="scores-progress">
            {t('public.live.finished', { done: scores.data?.finished ?? 0, all: scores.data?.events ?? 0 })}
          </p>
          {rows.length === 0 ? (
            <LiteEmpty description={t('public.live.noScores')} />
          ) : (
            <table className="live-table live-scores" data-testid={`scores-${view}-table`}>
              <thead>
                <tr>
                  <th className="live-num">{t('public.live.rank')}</th>
                  <th>{t('comp.delegation')}</th>
                  {view === 'points' ? (
                    <th className="live-num">{t('comp.points')}</th>
                  ) : (
                    <>
                      <th className="live-num">{t('public.live.gold')}</th>
                      <th className="live-num">{t('public.live.silver')}</th>
                      <th className="live-num">{t('public.live.bronze')}</th>
                    </>
                  )}
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.delegationId} data-testid="score-row">
                    <td className="live-num live-place">{r.rank}</td>
                    <td>{r.delegationName}</td>
                    {view === 'points' ? (
                      <td className="live-num live-mark">{r.points}</td>
                    ) : (
                      <>
                        <td className="live-num">{r.gold}</td>
                        <td className="live-num">{r.silver}</td>
                        <td className="live-num">{r.bronze}</td>
                      </>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </div>
  );
}

/** Start lists and results: filled in by the competition (an honest empty state until then). */
function NotYet({ kind }: { kind: 'startLists' | 'results' }) {
  const { t } = useTranslation();
  return <LiteEmpty description={t(`public.notYet.${kind}`)} data-testid={`not-yet-${kind}`} />;
}
