import { IdcardOutlined, SearchOutlined, UserOutlined } from '@ant-design/icons';
import type { PublicQueryBody, PublicRegistrationVO } from '@baton/contracts';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { publicApi } from '../../../api/public';
import { useTranslation } from '../../../app/i18n';
import { MeetingSelect } from '../parts/MeetingSelect';
import { idNumberProblem } from './id-number';

interface Values {
  meetingId: number | null;
  name: string;
  idNumber: string;
}

/** Find a registration by the athlete's name and ID number, in one meeting or all. */
export function ByIdForm({
  meetingId,
  onFound,
}: {
  meetingId: number | null;
  onFound: (found: PublicRegistrationVO[]) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  const onFinish = async (v: Values) => {
    const body: PublicQueryBody = { name: v.name.trim(), idNumber: v.idNumber.trim().toUpperCase() };
    if (v.meetingId) body.meetingId = v.meetingId;
    setBusy(true);
    try {
      onFound(await publicApi.query(body));
    } catch {
      // the request layer has shown the server's message
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      size="large"
      requiredMark={false}
      initialValues={{ meetingId, name: '', idNumber: '' }}
      onFinish={onFinish}
      autoComplete="off"
      data-testid="query-id-form"
    >
      <Form.Item name="meetingId" label={t('public.query.meeting')}>
        <MeetingSelect allowEmpty placeholder={t('public.query.anyMeeting')} testId="query-meeting" />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('public.query.name')}
        rules={[
          { required: true, whitespace: true, message: t('public.query.rules.name') },
          { max: 50, message: t('public.query.rules.nameMax') },
        ]}
      >
        <Input
          prefix={<UserOutlined />}
          maxLength={50}
          placeholder={t('public.query.namePlaceholder')}
          data-testid="query-name"
        />
      </Form.Item>
      <Form.Item
        name="idNumber"
        label={t('public.query.idNumber')}
        rules={[
          { required: true, whitespace: true, message: t('public.query.rules.idNumber') },
          {
            validator: (_, value: string | undefined) => {
              const problem = value?.trim() ? idNumberProblem(value) : null;
              return problem ? Promise.reject(new Error(t(`public.query.rules.${problem}`))) : Promise.resolve();
            },
          },
        ]}
      >
        <Input
          prefix={<IdcardOutlined />}
          maxLength={30}
          placeholder={t('public.query.idPlaceholder')}
          data-testid="query-id-number"
        />
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        block
        icon={<SearchOutlined />}
        loading={busy}
        data-testid="query-submit"
      >
        {t('public.query.submit')}
      </Button>
    </Form>
  );
}
