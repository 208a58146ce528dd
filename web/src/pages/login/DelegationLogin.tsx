import { MobileOutlined, SwapOutlined } from '@ant-design/icons';
import type { PublicMeetingCard } from '@baton/contracts';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { dlgLogin, sendDlgCode } from '../../api/dlg';
import { useFeedback } from '../../app/FeedbackApp';
import { useTranslation } from '../../app/i18n';
import { useCaptcha } from '../register/codes';
import { CaptchaInput, CodeField } from '../register/shared';
import { forgetKeyIfStale, sealed, useCaptchaOn } from './credentials';
import { MeetingCard } from './MeetingCard';
import { mobileRules, sendMobileCode, useSignedIn } from './sign-in';

interface Values {
  mobile: string;
  captchaCode: string;
  smcode: string;
}

/**
 * The delegation's sign-in to one meeting (spec §1/§7): the contact mobile, the picture code
 * when the captcha is on, the SMS code with its countdown → the same tokens as an
 * administrator's sign-in, bound to that delegation; then on to `redirect`.
 */
export function DelegationLoginForm({
  meeting,
  redirect,
  onChangeMeeting,
}: {
  meeting: PublicMeetingCard;
  redirect: string;
  onChangeMeeting: () => void;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const captchaOn = useCaptchaOn();
  const { captcha, loading, refresh } = useCaptcha();
  const signedIn = useSignedIn();
  const [submitting, setSubmitting] = useState(false);

  const newCaptcha = () => {
    form.setFieldValue('captchaCode', '');
    void refresh();
  };

  const send = async () => {
    const wait = await sendMobileCode(form, {
      tmid: meeting.id,
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
    setSubmitting(true);
    try {
      const tokens = await dlgLogin({
        mobile: await sealed(v.mobile.trim()),
        smcode: v.smcode.trim(),
        tmid: meeting.id,
        captchaKey: captchaOn ? (captcha?.key ?? '') : '',
        captchaCode: captchaOn ? v.captchaCode.trim() : '',
      });
      signedIn(tokens, redirect);
    } catch (error) {
      // The request layer has shown the server's message; a picture code is good for one try.
      forgetKeyIfStale(error);
      if (captchaOn) newCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <div className="dlg-chosen">
        <MeetingCard
          meeting={meeting}
          compact
          footer={
            <Button
              type="link"
              icon={<SwapOutlined />}
              onClick={onChangeMeeting}
              style={{ paddingInline: 0 }}
              data-testid="dlg-change-meeting"
            >
              {t('dlg.meeting.change')}
            </Button>
          }
        />
      </div>
      <Form<Values>
        form={form}
        size="large"
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        autoComplete="off"
        initialValues={{ mobile: '', captchaCode: '', smcode: '' }}
        data-testid="dlg-form"
      >
        <Form.Item name="mobile" rules={mobileRules(t)} extra={t('dlg.form.mobileHint')}>
          <Input
            prefix={<MobileOutlined />}
            placeholder={t('dlg.form.mobile')}
            aria-label={t('dlg.form.mobile')}
            inputMode="numeric"
            autoComplete="tel"
            maxLength={11}
            data-testid="dlg-mobile"
          />
        </Form.Item>
        {captchaOn && (
          <Form.Item
            name="captchaCode"
            rules={[{ required: true, whitespace: true, message: t('login.rules.captcha') }]}
          >
            <CaptchaInput captcha={captcha} loading={loading} onRefresh={() => void refresh()} testId="dlg-captcha" />
          </Form.Item>
        )}
        <Form.Item>
          <CodeField
            name="smcode"
            message={t('dlg.form.rules.code')}
            label={t('dlg.form.code')}
            onSend={send}
            testId="dlg-code"
            sendTestId="dlg-send-code"
          />
        </Form.Item>
        <Form.Item style={{ marginBottom: 12 }}>
          <Button type="primary" htmlType="submit" block loading={submitting} data-testid="dlg-submit">
            {t('dlg.form.submit')}
          </Button>
        </Form.Item>
      </Form>
    </>
  );
}
