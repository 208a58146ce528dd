import type { GroupVO } from '@baton/contracts';
import { GENDER_LIST } from '@baton/contracts';
import { Input, InputNumber, Select } from 'antd';
import { groupApi } from '../../../api/groups';
import { useTranslation } from '../../../app/i18n';
import { type CrudFormProps, Field, FormModal, SortInput, useCrudForm } from '../../../components/crud';
import { after } from '../../../utils/form-rules';

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
  const { modal } = useCrudForm<Values, GroupVO>({
    editing,
    title: { add: t('meeting.group.addTitle'), edit: t('meeting.group.editTitle') },
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

  const req = (key: string) => t(`meeting.group.rules.${key}`);

  return (
    <FormModal<Values> {...modal} grid data-testid="group-form">
      <Field.Text name="name" label={t('meeting.group.name')} max={50} required={req('name')} testId="group-name" />
      <Field.Text name="nameEn" label={t('meeting.group.nameEn')} max={100} />
      <Field name="gender" label={t('meeting.group.gender')} rules={[{ required: true, message: req('gender') }]}>
        <Select options={GENDER_LIST.map((g) => ({ value: g, label: t(`meeting.gender.${g}`) }))} />
      </Field>
      <Field
        name="maxEventsPerAthlete"
        label={t('meeting.group.maxEventsPerAthlete')}
        tooltip={t('meeting.group.maxEventsHint')}
      >
        <InputNumber min={0} max={50} precision={0} style={{ width: '100%' }} />
      </Field>
      <Field
        name="birthFrom"
        label={t('meeting.group.birthFrom')}
        rules={[{ required: true, message: req('birthFrom') }]}
      >
        <Input type="date" data-testid="group-birth-from" />
      </Field>
      <Field
        name="birthTo"
        label={t('meeting.group.birthTo')}
        dependencies={['birthFrom']}
        rules={[{ required: true, message: req('birthTo') }, after('birthFrom', req('birthRange'), true)]}
      >
        <Input type="date" data-testid="group-birth-to" />
      </Field>
      <Field name="sort" label={t('meeting.sort')}>
        <SortInput />
      </Field>
    </FormModal>
  );
}
