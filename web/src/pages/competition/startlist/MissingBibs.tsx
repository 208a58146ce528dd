/**
 * Bibs before publishing (issue 24): a start list whose athletes have no bib yet says so (the
 * server counts them: `RoundVO.missingBibs`, "Generate all"'s `missingBibs`), and those who may
 * number the meeting's athletes get a button that gives the missing bibs by the meeting's scheme
 * (the bibs module's assignment; bibs already given are kept). The round and the event list are
 * refetched after it, so the warning goes once every athlete has a bib.
 */
import { NumberOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Popconfirm } from 'antd';
import { competitionQueries } from '../../../api/competition';
import { bibsApi } from '../../../api/competition-bibs';
import { useTranslation } from '../../../app/i18n';
import { usePerm } from '../../../hooks/usePerm';

export function MissingBibs({
  meetingId,
  count,
  manage,
  all = false,
}: {
  meetingId: number;
  count: number;
  /** The caller manages the meeting (only managers number athletes). */
  manage: boolean;
  /** The count is of every start list "Generate all" made, not of one round. */
  all?: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = usePerm();
  const qc = useQueryClient();
  const assign = useMutation({
    mutationFn: () => bibsApi.assignMissing(meetingId),
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: competitionQueries.rounds() });
      void qc.invalidateQueries({ queryKey: competitionQueries.events(meetingId).queryKey });
      message.success(t('startlist.bibs.assigned', { count: r.assigned }));
    },
  });
  if (count <= 0) return null;
  const mayAssign = manage && can('comp:bib:assign');
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="sl-missing-bibs"
      title={t(all ? 'startlist.bibs.missingAll' : 'startlist.bibs.missing', { count })}
      description={t(mayAssign ? 'startlist.bibs.help' : 'startlist.bibs.helpNoAssign')}
      action={
        mayAssign && (
          <Popconfirm
            title={t('startlist.bibs.assign')}
            description={<div style={{ maxWidth: 280 }}>{t('startlist.bibs.confirm')}</div>}
            onConfirm={() => assign.mutate()}
          >
            <Button size="small" icon={<NumberOutlined />} loading={assign.isPending} data-testid="sl-assign-bibs">
              {t('startlist.bibs.assign')}
            </Button>
          </Popconfirm>
        )
      }
    />
  );
}
