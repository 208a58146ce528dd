import { useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import { resultsQueries } from '../../../api/competition-results';
import { useTranslation } from '../../../app/i18n';
import { CombinedTable } from '../../../components/competition/CombinedTable';

/** "Combined standing": the points of a combined event's athletes after each official discipline. */
export function CombinedCard({ meetingId, groupItemId }: { meetingId: number | undefined; groupItemId: number }) {
  const { t } = useTranslation();
  const standing = useQuery(resultsQueries.combined(meetingId, groupItemId));
  return (
    <Card
      variant="borderless"
      size="small"
      title={t('comp.combined.title')}
      loading={standing.isLoading}
      data-testid="combined-standing"
    >
      {standing.data ? <CombinedTable standing={standing.data} /> : null}
    </Card>
  );
}
