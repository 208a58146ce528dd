import { Select, type SelectProps, Tag } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from '../../app/i18n';
import { type DictItem, useDictStore } from '../../stores/dict';

/** antd Tag colours for the dictionary's tag types (primary, success, info, warning, danger). */
const TAG_COLORS: Record<string, string> = {
  primary: 'processing',
  success: 'success',
  info: 'default',
  warning: 'warning',
  danger: 'error',
};

/**
 * The entries of one dictionary from the cache of spec §4 (loaded on first use), and a label
 * lookup in the interface language. Re-renders when the cache is cleared and reloaded.
 */
export function useDict(dictCode: string) {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  const loaded = useDictStore((s) => s.loaded);
  const dict = useDictStore((s) => s.dicts[dictCode]);
  useEffect(() => {
    if (!loaded) void useDictStore.getState().load();
  }, [loaded]);
  return useMemo(() => {
    const items: DictItem[] = dict?.dictDataList ?? [];
    const labelOf = (item: DictItem) => (en ? item.labelEn || item.label : item.label || item.labelEn);
    const find = (value: unknown) => items.find((i) => i.value === String(value));
    return { items, labelOf, find, label: (value: unknown) => (find(value) ? labelOf(find(value)!) : '') };
  }, [dict, en]);
}

interface DictTagProps {
  /** The dictionary, e.g. `gender`. */
  dictCode: string;
  /** The stored value (number or string; compared as text). Null/empty renders nothing. */
  value: string | number | null | undefined;
}

/** A value shown as its dictionary label, coloured by the entry's tag type; unknown values as plain text. */
export function DictTag({ dictCode, value }: DictTagProps) {
  const { find, labelOf } = useDict(dictCode);
  if (value === null || value === undefined || value === '') return null;
  const item = find(value);
  if (!item) return <span>{String(value)}</span>;
  if (!item.tagType) return <span>{labelOf(item)}</span>;
  return (
    <Tag color={TAG_COLORS[item.tagType] ?? 'default'} variant="filled">
      {labelOf(item)}
    </Tag>
  );
}

type DictSelectProps = Omit<SelectProps, 'options'> & {
  /** The dictionary whose entries are the options. */
  dictCode: string;
  /** Values as numbers (for integer fields such as status or gender); strings otherwise. */
  numeric?: boolean;
};

/** A Select whose options are a dictionary's entries, labelled in the interface language. */
export function DictSelect({ dictCode, numeric, ...rest }: DictSelectProps) {
  const { items, labelOf } = useDict(dictCode);
  const options = useMemo(
    () => items.map((i) => ({ value: numeric ? Number(i.value) : i.value, label: labelOf(i) })),
    [items, labelOf, numeric],
  );
  return <Select allowClear {...rest} options={options} />;
}
