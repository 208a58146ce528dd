import { InputNumber, type InputNumberProps, Radio, type RadioGroupProps } from 'antd';
import { useTranslation } from '../../app/i18n';

/** A record's `sort`: a whole number in the range the contracts accept (±100 000). */
export function SortInput(props: InputNumberProps<number>) {
  return <InputNumber<number> min={-100000} max={100000} precision={0} style={{ width: '100%' }} {...props} />;
}

/** A record's `status`: enabled (1) or disabled (0). */
export function StatusRadio(props: RadioGroupProps) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      options={[
        { value: 1, label: t('system.status.enabled') },
        { value: 0, label: t('system.status.disabled') },
      ]}
      {...props}
    />
  );
}
