import { CloseCircleFilled, ExclamationCircleFilled, LockOutlined, RightOutlined } from '@ant-design/icons';
import type { ApplyProblem } from '@baton/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Descriptions, Empty, Flex, List, Space, Spin, Tag, Typography, theme } from 'antd';
import { useNavigate } from 'react-router';
import { applyApi, applyQueries } from '../../api/apply';
import { useTranslation } from '../../app/i18n';
import { DictTag } from '../../components/crud';
import { useBusy } from '../../hooks/useBusy';
import { ApplyModal } from './ApplyModal';
import { refreshApply } from './shared';

/** Where a problem's record is edited (the pages open the record named by `?edit=`). */
function problemLink(p: ApplyProblem, delegationId?: number): string | null {
  if (!p.entity || p.entity === 'delegation') return null;
  const page = { athlete: '/apply/athlete', coach: '/apply/coach', relay: '/apply/item' }[p.entity];
  const params = new URLSearchParams();
  if (p.entityId) params.set(p.entity === 'relay' ? 'relay' : 'edit', String(p.entityId));
  if (delegationId) params.set('delegationId', String(delegationId));
  const qs = params.toString();
  return qs ? `${page}?${qs}` : page;
}

/**
 * "Submit for audit": the summary first (counts, problems with links to the records, what will
 * lock), then the submission. Blocking problems keep the button disabled.
 */
export function SubmitModal({
  delegationId,
  open,
  onClose,
  onOpenInfo,
}: {
  delegationId?: number;
  open: boolean;
  onClose: () => void;
  onOpenInfo: () => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [saving, run] = useBusy();
  const summary = useQuery({ ...applyQueries.summary(delegationId), enabled: open });
  const data = summary.data;
  const toSubmit = data?.counts.toSubmit ?? 0;

  const submit = async () => {
    const done = await run(async () => {
      const { submitted } = await applyApi.submit(delegationId);
      message.success(t('apply.submit.done', { count: submitted }));
      refreshApply(applyQueries.athletes(), applyQueries.coaches(), applyQueries.items(), applyQueries.files());
      onClose();
    });
    if (!done) void summary.refetch();
  };

  const go = (p: ApplyProblem) => {
    if (p.entity === 'delegation') {
      onOpenInfo();
      return;
    }
    const link = problemLink(p, delegationId);
    if (!link) return;
    onClose();
    navigate(link);
  };

  const counts = data
    ? (['athletes', 'coaches', 'entries', 'relays', 'files'] as const).map((k) => ({
        key: k,
        label: t(`apply.header.counts.${k}`),
        children: data.counts[k],
      }))
    : [];
  const blocking = data?.problems.filter((p) => p.blocking).length ?? 0;

  return (
    <ApplyModal
      open={open}
      title={t('apply.submit.title')}
      onClose={onClose}
      onOk={submit}
      okText={t('apply.submit.confirm', { count: toSubmit })}
      okDisabled={!data?.canSubmit || toSubmit === 0}
      saving={saving}
      data-testid="apply-summary"
    >
      <Spin spinning={summary.isFetching}>
        {data ? (
          <Flex vertical gap={16}>
            <Descriptions size="small" bordered column={{ xs: 2, sm: 3 }} items={counts} />
            {Object.values(data.byStatus).some((n) => n > 0) && (
              <Space wrap>
                {Object.entries(data.byStatus)
                  .filter(([, n]) => n > 0)
                  .map(([status, n]) => (
                    <Space key={status} size={4}>
                      <DictTag dictCode="audit_status" value={status} />
                      <span>{n}</span>
                    </Space>
                  ))}
              </Space>
            )}
            <div>
              <Typography.Title level={5}>
                {t('apply.submit.problems')}{' '}
                {blocking > 0 && <Tag color="error">{t('apply.submit.blockingCount', { count: blocking })}</Tag>}
              </Typography.Title>
              {data.problems.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('apply.submit.noProblems')} />
              ) : (
                <List
                  size="small"
                  bordered
                  dataSource={data.problems}
                  data-testid="apply-problems"
                  renderItem={(p) => {
                    const clickable = p.entity === 'delegation' || Boolean(problemLink(p, delegationId));
                    return (
                      <List.Item
                        onClick={clickable ? () => go(p) : undefined}
                        style={{ cursor: clickable ? 'pointer' : undefined, gap: 8 }}
                        data-testid="apply-problem"
                      >
                        <Space align="start">
                          {p.blocking ? (
                            <CloseCircleFilled style={{ color: token.colorError }} />
                          ) : (
                            <ExclamationCircleFilled style={{ color: token.colorWarning }} />
                          )}
                          <span>{p.message}</span>
                        </Space>
                        {clickable && <RightOutlined style={{ color: token.colorTextTertiary }} />}
                      </List.Item>
                    );
                  }}
                />
              )}
            </div>
            <Alert
              type={data.canSubmit && toSubmit > 0 ? 'info' : 'warning'}
              showIcon
              icon={<LockOutlined />}
              title={
                toSubmit === 0
                  ? t('apply.submit.nothing')
                  : data.canSubmit
                    ? t('apply.submit.willLock', { count: toSubmit })
                    : t('apply.submit.blocked')
              }
              data-testid="apply-lock-note"
            />
          </Flex>
        ) : (
          <div style={{ minHeight: 160 }} />
        )}
      </Spin>
    </ApplyModal>
  );
}
