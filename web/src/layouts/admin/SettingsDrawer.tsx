import { THEME_COLOR } from '@baton/contracts';
import { Button, ColorPicker, Divider, Drawer, Input, Segmented, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '../../app/i18n';
import { LAYOUTS, type LayoutMode, THEMES, type ThemeMode, useSettingsStore } from '../../stores/settings';

const PRESETS = [THEME_COLOR, '#1677FF', '#13C2C2', '#52C41A', '#FA8C16', '#F5222D', '#EB2F96', '#722ED1'];

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="settings-row">
      <span>{label}</span>
      {children}
    </div>
  );
}

export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const s = useSettingsStore();
  return (
    <Drawer title={t('settings.title')} open={open} onClose={onClose} size={320} data-testid="settings-drawer">
      <Divider plain>{t('settings.appearance')}</Divider>
      <Row label={t('settings.theme')}>
        <Segmented
          size="small"
          value={s.theme}
          onChange={(v) => s.change('theme', v as ThemeMode)}
          options={THEMES.map((v) => ({ value: v, label: t(`navbar.themes.${v}`) }))}
        />
      </Row>
      <Row label={t('settings.themeColor')}>
        <ColorPicker
          value={s.themeColor}
          disabledAlpha
          presets={[{ label: t('settings.themeColor'), colors: PRESETS }]}
          onChangeComplete={(c) => s.change('themeColor', c.toHexString().toUpperCase())}
          data-testid="theme-color"
        />
      </Row>
      <Divider plain>{t('settings.layout')}</Divider>
      <Segmented
        block
        value={s.layout}
        onChange={(v) => s.change('layout', v as LayoutMode)}
        options={LAYOUTS.map((v) => ({ value: v, label: t(`settings.layouts.${v}`) }))}
        data-testid="layout-mode"
      />
      <Divider plain>{t('settings.interface')}</Divider>
      <Row label={t('settings.tagsView')}>
        <Switch checked={s.tagsView} onChange={(v) => s.change('tagsView', v)} data-testid="settings-tags-view" />
      </Row>
      <Row label={t('settings.fixedHeader')}>
        <Switch checked={s.fixedHeader} onChange={(v) => s.change('fixedHeader', v)} />
      </Row>
      <Row label={t('settings.sidebarLogo')}>
        <Switch checked={s.sidebarLogo} onChange={(v) => s.change('sidebarLogo', v)} />
      </Row>
      <Row label={t('settings.watermark')}>
        <Switch
          checked={s.watermarkEnabled}
          onChange={(v) => s.change('watermarkEnabled', v)}
          data-testid="settings-watermark"
        />
      </Row>
      {s.watermarkEnabled && (
        <Row label={t('settings.watermarkContent')}>
          <Input
            style={{ width: 150 }}
            value={s.watermarkContent}
            maxLength={40}
            onChange={(e) => s.change('watermarkContent', e.target.value)}
          />
        </Row>
      )}
      <Divider />
      <Button block onClick={s.reset} data-testid="settings-reset">
        {t('settings.reset')}
      </Button>
    </Drawer>
  );
}
