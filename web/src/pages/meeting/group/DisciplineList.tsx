import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, UndoOutlined } from '@ant-design/icons';
import { COMBINED_DISCIPLINE_CODES, COMBINED_DISCIPLINES, combinedPreset } from '@baton/contracts';
import { Button, Select, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from '../../../app/i18n';
import { useBilingual } from '../../../hooks/language';

/** A combined event holds at most this many disciplines (a round plan's limit, the decathlon's ten). */
export const MAX_DISCIPLINES = 10;

/** The disciplines a group of this sex can score: a table row for its sex (a mixed group: for either). */
export function disciplinesFor(gender: 'M' | 'F' | 'X'): string[] {
  return COMBINED_DISCIPLINE_CODES.filter((code) => {
    const table = COMBINED_DISCIPLINES[code]!.table;
    return gender === 'X' ? !!(table.M || table.F) : !!table[gender];
  });
}

/**
 * The disciplines of a combined event in the order they are held (issue 23): each can be
 * replaced, moved up or down, or removed; one more is added from those the group's sex has a
 * scoring table for and not yet in the list; "reset" takes the preset of the item again.
 * A form control (`value` / `onChange`), in the group item dialog.
 */
export function DisciplineList({
  value = [],
  onChange,
  itemCode,
  gender,
}: {
  value?: string[];
  onChange?: (codes: string[]) => void;
  itemCode: string;
  gender: 'M' | 'F' | 'X';
}) {
  const { t } = useTranslation();
  const pick = useBilingual();
  const offered = disciplinesFor(gender);
  const nameOf = (code: string) => {
    const d = COMBINED_DISCIPLINES[code];
    return d ? pick(d.name, d.nameEn) : code;
  };
  const options = (keep?: string) =>
    offered.filter((c) => c === keep || !value.includes(c)).map((c) => ({ value: c, label: nameOf(c) }));
  const set = (next: string[]) => onChange?.(next);
  const move = (i: number, by: -1 | 1) => {
    const next = [...value];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    set(next);
  };
  const preset = combinedPreset(itemCode, gender);
  const unused = options();
  return (
    <div data-testid="disciplines-editor">
      <ol style={{ margin: 0, padding: 0, listStyle: 'none' }}>
        {value.map((code, i) => (
          <li
            key={code}
            style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 6 }}
            data-testid="discipline-row"
            data-code={code}
          >
            <Typography.Text type="secondary" style={{ width: 24, textAlign: 'end' }}>
              {i + 1}
            </Typography.Text>
            <Select
              value={code}
              onChange={(c: string) => set(value.map((v, j) => (j === i ? c : v)))}
              options={options(code)}
              style={{ width: 200 }}
              aria-label={t('comp.discipline', { index: i + 1, name: nameOf(code) })}
              data-testid={`discipline-${i}`}
            />
            <Tooltip title={t('meeting.groupItem.moveUp')}>
              <Button
                icon={<ArrowUpOutlined />}
                disabled={i === 0}
                onClick={() => move(i, -1)}
                aria-label={t('meeting.groupItem.moveUp')}
                data-testid={`discipline-up-${i}`}
              />
            </Tooltip>
            <Tooltip title={t('meeting.groupItem.moveDown')}>
              <Button
                icon={<ArrowDownOutlined />}
                disabled={i === value.length - 1}
                onClick={() => move(i, 1)}
                aria-label={t('meeting.groupItem.moveDown')}
                data-testid={`discipline-down-${i}`}
              />
            </Tooltip>
            <Tooltip title={t('crud.delete')}>
              <Button
                danger
                icon={<DeleteOutlined />}
                onClick={() => set(value.filter((_, j) => j !== i))}
                aria-label={t('crud.delete')}
                data-testid={`discipline-remove-${i}`}
              />
            </Tooltip>
          </li>
        ))}
      </ol>
      <Space wrap>
        {value.length < MAX_DISCIPLINES && unused.length > 0 && (
          <Select<string>
            value={null}
            placeholder={t('meeting.groupItem.addDiscipline')}
            onChange={(c) => set([...value, c])}
            options={unused}
            style={{ width: 200 }}
            data-testid="discipline-add"
          />
        )}
        {preset.length > 0 && (
          <Button
            icon={<UndoOutlined />}
            disabled={preset.join() === value.join()}
            onClick={() => set([...preset])}
            data-testid="discipline-preset"
          >
            {t('meeting.groupItem.preset')}
          </Button>
        )}
      </Space>
    </div>
  );
}
