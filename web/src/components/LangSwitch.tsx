import { TranslationOutlined } from '@ant-design/icons';
import type { Lang } from '@baton/contracts';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../stores/app';

const LABELS: Record<Lang, string> = { 'zh-cn': '简体中文', en: 'English' };

/** Interface language menu (zh-cn / en); antd's own texts follow through ConfigProvider. */
export function LangSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const setLanguage = useAppStore((s) => s.setLanguage);
  const items: MenuProps['items'] = (Object.keys(LABELS) as Lang[]).map((lang) => ({
    key: lang,
    label: <span data-testid={`lang-${lang}`}>{LABELS[lang]}</span>,
  }));
  return (
    <Dropdown
      trigger={['click']}
      menu={{ items, selectable: true, selectedKeys: [language], onClick: ({ key }) => setLanguage(key as Lang) }}
    >
      <Button
        type="text"
        className={className}
        icon={<TranslationOutlined />}
        aria-label={t('navbar.language')}
        title={t('navbar.language')}
        data-testid="lang-switch"
      />
    </Dropdown>
  );
}
