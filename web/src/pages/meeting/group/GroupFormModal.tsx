import type { GroupVO } from '@baton/contracts';
import { GENDER_LIST } from '@baton/contracts';
import { App, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useEffect, useState } from 'react';
import { groupApi } from '../../../api/meeting';
import { useTranslation } from '../../../app/i18n';
import { FormModal } from '../../../components/crud';
import { useSticky } from '../../system/shared';

interface Values {
  name: string;
  nameEn?: string;
  gender: (typeof GENDER_LIST)[number];
  birthFrom: string;
  birthTo: string;
  maxEventsPerAthlete?: number | null;
  sort?: number;
}

interface Props {
  meetingId: number | undefined;
  /** `null` closed, `0` create, an id edits that group. */
  editing: number | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Create / edit a group: names, gender, birth range (from ≤ to), its own per-athlete event limit. */
export function GroupFormModal({ meetingId, editing, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [loaded, setLoaded] = useState<GroupVO | null>(null);
  const [loading, setLoading] = useState(false);
  const isEdit = Boolean(useSticky(editing));

  useEffect(() => {
    if (editing === null) return;
    form.resetFields();
    setLoaded(null);
    if (!editing) {
      form.setFieldsValue({ gender: 'M', sort: 0 });
      return;
    }
    setLoading(true);
    groupApi
      .form(editing)
      .then((g) => {
        setLoaded(g);
        form.setFieldsValue(g);
      })
      .catch(onClose)
      .finally(() => setLoading(false));
  }, [editing, form, onClose]);

  const submit = async (v: Values) => {
    const body = {
      name: v.name.trim(),
      nameEn: (v.nameEn ?? '').trim(),
      gender: v.gender,
      birthFrom: v.birthFrom,
      birthTo: v.birthTo,
      maxEventsPerAthlete: v.maxEventsPerAthlete ?? null,
      sort: v.sort ?? 0,
    };
    if (editing && loaded) await groupApi.update(editing, { ...body, version: loaded.version });
    else await groupApi.create({ ...body, meetingId: meetingId! });
    message.success(t('crud.saved'));
    onSaved();
  };

  const req = (key: string) => [{ required: true, message: t(`meeting.group.rules.${key}`) }];
  const half = { xs: 24, sm: 12 };

  return (
    <FormModal<Values>
      open={editing !== null}
      title={isEdit ? t('meeting.group.editTitle') : t('meeting.group.addTitle')}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      loading={loading}
      data-testid="group-form"
    >
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item name="name" label={t('meeting.group.name')} rules={req('name')}>
            <Input maxLength={50} data-testid="group-name" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="nameEn" label={t('meeting.group.nameEn')}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="gender" label={t('meeting.group.gender')} rules={req('gender')}>
            <Select options={GENDER_LIST.map((g) => ({ value: g, label: t(`meeting.gender.${g}`) }))} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="maxEventsPerAthlete"
            label={t('meeting.group.maxEventsPerAthlete')}
            tooltip={t('meeting.group.maxEventsHint')}
          >
            <InputNumber min={0} max={50} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="birthFrom" label={t('meeting.group.birthFrom')} rules={req('birthFrom')}>
            <Input type="date" data-testid="group-birth-from" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="birthTo"
            label={t('meeting.group.birthTo')}
            dependencies={['birthFrom']}
            rules={[
              ...req('birthTo'),
              ({ getFieldValue }) => ({
                validator: (_, v?: string) =>
                  !v || !getFieldValue('birthFrom') || v >= getFieldValue('birthFrom')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('meeting.group.rules.birthRange'))),
              }),
            ]}
          >
            <Input type="date" data-testid="group-birth-to" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="sort" label={t('meeting.sort')}>
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
