import type { GroupVO } from '@baton/contracts';
import { GENDER_LIST } from '@baton/contracts';
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { groupApi } from '../../../api/meeting';
import { useTranslation } from '../../../app/i18n';
import { type CrudFormProps, FormModal, useCrudForm } from '../../../components/crud';

interface Values {
  name: string;
  nameEn?: string;
  gender: (typeof GENDER_LIST)[number];
  birthFrom: string;
  birthTo: string;
  maxEventsPerAthlete?: number | null;
  sort?: number;
}

/** `editing`: `null` closed, `0` create, an id edits that group. */
interface Props extends CrudFormProps {
  meetingId: number | undefined;
}

/** Create / edit a group: names, gender, birth range (from ≤ to), its own per-athlete event limit. */
export function GroupFormModal({ meetingId, editing, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { isEdit, modal } = useCrudForm<Values, GroupVO>({
    editing,
    load: groupApi.form,
    defaults: () => ({ gender: 'M', sort: 0 }),
    save: (v, loaded) => {
      const body = {
        name: v.name.trim(),
        nameEn: (v.nameEn ?? '').trim(),
        gender: v.gender,
        birthFrom: v.birthFrom,
        birthTo: v.birthTo,
        maxEventsPerAthlete: v.maxEventsPerAthlete ?? null,
        sort: v.sort ?? 0,
      };
      return loaded
        ? groupApi.update(loaded.id, { ...body, version: loaded.version })
        : groupApi.create({ ...body, meetingId: meetingId! });
    },
    onClose,
    onSaved,
  });

  const req = (key: string) => [{ required: true, message: t(`meeting.group.rules.${key}`) }];
  const half = { xs: 24, sm: 12 };

  return (
    <FormModal<Values>
      {...modal}
      title={isEdit ? t('meeting.group.editTitle') : t('meeting.group.addTitle')}
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
