import { Modal, type ModalProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '../../app/i18n';
import { useBusy } from '../../hooks/useBusy';

export interface ActionModalProps
  extends Omit<ModalProps, 'onOk' | 'onCancel' | 'confirmLoading' | 'okButtonProps' | 'children'> {
  /**
   * What OK does (validate, write, say so). The dialog closes once it resolves; it stays as it was
   * when it resolves `false` (nothing to do) or rejects (the form shows what is wrong, or the request
   * layer has shown the server's message).
   */
  onOk: () => Promise<unknown>;
  /** Cancel, and after a successful OK. */
  onClose: () => void;
  /** Stay open after a successful OK (e.g. a text saved while it is being written). */
  keepOpen?: boolean;
  okDisabled?: boolean;
  okTestId?: string;
  children?: ReactNode;
}

/**
 * A dialog whose OK runs one write: the OK button spins meanwhile, Cancel is "Cancel" and OK "Save"
 * unless told otherwise, and the dialog closes only when the write succeeds.
 */
export function ActionModal({
  onOk,
  onClose,
  keepOpen,
  okDisabled,
  okTestId,
  okText,
  cancelText,
  children,
  ...modal
}: ActionModalProps) {
  const { t } = useTranslation();
  const [busy, run] = useBusy();
  const ok = async () => {
    let done = false;
    await run(async () => {
      done = (await onOk()) !== false;
    });
    if (done && !keepOpen) onClose();
  };
  return (
    <Modal
      {...modal}
      onOk={ok}
      onCancel={onClose}
      okText={okText ?? t('crud.save')}
      cancelText={cancelText ?? t('common.cancel')}
      confirmLoading={busy}
      okButtonProps={{ disabled: okDisabled, ...({ 'data-testid': okTestId } as Record<string, string>) }}
    >
      {children}
    </Modal>
  );
}
