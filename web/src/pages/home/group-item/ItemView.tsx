import ArrowLeftOutlined from '@ant-design/icons-svg/es/asn/ArrowLeftOutlined';
import ClockCircleOutlined from '@ant-design/icons-svg/es/asn/ClockCircleOutlined';
import type { MeetingPublicVO } from '@baton/contracts';
import { useTranslation } from '../../../app/i18n';
import { LiteButton } from '../../../components/lite';
import { LiteEmptyDefault } from '../../../components/lite/empty';
import { LiteIcon } from '../../../components/lite/icon';
import { ItemEntries, ItemPicker, PublicListsGate, useCounts } from '../../../components/public/lists';
import { CombinedPanel, GroupItemRounds } from '../../../components/public/live/panels';
import { Section } from '../../../components/public/Section';
import { useBilingual } from '../../../hooks/language';
import { usePublicRounds } from '../../../hooks/live';
import { usePublicBase } from '../../../hooks/public';
import { findGroupItem, meetingDateTime } from '../../../utils/meeting-format';

/**
 * One group item's page (the spec's "group item" view): its published rounds — start lists,
 * and results once official, refreshed live — and its entry list, with a chooser to move to
 * another item of the meeting. A combined event (its rounds are disciplines) shows its
 * standing first.
 */
export function ItemView({
  meeting,
  groupItemId,
  onPick,
  onBack,
}: {
  meeting: MeetingPublicVO;
  groupItemId: number;
  onPick: (id: number) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const pick = useBilingual();
  const counts = useCounts(meeting.id);
  const base = usePublicBase();
  const found = findGroupItem(meeting, groupItemId);
  // The same read as the rounds below (one fetch): a combined event's rounds name their disciplines.
  const rounds = usePublicRounds(meeting.id, found ? groupItemId : undefined);
  const combined = !!rounds.data?.some((r) => r.discipline);
  return (
    <div className="pub-stack" data-testid="item-view">
      <div className="pub-card pub-item-head">
        <LiteButton
          variant="link"
          icon={<LiteIcon icon={ArrowLeftOutlined} />}
          onClick={onBack}
          className="pub-back"
          data-testid="item-back"
        >
          {pick(meeting.name, meeting.nameEn)}
        </LiteButton>
        {found ? (
          <>
            <h1 data-testid="item-title">
              {pick(found.item.name, found.item.nameEn)}
              <span className="pub-muted"> · {pick(found.group.name, found.group.nameEn)}</span>
            </h1>
            {found.item.scheduledAt ? (
              <p className="pub-muted">
                <LiteIcon icon={ClockCircleOutlined} /> {meetingDateTime(found.item.scheduledAt, meeting.timeZone)}
              </p>
            ) : null}
          </>
        ) : null}
        <ItemPicker meeting={meeting} value={found ? groupItemId : undefined} onChange={onPick} counts={counts.data} />
      </div>
      {found ? (
        <>
          {combined ? (
            <div className="pub-card" data-testid="item-combined">
              <CombinedPanel meetingId={meeting.id} groupItemId={groupItemId} base={base} />
            </div>
          ) : null}
          <div className="pub-card" data-testid="item-startlist">
            <GroupItemRounds meetingId={meeting.id} groupItemId={groupItemId} base={base} timeZone={meeting.timeZone} />
          </div>
          <Section title={t('public.detail.tabs.entries')} testId="item-entries">
            <PublicListsGate meetingId={meeting.id}>
              {() => <ItemEntries meetingId={meeting.id} groupItemId={groupItemId} />}
            </PublicListsGate>
          </Section>
        </>
      ) : (
        <div className="pub-card">
          <LiteEmptyDefault description={t('public.detail.noItem')} data-testid="item-missing" />
        </div>
      )}
    </div>
  );
}
