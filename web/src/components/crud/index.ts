/**
 * Reusable list / form building blocks (issue 3), used by the system pages and meant for every
 * other console page:
 * - `SearchForm` — filter bar (responsive grid, folds on phones); `cleanParams`, `rangeParams`.
 * - `CrudTable` — server-paged / sorted antd Table in a card with toolbar, selection, tree rows.
 * - `ActionModal` — a dialog whose OK runs one write (spinning meanwhile), closing once it succeeds.
 * - `FormModal` — create / edit dialog (an `ActionModal` around a Form) that stays open when the save is
 *   rejected; `useCrudForm` wires it (reset, defaults or the loaded record, save, "saved").
 * - `useCrudPage` — a list page's state: table handle, filters, the record in the form, delete-then-reload.
 * - `CrudToolbar` — add, batch delete (confirmed, with the count), import, export, by permission.
 * - `rowActions` — the actions column: edit, delete (confirmed), other links, by permission.
 * - `ImportDialog` — templates, .xlsx upload, preview with column re-map (`ImportPreview`), row report
 *   (log-mode editor), "valid rows only".
 * - `DictTag`, `DictSelect`, `useDict` — values and pickers from the dictionary cache (spec §4).
 * - `IconPicker` — the curated menu icons; `SortInput`, `StatusRadio` — a record's sort and enabled / disabled status.
 * - `Field` — a cell of a form dialog's grid (`<FormModal grid>`): a labelled `Form.Item` `full`, `half` or
 *   `quarter` wide; `Field.Text` (max length, required / pattern messages), `Field.Remark`, `Field.Sort`,
 *   `Field.Status`, `Field.Tree` — the fields most dialogs have.
 * - `column` — the columns most lists have: `column.sort()`, `column.status()`, `column.createdAt()`.
 * - `download`, `downloadFrom`, `filenameFromDisposition` — save a binary answer under its server name;
 *   `saveBlob` — save data made in the page.
 * - `formatTime` — ISO timestamps for tables.
 *
 * - `CrudList` — a whole admin list page over these (filters, table, toolbar, its dialogs);
 *   `keywordsField`, `statusField` — the filters most lists have.
 *
 * A new list page is `useCrudPage` + `CrudList` with its columns (`rowActions`, `column`) and filters,
 * and its dialog `useCrudForm` + `<FormModal grid>` over the fields.
 */

export { ActionModal, type ActionModalProps } from './ActionModal';
export { CrudList, type CrudListProps, keywordsField, statusField } from './CrudList';
export {
  CrudTable,
  type CrudTableContext,
  type CrudTableHandle,
  type CrudTableProps,
  type PageSortParams,
} from './CrudTable';
export { CrudToolbar, type CrudToolbarProps } from './CrudToolbar';
export { column } from './columns';
export { DictSelect, DictTag, useDict } from './Dict';
export { download, downloadFrom, filenameFromDisposition, saveBlob } from './download';
export { ExportJobButton } from './ExportJobButton';
export { FormModal, type FormModalProps } from './FormModal';
export { Field, type FieldProps, type FieldSpan, type TextFieldProps } from './fields';
export { formatTime } from './format';
export { IconPicker } from './IconPicker';
export { ImportDialog, type ImportDialogProps } from './ImportDialog';
export { SortInput, StatusRadio } from './inputs';
export {
  type DeleteAction,
  type EditAction,
  type LinkAction,
  type NodeAction,
  type RowActionItem,
  type RowActionList,
  RowActions,
  rowActions,
} from './rowActions';
export { cleanParams, rangeParams, type SearchField, SearchForm, type SearchFormProps } from './SearchForm';
export {
  type CreateUpdateApi,
  type CrudForm,
  type CrudFormOptions,
  type CrudFormProps,
  createOrUpdate,
  type Editing,
  type TreeEditing,
  useCrudForm,
} from './useCrudForm';
export { type CrudPage, type CrudPageOptions, useCrudPage } from './useCrudPage';
