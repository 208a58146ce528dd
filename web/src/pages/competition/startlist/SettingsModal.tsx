import type { RoundVO } from '@baton/contracts';
import { Form, Input, InputNumber, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from '../../../app/i18n';

export interface SettingsValues {
  trials?: number;
  cutAfter?: number;
  cutSize?: number;
  heights?: number[] | null;
  qualifyByPlace?: number | null;
  qualifyByTime?: number | null;
}

interface FormValues {
  trials: number;
  cutAfter: number;
  cutSize: number;
  heights: string;
  qualifyByPlace: number | null;
  qualifyByTime: number | null;
}

const parseHeights = (text: string) =>
  text
    .split(/[\s,，;；]+/)
    .filter(Boolean)
    .map(Number);

/** The round's settings: trials and cut (field), bar heights (vertical jumps), qualification (races). */
export function SettingsModal({
  round,
  open,
  saving,
  onClose,
  onSave,
}: {
  round: RoundVO;
  open: boolean;
  saving: boolean;
  onClose: () => void;
  onSave: (values: SettingsValues) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const kind = round.event.kind;
  const field = kind === 'field-height' || kind === 'field-distance';
  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({
      trials: round.trials,
      cutAfter: round.cutAfter,
      cutSize: round.cutSize,
      heights: (round.heights ?? []).map((h) => h.toFixed(2)).join(' '),
      qualifyByPlace: round.qualifyByPlace,
      qualifyByTime: round.qualifyByTime,
    });
  }, [open, round, form]);

  const submit = (v: FormValues) => {
    if (kind === 'field-distance') onSave({ trials: v.trials, cutAfter: v.cutAfter, cutSize: v.cutSize });
    else if (kind === 'field-height') {
      const heights = parseHeights(v.heights ?? '');
      onSave({ heights: heights.length ? heights : null });
    } else onSave({ qualifyByPlace: v.qualifyByPlace ?? null, qualifyByTime: v.qualifyByTime ?? null });
  };

  return (
    <Modal
      title={t('startlist.settings')}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={saving}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={submit} data-testid="sl-settings-form">
        {kind === 'field-distance' && (
          <>
            <Form.Item name="trials" label={t('startlist.trials')} rules={[{ required: true }]}>
              <InputNumber min={1} max={12} />
            </Form.Item>
            <Form.Item name="cutAfter" label={t('startlist.cutAfter')} rules={[{ required: true }]}>
              <InputNumber min={1} max={12} />
            </Form.Item>
            <Form.Item name="cutSize" label={t('startlist.cutSize')} rules={[{ required: true }]}>
              <InputNumber min={1} max={99} />
            </Form.Item>
          </>
        )}
        {kind === 'field-height' && (
          <Form.Item
            name="heights"
            label={t('startlist.heights')}
            extra={t('startlist.heightsHint')}
            rules={[
              {
                validator: async (_, value: string) => {
                  const list = parseHeights(value ?? '');
                  if (list.some((h) => !Number.isFinite(h) || h < 0.5 || h > 7))
                    throw new Error(t('startlist.heightsInvalid'));
                },
              },
            ]}
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={600} data-testid="sl-heights" />
          </Form.Item>
        )}
        {!field && (
          <>
            <Form.Item name="qualifyByPlace" label={t('startlist.qualifyByPlace')}>
              <InputNumber min={0} max={20} />
            </Form.Item>
            <Form.Item name="qualifyByTime" label={t('startlist.qualifyByTime')}>
              <InputNumber min={0} max={99} />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
