import { ApiOutlined, ClearOutlined, SendOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { REALTIME_PATH, WS_RECONNECT_ATTEMPTS, WS_RECONNECT_DELAY_MS } from '@baton/contracts';
import { Badge, Button, Card, Col, Descriptions, Empty, Input, Row, Space, Tag, Typography, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../app/i18n';
import { type FrameRecord, onFrame, reconnect, send, useRealtimeState } from '../../../realtime';

const MAX_FRAMES = 200;
const STATUS_COLORS = {
  idle: 'default',
  connecting: 'processing',
  open: 'success',
  reconnecting: 'warning',
  closed: 'error',
} as const;

const time = (at: number) => new Date(at).toLocaleTimeString(undefined, { hour12: false });

/** Demo → WebSocket: the realtime channel's state, ping and echo, and every frame that passed. */
export default function WebsocketPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const state = useRealtimeState();
  const [frames, setFrames] = useState<FrameRecord[]>([]);
  const [text, setText] = useState('{"hello": "baton"}');

  useEffect(() => onFrame((f) => setFrames((list) => [f, ...list].slice(0, MAX_FRAMES))), []);

  const open = state.status === 'open';
  const echo = () => {
    let data: unknown = text;
    try {
      data = JSON.parse(text);
    } catch {
      // not JSON: sent as a string
    }
    send({ type: 'echo', data });
  };

  return (
    <Row gutter={[16, 16]} data-testid="ws-console">
      <Col xs={24} lg={9}>
        <Card variant="borderless" title={t('demo.ws.connection')} style={{ height: '100%' }}>
          <Descriptions
            column={1}
            size="small"
            items={[
              {
                key: 'status',
                label: t('demo.ws.status'),
                children: (
                  <Badge
                    status={STATUS_COLORS[state.status]}
                    text={<span data-testid="ws-status">{t(`demo.ws.states.${state.status}`)}</span>}
                  />
                ),
              },
              {
                key: 'path',
                label: t('demo.ws.address'),
                children: <Typography.Text code>{REALTIME_PATH}</Typography.Text>,
              },
              {
                key: 'user',
                label: t('demo.ws.user'),
                children: state.userId === null ? t('demo.ws.anonymous') : `#${state.userId}`,
              },
              {
                key: 'retry',
                label: t('demo.ws.retry'),
                children: t('demo.ws.retryPolicy', {
                  used: state.attempt,
                  max: WS_RECONNECT_ATTEMPTS,
                  s: WS_RECONNECT_DELAY_MS / 1000,
                }),
              },
              {
                key: 'close',
                label: t('demo.ws.lastClose'),
                children: state.lastClose
                  ? `${state.lastClose.code}${state.lastClose.reason ? ` · ${state.lastClose.reason}` : ''}`
                  : '—',
              },
            ]}
          />
          <Space wrap style={{ marginTop: 12 }}>
            <Button
              icon={<ThunderboltOutlined />}
              disabled={!open}
              onClick={() => send({ type: 'ping' })}
              data-testid="ws-ping"
            >
              {t('demo.ws.ping')}
            </Button>
            <Button icon={<ApiOutlined />} onClick={reconnect} data-testid="ws-reconnect">
              {t('demo.ws.reconnect')}
            </Button>
          </Space>
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            {t('demo.ws.echo')}
          </Typography.Title>
          <Input.TextArea
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoSize={{ minRows: 3, maxRows: 8 }}
            maxLength={4000}
            style={{ fontFamily: 'monospace', fontSize: 12 }}
            data-testid="ws-echo-input"
          />
          <Button
            type="primary"
            icon={<SendOutlined />}
            disabled={!open}
            onClick={echo}
            style={{ marginTop: 8 }}
            data-testid="ws-echo-send"
          >
            {t('demo.ws.sendEcho')}
          </Button>
        </Card>
      </Col>
      <Col xs={24} lg={15}>
        <Card
          variant="borderless"
          title={t('demo.ws.frames', { count: frames.length })}
          extra={
            <Button icon={<ClearOutlined />} size="small" onClick={() => setFrames([])}>
              {t('demo.ws.clear')}
            </Button>
          }
        >
          {frames.length ? (
            <div style={{ maxHeight: 520, overflow: 'auto' }} data-testid="ws-frames">
              {frames.map((f) => (
                <div
                  key={f.seq}
                  data-testid="ws-frame"
                  data-topic={f.topic}
                  style={{
                    display: 'flex',
                    gap: 8,
                    alignItems: 'flex-start',
                    padding: '6px 0',
                    borderBottom: `1px solid ${token.colorBorderSecondary}`,
                    fontSize: 12,
                  }}
                >
                  <Typography.Text type="secondary" style={{ flex: 'none', fontFamily: 'monospace', fontSize: 12 }}>
                    {time(f.at)}
                  </Typography.Text>
                  <Tag color={f.direction === 'in' ? 'green' : 'blue'} style={{ flex: 'none', marginInlineEnd: 0 }}>
                    {f.direction === 'in' ? '↓' : '↑'} {f.topic}
                  </Tag>
                  <code style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap', color: token.colorText }}>
                    {JSON.stringify(f.data)}
                  </code>
                </div>
              ))}
            </div>
          ) : (
            <Empty description={t('demo.ws.noFrames')} />
          )}
        </Card>
      </Col>
    </Row>
  );
}
