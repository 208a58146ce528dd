import { App, Card, Empty, Input, Typography, theme } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../app/i18n';
import { ICON_NAMES, MenuIcon } from '../../../layouts/admin/icons';

/** Demo → Icons: the curated menu icons (the names a menu may use); click one to copy its name. */
export default function IconsPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return f ? ICON_NAMES.filter((n) => n.toLowerCase().includes(f)) : ICON_NAMES;
  }, [filter]);

  const copy = async (name: string) => {
    try {
      await navigator.clipboard.writeText(name);
      message.success(t('demo.icons.copied', { name }));
    } catch {
      message.warning(t('demo.icons.copyFailed', { name }));
    }
  };

  return (
    <Card
      variant="borderless"
      title={t('demo.icons.title')}
      extra={<Typography.Text type="secondary">{t('demo.icons.count', { count: shown.length })}</Typography.Text>}
      data-testid="icons-page"
    >
      <Typography.Paragraph type="secondary">{t('demo.icons.intro')}</Typography.Paragraph>
      <Input.Search
        allowClear
        placeholder={t('demo.icons.search')}
        onChange={(e) => setFilter(e.target.value)}
        style={{ maxWidth: 360, marginBottom: 16 }}
        data-testid="icons-search"
      />
      {shown.length ? (
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(132px, 1fr))', gap: 8 }}>
          {shown.map((name) => (
            <button
              key={name}
              type="button"
              onClick={() => void copy(name)}
              title={t('demo.icons.clickToCopy')}
              data-testid="icon-cell"
              style={{
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                gap: 8,
                padding: '16px 6px 10px',
                border: `1px solid ${token.colorBorderSecondary}`,
                borderRadius: token.borderRadius,
                background: 'transparent',
                color: token.colorText,
                cursor: 'pointer',
                font: 'inherit',
              }}
            >
              <span style={{ fontSize: 24 }}>
                <MenuIcon name={name} />
              </span>
              <span style={{ fontSize: 11, color: token.colorTextSecondary, wordBreak: 'break-all' }}>{name}</span>
            </button>
          ))}
        </div>
      ) : (
        <Empty />
      )}
    </Card>
  );
}
