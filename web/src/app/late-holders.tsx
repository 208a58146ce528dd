import type { useAppProps } from 'antd/es/app/context';
import useModal from 'antd/es/modal/useModal';
import type { NotificationConfig } from 'antd/es/notification/interface';
import useNotification from 'antd/es/notification/useNotification';
import { useEffect } from 'react';

export type LateApis = Pick<useAppProps, 'modal' | 'notification'>;

/** The modal and notification holders of `FeedbackApp`, mounted (and fetched) when first used. */
export interface LateHoldersProps {
  notification?: NotificationConfig;
  onReady: (apis: LateApis) => void;
}

export default function LateHolders({ notification, onReady }: LateHoldersProps) {
  const [modalApi, modalHolder] = useModal();
  const [notificationApi, notificationHolder] = useNotification(notification);
  useEffect(() => {
    onReady({ modal: modalApi, notification: notificationApi });
  }, [onReady, modalApi, notificationApi]);
  return (
    <>
      {modalHolder}
      {notificationHolder}
    </>
  );
}
