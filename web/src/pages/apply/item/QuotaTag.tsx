import type { ApplyItemVO } from '@baton/contracts';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from '../../../app/i18n';

/** The live per-delegation quota of an item: "2 left of 2", red when full. */
export function QuotaTag({ item }: { item: Pick<ApplyItemVO, 'limit' | 'used' | 'remaining' | 'kind'> }) {
  const { t } = useTranslation();
  const full = item.remaining <= 0;
  return (
    <Tooltip
      title={t(item.kind === 'relay' ? 'apply.item.quotaTeamsHint' : 'apply.item.quotaHint', {
        used: item.used,
        limit: item.limit,
      })}
    >
      <Tag color={full ? 'error' : item.remaining === 1 ? 'warning' : 'success'} data-testid="quota">
        {full
          ? t('apply.item.full', { limit: item.limit })
          : t('apply.item.remaining', { remaining: item.remaining, limit: item.limit })}
      </Tag>
    </Tooltip>
  );
}
