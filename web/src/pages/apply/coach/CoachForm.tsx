import {
  type ApplyContextVO,
  COACH_ROLE_LIST,
  type CoachBody,
  type CoachRole,
  type CoachVO,
  ID_TYPE_LIST,
  type IdType,
  parseIdNumber,
} from '@baton/contracts';
import { Alert, App, Col, Form, Input, Radio, Row, Select, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { applyApi } from '../../../api/apply';
import { useTranslation } from '../../../app/i18n';
import { useSticky } from '../../../hooks/useSticky';
import { orNull } from '../../../utils/options';
import { ApplyModal } from '../ApplyModal';
import { cleanFieldValues, FieldItems, mergeFields } from '../FieldItems';
import { type Gender, idNumberProblem } from '../rules';

interface Values {
  name: string;
  gender?: Gender;
  mobile?: string;
  idType: IdType;
  idNumber?: string;
  role?: CoachRole;
  fields?: Record<string, unknown>;
}

const MOBILE = /^1\d{10}$/;

/** A coach or other team official: name, gender, mobile, ID, role and the meeting's coach fields. */
export function CoachForm({
  ctx,
  delegationId,
  editing,
  onClose,
  onSaved,
}: {
  ctx: ApplyContextVO;
  delegationId?: number;
  editing: number | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [loaded, setLoaded] = useState<CoachVO | null>(null);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const isEdit = Boolean(useSticky(editing));
  const idType = Form.useWatch('idType', form);
  const idNumber = Form.useWatch('idNumber', form);
  const readOnly = !ctx.writable || loaded?.status === 'submitted';
  const fields = mergeFields(ctx.coachFields);

  useEffect(() => {
    if (editing === null) return;
    form.resetFields();
    setLoaded(null);
    if (!editing) return;
    setLoading(true);
    applyApi.coaches
      .form(editing, delegationId)
      .then((c) => {
        setLoaded(c);
        form.setFieldsValue({
          name: c.name,
          gender: c.gender,
          mobile: c.mobile ?? '',
          idType: c.idType,
          idNumber: c.idNumber ?? '',
          role: c.role,
          fields: c.fields,
        });
      })
      .catch(onClose)
      .finally(() => setLoading(false));
  }, [editing, form, onClose, delegationId]);

  // A valid mainland ID number gives the gender.
  useEffect(() => {
    if (idType !== '1') return;
    const info = parseIdNumber(idNumber);
    if (info && form.getFieldValue('gender') !== info.gender) form.setFieldValue('gender', info.gender);
  }, [idType, idNumber, form]);

  const submit = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const answers = cleanFieldValues(v.fields);
    const body: Omit<CoachBody, 'delegationId'> = {
      name: v.name.trim(),
      gender: v.gender!,
      mobile: orNull(v.mobile),
      idType: v.idType,
      idNumber: orNull(v.idNumber)?.toUpperCase() ?? null,
      role: v.role!,
      fields: Object.fromEntries(fields.filter((f) => f.key in answers).map((f) => [f.key, answers[f.key]])),
    };
    setSaving(true);
    try {
      if (editing && loaded) await applyApi.coaches.update(editing, { ...body, version: loaded.version }, delegationId);
      else await applyApi.coaches.create({ ...body, delegationId });
      message.success(t('crud.saved'));
      onSaved();
      onClose();
    } catch {
      // Shown by the request layer; the form keeps what was typed.
    } finally {
      setSaving(false);
    }
  };

  const half = { xs: 24, sm: 12 };
  return (
    <ApplyModal
      open={editing !== null}
      title={
        readOnly && isEdit
          ? t('apply.coach.viewTitle')
          : isEdit
            ? t('apply.coach.editTitle')
            : t('apply.coach.addTitle')
      }
      onClose={onClose}
      onOk={submit}
      saving={saving}
      readOnly={readOnly}
      okDisabled={loading}
      data-testid="coach-form"
    >
      <Spin spinning={loading}>
        {loaded?.status === 'submitted' && (
          <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('apply.readOnly.record')} />
        )}
        {loaded?.status === 'returned' && loaded.auditReason && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            title={t('apply.returnedReason', { reason: loaded.auditReason })}
          />
        )}
        <Form<Values> form={form} layout="vertical" disabled={readOnly} initialValues={{ idType: '1' }}>
          <Row gutter={16}>
            <Col {...half}>
              <Form.Item
                name="name"
                label={t('apply.coach.name')}
                rules={[{ required: true, whitespace: true, message: t('apply.coach.rules.name') }]}
              >
                <Input maxLength={50} data-testid="coach-name" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item
                name="role"
                label={t('apply.coach.role')}
                rules={[{ required: true, message: t('apply.coach.rules.role') }]}
              >
                <Select
                  options={COACH_ROLE_LIST.map((r) => ({ value: r, label: t(`apply.coachRole.${r}`) }))}
                  data-testid="coach-role"
                />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item
                name="gender"
                label={t('apply.genderLabel')}
                rules={[{ required: true, message: t('apply.athlete.rules.gender') }]}
              >
                <Radio.Group
                  options={(['M', 'F'] as const).map((g) => ({ value: g, label: t(`apply.gender.${g}`) }))}
                  data-testid="coach-gender"
                />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item
                name="mobile"
                label={t('apply.coach.mobile')}
                rules={[{ pattern: MOBILE, message: t('apply.field.mobile') }]}
              >
                <Input maxLength={11} inputMode="tel" data-testid="coach-mobile" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="idType" label={t('apply.idTypeLabel')}>
                <Select options={ID_TYPE_LIST.map((v) => ({ value: v, label: t(`apply.idType.${v}`) }))} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item
                name="idNumber"
                label={t('apply.idNumber')}
                dependencies={['idType']}
                validateDebounce={200}
                normalize={(v: string | undefined) => v?.toUpperCase().replace(/\s/g, '')}
                rules={[
                  {
                    validator: async (_, value: string | undefined) => {
                      if (!value) return;
                      const problem = idNumberProblem(form.getFieldValue('idType') as IdType, value);
                      if (problem) throw new Error(t(`apply.athlete.idProblem.${problem}`));
                    },
                  },
                ]}
              >
                <Input maxLength={30} autoComplete="off" data-testid="coach-id-number" />
              </Form.Item>
            </Col>
          </Row>
          {fields.length > 0 && (
            <>
              <Typography.Title level={5} style={{ marginTop: 0 }}>
                {t('apply.athlete.moreFields')}
              </Typography.Title>
              <FieldItems fields={fields} disabled={readOnly} />
            </>
          )}
        </Form>
      </Spin>
    </ApplyModal>
  );
}
