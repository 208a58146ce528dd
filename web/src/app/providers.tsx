import { MESSAGE_DURATION_S, MESSAGE_OFFSET_PX, NOTIFICATION_DURATION_S, WATERMARK } from '@baton/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider, theme, Watermark } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { type ReactNode, useEffect, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { useAppStore } from '../stores/app';
import { useSettingsStore } from '../stores/settings';
import { setFeedback } from './feedback';
import i18n from './i18n';
import { useIsDark } from './theme';

export const queryClient = new QueryClient({
  defaultOptions: {
    // The request layer already reports errors; retrying a rejected call would repeat the toast.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

function FeedbackBridge() {
  const api = App.useApp();
  useEffect(() => setFeedback(api), [api]);
  return null;
}

const SIZE = { default: 'middle', large: 'large', small: 'small' } as const;

export function Providers({ children }: { children: ReactNode }) {
  const language = useAppStore((s) => s.language);
  const size = useAppStore((s) => s.size);
  const themeColor = useSettingsStore((s) => s.themeColor);
  const watermarkEnabled = useSettingsStore((s) => s.watermarkEnabled);
  const watermarkContent = useSettingsStore((s) => s.watermarkContent);
  const dark = useIsDark();

  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('dark', dark);
    root.style.colorScheme = dark ? 'dark' : 'light';
  }, [dark]);

  useEffect(() => {
    // For what lives outside antd (the progress bar, the layout's own CSS).
    document.documentElement.style.setProperty('--baton-primary', themeColor);
  }, [themeColor]);

  const themeConfig = useMemo(
    () => ({
      algorithm: [
        dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
        ...(size === 'small' ? [theme.compactAlgorithm] : []),
      ],
      token: { colorPrimary: themeColor, borderRadius: 8 },
    }),
    [dark, size, themeColor],
  );

  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ConfigProvider locale={language === 'en' ? enUS : zhCN} theme={themeConfig} componentSize={SIZE[size]}>
          <App
            message={{ top: MESSAGE_OFFSET_PX, duration: MESSAGE_DURATION_S }}
            notification={{ placement: 'topRight', duration: NOTIFICATION_DURATION_S }}
          >
            <FeedbackBridge />
            <Watermark
              content={watermarkEnabled ? watermarkContent || undefined : undefined}
              zIndex={WATERMARK.zIndex}
              gap={WATERMARK.gap}
              rotate={WATERMARK.rotate}
              font={{ color: dark ? 'rgba(255,255,255,0.08)' : 'rgba(0,0,0,0.08)' }}
            >
              {children}
            </Watermark>
          </App>
        </ConfigProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
