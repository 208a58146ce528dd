import { Input, Space } from 'antd';
import type { Key, ReactNode } from 'react';
import i18n from '../../app/i18n';
import { usePerm } from '../../hooks/usePerm';
import { CrudTable, type CrudTableProps } from './CrudTable';
import { CrudToolbar, type CrudToolbarProps } from './CrudToolbar';
import { DictSelect } from './Dict';
import { type SearchField, SearchForm } from './SearchForm';
import type { CrudPage } from './useCrudPage';

export interface CrudListProps<T extends { id: Key }, F extends object, E, S extends object = F> {
  /** The page's state (`useCrudPage`): filters, the table handle, add / edit / delete. */
  page: CrudPage<T, F, E>;
  /** The capability's name: test ids `<name>-search`, `<name>-table` and the toolbar's `<name>-add`… */
  name: string;
  /** Permission prefix: `base:item` asks for `base:item:add`, `…:delete`, `…:export`. */
  perm: string;
  /** The filter bar's fields (none: no filter bar). */
  search?: SearchField[];
  /** What a search does when its values are not the filters as they are (a date range…): default `page.search`. */
  onSearch?: (values: S) => void;
  /**
   * The table: its query, columns, title… (the handle and the toolbar are wired here; `params`, the
   * filters it loads with, default to the search's).
   */
  table: Omit<CrudTableProps<T, F>, 'ref' | 'toolbar' | 'data-testid' | 'selectable' | 'rowKey'> & {
    /** Default: rows are selectable for the batch delete when the user may delete. */
    selectable?: CrudTableProps<T, F>['selectable'];
    /** Default: the record's `id`. */
    rowKey?: CrudTableProps<T, F>['rowKey'];
  };
  /**
   * The toolbar's buttons beyond the defaults — add opens the form on a new record (`page.edit(0)`),
   * batch delete calls `page.remove` — e.g. `onExport`, `onImport`, `expandToggle`, or another `onAdd`.
   */
  toolbar?: Partial<Omit<CrudToolbarProps, 'table' | 'perm' | 'testId'>>;
  /** The page's dialogs and drawers (its form first). */
  children?: ReactNode;
  /** On the page's outer box, for the page's own styles. */
  className?: string;
}

/**
 * A whole admin list page over the shared pieces: the filter bar, the table with its toolbar (add,
 * batch delete, import, export, by permission), then the page's dialogs. A page gives what is its
 * own — columns, filters, its form — and nothing of the wiring.
 */
export function CrudList<T extends { id: Key }, F extends object, E = number, S extends object = F>({
  page,
  name,
  perm,
  search,
  onSearch,
  table,
  toolbar,
  children,
  className,
}: CrudListProps<T, F, E, S>) {
  const can = usePerm();
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} className={className}>
      {search && (
        <SearchForm<S>
          data-testid={`${name}-search`}
          fields={search}
          onSearch={onSearch ?? (page.search as unknown as (values: S) => void)}
        />
      )}
      <CrudTable<T, F>
        selectable={can(`${perm}:delete`)}
        params={page.filters}
        rowKey={'id' as Extract<keyof T, string>}
        {...table}
        ref={page.table}
        data-testid={`${name}-table`}
        toolbar={(ctx) => (
          <CrudToolbar
            table={ctx}
            perm={perm}
            testId={name}
            onAdd={() => page.edit(0 as E)}
            onDelete={page.remove}
            {...toolbar}
          />
        )}
      />
      {children}
    </Space>
  );
}

/** The keyword filter of a list: what it searches is said by its placeholder. */
export const keywordsField = (placeholder: string, testId?: string): SearchField => ({
  name: 'keywords',
  label: i18n.t('crud.keywords'),
  node: <Input allowClear placeholder={placeholder} data-testid={testId} />,
});

/**
 * The status filter of a list: enabled / disabled, or the statuses of another dictionary (text
 * values), e.g. `statusField('meeting_status')`.
 */
export const statusField = (dictCode?: string): SearchField => ({
  name: 'status',
  label: i18n.t('crud.status'),
  node: dictCode ? <DictSelect dictCode={dictCode} /> : <DictSelect dictCode="status" numeric />,
});
