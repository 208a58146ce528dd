// Reads antd's internals (antd/es/…), which a minor release may move: web/package.json pins antd
// to one exact version, and FeedbackApp.browser.test.tsx checks the context still works.
import AppContext, { type AppConfig, AppConfigContext, type useAppProps } from 'antd/es/app/context';
import useAppStyle from 'antd/es/app/style';
import { useComponentConfig } from 'antd/es/config-provider/context';
import useMessage from 'antd/es/message/useMessage';
import {
  type ComponentType,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { LateApis, LateHoldersProps } from './late-holders';

/** The modal and notification holders, fetched the first time a page opens one (a broken fetch: none). */
const LateHolders = lazy<ComponentType<LateHoldersProps>>(() =>
  import('./late-holders').catch(() => ({ default: () => null })),
);

type ModalApi = useAppProps['modal'];
type NotificationApi = useAppProps['notification'];

/**
 * The modal and notification functions of the context, usable at once: a call fetches the holders
 * (first time only) and runs as soon as they are mounted; a modal's `destroy`, `update` and `then`
 * reach the real one.
 */
function lateApis(ready: () => Promise<LateApis>): Pick<useAppProps, 'modal' | 'notification'> {
  const modalFn =
    (type: keyof ModalApi): ModalApi[keyof ModalApi] =>
    (config) => {
      // Boxed: a modal instance is itself a thenable (of its closing), which a promise would wait for.
      const real = ready().then((apis) => ({ instance: apis.modal[type](config) }));
      return {
        destroy: () => void real.then(({ instance }) => instance.destroy()),
        update: (next) => void real.then(({ instance }) => instance.update(next)),
        // biome-ignore lint/suspicious/noThenProperty: antd's modal instance is a thenable of its closing.
        then: (resolve, reject) => real.then(({ instance }) => instance.then(resolve, reject)),
      };
    };
  const noteFn =
    (type: Exclude<keyof NotificationApi, 'destroy'>): NotificationApi[typeof type] =>
    (config) =>
      void ready().then((apis) => apis.notification[type](config));
  return {
    modal: {
      info: modalFn('info'),
      success: modalFn('success'),
      error: modalFn('error'),
      warning: modalFn('warning'),
      confirm: modalFn('confirm'),
    },
    notification: {
      open: noteFn('open'),
      success: noteFn('success'),
      info: noteFn('info'),
      warning: noteFn('warning'),
      error: noteFn('error'),
      destroy: (key) => void ready().then((apis) => apis.notification.destroy(key)),
    },
  };
}

/**
 * antd's `App` (its root element and style, and `App.useApp()`'s message, notification and
 * modal), with the message holder mounted at once and the modal and notification holders — and
 * their code — only once a page opens one: a sign-in form shows messages, hardly ever a modal.
 * `App.useApp()` and `useFeedback()` read the same context.
 */
export function FeedbackApp({ message, notification, children }: Required<AppConfig> & { children: ReactNode }) {
  const { getPrefixCls, direction, className: configClassName, style } = useComponentConfig('app');
  const prefixCls = getPrefixCls('app');
  const [hashId, cssVarCls] = useAppStyle(prefixCls);
  const config = useMemo<AppConfig>(() => ({ message, notification }), [message, notification]);
  const [messageApi, messageHolder] = useMessage(config.message);

  const [late, setLate] = useState(false);
  const lateRef = useRef<{ apis: LateApis | null; wait: Promise<LateApis>; arrived: (apis: LateApis) => void }>(null);
  if (!lateRef.current) {
    let arrived: (apis: LateApis) => void = () => undefined;
    const wait = new Promise<LateApis>((resolve) => {
      arrived = resolve;
    });
    lateRef.current = { apis: null, wait, arrived };
  }
  const slot = lateRef.current;
  const lateValue = useMemo(
    () =>
      lateApis(() => {
        if (slot.apis) return Promise.resolve(slot.apis);
        setLate(true);
        return slot.wait;
      }),
    [slot],
  );
  const onReady = useCallback(
    (apis: LateApis) => {
      slot.apis = apis;
      slot.arrived(apis);
    },
    [slot],
  );
  const value = useMemo<useAppProps>(() => ({ message: messageApi, ...lateValue }), [messageApi, lateValue]);

  const className = [configClassName, hashId, prefixCls, cssVarCls, direction === 'rtl' ? `${prefixCls}-rtl` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <AppContext.Provider value={value}>
      <AppConfigContext.Provider value={config}>
        <div className={className} style={style}>
          {late ? (
            <Suspense fallback={null}>
              <LateHolders notification={config.notification} onReady={onReady} />
            </Suspense>
          ) : null}
          {messageHolder}
          {children}
        </div>
      </AppConfigContext.Provider>
    </AppContext.Provider>
  );
}

/** The message, notification and modal of the nearest `FeedbackApp` (what `App.useApp()` returns). */
export function useFeedback(): useAppProps {
  return useContext(AppContext);
}
