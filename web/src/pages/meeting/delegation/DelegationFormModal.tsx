import type { DelegationVO } from '@baton/contracts';
import { CONTACT_MOBILE_PATTERN } from '@baton/contracts';
import { Col, Form, Input, Row, TreeSelect } from 'antd';
import { delegationApi } from '../../../api/meeting';
import { useTranslation } from '../../../app/i18n';
import { type CrudFormProps, FormModal, useCrudForm } from '../../../components/crud';
import { useAreaTree } from '../../../hooks/useAreaTree';
import { orNull } from '../../../utils/options';

interface Values {
  name: string;
  shortName?: string;
  areaCodeId?: number | null;
  leaderName?: string;
  contactName?: string;
  contactMobile: string;
}

const MOBILE = new RegExp(CONTACT_MOBILE_PATTERN);

/** Create / edit a delegation; the contact mobile is its login (unique in the meeting). */
export function DelegationFormModal({
  meetingId,
  editing,
  onClose,
  onSaved,
}: CrudFormProps & { meetingId: number | undefined }) {
  const { t } = useTranslation();
  const { isEdit, modal } = useCrudForm<Values, DelegationVO>({
    editing,
    load: delegationApi.form,
    toValues: (d) => ({
      name: d.name,
      shortName: d.shortName ?? '',
      areaCodeId: d.areaCodeId,
      leaderName: d.leaderName ?? '',
      contactName: d.contactName ?? '',
      contactMobile: d.contactMobile,
    }),
    save: (v, loaded) => {
      const body = {
        name: v.name.trim(),
        shortName: orNull(v.shortName),
        areaCodeId: v.areaCodeId ?? null,
        leaderName: orNull(v.leaderName),
        contactName: orNull(v.contactName),
        contactMobile: v.contactMobile.trim(),
      };
      return loaded
        ? delegationApi.update(loaded.id, { ...body, fields: loaded.fields, version: loaded.version })
        : delegationApi.create({ ...body, meetingId: meetingId! });
    },
    onClose,
    onSaved,
  });
  const areas = useAreaTree(editing !== null);

  const half = { xs: 24, sm: 12 };
  return (
    <FormModal<Values>
      {...modal}
      title={isEdit ? t('meeting.delegation.editTitle') : t('meeting.delegation.addTitle')}
      data-testid="delegation-form"
    >
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item
            name="name"
            label={t('meeting.delegation.name')}
            rules={[{ required: true, message: t('meeting.delegation.rules.name') }]}
          >
            <Input maxLength={100} data-testid="delegation-name" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="shortName" label={t('meeting.delegation.shortName')}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="areaCodeId" label={t('meeting.delegation.area')}>
            <TreeSelect
              allowClear
              showSearch={{ treeNodeFilterProp: 'title' }}
              treeData={areas.tree}
              loading={areas.isLoading}
              treeDefaultExpandAll
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="leaderName" label={t('meeting.delegation.leader')}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="contactName" label={t('meeting.delegation.contact')}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="contactMobile"
            label={t('meeting.delegation.mobile')}
            tooltip={t('meeting.delegation.mobileHint')}
            rules={[
              { required: true, message: t('meeting.delegation.rules.mobile') },
              { pattern: MOBILE, message: t('meeting.delegation.rules.mobilePattern') },
            ]}
          >
            <Input maxLength={11} inputMode="tel" data-testid="delegation-mobile" />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
