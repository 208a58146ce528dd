import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from '../../app/i18n';
import { ICON_NAMES, MenuIcon } from '../../layouts/admin/icons';

interface IconPickerProps {
  /** The icon's name, e.g. `UserOutlined`. */
  value?: string | null;
  onChange?: (value: string | null) => void;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
}

/**
 * Picks one of the curated menu icons (the only names the sidebar can render), searchable by name,
 * each option showing the icon. Works as a controlled antd Form field (`value` / `onChange`).
 */
export function IconPicker({ value, onChange, placeholder, disabled, id }: IconPickerProps) {
  const { t } = useTranslation();
  const options = useMemo(
    () =>
      ICON_NAMES.map((name) => ({
        value: name,
        label: (
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
            <MenuIcon name={name} />
            {name}
          </span>
        ),
      })),
    [],
  );
  return (
    <Select
      id={id}
      showSearch={{
        filterOption: (input, option) =>
          String(option?.value ?? '')
            .toLowerCase()
            .includes(input.toLowerCase()),
      }}
      allowClear
      disabled={disabled}
      value={value || undefined}
      onChange={(v: string | undefined) => onChange?.(v ?? null)}
      placeholder={placeholder ?? t('crud.iconPlaceholder')}
      options={options}
      data-testid="icon-picker"
      popupMatchSelectWidth={false}
      listHeight={320}
    />
  );
}
