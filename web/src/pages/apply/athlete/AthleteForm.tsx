import { type ApplyContextVO, type AthleteBody, type AthleteVO, type IdType, parseIdNumber } from '@baton/contracts';
import { Alert, Col, Form, Input, Radio, Row, Select, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { applyApi } from '../../../api/apply';
import { useTranslation } from '../../../app/i18n';
import { useBilingual } from '../../../hooks/language';
import { orNull } from '../../../utils/options';
import { fieldAnswers, mergeFields, PHOTO_FIELD_KEY } from '../FieldItems';
import { PhotoField } from '../PhotoField';
import { IdNumberItem, MoreFields, RecordModal, useGenderOptions, useIdTypeOptions, useRecordForm } from '../records';
import { eligibleGroups, type Gender } from '../rules';

interface Values {
  name: string;
  nameEn?: string;
  idType: IdType;
  idNumber: string;
  gender?: Gender;
  birthDate?: string;
  groupId?: number;
  photoFileId?: string | null;
  fields?: Record<string, unknown>;
}

export interface AthleteFormProps {
  ctx: ApplyContextVO;
  delegationId?: number;
  /** The athlete being edited, 0 for a new one, null when closed. */
  editing: number | null;
  onClose: () => void;
  onSaved: (athlete: AthleteVO) => void;
}

/**
 * An athlete: a mainland ID number is checked as it is typed (GB 11643) and gives the birth date
 * and gender; the group offers only those the athlete fits; the meeting's and the group's fields;
 * the passport photo. Read-only when the delegation cannot write or the record awaits audit.
 */
export function AthleteForm({ ctx, delegationId, editing, onClose, onSaved }: AthleteFormProps) {
  const { t } = useTranslation();
  const bi = useBilingual();
  const [form] = Form.useForm<Values>();
  const record = useRecordForm({
    form,
    editing,
    delegationId,
    load: applyApi.athletes.form,
    toValues: (a): Values => ({
      name: a.name,
      nameEn: a.nameEn ?? '',
      idType: a.idType,
      idNumber: a.idNumber ?? '',
      gender: a.gender,
      birthDate: a.birthDate.slice(0, 10),
      groupId: a.groupId,
      photoFileId: a.photoFileId,
      fields: a.fields,
    }),
    writable: ctx.writable,
    onClose,
  });
  const { loaded, readOnly, save } = record;
  const genders = useGenderOptions();
  const idTypes = useIdTypeOptions();

  const idType = Form.useWatch('idType', form);
  const idNumber = Form.useWatch('idNumber', form);
  const gender = Form.useWatch('gender', form);
  const birthDate = Form.useWatch('birthDate', form);
  const groupId = Form.useWatch('groupId', form);
  const fromId = idType === '1';

  // A mainland ID number decides birth date and gender (shown read-only).
  useEffect(() => {
    if (!fromId) return;
    const info = parseIdNumber(idNumber);
    const current = form.getFieldsValue(['gender', 'birthDate']);
    if (current.gender !== info?.gender || current.birthDate !== info?.birthDate) {
      form.setFieldsValue({ gender: info?.gender, birthDate: info?.birthDate });
    }
  }, [fromId, idNumber, form]);

  const eligible = useMemo(() => eligibleGroups(ctx.groups, gender, birthDate), [ctx.groups, gender, birthDate]);
  const known = Boolean(gender && birthDate);

  // Keep the group among those the athlete fits; the only one is chosen for the user.
  useEffect(() => {
    if (!known || editing === null) return;
    const current = form.getFieldValue('groupId') as number | undefined;
    if (current && !eligible.some((g) => g.id === current)) form.setFieldValue('groupId', undefined);
    else if (!current && eligible.length === 1) form.setFieldValue('groupId', eligible[0]!.id);
  }, [known, eligible, form, editing]);

  const group = ctx.groups.find((g) => g.id === groupId);
  const fields = useMemo(() => mergeFields(ctx.athleteFields, group?.fields), [ctx.athleteFields, group]);
  // The meeting's photo field names the photo and says whether the audit expects one.
  const photoField = [...ctx.athleteFields, ...(group?.fields ?? [])].find((f) => f.key === PHOTO_FIELD_KEY);

  const submit = () =>
    save(async (v, version) => {
      const all = { ...(form.getFieldsValue(true) as Values), ...v };
      const body: Omit<AthleteBody, 'delegationId'> = {
        groupId: all.groupId!,
        name: all.name.trim(),
        nameEn: orNull(all.nameEn),
        idType: all.idType,
        idNumber: all.idNumber.trim().toUpperCase(),
        gender: all.gender,
        birthDate: all.birthDate,
        photoFileId: all.photoFileId ?? null,
        fields: fieldAnswers(fields, all.fields),
      };
      onSaved(
        editing && version !== null
          ? await applyApi.athletes.update(editing, { ...body, version }, delegationId)
          : await applyApi.athletes.create({ ...body, delegationId }),
      );
    });

  const half = { xs: 24, sm: 12 };

  return (
    <RecordModal
      record={record}
      prefix="apply.athlete"
      open={editing !== null}
      onClose={onClose}
      onOk={submit}
      returnedTestId="athlete-returned-reason"
      data-testid="athlete-form"
    >
      {loaded && loaded.idNumber === null && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('apply.noIdNumberHint')}
          data-testid="athlete-no-id-number"
        />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        disabled={readOnly}
        initialValues={{ idType: '1', photoFileId: null }}
        style={{ marginTop: 12 }}
      >
        <Row gutter={16}>
          <Col xs={24} sm={16}>
            <Row gutter={16}>
              <Col {...half}>
                <Form.Item
                  name="name"
                  label={t('apply.athlete.name')}
                  rules={[{ required: true, whitespace: true, message: t('apply.athlete.rules.name') }]}
                >
                  <Input maxLength={50} data-testid="athlete-name" />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item name="nameEn" label={t('apply.athlete.nameEn')}>
                  <Input maxLength={100} data-testid="athlete-name-en" />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item name="idType" label={t('apply.idTypeLabel')} rules={[{ required: true }]}>
                  <Select options={idTypes} data-testid="athlete-id-type" />
                </Form.Item>
              </Col>
              <Col {...half}>
                <IdNumberItem required testId="athlete-id-number" />
              </Col>
              <Col {...half}>
                <Form.Item
                  name="gender"
                  label={t('apply.genderLabel')}
                  tooltip={fromId ? t('apply.athlete.fromId') : undefined}
                  rules={[{ required: !fromId, message: t('apply.athlete.rules.gender') }]}
                >
                  <Radio.Group disabled={fromId || readOnly} options={genders} data-testid="athlete-gender" />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item
                  name="birthDate"
                  label={t('apply.athlete.birthDate')}
                  tooltip={fromId ? t('apply.athlete.fromId') : undefined}
                  rules={[{ required: !fromId, message: t('apply.athlete.rules.birthDate') }]}
                >
                  <Input type="date" readOnly={fromId} disabled={fromId || readOnly} data-testid="athlete-birth-date" />
                </Form.Item>
              </Col>
            </Row>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item
              name="photoFileId"
              label={photoField ? bi(photoField.label, photoField.labelEn) : t('apply.athlete.photo')}
              tooltip={t('apply.photo.hint')}
              required={photoField?.required}
            >
              <PhotoField disabled={readOnly} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="groupId"
              label={t('apply.athlete.group')}
              rules={[{ required: true, message: t('apply.athlete.rules.group') }]}
              extra={
                known && eligible.length === 0 ? (
                  <Typography.Text type="danger" data-testid="athlete-no-group">
                    {t('apply.athlete.noGroup')}
                  </Typography.Text>
                ) : !known ? (
                  t('apply.athlete.groupHint')
                ) : undefined
              }
            >
              <Select
                options={eligible.map((g) => ({
                  value: g.id,
                  label: `${bi(g.name, g.nameEn)} (${g.birthFrom.slice(0, 10)} ~ ${g.birthTo.slice(0, 10)})`,
                }))}
                disabled={!known || readOnly}
                placeholder={t('apply.athlete.groupPlaceholder')}
                data-testid="athlete-group"
              />
            </Form.Item>
          </Col>
        </Row>
        <MoreFields fields={fields} disabled={readOnly} />
      </Form>
    </RecordModal>
  );
}
