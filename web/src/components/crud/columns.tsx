import type { TableColumnType } from 'antd';
import i18n from '../../app/i18n';
import { DictTag } from './Dict';
import { formatTime } from './format';

/** With `sortable`, the server sorts by the column (its `key` is the sort key). */
const sorted = (key: string, sortable: boolean) => (sortable ? { key, sorter: true } : {});

/**
 * The columns most lists have, titled in the interface language: `column.sort<Row>()`,
 * `column.status<Row>()`, `column.createdAt<Row>(true)` (sortable).
 */
export const column = {
  /** The record's `sort`, right-aligned. */
  sort: <T,>(sortable = false): TableColumnType<T> => ({
    title: i18n.t('crud.sort'),
    dataIndex: 'sort',
    align: 'right',
    ...sorted('sort', sortable),
  }),
  /** The record's `status` as its dictionary tag. */
  status: <T,>(): TableColumnType<T> => ({
    title: i18n.t('crud.status'),
    dataIndex: 'status',
    render: (v: number) => <DictTag dictCode="status" value={v} />,
  }),
  /** When the record was created. */
  createdAt: <T,>(sortable = false): TableColumnType<T> => ({
    title: i18n.t('crud.createdAt'),
    dataIndex: 'createdAt',
    render: formatTime,
    ...sorted('createdAt', sortable),
  }),
};
