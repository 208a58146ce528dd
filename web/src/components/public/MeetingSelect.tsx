import { useTranslation } from '../../app/i18n';
import { useBilingual } from '../../hooks/language';
import { usePublicMeetings } from '../../hooks/public';
import { NativeSelect } from './NativeSelect';

/** Choose one of the public meetings (open ones first); a form control (`value` / `onChange`). */
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
  const { meetings } = usePublicMeetings();
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
