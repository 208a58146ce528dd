import TranslationOutlined from '@ant-design/icons-svg/es/asn/TranslationOutlined';
import type { Lang } from '@baton/contracts';
import { useTranslation } from '../app/i18n';
import { useAppStore } from '../stores/app';
import { LiteMenuButton } from './lite';
import { LiteIcon } from './lite/icon';

const LABELS: Record<Lang, string> = { 'zh-cn': '简体中文', en: 'English' };

/**
 * Interface language menu (zh-cn / en); antd's own texts follow through ConfigProvider. Without
 * antd, so the frames that otherwise do without it (h5, sign-in) do not load its menus.
 */
export function LangSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const setLanguage = useAppStore((s) => s.setLanguage);
  return (
    <LiteMenuButton
      button={{
        className,
        icon: <LiteIcon icon={TranslationOutlined} />,
        'aria-label': t('navbar.language'),
        title: t('navbar.language'),
        'data-testid': 'lang-switch',
      }}
      items={(Object.keys(LABELS) as Lang[]).map((lang) => ({
        key: lang,
        label: <span data-testid={`lang-${lang}`}>{LABELS[lang]}</span>,
      }))}
      selected={language}
      onSelect={(key) => setLanguage(key as Lang)}
    />
  );
}
