import DesktopOutlined from '@ant-design/icons-svg/es/asn/DesktopOutlined';
import MoonOutlined from '@ant-design/icons-svg/es/asn/MoonOutlined';
import SunOutlined from '@ant-design/icons-svg/es/asn/SunOutlined';
import { useTranslation } from '../app/i18n';
import { useIsDark } from '../app/theme';
import { type ThemeMode, useSettingsStore } from '../stores/settings';
import { LiteButton, LiteMenuButton } from './lite';
import { LiteIcon } from './lite/icon';

/**
 * `toggle`: one click flips light ⇄ dark (the login page). `menu`: light, dark or follow the
 * system (the admin header). Without antd (see LangSwitch).
 */
export function ThemeSwitch({ variant = 'menu', className }: { variant?: 'toggle' | 'menu'; className?: string }) {
  const { t } = useTranslation();
  const dark = useIsDark();
  const theme = useSettingsStore((s) => s.theme);
  const change = useSettingsStore((s) => s.change);
  const icon = dark ? <LiteIcon icon={MoonOutlined} /> : <LiteIcon icon={SunOutlined} />;

  if (variant === 'toggle') {
    const label = dark ? t('login.themeToggleToLight') : t('login.themeToggleToDark');
    return (
      <LiteButton
        variant="text"
        className={className}
        icon={icon}
        aria-label={label}
        title={label}
        data-testid="theme-switch"
        onClick={() => change('theme', dark ? 'light' : 'dark')}
      />
    );
  }

  return (
    <LiteMenuButton
      button={{
        className,
        icon,
        'aria-label': t('navbar.theme'),
        title: t('navbar.theme'),
        'data-testid': 'theme-switch',
      }}
      items={[
        {
          key: 'light',
          icon: <LiteIcon icon={SunOutlined} />,
          label: <span data-testid="theme-light">{t('navbar.themes.light')}</span>,
        },
        {
          key: 'dark',
          icon: <LiteIcon icon={MoonOutlined} />,
          label: <span data-testid="theme-dark">{t('navbar.themes.dark')}</span>,
        },
        {
          key: 'auto',
          icon: <LiteIcon icon={DesktopOutlined} />,
          label: <span data-testid="theme-auto">{t('navbar.themes.auto')}</span>,
        },
      ]}
      selected={theme}
      onSelect={(key) => change('theme', key as ThemeMode)}
    />
  );
}
