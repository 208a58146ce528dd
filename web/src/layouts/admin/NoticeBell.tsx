import { BellOutlined } from '@ant-design/icons';
import { BADGE_MAX, type MyNoticeVO } from '@baton/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Empty, List, Popover, Space, Typography, theme } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { noticeQueries, readAllNotices } from '../../api/notices';
import { useTranslation } from '../../app/i18n';
import { DictTag } from '../../components/crud/Dict';
import { useTopic } from '../../realtime';
import { useAppStore } from '../../stores/app';

/** The link to one notice: the my-notices page opens its detail. */
export const noticeLink = (id: number) => `/myNotice?id=${id}`;

/**
 * The header bell: unread count (badge up to 99+), the latest unread notices, and live
 * delivery — a published notice raises the count and shows a notification linking to it.
 */
export function NoticeBell() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const mobile = useAppStore((s) => s.device === 'mobile');

  const unread = useQuery(noticeQueries.unreadCount());
  const latest = useQuery({ ...noticeQueries.latestUnread(), enabled: open });

  const refresh = () => {
    // Shared with the my-notices page, so reading there updates the bell.
    void queryClient.invalidateQueries({ queryKey: noticeQueries.inbox() });
  };

  useTopic('notice', (data) => {
    queryClient.setQueryData(noticeQueries.unreadCount().queryKey, (n) => (n ?? 0) + 1);
    refresh();
    const key = `notice-${data.id}`;
    notification.info({
      key,
      title: t('comm.bell.newNotice'),
      description: (
        <Space orientation="vertical" size={4} style={{ width: '100%' }}>
          <Typography.Text strong data-testid="notice-notification-title">
            {data.title}
          </Typography.Text>
          <Button
            type="link"
            size="small"
            style={{ padding: 0 }}
            data-testid="notice-notification-link"
            onClick={() => {
              notification.destroy(key);
              navigate(noticeLink(data.id));
            }}
          >
            {t('comm.bell.view')}
          </Button>
        </Space>
      ),
      icon: <BellOutlined style={{ color: token.colorPrimary }} />,
    });
  });
  useTopic('notice-revoked', refresh);

  const count = unread.data ?? 0;
  const list: MyNoticeVO[] = latest.data?.list ?? [];

  const readAll = async () => {
    await readAllNotices();
    refresh();
  };

  const content = (
    <div style={{ width: 320, maxWidth: 'calc(100vw - 48px)' }} data-testid="notice-bell-panel">
      {list.length ? (
        <List
          size="small"
          dataSource={list}
          renderItem={(n) => (
            <List.Item
              style={{ cursor: 'pointer', paddingInline: 4 }}
              onClick={() => {
                setOpen(false);
                navigate(noticeLink(n.id));
              }}
            >
              <div style={{ display: 'flex', gap: 8, alignItems: 'center', width: '100%', minWidth: 0 }}>
                <DictTag dictCode="notice_level" value={n.level} />
                <Typography.Text ellipsis style={{ flex: 1 }}>
                  {n.title}
                </Typography.Text>
              </div>
            </List.Item>
          )}
        />
      ) : (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={latest.isLoading ? t('comm.common.loading') : t('comm.bell.empty')}
        />
      )}
      <div
        style={{
          display: 'flex',
          justifyContent: 'space-between',
          borderTop: `1px solid ${token.colorBorderSecondary}`,
          paddingTop: 8,
          marginTop: 4,
        }}
      >
        <Button type="link" size="small" disabled={!count} onClick={() => void readAll()}>
          {t('comm.myNotice.readAll')}
        </Button>
        <Button
          type="link"
          size="small"
          data-testid="notice-bell-all"
          onClick={() => {
            setOpen(false);
            navigate('/myNotice');
          }}
        >
          {t('comm.bell.viewAll')}
        </Button>
      </div>
    </div>
  );

  const label = t('comm.bell.label', { count });
  const bell = (
    <Badge count={count} overflowCount={BADGE_MAX} size="small" data-testid="notice-bell-badge">
      <BellOutlined style={{ fontSize: 16, color: token.colorText }} />
    </Badge>
  );
  // A phone has no room for the panel: the bell opens the list itself.
  if (mobile) {
    return (
      <Button
        type="text"
        aria-label={label}
        title={label}
        data-testid="notice-bell"
        onClick={() => navigate('/myNotice')}
      >
        {bell}
      </Button>
    );
  }
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      title={t('comm.bell.title')}
      content={content}
    >
      <Button type="text" aria-label={label} title={label} data-testid="notice-bell">
        {bell}
      </Button>
    </Popover>
  );
}
