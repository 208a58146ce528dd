import { type ApplyContextVO, type CoachBody, type CoachRole, type IdType, parseIdNumber } from '@baton/contracts';
import { Col, Form, Input, Radio, Row, Select } from 'antd';
import { useEffect } from 'react';
import { applyApi } from '../../../api/apply';
import { useTranslation } from '../../../app/i18n';
import { orNull } from '../../../utils/options';
import { fieldAnswers, mergeFields } from '../FieldItems';
import {
  IdNumberItem,
  MoreFields,
  RecordModal,
  useCoachRoleOptions,
  useGenderOptions,
  useIdTypeOptions,
  useRecordForm,
} from '../records';
import type { Gender } from '../rules';

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
  const [form] = Form.useForm<Values>();
  const record = useRecordForm({
    form,
    editing,
    delegationId,
    load: applyApi.coaches.form,
    toValues: (c): Values => ({
      name: c.name,
      gender: c.gender,
      mobile: c.mobile ?? '',
      idType: c.idType,
      idNumber: c.idNumber ?? '',
      role: c.role,
      fields: c.fields,
    }),
    writable: ctx.writable,
    onClose,
  });
  const { readOnly, save } = record;
  const idType = Form.useWatch('idType', form);
  const idNumber = Form.useWatch('idNumber', form);
  const fields = mergeFields(ctx.coachFields);
  const genders = useGenderOptions();
  const roles = useCoachRoleOptions();
  const idTypes = useIdTypeOptions();

  // A valid mainland ID number gives the gender.
  useEffect(() => {
    if (idType !== '1') return;
    const info = parseIdNumber(idNumber);
    if (info && form.getFieldValue('gender') !== info.gender) form.setFieldValue('gender', info.gender);
  }, [idType, idNumber, form]);

  const submit = () =>
    save(async (v, version) => {
      const body: Omit<CoachBody, 'delegationId'> = {
        name: v.name.trim(),
        gender: v.gender!,
        mobile: orNull(v.mobile),
        idType: v.idType,
        idNumber: orNull(v.idNumber)?.toUpperCase() ?? null,
        role: v.role!,
        fields: fieldAnswers(fields, v.fields),
      };
      if (editing && version !== null) await applyApi.coaches.update(editing, { ...body, version }, delegationId);
      else await applyApi.coaches.create({ ...body, delegationId });
      onSaved();
    });

  const half = { xs: 24, sm: 12 };
  return (
    <RecordModal
      record={record}
      prefix="apply.coach"
      open={editing !== null}
      onClose={onClose}
      onOk={submit}
      data-testid="coach-form"
    >
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
              <Select options={roles} data-testid="coach-role" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name="gender"
              label={t('apply.genderLabel')}
              rules={[{ required: true, message: t('apply.athlete.rules.gender') }]}
            >
              <Radio.Group options={genders} data-testid="coach-gender" />
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
              <Select options={idTypes} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <IdNumberItem testId="coach-id-number" />
          </Col>
        </Row>
        <MoreFields fields={fields} disabled={readOnly} />
      </Form>
    </RecordModal>
  );
}
