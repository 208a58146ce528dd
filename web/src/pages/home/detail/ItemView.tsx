import { ArrowLeftOutlined, ClockCircleOutlined } from '@ant-design/icons';
import type { MeetingPublicVO } from '@baton/contracts';
import { Button, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBilingual } from '../../system/shared';
import { findGroupItem, localDateTime } from '../parts/format';
import { ItemEntries, ItemPicker, NotYet, PublicListsGate, useCounts } from '../parts/lists';
import { Section } from './Overview';

/**
 * One group item's page (the spec's "group item" and "track result" views): its entry list,
 * start list and results, with a chooser to move to another item of the meeting.
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
  const found = findGroupItem(meeting, groupItemId);
  return (
    <div className="pub-stack" data-testid="item-view">
      <div className="pub-card pub-item-head">
        <Button type="link" icon={<ArrowLeftOutlined />} onClick={onBack} className="pub-back" data-testid="item-back">
          {pick(meeting.name, meeting.nameEn)}
        </Button>
        {found ? (
          <>
            <h1 data-testid="item-title">
              {pick(found.item.name, found.item.nameEn)}
              <span className="pub-muted"> · {pick(found.group.name, found.group.nameEn)}</span>
            </h1>
            {found.item.scheduledAt ? (
              <p className="pub-muted">
                <ClockCircleOutlined /> {localDateTime(found.item.scheduledAt)}
              </p>
            ) : null}
          </>
        ) : null}
        <ItemPicker meeting={meeting} value={found ? groupItemId : undefined} onChange={onPick} counts={counts.data} />
      </div>
      {found ? (
        <>
          <Section title={t('public.detail.tabs.entries')} testId="item-entries">
            <PublicListsGate meetingId={meeting.id}>
              {() => <ItemEntries meetingId={meeting.id} groupItemId={groupItemId} />}
            </PublicListsGate>
          </Section>
          <Section title={t('public.detail.tabs.startLists')} testId="item-startlist">
            <NotYet kind="startLists" />
          </Section>
          <Section title={t('public.detail.tabs.results')} testId="item-results">
            <NotYet kind="results" />
          </Section>
        </>
      ) : (
        <div className="pub-card">
          <Empty description={t('public.detail.noItem')} data-testid="item-missing" />
        </div>
      )}
    </div>
  );
}
