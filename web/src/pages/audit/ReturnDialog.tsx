import { AUDIT_REASON_MAX } from '@baton/contracts';
import { Form, Input, Modal, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from '../../app/i18n';
import { useBusy } from '../../hooks/useBusy';
import { validValues } from '../../utils/form-values';

export interface ReturnDialogProps {
  open: boolean;
  /** How many records go back (the title says so). */
  count: number;
  /** Sends the return; resolve to close, reject (already toasted) to keep the reason typed. */
  onSubmit: (reason: string) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Return records to their delegation: the reason is required (≤ AUDIT_REASON_MAX characters)
 * and is what the delegation reads on its returned records and in its notice.
 */
export function ReturnDialog({ open, count, onSubmit, onClose }: ReturnDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const [saving, run] = useBusy();

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const ok = async () => {
    const values = await validValues(form);
    if (!values) return;
    const reason = values.reason.trim();
    // A rejection has been shown by the request layer: the reason stays.
    if (await run(() => onSubmit(reason))) onClose();
  };

  return (
    <Modal
      open={open}
      title={t('audit.returnDialog.title', { count })}
      onOk={ok}
      onCancel={onClose}
      okText={t('audit.return')}
      okButtonProps={{ danger: true, ...({ 'data-testid': 'return-ok' } as Record<string, string>) }}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      forceRender
      mask={{ closable: false }}
      width={480}
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('audit.returnDialog.hint')}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ reason: '' }} data-testid="return-form">
        <Form.Item
          name="reason"
          label={t('audit.reason')}
          rules={[
            { required: true, whitespace: true, message: t('audit.returnDialog.required') },
            { max: AUDIT_REASON_MAX, message: t('audit.returnDialog.tooLong', { max: AUDIT_REASON_MAX }) },
          ]}
        >
          <Input.TextArea
            rows={4}
            maxLength={AUDIT_REASON_MAX}
            showCount
            placeholder={t('audit.returnDialog.placeholder')}
            data-testid="return-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
