import type { FieldLinksBody, FieldLinkVO, FieldTarget, FieldVO } from '@baton/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Modal, Switch, Table, type TableColumnsType, Tag } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { fieldQueries } from '../api/fields';
import { useTranslation } from '../app/i18n';
import { useBilingual } from '../hooks/language';
import { useBusy } from '../hooks/useBusy';

export interface FieldsDialogProps {
  /** Open while not null: the key of what is being edited (changes reload the dialog). */
  openKey: string | null;
  title: ReactNode;
  target: FieldTarget;
  /** The fields chosen now. */
  load: () => Promise<FieldLinkVO[]>;
  /** Replace the chosen fields. */
  save: (links: FieldLinksBody) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Chooses fields of one target (athlete, coach, delegation) from the base-data field list:
 * a checkbox per field and its own "required" switch; the order is the list's.
 */
export function FieldsDialog({ openKey, title, target, load, save, onClose }: FieldsDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const pick = useBilingual();
  const open = openKey !== null;
  const [chosen, setChosen] = useState<number[]>([]);
  const [required, setRequired] = useState<Record<number, boolean>>({});
  const [loading, setLoading] = useState(false);
  const [saving, run] = useBusy();
  const all = useQuery({ ...fieldQueries.picker(target), enabled: open });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reload when another record opens
  useEffect(() => {
    if (!open) return;
    setLoading(true);
    setChosen([]);
    setRequired({});
    load()
      .then((links) => {
        setChosen(links.map((l) => l.fieldId));
        setRequired(Object.fromEntries(links.map((l) => [l.fieldId, l.required])));
      })
      .catch(onClose)
      .finally(() => setLoading(false));
  }, [openKey]);

  const ok = async () => {
    await run(async () => {
      const order = (all.data?.list ?? []).map((f) => f.id).filter((id) => chosen.includes(id));
      await save(order.map((fieldId, sort) => ({ fieldId, required: Boolean(required[fieldId]), sort })));
      message.success(t('crud.saved'));
      onClose();
    });
  };

  const columns: TableColumnsType<FieldVO> = [
    {
      title: t('meeting.fields.label'),
      dataIndex: 'label',
      render: (_, f) => pick(f.label, f.labelEn),
    },
    { title: t('meeting.fields.key'), dataIndex: 'key', responsive: ['sm'] },
    {
      title: t('meeting.fields.kind'),
      dataIndex: 'kind',
      render: (k: string) => <Tag>{t(`meeting.fieldKind.${k}`)}</Tag>,
    },
    {
      title: t('meeting.fields.required'),
      key: 'required',
      render: (_, f) => (
        <Switch
          size="small"
          checked={Boolean(required[f.id])}
          disabled={!chosen.includes(f.id)}
          onChange={(on) => setRequired((r) => ({ ...r, [f.id]: on }))}
          aria-label={t('meeting.fields.required')}
        />
      ),
    },
  ];

  return (
    <Modal
      open={open}
      title={title}
      width={720}
      onOk={ok}
      onCancel={onClose}
      okText={t('crud.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ disabled: loading, ...({ 'data-testid': 'fields-ok' } as Record<string, string>) }}
      destroyOnHidden
    >
      <Table<FieldVO>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={all.data?.list ?? []}
        loading={loading || all.isFetching}
        pagination={false}
        scroll={{ x: 'max-content', y: 420 }}
        rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setChosen(keys.map(Number)) }}
        data-testid="fields-table"
      />
    </Modal>
  );
}
