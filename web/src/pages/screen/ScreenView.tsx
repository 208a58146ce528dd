import type { PublicLatestHeatVO, PublicMeetingHeadVO, StartVO } from '@baton/contracts';
import { type CSSProperties, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../app/i18n';
import { LangSwitch } from '../../components/LangSwitch';
import { useBilingual } from '../../hooks/language';
import { useMinuteTick } from '../../hooks/live';
import { isField, markText, windText } from '../../utils/live-format';
import { meetingDateTime, meetingDay, meetingTime } from '../../utils/meeting-format';
import { buildSlides, clockText, followSlides, isDue, type ScreenLayout, type Slide, screenLayout } from './slides';
import './screen.css';

/** How the screen's reads stand: answered, still coming, or refused/failed. */
export type ScreenState = 'ready' | 'loading' | 'notPublished' | 'failed';

export interface ScreenViewProps {
  state: ScreenState;
  meeting?: PublicMeetingHeadVO;
  latest: readonly PublicLatestHeatVO[];
  next: readonly PublicLatestHeatVO[];
  /** The live channel is open (new results arrive by themselves). */
  live: boolean;
  /** Milliseconds a page stays before the next one. */
  intervalMs: number;
  /** Black on white for a sunlit screen (white on black otherwise). */
  light?: boolean;
}

/** The viewport's layout, followed on resize. */
function useScreenLayout(): ScreenLayout {
  const [layout, setLayout] = useState(() => screenLayout(window.innerWidth, window.innerHeight));
  useEffect(() => {
    const onResize = () => setLayout(screenLayout(window.innerWidth, window.innerHeight));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return layout;
}

/** The time now, once a second (the clock). */
function useSecondTick(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(id);
  }, []);
  return now;
}

/** Keys on a focused control (the language menu) are the control's, not the screen's. */
const onControl = (e: KeyboardEvent) =>
  e.target instanceof HTMLElement && !!e.target.closest('button, a, input, select, textarea, [role="menu"]');

/**
 * The rotation over `slides`: a page every `intervalMs`; a heat that has just appeared comes at
 * once (`followSlides`); ← → move by hand and space pauses (the announcer's keyboard).
 */
function useRotation(slides: Slide[], intervalMs: number) {
  const [at, setAt] = useState({ slides, index: 0 });
  const [paused, setPaused] = useState(false);
  let index = at.index;
  if (at.slides !== slides) {
    // Derived from the previous render's slides, during render (no frame of the wrong page).
    index = followSlides(at.slides, slides, at.index);
    setAt({ slides, index });
  }
  const count = slides.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a page shown (by the timer, a key or a jump) gets its full time
  useEffect(() => {
    if (paused || count < 2) return undefined;
    const id = setTimeout(() => setAt((a) => ({ ...a, index: (a.index + 1) % count })), intervalMs);
    return () => clearTimeout(id);
  }, [paused, count, intervalMs, index]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (onControl(e) || !count) return;
      if (e.key === 'ArrowRight' || e.key === 'PageDown') setAt((a) => ({ ...a, index: (a.index + 1) % count }));
      else if (e.key === 'ArrowLeft' || e.key === 'PageUp')
        setAt((a) => ({ ...a, index: (a.index - 1 + count) % count }));
      else if (e.key === ' ') setPaused((p) => !p);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [count]);
  return { index: Math.min(index, Math.max(0, count - 1)), paused };
}

/**
 * The big screen / announcer view: meeting name and clock; one page at a time of the recent
 * results, the next start lists and the records set, in very large type; the next events and
 * the rotation's progress at the foot.
 */
export function ScreenView({ state, meeting, latest, next, live, intervalMs, light = false }: ScreenViewProps) {
  const { t } = useTranslation();
  const pick = useBilingual();
  const layout = useScreenLayout();
  const clock = useSecondTick();
  const minute = useMinuteTick();
  const slides = useMemo(
    () => (state === 'ready' ? buildSlides({ latest, next, now: minute, rows: layout.rows }) : []),
    [state, latest, next, minute, layout.rows],
  );
  const { index, paused } = useRotation(slides, intervalMs);
  const slide = slides[index];
  // The meeting's clock: the screen's clock and every heat time are on it.
  const tz = meeting?.timeZone;
  const style = { '--u': `${layout.unit}px`, '--interval': `${intervalMs}ms` } as CSSProperties;
  const message =
    state === 'loading'
      ? ''
      : state === 'notPublished'
        ? t('screen.notPublished')
        : state === 'failed'
          ? t('screen.failed')
          : !slide
            ? t('screen.empty')
            : '';
  return (
    <div
      className={`screen${light ? ' screen-light' : ''}${layout.narrow ? ' screen-narrow' : ''}`}
      style={style}
      data-testid="screen"
      data-rows={layout.rows}
    >
      <header className="screen-header">
        <h1 className="screen-meeting" data-testid="screen-meeting">
          {meeting ? pick(meeting.name, meeting.nameEn) : ''}
        </h1>
        <div className="screen-tools">
          <span className={`screen-live${live ? ' screen-live-on' : ''}`} data-testid="screen-live">
            <i aria-hidden />
            {t(live ? 'screen.live' : 'screen.offline')}
          </span>
          <LangSwitch className="screen-lang" />
          <time className="screen-clock" data-testid="screen-clock">
            {tz ? clockText(clock, tz) : ''}
          </time>
        </div>
      </header>
      <main className="screen-main">
        {slide && tz ? (
          <SlideView slide={slide} now={clock} timeZone={tz} />
        ) : (
          <p className="screen-message" data-testid="screen-message">
            {message}
          </p>
        )}
      </main>
      <footer className="screen-footer">
        {tz ? (
          <NextLine next={next} latest={latest} current={slide} now={clock} timeZone={tz} />
        ) : (
          <span className="screen-next" />
        )}
        <span className="screen-count" data-testid="screen-count">
          {paused ? <span className="screen-paused">{t('screen.paused')}</span> : null}
          {slides.length > 1 ? `${index + 1} / ${slides.length}` : ''}
        </span>
        {slides.length > 1 && !paused ? (
          <span key={`${slide?.key}:${index}`} className="screen-progress" aria-hidden />
        ) : null}
      </footer>
    </div>
  );
}

/** "Heat 2 of 3" (a flight for field events); nothing for a round of one heat. */
function useHeatLabel() {
  const { t } = useTranslation();
  return (h: PublicLatestHeatVO) =>
    h.roundHeats > 1
      ? t(isField(h.event) ? 'screen.flightOf' : 'screen.heatOf', { number: h.heat.number, count: h.roundHeats })
      : '';
}

/** The time of a heat on the meeting's clock: `HH:mm` today (the meeting's today), `MM-DD HH:mm` another day. */
function heatTime(iso: string | null, now: number, tz: string): string {
  if (!iso) return '';
  return meetingDay(iso, tz) === meetingDay(new Date(now).toISOString(), tz)
    ? meetingTime(iso, tz)
    : meetingDateTime(iso, tz);
}

function SlideView({ slide, now, timeZone }: { slide: Slide; now: number; timeZone: string }) {
  const { t } = useTranslation();
  const pick = useBilingual();
  const heatLabel = useHeatLabel();
  const page = slide.pages > 1 ? t('screen.page', { page: slide.page + 1, pages: slide.pages }) : '';
  if (slide.kind === 'records') {
    return (
      <section className="screen-slide" data-testid="screen-slide" data-kind="records">
        <div className="screen-title">
          <span className="screen-kind">{t('screen.records')}</span>
          <span className="screen-sub">{page}</span>
        </div>
        <table className="screen-table">
          <thead>
            <tr>
              <th>{t('screen.event')}</th>
              <th>{t('screen.name')}</th>
              <th className="screen-col-dlg">{t('screen.delegation')}</th>
              <th className="screen-num screen-mark">{t('screen.mark')}</th>
            </tr>
          </thead>
          <tbody>
            {slide.records.map(({ heat, start }) => (
              <tr key={`${heat.heat.id}:${start.id}`} data-testid="screen-row">
                <td className="screen-event">
                  {pick(heat.event.groupName, heat.event.groupNameEn)}{' '}
                  {pick(heat.event.itemName, heat.event.itemNameEn)}
                </td>
                <td className="screen-name">
                  <Who s={start} />
                </td>
                <td className="screen-col-dlg">{start.delegationName}</td>
                <td className="screen-num screen-mark">
                  {markText(start)}
                  <span className="screen-record">{start.record}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    );
  }
  const { heat: h, rows, kind } = slide;
  const result = kind === 'result';
  const field = isField(h.event);
  const lanes = h.event.usesLanes && !field && h.heat.starts.some((s) => s.lane !== null);
  const bibs = h.heat.starts.some((s) => s.bib);
  const seeds = !result && h.heat.starts.some((s) => s.seedMark);
  const wind = result && h.event.windMeasured && !field ? windText(h.heat.wind) : '';
  const when = result
    ? h.heat.officialAt
      ? t('screen.officialAt', { time: meetingTime(h.heat.officialAt, timeZone) })
      : ''
    : isDue(h, now)
      ? t('screen.now')
      : heatTime(h.scheduledAt, now, timeZone);
  const sub = [t(`comp.roundName.${h.roundName}`), heatLabel(h), when, wind ? t('screen.wind', { wind }) : '', page];
  return (
    <section className="screen-slide" data-testid="screen-slide" data-kind={kind} data-heat={h.heat.id}>
      <div className="screen-title">
        <span className="screen-kind">{t(result ? 'screen.result' : 'screen.startList')}</span>
        <h2 className="screen-event-name" data-testid="screen-event">
          {pick(h.event.groupName, h.event.groupNameEn)} {pick(h.event.itemName, h.event.itemNameEn)}
        </h2>
        <span className="screen-sub">{sub.filter(Boolean).join(' · ')}</span>
      </div>
      <table className="screen-table">
        <thead>
          <tr>
            {result ? <th className="screen-num">{t('screen.place')}</th> : null}
            {result ? null : <th className="screen-num">{t(lanes ? 'screen.lane' : 'screen.order')}</th>}
            {bibs ? <th className="screen-num screen-col-bib">{t('screen.bib')}</th> : null}
            <th>{t('screen.name')}</th>
            <th className="screen-col-dlg">{t('screen.delegation')}</th>
            {result ? <th className="screen-num screen-mark">{t('screen.mark')}</th> : null}
            {seeds ? <th className="screen-num screen-col-seed">{t('screen.seed')}</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((s) => (
            <tr key={s.id} data-testid="screen-row">
              {result ? <td className="screen-num screen-place">{s.place ?? ''}</td> : null}
              {result ? null : <td className="screen-num screen-place">{lanes ? (s.lane ?? '') : s.position}</td>}
              {bibs ? <td className="screen-num screen-col-bib">{s.bib ?? ''}</td> : null}
              <td className="screen-name">
                <Who s={s} />
              </td>
              <td className="screen-col-dlg">{s.delegationName}</td>
              {result ? (
                <td className="screen-num screen-mark">
                  <span title={s.code ? t(`comp.code.${s.code}`) : undefined}>{markText(s)}</span>
                  {s.qualifier ? <span className="screen-q">{s.qualifier}</span> : null}
                  {s.record ? <span className="screen-record">{s.record}</span> : null}
                </td>
              ) : null}
              {seeds ? <td className="screen-num screen-col-seed">{s.seedMark ?? ''}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The competitor's name in the viewer's language, with the delegation under it on a narrow screen. */
function Who({ s }: { s: StartVO }) {
  const pick = useBilingual();
  return (
    <>
      <span className="screen-who">{pick(s.name, s.nameEn)}</span>
      <span className="screen-who-dlg">{s.delegationName}</span>
    </>
  );
}

/** The foot line: the next start lists other than the one shown, soonest first. */
function NextLine({
  next,
  latest,
  current,
  now,
  timeZone,
}: {
  next: readonly PublicLatestHeatVO[];
  latest: readonly PublicLatestHeatVO[];
  current: Slide | undefined;
  now: number;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const pick = useBilingual();
  const heatLabel = useHeatLabel();
  const official = new Set(latest.map((h) => h.heat.id));
  const shown = current && current.kind !== 'records' ? current.heat.heat.id : null;
  const list = next.filter((h) => h.heat.id !== shown && !official.has(h.heat.id)).slice(0, 3);
  if (!list.length) return <span className="screen-next" />;
  return (
    <span className="screen-next" data-testid="screen-next">
      <strong>{t('screen.next')}</strong>
      {list.map((h) => (
        <span key={h.heat.id} className="screen-next-item">
          {isDue(h, now) ? t('screen.now') : heatTime(h.scheduledAt, now, timeZone)}{' '}
          {pick(h.event.groupName, h.event.groupNameEn)} {pick(h.event.itemName, h.event.itemNameEn)}{' '}
          {heatLabel(h) || t(`comp.roundName.${h.roundName}`)}
        </span>
      ))}
    </span>
  );
}
