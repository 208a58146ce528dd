import type { App } from 'antd';
import { toast } from '../components/lite/toast';

export type FeedbackApi = ReturnType<typeof App.useApp>;

/** What code outside React (the request layer) needs of a message: one line of text. */
type Notify = (content: string) => unknown;
export type FeedbackMessage = Record<'success' | 'error' | 'warning' | 'info', Notify>;

/**
 * The themed message/notification/modal instances of antd's `App`, for code outside React
 * (the request layer). `AntdFrame` fills them in while a page that uses antd is shown; on the
 * pages without antd (the h5 frame, a route's fallback) the lite toast stands in for the message
 * and there is no notification or modal.
 */
export const feedback: {
  message: FeedbackMessage;
  notification: FeedbackApi['notification'] | null;
  modal: FeedbackApi['modal'] | null;
} = {
  message: toast,
  notification: null,
  modal: null,
};

export function setFeedback(api: FeedbackApi | null): void {
  feedback.message = api?.message ?? toast;
  feedback.notification = api?.notification ?? null;
  feedback.modal = api?.modal ?? null;
}
