import { NodeExpandOutlined, PlusOutlined } from '@ant-design/icons';
import type { MenuVO } from '@baton/contracts';
import { App, Button, Input, Popconfirm, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { menuApi } from '../../../api/system';
import { useTranslation } from '../../../app/i18n';
import { CrudTable, type CrudTableHandle, cleanParams, SearchForm } from '../../../components/crud';
import { Perm } from '../../../components/Perm';
import { MenuIcon } from '../../../layouts/admin/icons';
import { useBilingual } from '../shared';
import { type MenuEditing, MenuFormModal } from './MenuFormModal';
import { reloadRoutes } from './reloadRoutes';

type Filters = { keywords?: string };
const TYPE_COLOR = { C: 'blue', M: 'green', B: 'orange' } as const;

/** System → Menus: the whole tree of catalogues, pages and buttons; edits refresh the sidebar at once. */
export default function MenuPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const bi = useBilingual();
  const table = useRef<CrudTableHandle<MenuVO>>(null);
  const [filters, setFilters] = useState<Filters>({});
  const [editing, setEditing] = useState<MenuEditing | null>(null);
  const closeForm = useCallback(() => setEditing(null), []);

  const changed = () => {
    table.current?.reload();
    void reloadRoutes().catch(() => undefined);
  };

  const remove = async (id: number) => {
    await menuApi.remove(id);
    message.success(t('crud.deleted'));
    changed();
  };

  const columns: TableColumnsType<MenuVO> = [
    {
      title: t('system.menu.menuTitle'),
      dataIndex: 'title',
      fixed: 'left',
      render: (_, m) => (
        <Space size={6}>
          <MenuIcon name={m.icon} />
          <span>{bi(m.title, m.titleEn)}</span>
        </Space>
      ),
    },
    {
      title: t('system.menu.type'),
      dataIndex: 'type',
      render: (v: MenuVO['type']) => <Tag color={TYPE_COLOR[v]}>{t(`system.menu.types.${v}`)}</Tag>,
    },
    { title: t('crud.sort'), dataIndex: 'sort', align: 'right' },
    {
      title: t('system.menu.perm'),
      dataIndex: 'perm',
      render: (v: string | null) => (v ? <Typography.Text code>{v}</Typography.Text> : null),
    },
    { title: t('system.menu.path'), dataIndex: 'path' },
    { title: t('system.menu.component'), dataIndex: 'component' },
    {
      title: t('system.menu.hidden'),
      dataIndex: 'hidden',
      render: (v: boolean, m) => (m.type === 'B' ? null : v ? <Tag>{t('common.yes')}</Tag> : null),
    },
    {
      title: t('crud.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, m) => (
        <Space size={0}>
          {m.type !== 'B' && (
            <Perm value="sys:menu:add">
              <Button
                type="link"
                size="small"
                onClick={() => setEditing({ id: 0, parentId: m.id, type: m.type === 'M' ? 'B' : 'M' })}
              >
                {t('system.menu.addChild')}
              </Button>
            </Perm>
          )}
          <Perm value="sys:menu:edit">
            <Button type="link" size="small" onClick={() => setEditing({ id: m.id })} data-testid="menu-edit">
              {t('crud.edit')}
            </Button>
          </Perm>
          <Perm value="sys:menu:delete">
            <Popconfirm
              title={m.children?.length ? t('system.menu.deleteTreeConfirm') : t('crud.deleteConfirm')}
              onConfirm={() => remove(m.id)}
            >
              <Button type="link" size="small" danger>
                {t('crud.delete')}
              </Button>
            </Popconfirm>
          </Perm>
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <SearchForm<Filters>
        fields={[
          {
            name: 'keywords',
            label: t('crud.keywords'),
            node: <Input allowClear placeholder={t('system.menu.keywordsPlaceholder')} data-testid="menu-keywords" />,
          },
        ]}
        onSearch={(v) => setFilters(cleanParams(v))}
      />
      <CrudTable<MenuVO, Filters>
        ref={table}
        queryKey="system-menus"
        request={(q) => menuApi.tree({ keywords: q.keywords })}
        params={filters}
        columns={columns}
        rowKey="id"
        title={t('system.menu.title')}
        defaultExpandAll={Boolean(filters.keywords)}
        data-testid="menu-table"
        tableProps={{ size: 'small' }}
        toolbar={({ expandAll, allExpanded }) => (
          <>
            <Perm value="sys:menu:add">
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setEditing({ id: 0 })}
                data-testid="menu-add"
              >
                {t('crud.add')}
              </Button>
            </Perm>
            <Button icon={<NodeExpandOutlined />} onClick={() => expandAll(!allExpanded)} data-testid="menu-expand">
              {allExpanded ? t('crud.collapseAll') : t('crud.expandAll')}
            </Button>
          </>
        )}
      />
      <MenuFormModal editing={editing} onClose={closeForm} onSaved={changed} />
    </Space>
  );
}
