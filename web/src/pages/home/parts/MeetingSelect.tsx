import { useTranslation } from '../../../app/i18n';
import { useHomeLists } from '../../h5/home-data';
import { useBilingual } from '../../system/shared';
import { NativeSelect } from './NativeSelect';

/**
 * Choose one of the public meetings (open ones first); a form control (`value` / `onChange`).
 * The lists come through the phone home's small hook, not TanStack Query: the query page's
 * first load does without it.
 */
export function MeetingSelect({
  id,
  value,
  onChange,
  allowEmpty,
  placeholder,
  testId,
}: {
  id?: string;
  value?: number | null;
  onChange?: (id: number | null) => void;
  allowEmpty?: boolean;
  placeholder?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const pick = useBilingual();
  const { data } = useHomeLists();
  const meetings = data ? [...data.open, ...data.competing, ...data.finished] : [];
  const text = placeholder ?? t('public.meetingPicker.placeholder');
  return (
    <NativeSelect
      id={id}
      value={value}
      onChange={onChange}
      allowEmpty={allowEmpty}
      placeholder={text}
      label={text}
      options={meetings.map((m) => ({ value: m.id, label: pick(m.name, m.nameEn) }))}
      testId={testId}
    />
  );
}
