import type { MeetingPublicVO, PublicCountsVO } from '@baton/contracts';
import type { ReactNode } from 'react';
import { notPublished, publicApi } from '../../api/public';
import { usePublicRead } from '../../api/public-reads';
import { useTranslation } from '../../app/i18n';
import { useBilingual } from '../../hooks/language';
import { LiteEmptyDefault } from '../lite/empty';
import { LiteSkeleton } from '../lite/index';
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
