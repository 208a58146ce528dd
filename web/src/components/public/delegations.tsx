import SearchOutlined from '@ant-design/icons-svg/es/asn/SearchOutlined';
import type { PublicCountsVO } from '@baton/contracts';
import { useMemo, useState } from 'react';
import { publicApi } from '../../api/public';
import { usePublicRead } from '../../api/public-reads';
import { useTranslation } from '../../app/i18n';
import { LiteEmptyDefault } from '../lite/empty';
import { LiteIcon } from '../lite/icon';
import { LiteSkeleton } from '../lite/index';
import { PublicListsGate } from './lists';

// A meeting's delegations and headline figures (the meeting page's Delegations tab, the h5
// meeting lists): a module apart from the entry lists, so a page showing an event's entries
// does not fetch them.

/** The meeting's headline figures: delegations, athletes, coaches, entries. */
export function CountsBar({ counts }: { counts: PublicCountsVO }) {
  const { t } = useTranslation();
  const figures = ['delegations', 'athletes', 'coaches', 'entries'] as const;
  return (
    <div className="pub-figures" data-testid="counts">
      {figures.map((k) => (
        <div key={k} className="pub-card pub-figure" data-testid={`count-${k}`}>
          <strong>{counts[k]}</strong>
          <span>{t(`public.counts.${k}`)}</span>
        </div>
      ))}
    </div>
  );
}

export function DelegationRows({ meetingId }: { meetingId: number }) {
  const { t } = useTranslation();
  const [keywords, setKeywords] = useState('');
  const list = usePublicRead(['public', 'delegations', meetingId], () => publicApi.delegations(meetingId));
  const shown = useMemo(() => {
    const k = keywords.trim().toLowerCase();
    const all = list.data ?? [];
    return k ? all.filter((d) => `${d.name} ${d.areaName ?? ''}`.toLowerCase().includes(k)) : all;
  }, [list.data, keywords]);
  if (list.isLoading) return <LiteSkeleton rows={5} />;
  return (
    <div data-testid="delegations-panel">
      {(list.data?.length ?? 0) > 8 && (
        <label className="pub-search">
          <LiteIcon icon={SearchOutlined} aria-hidden />
          <input
            type="search"
            placeholder={t('public.lists.filter')}
            aria-label={t('public.lists.filter')}
            value={keywords}
            onChange={(e) => setKeywords(e.target.value)}
            data-testid="delegation-filter"
          />
        </label>
      )}
      {shown.length === 0 ? (
        <LiteEmptyDefault description={t(list.isError ? 'public.lists.failed' : 'public.lists.noDelegations')} />
      ) : (
        <ol className="pub-rows">
          {shown.map((d, i) => (
            <li key={d.id} className="pub-row" data-testid="delegation-row">
              <span className="pub-row-no">{i + 1}</span>
              <div className="pub-row-main">
                <strong>{d.name}</strong>
                {d.areaName ? <span className="pub-muted">{d.areaName}</span> : null}
              </div>
              <div className="pub-row-side pub-row-counts">
                <span>{t('public.lists.athletesN', { count: d.athletes })}</span>
                <span>{t('public.lists.coachesN', { count: d.coaches })}</span>
                <span>{t('public.lists.entriesN', { count: d.entries })}</span>
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** Delegations with their numbers of athletes, coaches and entries (filterable), the figures above. */
export function DelegationsPanel({ meetingId }: { meetingId: number }) {
  return (
    <PublicListsGate meetingId={meetingId}>
      {(counts) => (
        <>
          <CountsBar counts={counts} />
          <DelegationRows meetingId={meetingId} />
        </>
      )}
    </PublicListsGate>
  );
}
