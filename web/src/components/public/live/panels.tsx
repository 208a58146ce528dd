import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import type { CompetitionEventVO, RoundVO } from '@baton/contracts';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { notPublished } from '../../../api/public';
import type { PublicRead } from '../../../api/public-reads';
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
import { LiteEmptyDefault } from '../../lite/empty';
import { LiteEmpty, LiteSegmented, LiteSkeleton } from '../../lite/index';
import { HeatHead, HeatTable, LiveStatus } from './HeatTable';
import { LiveTitle } from './LiveTitle';
import '../../competition/table.css';
import './live.css';
import { LiteIcon } from '../../lite/icon';

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

/**
 * An area of live competition data: its title with the live dot (`meetingId`'s channel), any
 * `head`, then the read — a skeleton of `rows` lines while it loads, the failed state, else
 * `children` of its data.
 */
function LiveArea<T>({
  meetingId,
  title,
  head,
  read,
  rows,
  className,
  testId,
  children,
}: {
  meetingId: number;
  title: ReactNode;
  head?: ReactNode;
  read: PublicRead<T>;
  rows: number;
  className?: string;
  testId: string;
  children: (data: T | undefined) => ReactNode;
}) {
  const live = useLiveCompetition(meetingId);
  return (
    <div className={className} data-testid={testId}>
      <LiveTitle live={live}>{title}</LiveTitle>
      {head}
      {read.isLoading ? (
        <LiteSkeleton rows={rows} />
      ) : read.isError ? (
        <Failed error={read.error} />
      ) : (
        children(read.data)
      )}
    </div>
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

/** The combined standing's table, fetched with the first combined event shown (most pages never show one). */
const CombinedTable = lazy(() => import('../../competition/CombinedTable').then((m) => ({ default: m.CombinedTable })));

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
  const standing = usePublicCombined(meetingId, groupItemId);
  return (
    <LiveArea
      meetingId={meetingId}
      title={t('comp.combined.title')}
      read={standing}
      rows={5}
      className="pub-stack"
      testId="combined-panel"
    >
      {(data) =>
        data ? (
          <Suspense fallback={<LiteSkeleton rows={5} />}>
            <CombinedTable standing={data} athleteHref={(id) => `${base}/athlete/${id}?meetingId=${meetingId}`} />
          </Suspense>
        ) : null
      }
    </LiveArea>
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
  const rounds = usePublicRounds(meetingId, groupItemId);
  return (
    <LiveArea
      meetingId={meetingId}
      title={t('public.live.startListsAndResults')}
      read={rounds}
      rows={6}
      className="pub-stack"
      testId="group-item-rounds"
    >
      {(data) =>
        data?.length ? (
          data.map((r) => <RoundBlock key={r.id} round={r} base={base} timeZone={timeZone} />)
        ) : (
          <NotYet kind="startLists" />
        )
      }
    </LiveArea>
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
  const events = usePublicEvents(meetingId);
  const groups = useMemo(() => byGroup(events.data ?? []), [events.data]);
  return (
    <LiveArea
      meetingId={meetingId}
      title={t('public.live.startListsAndResults')}
      read={events}
      rows={7}
      testId="events-board"
    >
      {() =>
        !groups.length ? (
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
                        <LiteIcon icon={RightOutlined} className="pub-chevron" />
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )
      }
    </LiveArea>
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
  const latest = useLatestResults(meetingId);
  return (
    <LiveArea
      meetingId={meetingId}
      title={t('public.live.latest')}
      read={latest}
      rows={7}
      className="pub-stack"
      testId="latest-results"
    >
      {(data) =>
        !data?.length ? (
          <NotYet kind="results" />
        ) : (
          data.map(({ heat, event, roundName, roundHeats }) => (
            <section key={heat.id} className="live-heat live-latest" data-testid="latest-heat">
              <Link to={itemHref(event.groupItemId)} className="live-latest-title">
                {pick(event.groupName, event.groupNameEn)} {pick(event.itemName, event.itemNameEn)}
                <LiteIcon icon={RightOutlined} className="pub-chevron" />
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
        )
      }
    </LiveArea>
  );
}

type ScoreView = 'points' | 'medals';

/** Team points and the medal table (official finals), refreshed live. */
export function ScoresPanel({ meetingId }: { meetingId: number }) {
  const { t } = useTranslation();
  const scores = usePublicScores(meetingId);
  const [view, setView] = useState<ScoreView>('points');
  const rows = scores.data?.[view] ?? [];
  return (
    <LiveArea
      meetingId={meetingId}
      title={t('public.live.scores')}
      head={
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
      }
      read={scores}
      rows={6}
      className="pub-stack"
      testId="scores-panel"
    >
      {(data) => (
        <>
          <p className="pub-muted" data-testid="scores-progress">
            {t('public.live.finished', { done: data?.finished ?? 0, all: data?.events ?? 0 })}
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
    </LiveArea>
  );
}

/** Start lists and results: filled in by the competition (an honest empty state until then). */
function NotYet({ kind }: { kind: 'startLists' | 'results' }) {
  const { t } = useTranslation();
  return <LiteEmpty description={t(`public.notYet.${kind}`)} data-testid={`not-yet-${kind}`} />;
}
