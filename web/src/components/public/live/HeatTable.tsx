import type { EventVO, HeatVO, StartVO } from '@baton/contracts';
import { Link } from 'react-router';
import { useTranslation } from '../../../app/i18n';
import { useIsDark } from '../../../app/theme';
import { useBilingual } from '../../../hooks/language';
import type { PublicBase } from '../../../hooks/public';
import { isField, isOfficial, markText, shownRows, trialSeries, windText } from '../../../utils/live-format';
import { meetingTime } from '../../../utils/meeting-format';
import { LiteTag } from '../../lite/index';

const STATUS_COLOR = { draft: 'default', set: 'processing', official: 'success' } as const;

/** A heat's or round's state as the public reads it: "start list" or "official". */
export function LiveStatus({ status }: { status: HeatVO['status'] }) {
  const { t } = useTranslation();
  const dark = useIsDark();
  return (
    <LiteTag color={STATUS_COLOR[status]} dark={dark} data-testid="live-status">
      {t(`public.live.status.${status}`)}
    </LiteTag>
  );
}

/** The heading of a heat (a flight for field events): number, state, wind, time (on the meeting's clock). */
export function HeatHead({
  event,
  heat,
  title,
  timeZone,
}: {
  event: EventVO;
  heat: HeatVO;
  title?: string;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const field = isField(event);
  const official = isOfficial(heat);
  const wind = official && event.windMeasured && !field ? windText(heat.wind) : '';
  return (
    <div className="live-heat-head">
      <strong>{title ?? t(field ? 'comp.flight' : 'comp.heat', { number: heat.number })}</strong>
      <LiveStatus status={heat.status} />
      {wind ? <span className="pub-muted">{t('public.live.windOf', { wind })}</span> : null}
      {official && heat.officialAt ? (
        <span className="pub-muted">
          {t('public.live.officialAt', { time: meetingTime(heat.officialAt, timeZone) })}
        </span>
      ) : heat.scheduledAt ? (
        <span className="pub-muted">{meetingTime(heat.scheduledAt, timeZone)}</span>
      ) : null}
    </div>
  );
}

function Who({ s, base, meetingId }: { s: StartVO; base: PublicBase; meetingId: number }) {
  const pick = useBilingual();
  const name = pick(s.name, s.nameEn);
  return (
    <>
      {s.athleteId ? (
        <Link to={`${base}/athlete/${s.athleteId}?meetingId=${meetingId}`} className="live-name">
          {name}
        </Link>
      ) : (
        <strong className="live-name">{name}</strong>
      )}
      <span className="live-sub">{s.delegationName}</span>
      {s.members.length ? (
        <span className="live-members">
          {s.members
            .filter((m) => m.leg !== null)
            .map((m) => m.name)
            .join(' · ')}
        </span>
      ) : null}
    </>
  );
}

/**
 * One heat's start list, and once official its results: place, lane or order, bib, name,
 * delegation, mark with qualifier (WA TR 20.10: Q by place, q by time) and record flag,
 * reaction time (track) and wind (field, where measured); field series under each competitor.
 */
export function HeatTable({
  event,
  heat,
  base,
  meetingId,
}: {
  event: EventVO;
  heat: HeatVO;
  base: PublicBase;
  meetingId: number;
}) {
  const { t } = useTranslation();
  const official = isOfficial(heat);
  const field = isField(event);
  const rows = shownRows(heat);
  const lanes = event.usesLanes && !field && rows.some((s) => s.lane !== null);
  const bibs = rows.some((s) => s.bib);
  const reaction = official && !field && rows.some((s) => s.reactionTime !== null);
  const startWind = official && field && event.windMeasured && rows.some((s) => s.wind !== null);
  const series = official && field && rows.some((s) => s.trials.length);
  const columns = 3 + (bibs ? 1 : 0) + (official ? 2 : 1) + (reaction ? 1 : 0) + (startWind ? 1 : 0);
  if (!rows.length) return <p className="pub-empty-line">{t('public.live.noStarts')}</p>;
  return (
    <table className="live-table" data-testid="heat-table">
      <thead>
        <tr>
          {official ? <th className="live-num">{t('comp.place')}</th> : null}
          <th className="live-num">{t(lanes ? 'comp.lane' : 'comp.order')}</th>
          {bibs ? <th className="live-num">{t('comp.bib')}</th> : null}
          <th>{t('comp.name')}</th>
          <th className="live-col-dlg">{t('comp.delegation')}</th>
          <th className="live-num">{official ? t('comp.mark') : t('public.live.seed')}</th>
          {reaction ? <th className="live-num live-col-rt">{t('comp.reaction')}</th> : null}
          {startWind ? <th className="live-num">{t('comp.wind')}</th> : null}
        </tr>
      </thead>
      <tbody>
        {rows.map((s) => (
          <RowOf
            key={s.id}
            s={s}
            event={event}
            official={official}
            lanes={lanes}
            bibs={bibs}
            reaction={reaction}
            startWind={startWind}
            series={series}
            columns={columns}
            base={base}
            meetingId={meetingId}
          />
        ))}
      </tbody>
    </table>
  );
}

function RowOf({
  s,
  event,
  official,
  lanes,
  bibs,
  reaction,
  startWind,
  series,
  columns,
  base,
  meetingId,
}: {
  s: StartVO;
  event: EventVO;
  official: boolean;
  lanes: boolean;
  bibs: boolean;
  reaction: boolean;
  startWind: boolean;
  series: boolean;
  columns: number;
  base: PublicBase;
  meetingId: number;
}) {
  const { t } = useTranslation();
  const dark = useIsDark();
  const cells = series ? trialSeries(s.trials, event.resultFormat) : [];
  // The series sits under the name: past the place, lane/order and bib columns.
  const lead = (official ? 1 : 0) + 1 + (bibs ? 1 : 0);
  return (
    <>
      <tr className={cells.length ? 'live-has-series' : undefined} data-testid="start-row">
        {official ? <td className="live-num live-place">{s.place ?? ''}</td> : null}
        <td className="live-num">{lanes ? (s.lane ?? '') : s.position}</td>
        {bibs ? <td className="live-num">{s.bib ? <span className="pub-bib">{s.bib}</span> : null}</td> : null}
        <td className="live-who">
          <Who s={s} base={base} meetingId={meetingId} />
        </td>
        <td className="live-col-dlg">{s.delegationName}</td>
        <td className="live-num live-mark">
          {official ? (
            <>
              <span title={s.code ? t(`comp.code.${s.code}`) : undefined}>{markText(s)}</span>
              {s.qualifier ? (
                <span className="live-q" title={t('public.live.qualified')}>
                  {s.qualifier}
                </span>
              ) : null}
              {s.record ? (
                <LiteTag color="red" dark={dark} className="live-record">
                  {s.record}
                </LiteTag>
              ) : null}
            </>
          ) : s.code === 'DNS' ? (
            // Before the results: the call room's absence (or results entry's DNS) on the start list.
            <span title={t('comp.code.DNS')} data-testid="start-dns">
              DNS
            </span>
          ) : (
            <span className="pub-muted">{s.seedMark ?? ''}</span>
          )}
        </td>
        {reaction ? <td className="live-num live-col-rt">{s.reactionTime?.toFixed(3) ?? ''}</td> : null}
        {startWind ? <td className="live-num">{windText(s.wind)}</td> : null}
      </tr>
      {cells.length ? (
        <tr className="live-series-row">
          <td colSpan={lead} />
          <td colSpan={columns - lead}>
            <ol className="live-series" aria-label={t('public.live.series')}>
              {cells.map((c) => (
                <li key={c.key}>
                  <span className="live-series-label">{c.label}</span>
                  <span>{c.text}</span>
                  {c.wind ? <span className="pub-muted">{c.wind}</span> : null}
                </li>
              ))}
            </ol>
          </td>
        </tr>
      ) : null}
    </>
  );
}
