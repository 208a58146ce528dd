import { SaveOutlined } from '@ant-design/icons';
import type { EntryVO, ResultFormat } from '@baton/contracts';
import { App, Button, Flex, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { applyApi } from '../../../api/apply';
import { useTranslation } from '../../../app/i18n';
import { useBusy } from '../../../hooks/useBusy';
import { useMobile } from '../../../hooks/useMobile';
import { isSeedMarkValid, normaliseSeedMark, SEED_MARK_EXAMPLE } from '../rules';

interface SeedMarkEditorProps {
  entry: EntryVO;
  format: ResultFormat;
  disabled?: boolean;
  delegationId?: number;
  /** After a save (the caller refetches the items). */
  onSaved: () => void;
}

/** The seed mark (PB/SB) of an entry in its item's format, with the date it was achieved. */
export function SeedMarkEditor({ entry, format, disabled, delegationId, onSaved }: SeedMarkEditorProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const mobile = useMobile();
  const [mark, setMark] = useState(entry.seedMark ?? '');
  const [date, setDate] = useState(entry.seedDate?.slice(0, 10) ?? '');
  const [saving, run] = useBusy();

  useEffect(() => {
    setMark(entry.seedMark ?? '');
    setDate(entry.seedDate?.slice(0, 10) ?? '');
  }, [entry.seedMark, entry.seedDate]);

  const normalised = normaliseSeedMark(mark);
  const invalid = normalised !== null && !isSeedMarkValid(format, normalised);
  const today = new Date().toISOString().slice(0, 10);
  const badDate = date !== '' && date > today;
  const changed = (normalised ?? '') !== (entry.seedMark ?? '') || date !== (entry.seedDate?.slice(0, 10) ?? '');

  const save = async () => {
    if (invalid || badDate) return;
    // Shown by the request layer; the typed mark stays for a correction.
    await run(async () => {
      await applyApi.entries.update(
        entry.id,
        { seedMark: normalised, seedDate: date || null, version: entry.version },
        delegationId,
      );
      message.success(t('apply.item.seedSaved'));
      onSaved();
    });
  };

  return (
    <Flex vertical gap={4} style={{ width: '100%' }}>
      <Flex gap={8} wrap={mobile} align="center">
        <Input
          value={mark}
          onChange={(e) => setMark(e.target.value)}
          onPressEnter={() => void save()}
          placeholder={SEED_MARK_EXAMPLE[format]}
          status={invalid ? 'error' : undefined}
          disabled={disabled}
          maxLength={12}
          inputMode={format === 'time' ? 'text' : 'decimal'}
          aria-label={t('apply.item.seedMark')}
          prefix={<Typography.Text type="secondary">{t('apply.item.seedShort')}</Typography.Text>}
          style={{ flex: '1 1 140px' }}
          data-testid="seed-mark"
        />
        <Input
          type="date"
          value={date}
          max={today}
          onChange={(e) => setDate(e.target.value)}
          status={badDate ? 'error' : undefined}
          disabled={disabled}
          aria-label={t('apply.item.seedDate')}
          style={{ flex: '1 1 140px' }}
          data-testid="seed-date"
        />
        {!disabled && (
          <Button
            icon={<SaveOutlined />}
            onClick={() => void save()}
            loading={saving}
            disabled={!changed || invalid || badDate}
            block={mobile}
            data-testid="seed-save"
          >
            {t('crud.save')}
          </Button>
        )}
      </Flex>
      {invalid && (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {t(`apply.item.seedFormat.${format}`, { example: SEED_MARK_EXAMPLE[format] })}
        </Typography.Text>
      )}
      {badDate && (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {t('apply.item.seedDateFuture')}
        </Typography.Text>
      )}
    </Flex>
  );
}
