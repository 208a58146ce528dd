import type { DelegationVO } from '@baton/contracts';
import { CONTACT_MOBILE_PATTERN } from '@baton/contracts';
import { App, Col, Form, Input, Row, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { delegationApi } from '../../../api/meeting';
import { useTranslation } from '../../../app/i18n';
import { FormModal } from '../../../components/crud';
import { orNull, useSticky } from '../../system/shared';
import { useAreaTree } from './shared';

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
}: {
  meetingId: number | undefined;
  editing: number | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [loaded, setLoaded] = useState<DelegationVO | null>(null);
  const [loading, setLoading] = useState(false);
  const isEdit = Boolean(useSticky(editing));
  const areas = useAreaTree(editing !== null);

  useEffect(() => {
    if (editing === null) return;
    form.resetFields();
    setLoaded(null);
    if (!editing) return;
    setLoading(true);
    delegationApi
      .form(editing)
      .then((d) => {
        setLoaded(d);
        form.setFieldsValue({
          name: d.name,
          shortName: d.shortName ?? '',
          areaCodeId: d.areaCodeId,
          leaderName: d.leaderName ?? '',
          contactName: d.contactName ?? '',
          contactMobile: d.contactMobile,
        });
      })
      .catch(onClose)
      .finally(() => setLoading(false));
  }, [editing, form, onClose]);

  const submit = async (v: Values) => {
    const body = {
      name: v.name.trim(),
      shortName: orNull(v.shortName),
      areaCodeId: v.areaCodeId ?? null,
      leaderName: orNull(v.leaderName),
      contactName: orNull(v.contactName),
      contactMobile: v.contactMobile.trim(),
    };
    if (editing && loaded)
      await delegationApi.update(editing, { ...body, fields: loaded.fields, version: loaded.version });
    else await delegationApi.create({ ...body, meetingId: meetingId! });
    message.success(t('crud.saved'));
    onSaved();
  };

  const half = { xs: 24, sm: 12 };
  return (
    <FormModal<Values>
      open={editing !== null}
      title={isEdit ? t('meeting.delegation.editTitle') : t('meeting.delegation.addTitle')}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      loading={loading}
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
