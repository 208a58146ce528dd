import type { CompLogVO } from '@baton/contracts';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Empty, Timeline, Typography } from 'antd';
import { startListQueries } from '../../../api/competition-startlists';
import { useTranslation } from '../../../app/i18n';
import { useMobile } from '../../../hooks/useMobile';

interface Slot {
  heat?: number;
  lane?: number | null;
  position?: number;
}

/** What one log line says, in the user's language. */
function useDescribe() {
  const { t } = useTranslation();
  const slot = (s: Slot | undefined) =>
    !s
      ? ''
      : s.lane !== null && s.lane !== undefined
        ? t('startlist.laneSlot', { lane: s.lane })
        : t('startlist.orderSlot', { position: s.position });
  return (row: CompLogVO) => {
    const d = row.detail as Record<string, unknown>;
    const parts: string[] = [];
    if (row.action === 'generate') {
      parts.push(t('startlist.logHeats', { heats: d.heats, count: d.competitors }));
    }
    if (row.action === 'move') {
      const before = d.before as Slot | undefined;
      const after = d.after as Slot | undefined;
      parts.push(
        t('startlist.logMove', {
          name: (d.start as { name?: string } | undefined)?.name ?? '',
          fromHeat: before?.heat,
          from: slot(before),
          toHeat: after?.heat,
          to: slot(after),
        }),
      );
      const swapped = d.swappedWith as { name?: string } | null | undefined;
      if (swapped?.name) parts.push(t('startlist.logSwap', { name: swapped.name }));
    }
    if (row.action === 'settings') parts.push(Object.keys(d).join(', '));
    if (typeof d.seed === 'string') parts.push(t('startlist.logSeed', { seed: d.seed }));
    return parts.join(' ');
  };
}

/** The round's log: who did what and when, newest first. */
export function LogDrawer({
  roundId,
  open,
  onClose,
}: {
  roundId: number | undefined;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const mobile = useMobile();
  const describe = useDescribe();
  const q = useQuery({
    ...startListQueries.log(roundId),
    enabled: open && roundId !== undefined,
  });
  return (
    <Drawer title={t('startlist.log')} open={open} onClose={onClose} size={mobile ? '100%' : 480} loading={q.isLoading}>
      {q.data?.length ? (
        <Timeline
          data-testid="sl-log"
          items={q.data.map((row) => ({
            key: row.id,
            children: (
              <div>
                <Typography.Text strong>
                  {t(`startlist.action.${row.action}`, { defaultValue: row.action })}
                </Typography.Text>{' '}
                <Typography.Text type="secondary">
                  {new Date(row.createdAt).toLocaleString()} · {row.nickname || row.username || t('startlist.system')}
                </Typography.Text>
                <div>{describe(row)}</div>
              </div>
            ),
          }))}
        />
      ) : (
        <Empty description={t('startlist.logNone')} />
      )}
    </Drawer>
  );
}
