import IdcardOutlined from '@ant-design/icons-svg/es/asn/IdcardOutlined';
import SearchOutlined from '@ant-design/icons-svg/es/asn/SearchOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import type { PublicQueryBody, PublicRegistrationVO } from '@baton/contracts';
import { type FormEvent, useId, useState } from 'react';
import { publicApi } from '../../../api/public';
import { useTranslation } from '../../../app/i18n';
import { LiteButton } from '../../../components/lite';
import { LiteField, LiteInput, useLiteForm } from '../../../components/lite/field';
import { LiteIcon } from '../../../components/lite/icon';
import { MeetingSelect } from '../../../components/public/MeetingSelect';
import { idNumberProblem } from './id-number';

/** Find a registration by the athlete's name and ID number, in one meeting or all. */
export function ByIdForm({
  meetingId,
  onFound,
}: {
  meetingId: number | null;
  onFound: (found: PublicRegistrationVO[]) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const form = useLiteForm(
    { meetingId, name: '', idNumber: '' },
    {
      name: (v) => (!v.trim() ? t('public.query.rules.name') : v.length > 50 ? t('public.query.rules.nameMax') : null),
      idNumber: (v) => {
        if (!v.trim()) return t('public.query.rules.idNumber');
        const problem = idNumberProblem(v);
        return problem ? t(`public.query.rules.${problem}`) : null;
      },
    },
  );
  const { values, errors } = form;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !form.check()) return;
    const body: PublicQueryBody = { name: values.name.trim(), idNumber: values.idNumber.trim().toUpperCase() };
    if (values.meetingId) body.meetingId = values.meetingId;
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
    <form onSubmit={(e) => void submit(e)} autoComplete="off" noValidate data-testid="query-id-form">
      <LiteField id={`${id}-meeting`} label={t('public.query.meeting')}>
        <MeetingSelect
          id={`${id}-meeting`}
          value={values.meetingId}
          onChange={(v) => form.set('meetingId', v)}
          allowEmpty
          placeholder={t('public.query.anyMeeting')}
          testId="query-meeting"
        />
      </LiteField>
      <LiteField id={`${id}-name`} label={t('public.query.name')} error={errors.name}>
        <LiteInput
          id={`${id}-name`}
          icon={<LiteIcon icon={UserOutlined} />}
          value={values.name}
          onChange={(v) => form.set('name', v)}
          invalid={Boolean(errors.name)}
          maxLength={50}
          placeholder={t('public.query.namePlaceholder')}
          data-testid="query-name"
        />
      </LiteField>
      <LiteField id={`${id}-idNumber`} label={t('public.query.idNumber')} error={errors.idNumber}>
        <LiteInput
          id={`${id}-idNumber`}
          icon={<LiteIcon icon={IdcardOutlined} />}
          value={values.idNumber}
          onChange={(v) => form.set('idNumber', v)}
          invalid={Boolean(errors.idNumber)}
          maxLength={30}
          placeholder={t('public.query.idPlaceholder')}
          data-testid="query-id-number"
        />
      </LiteField>
      <LiteButton
        type="submit"
        variant="primary"
        size="large"
        block
        icon={<LiteIcon icon={SearchOutlined} />}
        loading={busy}
        data-testid="query-submit"
      >
        {t('public.query.submit')}
      </LiteButton>
    </form>
  );
}
