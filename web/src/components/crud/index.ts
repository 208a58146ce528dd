/**
 * Reusable list / form building blocks (issue 3), used by the system pages and meant for every
 * other console page:
 * - `SearchForm` — filter bar (responsive grid, folds on phones); `cleanParams`, `rangeParams`.
 * - `CrudTable` — server-paged / sorted antd Table in a card with toolbar, selection, tree rows.
 * - `FormModal` — create / edit dialog that stays open when the save is rejected.
 * - `ImportDialog` — templates, .xlsx upload, preview with column re-map (`ImportPreview`), row report
 *   (log-mode editor), "valid rows only".
 * - `DictTag`, `DictSelect`, `useDict` — values and pickers from the dictionary cache (spec §4).
 * - `IconPicker` — the curated menu icons.
 * - `download`, `downloadFrom`, `filenameFromDisposition` — save a binary answer under its server name.
 * - `formatTime` — ISO timestamps for tables.
 */
export {
  CrudTable,
  type CrudTableContext,
  type CrudTableHandle,
  type CrudTableProps,
  type PageSortParams,
} from './CrudTable';
export { DictSelect, DictTag, useDict } from './Dict';
export { download, downloadFrom, filenameFromDisposition } from './download';
export { FormModal, type FormModalProps } from './FormModal';
export { formatTime } from './format';
export { IconPicker } from './IconPicker';
export { ImportDialog, type ImportDialogProps } from './ImportDialog';
export { cleanParams, rangeParams, type SearchField, SearchForm, type SearchFormProps } from './SearchForm';
