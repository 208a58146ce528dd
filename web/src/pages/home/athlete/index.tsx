import ArrowLeftOutlined from '@ant-design/icons-svg/es/asn/ArrowLeftOutlined';
import type { PublicAthleteEntryVO, PublicAthleteVO } from '@baton/contracts';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from '../../../app/i18n';
import { LiteSkeleton } from '../../../components/lite';
import { LiteEmptyDefault } from '../../../components/lite/empty';
import { LiveStatus } from '../../../components/public/live/HeatTable';
import { LiveTitle } from '../../../components/public/live/LiveTitle';
import { useBilingual } from '../../../hooks/language';
import { useLiveCompetition, usePublicAthlete } from '../../../hooks/live';
import { usePublicBase } from '../../../hooks/public';
import { isField, markText, positiveId, windText } from '../../../utils/live-format';
import { meetingDateTime } from '../../../utils/meeting-format';
import { PublicEmpty } from '../PublicEmpty';
import '../../../components/public/parts.css';
import '../../../components/public/live/live.css';
import { LiteIcon } from '../../../components/lite/icon';

function EntryBlock({ entry, card }: { entry: PublicAthleteEntryVO; card: PublicAthleteVO }) {
  const { t } = useTranslation();
  const pick = useBilingual();
  const base = usePublicBase();
  const field = isField(entry);
  return (
    <section className="live-entry" data-testid="athlete-entry">
      <h3>
        <Link to={`${base}/group-item?code=${encodeURIComponent(card.meetingCode)}&groupItemId=${entry.groupItemId}`}>
          {pick(entry.itemName, entry.itemNameEn)}
        </Link>
        {entry.relayLetter ? (
          <span className="pub-muted">
            {t('public.live.relayTeam', { letter: entry.relayLetter })}
            {entry.leg ? ` · ${t('public.live.leg', { leg: entry.leg })}` : ''}
          </span>
        ) : null}
        {entry.seedMark ? <span className="pub-muted">{t('public.live.seedOf', { mark: entry.seedMark })}</span> : null}
      </h3>
      {entry.starts.length === 0 ? (
        <p className="pub-muted">{t('public.live.notDrawn')}</p>
      ) : (
        entry.starts.map((s) => {
          const official = s.heatStatus === 'official';
          const where = [
            t(`comp.roundName.${s.roundName}`),
            t(field ? 'comp.flight' : 'comp.heat', { number: s.heatNumber }),
            s.start.lane !== null
              ? t('public.live.laneN', { lane: s.start.lane })
              : t('public.live.orderN', { order: s.start.position }),
          ].join(' · ');
          return (
            <div key={s.heatId} className="live-entry-start" data-testid="athlete-start">
              <div>
                <div>{where}</div>
                <div className="pub-muted">
                  {meetingDateTime(s.scheduledAt, card.meetingTimeZone)} <LiveStatus status={s.heatStatus} />
                </div>
              </div>
              {official ? (
                <div className="live-entry-result" data-testid="athlete-result">
                  {s.start.place ? (
                    <span className="pub-muted">{t('public.live.placeN', { place: s.start.place })}</span>
                  ) : null}
                  <strong>{markText(s.start)}</strong>
                  {s.start.qualifier ? <span className="live-q">{s.start.qualifier}</span> : null}
                  {s.start.record ? <span className="live-q">{s.start.record}</span> : null}
                  {s.start.wind !== null ? <span className="pub-muted">{windText(s.start.wind)}</span> : null}
                </div>
              ) : null}
            </div>
          );
        })
      )}
    </section>
  );
}

/**
 * An athlete's public page (`/home/athlete/:athleteId`, `/h5/athlete/:athleteId`, where the bib's
 * QR code leads; `?meetingId=` optional): bib, name, delegation, group, birth year, and each
 * event with the published start position and the official result, live. Without antd, like the
 * meeting page.
 */
export default function AthletePage() {
  const { t } = useTranslation();
  const pick = useBilingual();
  const base = usePublicBase();
  const params = useParams();
  const [search] = useSearchParams();
  const athleteId = positiveId(params.athleteId);
  const card = usePublicAthlete(athleteId, positiveId(search.get('meetingId')));
  const live = useLiveCompetition(card.data?.meetingId);
  if (card.isLoading) {
    return (
      <div className="pub-card">
        <LiteSkeleton rows={7} />
      </div>
    );
  }
  if (!card.data) return <PublicEmpty titleKey="public.routes.athlete" emptyKey="public.live.noAthlete" />;
  const a = card.data;
  return (
    <div className="pub-stack" data-testid="athlete-page">
      <div className="pub-card pub-item-head">
        <Link to={`${base}/detail?code=${encodeURIComponent(a.meetingCode)}`} className="pub-back-link">
          <LiteIcon icon={ArrowLeftOutlined} />
          {pick(a.meetingName, a.meetingNameEn)}
        </Link>
        <div className="live-athlete-head">
          {a.bib ? (
            <div className="live-athlete-bib" data-testid="athlete-bib">
              {a.bib}
            </div>
          ) : null}
          <div>
            <h1 data-testid="athlete-name">{pick(a.name, a.nameEn)}</h1>
            <p className="pub-muted">{a.delegationName}</p>
            <p className="pub-muted">
              {pick(a.groupName, a.groupNameEn)} · {t(`public.gender.${a.gender}`)} ·{' '}
              {t('public.live.bornIn', { year: a.birthYear })}
            </p>
          </div>
        </div>
      </div>
      <div className="pub-card">
        <LiveTitle live={live}>{t('public.live.events')}</LiveTitle>
        {a.entries.length === 0 ? (
          <LiteEmptyDefault description={t('public.live.noEntries')} />
        ) : (
          a.entries.map((e) => <EntryBlock key={`${e.groupItemId}-${e.relayLetter ?? ''}`} entry={e} card={a} />)
        )}
      </div>
    </div>
  );
}
