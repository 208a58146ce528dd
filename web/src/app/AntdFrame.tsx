import { MESSAGE_DURATION_S, MESSAGE_OFFSET_PX, NOTIFICATION_DURATION_S, WATERMARK } from '@baton/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, theme } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { createContext, lazy, type ReactNode, Suspense, useContext, useEffect, useMemo } from 'react';
import { useReducedMotion } from '../hooks/media';
import { useAppStore } from '../stores/app';
import { useSettingsStore } from '../stores/settings';
import { FeedbackApp, useFeedback } from './FeedbackApp';
import { setFeedback } from './feedback';
import { queryClient } from './query-client';
import { useIsDark } from './theme';

function FeedbackBridge() {
  const api = useFeedback();
  useEffect(() => {
    setFeedback(api);
    return () => setFeedback(null);
  }, [api]);
  return null;
}

/**
 * The watermark (off unless the settings turn it on) over the whole page, loaded when on: a layer
 * beside the page rather than around it, so turning it on or off does not rebuild the page.
 */
const WatermarkLayer = lazy(() =>
  import('antd/es/watermark').then(({ default: Watermark }) => ({
    default: ({ content, dark }: { content: string; dark: boolean }) => (
      <Watermark
        content={content}
        zIndex={WATERMARK.zIndex}
        gap={WATERMARK.gap}
        rotate={WATERMARK.rotate}
        font={{ color: dark ? 'rgba(255,255,255,0.08)' : 'rgba(0,0,0,0.08)' }}
        style={{ position: 'fixed', inset: 0, zIndex: WATERMARK.zIndex, pointerEvents: 'none' }}
      />
    ),
  })),
);

const MESSAGE = { top: MESSAGE_OFFSET_PX, duration: MESSAGE_DURATION_S };
const NOTIFICATION = { placement: 'topRight', duration: NOTIFICATION_DURATION_S } as const;

const SIZE = { default: 'middle', large: 'large', small: 'small' } as const;

/** Set inside a frame: a route under one (a page in the admin layout) does not open a second. */
const Inside = createContext(false);

/**
 * antd's theme, locale, size, message/notification/modal holders (`FeedbackApp`: the modal and
 * notification ones with their first use) and the watermark, and the
 * query cache, around the routes that use antd (router.tsx `page()`): loaded with the first such
 * route. The routes built without antd (the h5 frame and home) do without all of it.
 */
export default function AntdFrame({ children }: { children: ReactNode }) {
  const inside = useContext(Inside);
  const language = useAppStore((s) => s.language);
  const size = useAppStore((s) => s.size);
  const themeColor = useSettingsStore((s) => s.themeColor);
  const watermarkEnabled = useSettingsStore((s) => s.watermarkEnabled);
  const watermarkContent = useSettingsStore((s) => s.watermarkContent);
  const dark = useIsDark();
  const reducedMotion = useReducedMotion();

  const themeConfig = useMemo(
    () => ({
      algorithm: [
        dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
        ...(size === 'small' ? [theme.compactAlgorithm] : []),
      ],
      // `motion: false` when the system asks for reduced motion: no zooms, slides or waves.
      token: { colorPrimary: themeColor, borderRadius: 8, motion: !reducedMotion },
    }),
    [dark, size, themeColor, reducedMotion],
  );

  if (inside) return children;
  return (
    <Inside.Provider value={true}>
      <QueryClientProvider client={queryClient}>
        <ConfigProvider locale={language === 'en' ? enUS : zhCN} theme={themeConfig} componentSize={SIZE[size]}>
          <FeedbackApp message={MESSAGE} notification={NOTIFICATION}>
            <FeedbackBridge />
            {children}
            {watermarkEnabled && watermarkContent ? (
              <Suspense fallback={null}>
                <WatermarkLayer content={watermarkContent} dark={dark} />
              </Suspense>
            ) : null}
          </FeedbackApp>
        </ConfigProvider>
      </QueryClientProvider>
    </Inside.Provider>
  );
}
