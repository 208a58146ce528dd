import type { MenuVO, RoleVO, TreeOptionVO } from '@baton/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Drawer, Empty, Input, Space, Spin, Tag, Tree, Typography } from 'antd';
import type { Key, ReactNode } from 'react';
import { useEffect, useMemo, useState } from 'react';
import { menuQueries } from '../../../api/menus';
import { roleApi, roleQueries } from '../../../api/roles';
import { useTranslation } from '../../../app/i18n';
import { useEn } from '../../../hooks/language';
import { useBusy } from '../../../hooks/useBusy';
import { useMobile } from '../../../hooks/useMobile';
import { usePerm } from '../../../hooks/usePerm';

interface Node {
  key: number;
  title: ReactNode;
  text: string;
  children: Node[];
}

const TYPE_COLOR = { C: 'blue', M: 'green', B: 'orange' } as const;

/**
 * Grants a role its catalogues, pages and buttons: a checkable menu tree (a parent is checked
 * when all below it is, half-checked when some is); saved as the checked plus half-checked ids.
 */
export function AssignDrawer({ role, onClose }: { role: RoleVO | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const en = useEn();
  const mobile = useMobile();
  const can = usePerm();
  const open = Boolean(role);
  // The full tree shows types and permission strings; without menu access the picker tree will do.
  const full = can('sys:menu:query');
  const menus = useQuery({ ...menuQueries.assignable(full), enabled: open });
  const granted = useQuery({ ...roleQueries.menuIds(role?.id), enabled: open, gcTime: 0 });
  const [checked, setChecked] = useState<Key[]>([]);
  const [half, setHalf] = useState<Key[]>([]);
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [filter, setFilter] = useState('');
  const [saving, run] = useBusy();

  const nodes = useMemo<Node[]>(() => {
    const fromMenu = (list: MenuVO[]): Node[] =>
      list.map((m) => {
        const text = (en ? m.titleEn || m.title : m.title || m.titleEn) ?? '';
        return {
          key: m.id,
          text: `${text} ${m.perm ?? ''}`,
          title: (
            <Space size={[6, 2]} wrap>
              <Tag color={TYPE_COLOR[m.type]} style={{ marginInlineEnd: 0 }}>
                {t(`system.menu.types.${m.type}`)}
              </Tag>
              <span>{text}</span>
              {m.perm && (
                <Typography.Text type="secondary" code style={{ fontSize: 12 }}>
                  {m.perm}
                </Typography.Text>
              )}
            </Space>
          ),
          children: fromMenu(m.children ?? []),
        };
      });
    const fromOption = (list: TreeOptionVO[]): Node[] =>
      list.map((o) => {
        const text = (en ? o.labelEn || o.label : o.label || o.labelEn) ?? '';
        return { key: o.value, text, title: text, children: fromOption(o.children ?? []) };
      });
    const data = menus.data ?? [];
    return full ? fromMenu(data as MenuVO[]) : fromOption(data as TreeOptionVO[]);
  }, [menus.data, full, en, t]);

  const parents = useMemo(() => {
    const out: number[] = [];
    const walk = (list: Node[]) => {
      for (const n of list) {
        if (n.children.length) {
          out.push(n.key);
          walk(n.children);
        }
      }
    };
    walk(nodes);
    return out;
  }, [nodes]);

  // Load: only leaves are set; the tree derives the state of every parent from them.
  useEffect(() => {
    if (!granted.data || !nodes.length) return;
    const parentSet = new Set(parents);
    setChecked(granted.data.filter((id) => !parentSet.has(id)));
    setHalf([]);
    setExpanded(parents);
  }, [granted.data, nodes, parents]);

  const needle = filter.trim().toLowerCase();

  const save = async () => {
    if (!role) return;
    await run(async () => {
      await roleApi.assignMenus(role.id, [...new Set([...checked, ...half].map(Number))]);
      message.success(t('system.role.assigned'));
      onClose();
    });
  };

  const name = role ? (en ? role.nameEn || role.name : role.name) : '';
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('system.role.assignTitle', { name })}
      size={mobile ? '100%' : 560}
      destroyOnHidden
      data-testid="assign-drawer"
      extra={
        <Space>
          <Button onClick={() => setExpanded(expanded.length ? [] : parents)}>
            {expanded.length ? t('crud.collapseAll') : t('crud.expandAll')}
          </Button>
        </Space>
      }
      footer={
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={save} data-testid="assign-save">
            {t('crud.save')}
          </Button>
        </Space>
      }
    >
      <Input.Search
        allowClear
        placeholder={t('system.role.menuSearch')}
        onChange={(e) => setFilter(e.target.value)}
        style={{ marginBottom: 12 }}
      />
      <Spin spinning={menus.isLoading || granted.isLoading}>
        {nodes.length ? (
          <Tree
            checkable
            blockNode
            selectable={false}
            treeData={nodes}
            filterTreeNode={(n) => Boolean(needle) && (n as unknown as Node).text.toLowerCase().includes(needle)}
            checkedKeys={{ checked, halfChecked: half }}
            expandedKeys={needle ? parents : expanded}
            onExpand={(keys) => setExpanded(keys)}
            onCheck={(keys, info) => {
              setChecked(Array.isArray(keys) ? keys : keys.checked);
              setHalf(info.halfCheckedKeys ?? []);
            }}
            data-testid="assign-tree"
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )}
      </Spin>
    </Drawer>
  );
}
