import { MobileOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import {
  type CodeSent,
  type DlgCodeBody,
  MOBILE_NUMBER_PATTERN,
  maskPhone,
  type PublicMeetingCard,
} from '@baton/contracts';
import { Button, Form, type FormInstance, type FormRule, Input, Modal, Result, Typography } from 'antd';
import { useState } from 'react';
import { selfRegister, sendRegisterCode } from '../../api/dlg';
import { useFeedback } from '../../app/FeedbackApp';
import { type TFunction, useTranslation } from '../../app/i18n';
import { useCaptcha } from '../../hooks/codes';
import { useBilingual } from '../../hooks/language';
import { forgetKeyIfStale, requestMobileCode, sealed, useCaptchaOn } from '../auth/credentials';
import { CaptchaInput, CodeField } from '../auth/fields';

/** A mainland mobile number: 11 digits starting 13–19. */
function mobileRules(t: TFunction): FormRule[] {
  return [
    { required: true, whitespace: true, message: t('dlg.form.rules.mobile') },
    { pattern: new RegExp(MOBILE_NUMBER_PATTERN), message: t('dlg.form.rules.mobileFormat') },
  ];
}

/** The fields of a form that asks for an SMS code to a mobile. */
interface MobileCodeFields {
  mobile: string;
  captchaCode?: string;
}

/**
 * "Send code" of the delegation forms: checks the mobile (and the picture code when the
 * captcha is on), sends the encrypted mobile and answers the server's wait in seconds, or
 * null when nothing was sent. A picture code is good for one try: `onCaptchaUsed` then.
 */
async function sendMobileCode(
  form: FormInstance,
  opts: {
    tmid: number;
    captchaOn: boolean;
    captchaKey: string;
    captchaMissing: string;
    send: (body: DlgCodeBody) => Promise<CodeSent>;
    onCaptchaUsed: () => void;
  },
): Promise<number | null> {
  try {
    await form.validateFields(['mobile']);
  } catch {
    return null;
  }
  const { mobile, captchaCode = '' } = form.getFieldsValue(['mobile', 'captchaCode']) as MobileCodeFields;
  if (opts.captchaOn && !captchaCode.trim()) {
    form.setFields([{ name: 'captchaCode', errors: [opts.captchaMissing] }]);
    return null;
  }
  return requestMobileCode({ ...opts, mobile, captchaCode });
}

interface Values {
  name: string;
  shortName: string;
  contactName: string;
  mobile: string;
  captchaCode: string;
  smcode: string;
}

/** The form of a team registering itself; mounted only while the dialog is open (fresh captcha). */
function SelfRegisterForm({ meeting, onDone }: { meeting: PublicMeetingCard; onDone: (v: Values) => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const captchaOn = useCaptchaOn();
  const { captcha, loading, refresh } = useCaptcha();
  const [submitting, setSubmitting] = useState(false);

  const send = async () => {
    // Not known yet whether a captcha is asked for (useCaptchaOn): nothing is sent on a guess.
    if (captchaOn === undefined) return null;
    const wait = await sendMobileCode(form, {
      tmid: meeting.id,
      captchaOn,
      captchaKey: captcha?.key ?? '',
      captchaMissing: t('dlg.form.rules.captcha'),
      send: sendRegisterCode,
      onCaptchaUsed: () => {
        form.setFieldValue('captchaCode', '');
        void refresh();
      },
    });
    if (wait !== null) message.success(t('dlg.register.sent'));
    return wait;
  };

  const onFinish = async (v: Values) => {
    setSubmitting(true);
    try {
      await selfRegister(meeting.id, {
        name: v.name.trim(),
        shortName: v.shortName.trim() || null,
        contactName: v.contactName.trim(),
        mobile: await sealed(v.mobile.trim()),
        smcode: v.smcode.trim(),
      });
      onDone(v);
    } catch (error) {
      // shown by the request layer
      forgetKeyIfStale(error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={onFinish}
      autoComplete="off"
      initialValues={{ name: '', shortName: '', contactName: '', mobile: '', captchaCode: '', smcode: '' }}
      data-testid="dlg-register-form"
    >
      <Typography.Paragraph type="secondary">{t('dlg.register.hint')}</Typography.Paragraph>
      <Form.Item name="name" rules={[{ required: true, whitespace: true, message: t('dlg.register.rules.name') }]}>
        <Input
          prefix={<TeamOutlined />}
          placeholder={t('dlg.register.name')}
          aria-label={t('dlg.register.name')}
          maxLength={100}
          data-testid="dlg-register-name"
        />
      </Form.Item>
      <Form.Item name="shortName">
        <Input placeholder={t('dlg.register.shortName')} aria-label={t('dlg.register.shortName')} maxLength={50} />
      </Form.Item>
      <Form.Item
        name="contactName"
        rules={[{ required: true, whitespace: true, message: t('dlg.register.rules.contactName') }]}
      >
        <Input
          prefix={<UserOutlined />}
          placeholder={t('dlg.register.contactName')}
          aria-label={t('dlg.register.contactName')}
          maxLength={50}
          data-testid="dlg-register-contact"
        />
      </Form.Item>
      <Form.Item name="mobile" rules={mobileRules(t)}>
        <Input
          prefix={<MobileOutlined />}
          placeholder={t('dlg.register.mobile')}
          aria-label={t('dlg.register.mobile')}
          inputMode="numeric"
          autoComplete="tel"
          maxLength={11}
          data-testid="dlg-register-mobile"
        />
      </Form.Item>
      {captchaOn && (
        <Form.Item name="captchaCode" extra={t('comm.code.captchaHint')}>
          <CaptchaInput
            captcha={captcha}
            loading={loading}
            onRefresh={() => void refresh()}
            testId="dlg-register-captcha"
          />
        </Form.Item>
      )}
      <Form.Item>
        <CodeField
          name="smcode"
          message={t('dlg.form.rules.code')}
          label={t('dlg.register.code')}
          onSend={send}
          testId="dlg-register-code"
          sendTestId="dlg-register-send"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting} data-testid="dlg-register-submit">
        {t('dlg.register.submit')}
      </Button>
    </Form>
  );
}

/**
 * "Register a new team" for a meeting that allows it: the form, then a success dialog saying
 * the committee reviews the team and the contact mobile can sign in after approval.
 */
export function SelfRegisterDialog({ meeting, onClose }: { meeting: PublicMeetingCard | null; onClose: () => void }) {
  const { t } = useTranslation();
  const bi = useBilingual();
  const [done, setDone] = useState<Values | null>(null);
  const close = () => {
    setDone(null);
    onClose();
  };
  return (
    <Modal
      open={meeting !== null}
      onCancel={close}
      title={meeting && !done ? t('dlg.register.title', { name: bi(meeting.name, meeting.nameEn) }) : null}
      footer={null}
      destroyOnHidden
      width={480}
      mask={{ closable: false }}
    >
      {meeting &&
        (done ? (
          <Result
            status="success"
            style={{ padding: '16px 0 8px' }}
            title={<span data-testid="dlg-register-done">{t('dlg.register.doneTitle')}</span>}
            subTitle={t('dlg.register.doneBody', { name: done.name.trim(), mobile: maskPhone(done.mobile.trim()) })}
            extra={
              <Button type="primary" onClick={close}>
                {t('dlg.register.done')}
              </Button>
            }
          />
        ) : (
          <SelfRegisterForm meeting={meeting} onDone={setDone} />
        ))}
    </Modal>
  );
}
