import { MobileOutlined, SearchOutlined } from '@ant-design/icons';
import type { PublicRegistrationVO } from '@baton/contracts';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { sendDlgCode } from '../../../api/dlg';
import { publicApi } from '../../../api/public';
import { useTranslation } from '../../../app/i18n';
import { forgetKeyIfStale, mobileRules, sealed, sendMobileCode, useCaptchaOn } from '../../login/sign-in';
import { CaptchaInput, CodeField, useCaptcha } from '../../register/shared';
import { MeetingSelect } from '../parts/MeetingSelect';

interface Values {
  meetingId: number | null;
  mobile: string;
  captchaCode: string;
  smcode: string;
}

/**
 * Find a delegation's registrations with its contact mobile and an SMS code (the delegation
 * sign-in's code for that meeting). Loaded only when chosen: it brings the SM2 code with it.
 */
export default function ByMobileForm({
  meetingId,
  onFound,
}: {
  meetingId: number | null;
  onFound: (found: PublicRegistrationVO[]) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const captchaOn = useCaptchaOn();
  const { captcha, loading, refresh } = useCaptcha();
  const [busy, setBusy] = useState(false);

  const newCaptcha = () => {
    form.setFieldValue('captchaCode', '');
    void refresh();
  };

  const send = async (): Promise<number | null> => {
    try {
      await form.validateFields(['meetingId']);
    } catch {
      return null;
    }
    const wait = await sendMobileCode(form, {
      tmid: form.getFieldValue('meetingId') as number,
      captchaOn,
      captchaKey: captcha?.key ?? '',
      captchaMissing: t('dlg.form.rules.captcha'),
      send: sendDlgCode,
      onCaptchaUsed: newCaptcha,
    });
    // The server answers the same whether or not the mobile is a contact (no enumeration).
    if (wait !== null) message.success(t('dlg.form.sentIfKnown'));
    return wait;
  };

  const onFinish = async (v: Values) => {
    if (!v.meetingId) return;
    setBusy(true);
    try {
      onFound(
        await publicApi.queryByMobile({
          tmid: v.meetingId,
          mobile: await sealed(v.mobile.trim()),
          smcode: v.smcode.trim(),
        }),
      );
    } catch (error) {
      forgetKeyIfStale(error);
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
      initialValues={{ meetingId, mobile: '', captchaCode: '', smcode: '' }}
      onFinish={onFinish}
      autoComplete="off"
      data-testid="query-mobile-form"
    >
      <Form.Item
        name="meetingId"
        label={t('public.query.meeting')}
        rules={[{ required: true, message: t('public.query.rules.meeting') }]}
      >
        <MeetingSelect testId="query-mobile-meeting" />
      </Form.Item>
      <Form.Item name="mobile" label={t('public.query.mobile')} rules={mobileRules(t)}>
        <Input
          prefix={<MobileOutlined />}
          maxLength={11}
          inputMode="numeric"
          placeholder={t('public.query.mobilePlaceholder')}
          data-testid="query-mobile"
        />
      </Form.Item>
      {captchaOn ? (
        <Form.Item name="captchaCode" label={t('comm.code.captcha')}>
          <CaptchaInput captcha={captcha} loading={loading} onRefresh={newCaptcha} testId="query-captcha" />
        </Form.Item>
      ) : null}
      <Form.Item label={t('public.query.smcode')} required>
        <CodeField
          name="smcode"
          message={t('dlg.form.rules.code')}
          label={t('public.query.smcode')}
          onSend={send}
          testId="query-smcode"
          sendTestId="query-send-code"
        />
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        block
        icon={<SearchOutlined />}
        loading={busy}
        data-testid="query-mobile-submit"
      >
        {t('public.query.submit')}
      </Button>
    </Form>
  );
}
