import { DeleteOutlined, DownloadOutlined, NodeExpandOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import type { Key, ReactNode } from 'react';
import { useTranslation } from '../../app/i18n';
import { type PermValue, usePerm } from '../../hooks/usePerm';
import type { CrudTableContext } from './CrudTable';

type Action = 'add' | 'delete' | 'import' | 'export';

export interface CrudToolbarProps {
  /** Permission prefix: `base:code` asks for `base:code:add`, `…:delete`, `…:import`, `…:export`. */
  perm: string;
  /** Other permissions for single buttons, e.g. `{ export: ['a:export', 'b:export'] }` (any one suffices). */
  perms?: Partial<Record<Action, PermValue>>;
  /** Test-id prefix: `code` gives `code-add`, `code-batch-delete`, `code-import`, `code-export`, `code-expand`. */
  testId: string;
  /** CrudTable's toolbar context: the selection the batch delete acts on, the tree's expand state. */
  table: Pick<CrudTableContext<unknown>, 'selectedKeys' | 'expandAll' | 'allExpanded'>;
  onAdd?: () => void;
  addDisabled?: boolean;
  /** Instead of "Add" (e.g. "Compose"). */
  addLabel?: ReactNode;
  /** Other ways to create (copy, batch add…), right after "add" (wrapped in their own `Perm`). */
  adding?: ReactNode;
  /** Deletes the selected rows after a confirmation that says how many. */
  onDelete?: (ids: number[]) => unknown;
  onImport?: () => void;
  /** E.g. `() => downloadFrom(() => api.export(filters), 'items.xlsx')`. */
  onExport?: () => unknown;
  /** Tree tables: the expand-all / collapse-all toggle, last. */
  expandToggle?: boolean;
  /** Further buttons, after export. */
  children?: ReactNode;
}

/**
 * The buttons above a list: add, batch delete (confirmed, with the count), import and export,
 * each shown only with its permission and only when the page gives its handler; then the page's
 * own buttons and, for trees, expand / collapse all. Used as `toolbar={(table) => <CrudToolbar table={table} … />}`.
 */
export function CrudToolbar({
  perm,
  perms,
  testId,
  table,
  onAdd,
  addDisabled,
  addLabel,
  adding,
  onDelete,
  onImport,
  onExport,
  expandToggle,
  children,
}: CrudToolbarProps) {
  const { t } = useTranslation();
  const can = usePerm();
  const allowed = (action: Action) => can(perms?.[action] ?? `${perm}:${action}`);
  const count = table.selectedKeys.length;
  const ids = (keys: readonly Key[]) => keys.map(Number);

  return (
    <>
      {onAdd && allowed('add') && (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={onAdd}
          disabled={addDisabled}
          data-testid={`${testId}-add`}
        >
          {addLabel ?? t('crud.add')}
        </Button>
      )}
      {adding}
      {onDelete && allowed('delete') && (
        <Popconfirm
          title={t('crud.batchDeleteConfirm', { count })}
          onConfirm={() => onDelete(ids(table.selectedKeys))}
          disabled={!count}
        >
          <Button danger icon={<DeleteOutlined />} disabled={!count} data-testid={`${testId}-batch-delete`}>
            {t('crud.batchDelete')}
          </Button>
        </Popconfirm>
      )}
      {onImport && allowed('import') && (
        <Button icon={<UploadOutlined />} onClick={onImport} data-testid={`${testId}-import`}>
          {t('crud.import')}
        </Button>
      )}
      {onExport && allowed('export') && (
        <Button icon={<DownloadOutlined />} onClick={() => void onExport()} data-testid={`${testId}-export`}>
          {t('crud.export')}
        </Button>
      )}
      {children}
      {expandToggle && (
        <Button
          icon={<NodeExpandOutlined />}
          onClick={() => table.expandAll(!table.allExpanded)}
          data-testid={`${testId}-expand`}
        >
          {table.allExpanded ? t('crud.collapseAll') : t('crud.expandAll')}
        </Button>
      )}
    </>
  );
}
