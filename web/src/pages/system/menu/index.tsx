import { PlusOutlined } from '@ant-design/icons';
import type { MenuVO } from '@baton/contracts';
import { Space, type TableColumnsType, Tag, Typography } from 'antd';
import { menuApi, menuQueries } from '../../../api/menus';
import { useTranslation } from '../../../app/i18n';
import { CrudList, column, keywordsField, rowActions, useCrudPage } from '../../../components/crud';
import { useBilingual } from '../../../hooks/language';
import { MenuIcon } from '../../../layouts/admin/icons';
import { type MenuEditing, MenuFormModal } from './MenuFormModal';
import { reloadRoutes } from './reloadRoutes';

type Filters = { keywords?: string };
const TYPE_COLOR = { C: 'blue', M: 'green', B: 'orange' } as const;

/** System → Menus: the whole tree of catalogues, pages and buttons; edits refresh the sidebar at once. */
export default function MenuPage() {
  const { t } = useTranslation();
  const bi = useBilingual();
  const page = useCrudPage<MenuVO, Filters, MenuEditing>({
    // One at a time: deleting a menu takes its subtree along.
    remove: ([id]) => menuApi.remove(id!),
    onChanged: () => void reloadRoutes().catch(() => undefined),
  });

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
    column.sort<MenuVO>(),
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
    rowActions<MenuVO>((m) => [
      m.type !== 'B' && {
        label: t('system.menu.addChild'),
        icon: <PlusOutlined />,
        perm: 'sys:menu:add',
        onClick: () => page.edit({ id: 0, parentId: m.id, type: m.type === 'M' ? 'B' : 'M' }),
      },
      { kind: 'edit', perm: 'sys:menu:edit', onClick: () => page.edit({ id: m.id }), testId: 'menu-edit' },
      {
        kind: 'delete',
        perm: 'sys:menu:delete',
        onClick: () => page.remove([m.id]),
        confirm: m.children?.length ? t('system.menu.deleteTreeConfirm') : undefined,
      },
    ]),
  ];

  return (
    <CrudList<MenuVO, Filters, MenuEditing>
      page={page}
      name="menu"
      perm="sys:menu"
      search={[keywordsField(t('system.menu.keywordsPlaceholder'), 'menu-keywords')]}
      table={{
        queryKey: menuQueries.list(),
        request: (q) => menuApi.tree({ keywords: q.keywords }),
        columns,
        title: t('system.menu.title'),
        defaultExpandAll: Boolean(page.filters.keywords),
        tableProps: { size: 'small' },
        // Deleted one at a time (a menu takes its subtree along): no selection, no batch delete.
        selectable: false,
      }}
      toolbar={{ onAdd: () => page.edit({ id: 0 }), onDelete: undefined, expandToggle: true }}
    >
      <MenuFormModal {...page.form} />
    </CrudList>
  );
}
