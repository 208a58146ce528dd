import { Button, Form, Segmented, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../app/i18n';
import { AuthCard, AuthFrame } from '../../components/auth/AuthFrame';
import { useAppStore } from '../../stores/app';
import { type ThemeMode, useSettingsStore } from '../../stores/settings';

/** /w/setting: the visitor's own preferences, kept in this browser. */
export default function PreferencePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useAppStore((s) => s.language);
  const setLanguage = useAppStore((s) => s.setLanguage);
  const theme = useSettingsStore((s) => s.theme);
  const change = useSettingsStore((s) => s.change);
  return (
    <AuthFrame>
      <AuthCard>
        <div className="auth-card-head">
          <h1 style={{ marginTop: 0 }}>{t('preference.title')}</h1>
          <Typography.Text type="secondary">{t('preference.subtitle')}</Typography.Text>
        </div>
        <Form layout="vertical">
          <Form.Item label={t('preference.language')}>
            <Segmented
              block
              value={language}
              onChange={(v) => setLanguage(v as typeof language)}
              options={[
                { value: 'zh-cn', label: '简体中文' },
                { value: 'en', label: 'English' },
              ]}
            />
          </Form.Item>
          <Form.Item label={t('preference.theme')}>
            <Segmented
              block
              value={theme}
              onChange={(v) => change('theme', v as ThemeMode)}
              options={(['light', 'dark', 'auto'] as const).map((v) => ({ value: v, label: t(`navbar.themes.${v}`) }))}
            />
          </Form.Item>
          <Button
            type="primary"
            block
            onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/home/index'))}
          >
            {t('preference.done')}
          </Button>
        </Form>
      </AuthCard>
    </AuthFrame>
  );
}
