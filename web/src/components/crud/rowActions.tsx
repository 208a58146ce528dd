import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Popconfirm, Space, type TableColumnType } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from '../../app/i18n';
import { type PermValue, usePerm } from '../../hooks/usePerm';
import { RowAction } from './actions';

interface Common {
  /** Shown only with this permission (any one of a list). */
  perm?: PermValue;
  testId?: string;
  disabled?: boolean;
}

/** "Edit" with its icon. */
export interface EditAction extends Common {
  kind: 'edit';
  onClick: () => void;
}

/** "Delete" with its icon, after a confirmation (default "Delete this record?"). */
export interface DeleteAction extends Common {
  kind: 'delete';
  onClick: () => unknown;
  confirm?: ReactNode;
}

/** Any other link of the row; with `confirm` it runs after that question. */
export interface LinkAction extends Common {
  kind?: undefined;
  label: string;
  icon?: ReactNode;
  onClick: () => unknown;
  confirm?: ReactNode;
  danger?: boolean;
}

/** Something else in the row's actions (e.g. a "more" dropdown). */
export interface NodeAction {
  kind: 'node';
  /** Tells it from the row's other actions. */
  key: string;
  perm?: PermValue;
  node: ReactNode;
}

export type RowActionItem = EditAction | DeleteAction | LinkAction | NodeAction;

/** `false`, `null` and `undefined` are left out, so `cond && { … }` reads as "only when". */
export type RowActionList = (RowActionItem | false | null | undefined)[];

/** The links of one row, each shown by its permission; phones show their icons only. */
export function RowActions({ items, wrap }: { items: RowActionList; wrap?: boolean }) {
  const { t } = useTranslation();
  const can = usePerm();
  return (
    <Space size={0} wrap={wrap}>
      {items.map((item) => {
        if (!item || (item.perm && !can(item.perm))) return null;
        if (item.kind === 'node') return <Fragment key={item.key}>{item.node}</Fragment>;
        const key = item.kind ?? item.label;
        const link =
          item.kind === 'edit'
            ? { label: t('crud.edit'), icon: <EditOutlined /> }
            : item.kind === 'delete'
              ? { label: t('crud.delete'), icon: <DeleteOutlined />, danger: true }
              : { label: item.label, icon: item.icon, danger: item.danger };
        const confirm =
          item.kind === 'delete' ? (item.confirm ?? t('crud.deleteConfirm')) : item.kind ? null : item.confirm;
        if (!confirm) {
          return (
            <RowAction
              key={key}
              {...link}
              disabled={item.disabled}
              onClick={() => void item.onClick()}
              data-testid={item.testId}
            />
          );
        }
        return (
          <Popconfirm key={key} title={confirm} onConfirm={() => item.onClick()} disabled={item.disabled}>
            <RowAction {...link} disabled={item.disabled} data-testid={item.testId} />
          </Popconfirm>
        );
      })}
    </Space>
  );
}

function ActionsTitle() {
  const { t } = useTranslation();
  return t('crud.actions');
}

export interface RowActionsColumnOptions {
  /** Let the links wrap inside a narrow column. */
  wrap?: boolean;
  width?: number;
}

/**
 * The "actions" column of a list: `rowActions<Row>((row) => [{ kind: 'edit', perm, onClick }, …])`.
 * Pinned right on desktops (CrudTable unpins it on phones).
 */
export function rowActions<T>(
  build: (row: T) => RowActionList,
  { wrap, width }: RowActionsColumnOptions = {},
): TableColumnType<T> {
  return {
    title: <ActionsTitle />,
    key: 'actions',
    fixed: 'right',
    width,
    render: (_, row) => <RowActions items={build(row)} wrap={wrap} />,
  };
}
