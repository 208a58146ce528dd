import { type ApplyContextVO, maskPhone } from '@baton/contracts';
import { App, Col, Collapse, Form, Input, Row, Typography } from 'antd';
import { useEffect } from 'react';
import { applyApi } from '../../api/apply';
import { useTranslation } from '../../app/i18n';
import { useBusy } from '../../hooks/useBusy';
import { validValues } from '../../utils/form-values';
import { orNull } from '../../utils/options';
import { ApplyModal } from './ApplyModal';
import { FieldItems, fieldAnswers, mergeFields } from './FieldItems';
import { refreshApply } from './shared';

interface Values {
  leaderName?: string;
  contactName?: string;
  fields?: Record<string, unknown>;
}

/**
 * Remark fill: the delegation's leader and contact and its answers to the meeting's delegation
 * fields, saved with the version it was read at (a concurrent change answers A0409).
 */
export function DelegationInfoModal({
  ctx,
  delegationId,
  open,
  onClose,
}: {
  ctx: ApplyContextVO;
  delegationId?: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, run] = useBusy();
  const { delegation, meeting } = ctx;
  const readOnly = !ctx.writable;
  const fields = mergeFields(ctx.delegationFields);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      leaderName: delegation.leaderName ?? '',
      contactName: delegation.contactName ?? '',
      fields: delegation.fields,
    });
  }, [open, form, delegation]);

  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    // A failed write is shown by the request layer; the dialog keeps the answers.
    await run(async () => {
      await applyApi.saveDelegation({
        delegationId,
        leaderName: orNull(v.leaderName),
        contactName: orNull(v.contactName),
        fields: fieldAnswers(fields, v.fields),
        version: delegation.version,
      });
      message.success(t('crud.saved'));
      refreshApply();
      onClose();
    });
  };

  return (
    <ApplyModal
      open={open}
      title={t('apply.info.title')}
      onClose={onClose}
      onOk={submit}
      saving={saving}
      readOnly={readOnly}
      data-testid="apply-info-form"
    >
      {(meeting.remark || meeting.regulations) && (
        <Collapse
          size="small"
          style={{ marginBottom: 16 }}
          items={(['regulations', 'remark'] as const)
            .filter((kind) => meeting[kind])
            .map((kind) => ({
              key: kind,
              label: t(`apply.info.${kind}`),
              children: (
                <div
                  className="apply-remark"
                  data-testid={`apply-${kind}`}
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server
                  dangerouslySetInnerHTML={{ __html: meeting[kind] }}
                />
              ),
            }))}
        />
      )}
      <Form<Values> form={form} layout="vertical" disabled={readOnly}>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label={t('apply.info.name')}>
              <Typography.Text strong>{delegation.name}</Typography.Text>
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label={t('apply.info.mobile')} tooltip={t('apply.info.mobileHint')}>
              <Typography.Text>{maskPhone(delegation.contactMobile)}</Typography.Text>
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="leaderName" label={t('apply.info.leader')}>
              <Input maxLength={50} data-testid="apply-info-leader" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="contactName" label={t('apply.info.contact')}>
              <Input maxLength={50} data-testid="apply-info-contact" />
            </Form.Item>
          </Col>
        </Row>
        <FieldItems fields={fields} disabled={readOnly} />
      </Form>
    </ApplyModal>
  );
}
