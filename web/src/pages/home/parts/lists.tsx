import { SearchOutlined } from '@ant-design/icons';
import type { MeetingPublicVO, PublicCountsVO } from '@baton/contracts';
import { type ReactNode, useMemo, useState } from 'react';
import { notPublished, publicApi } from '../../../api/public';
import { usePublicRead } from '../../../api/public-reads';
import { useTranslation } from '../../../app/i18n';
import { LiteSkeleton } from '../../../components/lite';
import { LiteEmptyDefault } from '../../../components/lite/empty';
import { useBilingual } from '../../system/shared';
import { EntryList } from './EntryList';
import { NativeSelect } from './NativeSelect';

/**
 * The meeting's figures. Every list waits for them: they answer 404 when the meeting keeps its
 * lists private, and then no further list call is made.
 */
export function useCounts(meetingId: number | undefined) {
  return usePublicRead(['public', 'counts', meetingId], () => publicApi.counts(meetingId!), {
    enabled: Boolean(meetingId),
  });
}

/** Renders `children(counts)` once the meeting's lists are known to be public. */
export function PublicListsGate({
  meetingId,
  children,
}: {
  meetingId: number;
  children: (counts: PublicCountsVO) => ReactNode;
}) {
  const { t } = useTranslation();
  const counts = useCounts(meetingId);
  if (counts.isLoading) return <LiteSkeleton rows={5} />;
  if (!counts.data) {
    return (
      <LiteEmptyDefault
        description={t(notPublished(counts.error) ? 'public.lists.notPublished' : 'public.lists.failed')}
        data-testid="lists-not-published"
      />
    );
  }
  return <>{children(counts.data)}</>;
}

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

/** The first group item of a meeting (what the entry lists show before a choice). */
export const firstGroupItem = (meeting: MeetingPublicVO) => meeting.groups.find((g) => g.items.length)?.items[0]?.id;

/** Choose a group, then one of its items; with the figures, options show each item's entries. */
export function ItemPicker({
  meeting,
  value,
  onChange,
  counts,
}: {
  meeting: MeetingPublicVO;
  value: number | undefined;
  onChange: (groupItemId: number) => void;
  counts?: PublicCountsVO;
}) {
  const { t } = useTranslation();
  const pick = useBilingual();
  const groupOf = meeting.groups.find((g) => g.items.some((i) => i.id === value)) ?? meeting.groups[0];
  const entriesOf = new Map(counts?.groupItems.map((c) => [c.groupItemId, c.entries]));
  return (
    <div className="pub-pickers">
      <NativeSelect
        value={groupOf?.id}
        label={t('public.lists.group')}
        options={meeting.groups.map((g) => ({ value: g.id, label: pick(g.name, g.nameEn) }))}
        onChange={(groupId) => {
          const first = meeting.groups.find((g) => g.id === groupId)?.items[0];
          if (first) onChange(first.id);
        }}
        testId="pick-group"
      />
      <NativeSelect
        value={value}
        label={t('public.lists.item')}
        placeholder={t('public.lists.item')}
        options={(groupOf?.items ?? []).map((i) => ({
          value: i.id,
          label: counts
            ? t('public.lists.itemWithCount', { name: pick(i.name, i.nameEn), count: entriesOf.get(i.id) ?? 0 })
            : pick(i.name, i.nameEn),
        }))}
        onChange={(id) => {
          if (id) onChange(id);
        }}
        testId="pick-item"
      />
    </div>
  );
}

/** The entry list of one group item (relays as teams), once the lists are known to be public. */
export function ItemEntries({ meetingId, groupItemId }: { meetingId: number; groupItemId: number }) {
  const { t } = useTranslation();
  const entries = usePublicRead(['public', 'entries', meetingId, groupItemId], () =>
    publicApi.entries(meetingId, { groupItemId }),
  );
  if (entries.isError) return <LiteEmptyDefault description={t('public.lists.failed')} />;
  return <EntryList entries={entries.data} loading={entries.isLoading} />;
}

/** Entry lists: a group and item chooser above the chosen item's list. */
export function EntriesPanel({
  meeting,
  groupItemId,
  onChange,
}: {
  meeting: MeetingPublicVO;
  groupItemId: number | undefined;
  onChange: (groupItemId: number) => void;
}) {
  const { t } = useTranslation();
  const current = groupItemId ?? firstGroupItem(meeting);
  if (!current) return <LiteEmptyDefault description={t('public.lists.noItems')} />;
  return (
    <PublicListsGate meetingId={meeting.id}>
      {(counts) => (
        <div data-testid="entries-panel">
          <ItemPicker meeting={meeting} value={current} onChange={onChange} counts={counts} />
          <ItemEntries meetingId={meeting.id} groupItemId={current} />
        </div>
      )}
    </PublicListsGate>
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
          <SearchOutlined aria-hidden />
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
