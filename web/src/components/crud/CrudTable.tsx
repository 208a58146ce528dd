import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { Card, Space, Table, type TableColumnsType, type TableProps } from 'antd';
import type { SorterResult, SortOrder } from 'antd/es/table/interface';
import { type Key, type ReactNode, type Ref, useEffect, useImperativeHandle, useMemo, useState } from 'react';
import { useTranslation } from '../../app/i18n';
import { useAppStore } from '../../stores/app';

/** Paging and sorting a CrudTable adds to the caller's filters. */
export interface PageSortParams {
  pageNum: number;
  pageSize: number;
  sortKey?: string;
  sortDir?: 'asc' | 'desc';
}

/** What the toolbar and the parent can use. */
export interface CrudTableContext<T> {
  /** Fetch the current page again (after a create, edit or delete). */
  reload: () => void;
  selectedKeys: Key[];
  selectedRows: T[];
  clearSelection: () => void;
  /** Tree tables: expand or collapse every row. */
  expandAll: (expand: boolean) => void;
  allExpanded: boolean;
}
export type CrudTableHandle<T = unknown> = CrudTableContext<T>;

export interface CrudTableProps<T extends object, P extends object> {
  /**
   * The list's key prefix from its api's query factory, e.g. `userQueries.list()`; the page's
   * filters, paging and sorting follow it, so invalidating the prefix refetches every page.
   */
  queryKey: QueryKey;
  /**
   * Loads one page: receives the filters plus `pageNum` / `pageSize` / `sortKey` / `sortDir` and
   * answers `{ list, total }`. Answering a plain array (a tree) turns paging off.
   */
  request: (query: P & PageSortParams) => Promise<{ list: T[]; total: number } | T[]>;
  /** The filters; a change goes back to page 1. */
  params?: P;
  /** Columns; `sorter: true` on a column sorts on the server by its `key` (or string `dataIndex`). */
  columns: TableColumnsType<T>;
  rowKey: Extract<keyof T, string> | ((row: T) => Key);
  title?: ReactNode;
  /** Buttons above the table, right of the title (a function receives the selection and `reload`). */
  toolbar?: ReactNode | ((ctx: CrudTableContext<T>) => ReactNode);
  /** Row checkboxes for batch actions; a function decides which rows may not be selected. */
  selectable?: boolean | ((row: T) => boolean);
  /** Tree tables: start with every row expanded. */
  defaultExpandAll?: boolean;
  defaultPageSize?: number;
  /** Extra antd Table props (size, expandable, onRow, …). */
  tableProps?: Omit<TableProps<T>, 'columns' | 'dataSource' | 'rowKey' | 'pagination' | 'onChange' | 'loading'>;
  ref?: Ref<CrudTableHandle<T>>;
  'data-testid'?: string;
}

/** Tree rows with `children: []` would show an expand button that opens nothing. */
function pruneEmptyChildren<T>(rows: readonly T[]): T[] {
  return rows.map((r) => {
    const children = (r as { children?: T[] }).children;
    if (!Array.isArray(children)) return r;
    if (children.length === 0) {
      const { children: _drop, ...rest } = r as T & { children?: T[] };
      return rest as T;
    }
    return { ...r, children: pruneEmptyChildren(children) };
  });
}

function keysWithChildren<T>(rows: readonly T[], key: (row: T) => Key): Key[] {
  const out: Key[] = [];
  const walk = (list: readonly T[]) => {
    for (const r of list) {
      const children = (r as { children?: T[] }).children;
      if (children?.length) {
        out.push(key(r));
        walk(children);
      }
    }
  };
  walk(rows);
  return out;
}

/**
 * An antd Table in a card, on a server list: paging as `pageNum` / `pageSize`, column sorting as
 * `sortKey` / `sortDir`, a toolbar slot, row selection for batch actions, and tree rows (when the
 * request answers an array). It scrolls horizontally inside its card on narrow screens.
 */
export function CrudTable<T extends object, P extends object = Record<string, never>>({
  queryKey,
  request,
  params,
  columns,
  rowKey,
  title,
  toolbar,
  selectable,
  defaultExpandAll,
  defaultPageSize = 10,
  tableProps,
  ref,
  'data-testid': testId,
}: CrudTableProps<T, P>) {
  const { t } = useTranslation();
  const mobile = useAppStore((s) => s.device === 'mobile');
  const [page, setPage] = useState({ pageNum: 1, pageSize: defaultPageSize });
  const [sort, setSort] = useState<{ sortKey?: string; sortDir?: 'asc' | 'desc' }>({});
  const [selected, setSelected] = useState<{ keys: Key[]; rows: T[] }>({ keys: [], rows: [] });
  const [expandedKeys, setExpandedKeys] = useState<readonly Key[] | null>(null);
  const paramsKey = JSON.stringify(params ?? {});

  // New filters: back to the first page, nothing selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the filters' content only
  useEffect(() => {
    setPage((p) => (p.pageNum === 1 ? p : { ...p, pageNum: 1 }));
    setSelected({ keys: [], rows: [] });
  }, [paramsKey]);

  const query = useQuery({
    queryKey: [...queryKey, paramsKey, page.pageNum, page.pageSize, sort.sortKey, sort.sortDir],
    queryFn: () => request({ ...(params ?? ({} as P)), ...page, ...sort }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const answer = query.data;
  const tree = Array.isArray(answer);
  const rows = useMemo(() => (Array.isArray(answer) ? pruneEmptyChildren(answer) : (answer?.list ?? [])), [answer]);
  const total = Array.isArray(answer) ? answer.length : (answer?.total ?? 0);

  const keyOf = useMemo(
    () => (typeof rowKey === 'function' ? rowKey : (row: T) => row[rowKey] as unknown as Key),
    [rowKey],
  );
  const allKeys = useMemo(() => keysWithChildren(rows, keyOf), [rows, keyOf]);
  const expanded = expandedKeys ?? (defaultExpandAll ? allKeys : []);

  const ctx: CrudTableContext<T> = {
    reload: () => void query.refetch(),
    selectedKeys: selected.keys,
    selectedRows: selected.rows,
    clearSelection: () => setSelected({ keys: [], rows: [] }),
    expandAll: (all) => setExpandedKeys(all ? allKeys : []),
    allExpanded: allKeys.length > 0 && allKeys.every((k) => expanded.includes(k)),
  };
  useImperativeHandle(ref, () => ctx);

  // A page past the end (after deleting its last rows): step back.
  useEffect(() => {
    if (!tree && rows.length === 0 && total > 0 && page.pageNum > 1) {
      setPage((p) => ({ ...p, pageNum: Math.max(1, Math.ceil(total / p.pageSize)) }));
    }
  }, [tree, rows.length, total, page.pageNum]);

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'paginate') {
      setPage({ pageNum: pagination.current ?? 1, pageSize: pagination.pageSize ?? page.pageSize });
    }
    if (extra.action === 'sort') {
      const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T> | undefined;
      const key = s?.columnKey ?? (typeof s?.field === 'string' ? s.field : undefined);
      setSort(s?.order && key ? { sortKey: String(key), sortDir: s.order === 'ascend' ? 'asc' : 'desc' } : {});
      setPage((p) => ({ ...p, pageNum: 1 }));
    }
  };

  const sortedColumns = useMemo(
    () =>
      columns.map((c) => {
        // On a phone nothing is pinned: pinned columns would leave no room for the others.
        const col = mobile && c.fixed ? { ...c, fixed: undefined } : c;
        const key = c.key ?? ('dataIndex' in c && typeof c.dataIndex === 'string' ? c.dataIndex : undefined);
        if (!c.sorter || key === undefined) return col;
        const order: SortOrder = sort.sortKey === String(key) ? (sort.sortDir === 'asc' ? 'ascend' : 'descend') : null;
        return { ...col, sortOrder: order };
      }),
    [columns, sort, mobile],
  );

  const bar = typeof toolbar === 'function' ? toolbar(ctx) : toolbar;

  return (
    <Card
      variant="borderless"
      className="crud-table"
      title={title}
      extra={bar && !mobile ? <Space wrap>{bar}</Space> : undefined}
      styles={{ header: { flexWrap: 'wrap', gap: 8, paddingBlock: 8 }, body: { paddingTop: 12 } }}
      data-testid={testId}
    >
      {bar && mobile && (
        <Space wrap style={{ marginBottom: 12 }}>
          {bar}
        </Space>
      )}
      <Table<T>
        size="middle"
        {...tableProps}
        rowKey={rowKey}
        columns={sortedColumns}
        dataSource={rows}
        loading={query.isFetching}
        scroll={{ x: 'max-content', ...tableProps?.scroll }}
        onChange={onChange}
        rowSelection={
          selectable
            ? {
                selectedRowKeys: selected.keys,
                onChange: (keys, selectedRows) => setSelected({ keys, rows: selectedRows }),
                getCheckboxProps: typeof selectable === 'function' ? (r) => ({ disabled: selectable(r) }) : undefined,
                checkStrictly: true,
              }
            : undefined
        }
        expandable={
          tree
            ? {
                expandedRowKeys: expanded,
                onExpandedRowsChange: (keys) => setExpandedKeys(keys),
                ...tableProps?.expandable,
              }
            : tableProps?.expandable
        }
        pagination={
          tree
            ? false
            : {
                current: page.pageNum,
                pageSize: page.pageSize,
                total,
                showSizeChanger: true,
                showTotal: (n) => t('crud.total', { count: n }),
                responsive: true,
                size: 'small',
              }
        }
      />
    </Card>
  );
}
