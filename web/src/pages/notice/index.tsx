import { CheckOutlined, ReloadOutlined } from '@ant-design/icons';
import type { MyNoticeVO, NoticeDetailVO } from '@baton/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Badge,
  Button,
  Card,
  Drawer,
  Empty,
  Input,
  List,
  Segmented,
  Space,
  Spin,
  Tag,
  Typography,
  theme,
} from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { noticeQueries, readAllNotices } from '../../api/notices';
import { useTranslation } from '../../app/i18n';
import { DictTag } from '../../components/crud/Dict';
import { formatTime } from '../../components/crud/format';
import { NoticeContent } from '../../components/NoticeContent';
import { useTopic } from '../../realtime';
import { useAppStore } from '../../stores/app';

type ReadFilter = 'all' | 'unread' | 'read';
const PAGE_SIZE = 10;

/** /myNotice: the notices sent to the signed-in user, read state, detail, "mark all read". */
export default function MyNoticePage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const mobile = useAppStore((s) => s.device === 'mobile');
  const [search, setSearch] = useSearchParams();
  const [filter, setFilter] = useState<ReadFilter>('all');
  const [keywords, setKeywords] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const openId = Number(search.get('id')) || null;

  const params = {
    pageNum,
    pageSize: PAGE_SIZE,
    keywords: keywords || undefined,
    isRead: filter === 'all' ? undefined : filter === 'read' ? (1 as const) : (0 as const),
  };
  const list = useQuery({ ...noticeQueries.mine(params), placeholderData: keepPreviousData });

  const detail = useQuery({ ...noticeQueries.detail(openId), enabled: openId !== null });

  // Opening a notice marks it read on the server: refresh the bell and the list.
  useEffect(() => {
    if (detail.data) void queryClient.invalidateQueries({ queryKey: noticeQueries.inbox() });
  }, [detail.data, queryClient]);

  useTopic('notice', () => void list.refetch());
  useTopic('notice-revoked', () => void list.refetch());

  const close = () => {
    search.delete('id');
    setSearch(search, { replace: true });
  };
  const open = (id: number) => {
    search.set('id', String(id));
    setSearch(search);
  };

  const readAll = async () => {
    const n = await readAllNotices();
    message.success(t('comm.myNotice.readAllDone', { count: n }));
    void queryClient.invalidateQueries({ queryKey: noticeQueries.inbox() });
  };

  const rows: MyNoticeVO[] = list.data?.list ?? [];

  return (
    <Card
      variant="borderless"
      title={t('comm.myNotice.title')}
      data-testid="my-notice"
      extra={
        <Space wrap>
          <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()} aria-label={t('comm.common.refresh')} />
          <Button icon={<CheckOutlined />} onClick={() => void readAll()} data-testid="my-notice-read-all">
            {t('comm.myNotice.readAll')}
          </Button>
        </Space>
      }
    >
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Segmented<ReadFilter>
          value={filter}
          onChange={(v) => {
            setFilter(v);
            setPageNum(1);
          }}
          options={[
            { value: 'all', label: <span data-testid="my-notice-all">{t('comm.myNotice.all')}</span> },
            { value: 'unread', label: <span data-testid="my-notice-unread">{t('comm.myNotice.unread')}</span> },
            { value: 'read', label: t('comm.myNotice.read') },
          ]}
        />
        <Input.Search
          allowClear
          placeholder={t('comm.notice.keywordsPlaceholder')}
          style={{ width: mobile ? '100%' : 260 }}
          maxLength={100}
          onSearch={(v) => {
            setKeywords(v.trim());
            setPageNum(1);
          }}
        />
      </Space>
      <List<MyNoticeVO>
        loading={list.isLoading}
        dataSource={rows}
        locale={{ emptyText: <Empty description={t('comm.myNotice.empty')} /> }}
        pagination={
          (list.data?.total ?? 0) > PAGE_SIZE
            ? {
                current: pageNum,
                pageSize: PAGE_SIZE,
                total: list.data?.total ?? 0,
                onChange: setPageNum,
                size: 'small',
                showSizeChanger: false,
              }
            : false
        }
        renderItem={(n) => (
          <List.Item
            key={n.id}
            data-testid="my-notice-item"
            data-read={n.isRead}
            style={{ cursor: 'pointer' }}
            onClick={() => open(n.id)}
            actions={mobile ? undefined : [<span key="at">{formatTime(n.publishedAt)}</span>]}
          >
            <List.Item.Meta
              avatar={<Badge dot={!n.isRead} offset={[-2, 2]} />}
              title={
                <Space size={8} wrap>
                  <Typography.Text
                    strong={!n.isRead}
                    style={{ color: n.isRead ? token.colorTextSecondary : undefined }}
                  >
                    {n.title}
                  </Typography.Text>
                  <DictTag dictCode="notice_type" value={n.type} />
                  <DictTag dictCode="notice_level" value={n.level} />
                  {!n.isRead && <Tag color="blue">{t('comm.myNotice.unreadTag')}</Tag>}
                </Space>
              }
              description={
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {[n.publisherName, mobile ? formatTime(n.publishedAt) : null].filter(Boolean).join(' · ')}
                </Typography.Text>
              }
            />
          </List.Item>
        )}
      />
      <Drawer
        open={openId !== null}
        onClose={close}
        size={mobile ? '100%' : 640}
        title={detail.data?.title ?? t('comm.myNotice.detail')}
        data-testid="my-notice-detail"
      >
        <Spin spinning={detail.isLoading}>
          {detail.data ? <Detail notice={detail.data} /> : !detail.isLoading && <Empty />}
        </Spin>
      </Drawer>
    </Card>
  );
}

function Detail({ notice }: { notice: NoticeDetailVO }) {
  const { t } = useTranslation();
  return (
    <div>
      <Space wrap style={{ marginBottom: 16 }}>
        <DictTag dictCode="notice_type" value={notice.type} />
        <DictTag dictCode="notice_level" value={notice.level} />
        <Typography.Text type="secondary">
          {t('comm.myNotice.byline', { who: notice.publisherName ?? '—', at: formatTime(notice.publishedAt) })}
        </Typography.Text>
      </Space>
      <NoticeContent html={notice.content} testId="my-notice-content" />
    </div>
  );
}
