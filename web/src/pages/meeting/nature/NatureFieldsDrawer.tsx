import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { FIELD_TARGET_LIST, type FieldLinksBody, type FieldTarget, type NatureVO } from '@baton/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Drawer, Empty, List, Select, Space, Spin, Switch, Tabs, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { fieldQueries } from '../../../api/fields';
import { natureApi, natureQueries } from '../../../api/natures';
import { useTranslation } from '../../../app/i18n';
import { useBilingual } from '../../../hooks/language';
import { useBusy } from '../../../hooks/useBusy';
import { useMobile } from '../../../hooks/useMobile';

interface Chosen {
  fieldId: number;
  key: string;
  label: string;
  labelEn: string;
  required: boolean;
}
type ByTarget = Record<FieldTarget, Chosen[]>;
const empty = (): ByTarget => ({ athlete: [], coach: [], delegation: [] });

interface Props {
  nature: NatureVO | null;
  /** Without `meeting:nature:edit` the drawer only shows the fields. */
  editable: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * A nature's default fields per target (athlete / coach / delegation): which fields, in which
 * order, and whether each is required. Saved at once with `PUT /natures/{id}/fields`.
 */
export function NatureFieldsDrawer({ nature, editable, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const bi = useBilingual();
  const mobile = useMobile();
  const open = nature !== null;
  const [target, setTarget] = useState<FieldTarget>('athlete');
  const [chosen, setChosen] = useState<ByTarget>(empty);
  const [saving, run] = useBusy();

  const links = useQuery({
    ...natureQueries.fields(nature?.id),
    enabled: open,
    staleTime: 0,
    // A refetch would replace what is being edited.
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const all = useQuery({
    ...fieldQueries.everyField(),
    enabled: open,
    staleTime: 0,
  });

  useEffect(() => {
    if (open) setTarget('athlete');
  }, [open]);

  // Filled from the server's answer once it is fresh (also when it equals the cached one).
  const fresh = open && !links.isFetching ? links.data : undefined;
  useEffect(() => {
    if (!fresh) {
      setChosen(empty());
      return;
    }
    const next = empty();
    for (const l of [...fresh].sort((a, b) => a.sort - b.sort)) {
      next[l.target].push({
        fieldId: l.fieldId,
        key: l.key,
        label: l.label,
        labelEn: l.labelEn,
        required: l.required,
      });
    }
    setChosen(next);
  }, [fresh]);

  const list = chosen[target];
  const update = (rows: Chosen[]) => setChosen((c) => ({ ...c, [target]: rows }));
  const move = (i: number, d: -1 | 1) => {
    const rows = [...list];
    const [row] = rows.splice(i, 1);
    rows.splice(i + d, 0, row!);
    update(rows);
  };

  const options = useMemo(
    () =>
      (all.data?.list ?? [])
        .filter((f) => f.target === target && !list.some((c) => c.fieldId === f.id))
        .map((f) => ({ value: f.id, label: `${bi(f.label, f.labelEn)} (${f.key})` })),
    [all.data, target, list, bi],
  );

  const add = (id: number) => {
    const f = all.data?.list.find((x) => x.id === id);
    if (!f) return;
    update([...list, { fieldId: f.id, key: f.key, label: f.label, labelEn: f.labelEn, required: f.required }]);
  };

  const save = async () => {
    if (!nature) return;
    const body: FieldLinksBody = FIELD_TARGET_LIST.flatMap((tg) =>
      chosen[tg].map((c, i) => ({ fieldId: c.fieldId, required: c.required, sort: (i + 1) * 10 })),
    );
    await run(async () => {
      await natureApi.setFields(nature.id, body);
      message.success(t('crud.saved'));
      onSaved();
      onClose();
    });
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('base.nature.fieldsTitle', { name: nature ? bi(nature.name, nature.nameEn) : '' })}
      size={mobile ? '100%' : 560}
      destroyOnHidden
      data-testid="nature-fields-drawer"
      extra={
        editable ? (
          <Button type="primary" loading={saving} onClick={save} data-testid="nature-fields-save">
            {t('crud.save')}
          </Button>
        ) : undefined
      }
    >
      <Spin spinning={links.isFetching || all.isFetching}>
        <Tabs
          activeKey={target}
          onChange={(k) => setTarget(k as FieldTarget)}
          items={FIELD_TARGET_LIST.map((tg) => ({
            key: tg,
            label: (
              <span>
                {t(`base.field.targets.${tg}`)} <Tag>{chosen[tg].length}</Tag>
              </span>
            ),
          }))}
        />
        {editable && (
          <Select
            style={{ width: '100%', marginBottom: 12 }}
            placeholder={t('base.nature.addField')}
            value={null}
            onChange={(v: number | null) => v && add(v)}
            options={options}
            showSearch={{ optionFilterProp: 'label' }}
            notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('base.nature.noMoreFields')} />}
            data-testid="nature-field-add"
          />
        )}
        {list.length === 0 ? (
          <Empty description={t('base.nature.noFields')} />
        ) : (
          <List
            bordered
            size="small"
            dataSource={list}
            renderItem={(c, i) => (
              <List.Item
                key={c.fieldId}
                actions={
                  editable
                    ? [
                        <Button
                          key="up"
                          type="text"
                          size="small"
                          icon={<ArrowUpOutlined />}
                          disabled={i === 0}
                          onClick={() => move(i, -1)}
                          aria-label={t('base.nature.moveUp')}
                        />,
                        <Button
                          key="down"
                          type="text"
                          size="small"
                          icon={<ArrowDownOutlined />}
                          disabled={i === list.length - 1}
                          onClick={() => move(i, 1)}
                          aria-label={t('base.nature.moveDown')}
                        />,
                        <Button
                          key="remove"
                          type="text"
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          onClick={() => update(list.filter((x) => x.fieldId !== c.fieldId))}
                          aria-label={t('crud.delete')}
                        />,
                      ]
                    : undefined
                }
              >
                <Space wrap size={[8, 4]} style={{ minWidth: 0 }}>
                  <Typography.Text type="secondary">{i + 1}.</Typography.Text>
                  <Typography.Text strong>{bi(c.label, c.labelEn)}</Typography.Text>
                  <Typography.Text code>{c.key}</Typography.Text>
                  <Space size={4}>
                    <Switch
                      size="small"
                      checked={c.required}
                      disabled={!editable}
                      onChange={(on) => update(list.map((x) => (x.fieldId === c.fieldId ? { ...x, required: on } : x)))}
                      aria-label={t('base.field.required')}
                    />
                    <Typography.Text type="secondary">{t('base.field.required')}</Typography.Text>
                  </Space>
                </Space>
              </List.Item>
            )}
          />
        )}
      </Spin>
    </Drawer>
  );
}
