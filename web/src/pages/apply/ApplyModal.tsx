import { Button, Drawer, Modal, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '../../app/i18n';
import { useMobile } from '../../hooks/useMobile';

export interface ApplyModalProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  /** The primary action; without it (or when `readOnly`) only "close" is offered. */
  onOk?: () => void;
  okText?: ReactNode;
  okDisabled?: boolean;
  saving?: boolean;
  readOnly?: boolean;
  width?: number;
  /**
   * Keep the content mounted while closed (default): a form's instance must exist before the
   * dialog opens. A dialog without a form passes false and is dropped when it closes.
   */
  keepMounted?: boolean;
  children: ReactNode;
  'data-testid'?: string;
}

/**
 * The dialog of the apply pages: a centred modal on a desktop, a full-screen panel with
 * full-width buttons on a phone (forms are long and the keyboard takes half the screen).
 */
export function ApplyModal({
  open,
  title,
  onClose,
  onOk,
  okText,
  okDisabled,
  saving,
  readOnly,
  width = 720,
  keepMounted = true,
  children,
  'data-testid': testId,
}: ApplyModalProps) {
  const { t } = useTranslation();
  const mobile = useMobile();
  const withOk = Boolean(onOk) && !readOnly;
  const ok = withOk && (
    <Button
      type="primary"
      loading={saving}
      disabled={okDisabled}
      onClick={onOk}
      block={mobile}
      size={mobile ? 'large' : undefined}
      data-testid="modal-ok"
    >
      {okText ?? t('crud.save')}
    </Button>
  );
  const cancel = (
    <Button onClick={onClose} block={mobile} size={mobile ? 'large' : undefined} data-testid="modal-cancel">
      {withOk ? t('common.cancel') : t('apply.close')}
    </Button>
  );

  if (mobile) {
    return (
      <Drawer
        open={open}
        title={title}
        onClose={onClose}
        placement="right"
        size="100%"
        forceRender={keepMounted}
        destroyOnHidden={!keepMounted}
        maskClosable={false}
        styles={{ body: { padding: 16 } }}
        footer={
          <Space orientation="vertical" style={{ width: '100%' }}>
            {ok}
            {cancel}
          </Space>
        }
      >
        <div data-testid={testId}>{children}</div>
      </Drawer>
    );
  }
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      width={width}
      forceRender={keepMounted}
      destroyOnHidden={!keepMounted}
      maskClosable={false}
      footer={
        <Space>
          {cancel}
          {ok}
        </Space>
      }
    >
      <div data-testid={testId}>{children}</div>
    </Modal>
  );
}
