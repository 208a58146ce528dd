import { type App, message as staticMessage, notification as staticNotification } from 'antd';

export type FeedbackApi = ReturnType<typeof App.useApp>;

/**
 * The themed message/notification/modal instances of antd's `App`, for code outside React
 * (the request layer). `FeedbackBridge` fills them in once the app has mounted; until then
 * the static message and notification stand in (and there is no modal).
 */
export const feedback: Pick<FeedbackApi, 'message' | 'notification'> & { modal: FeedbackApi['modal'] | null } = {
  message: staticMessage,
  notification: staticNotification,
  modal: null,
};

export function setFeedback(api: FeedbackApi): void {
  feedback.message = api.message;
  feedback.notification = api.notification;
  feedback.modal = api.modal;
}
