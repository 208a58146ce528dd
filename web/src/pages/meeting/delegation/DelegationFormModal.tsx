import type { DelegationVO } from '@baton/contracts';
import { CONTACT_MOBILE_PATTERN } from '@baton/contracts';
import { delegationApi } from '../../../api/delegations';
import { useTranslation } from '../../../app/i18n';
import { type CrudFormProps, Field, FormModal, useCrudForm } from '../../../components/crud';
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
  const { modal } = useCrudForm<Values, DelegationVO>({
    editing,
    title: { add: t('meeting.delegation.addTitle'), edit: t('meeting.delegation.editTitle') },
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

  return (
    <FormModal<Values> {...modal} grid data-testid="delegation-form">
      <Field.Text
        name="name"
        label={t('meeting.delegation.name')}
        max={100}
        required={t('meeting.delegation.rules.name')}
        testId="delegation-name"
      />
      <Field.Text name="shortName" label={t('meeting.delegation.shortName')} max={50} />
      <Field.Tree
        name="areaCodeId"
        label={t('meeting.delegation.area')}
        searchable
        treeData={areas.tree}
        loading={areas.isLoading}
      />
      <Field.Text name="leaderName" label={t('meeting.delegation.leader')} max={50} />
      <Field.Text name="contactName" label={t('meeting.delegation.contact')} max={50} />
      <Field.Text
        name="contactMobile"
        label={t('meeting.delegation.mobile')}
        tooltip={t('meeting.delegation.mobileHint')}
        max={11}
        inputMode="tel"
        required={t('meeting.delegation.rules.mobile')}
        pattern={MOBILE}
        patternMessage={t('meeting.delegation.rules.mobilePattern')}
        testId="delegation-mobile"
      />
    </FormModal>
  );
}
