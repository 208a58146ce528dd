import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { type RefObject, useCallback, useRef, useState } from 'react';
import { useTranslation } from '../../app/i18n';
import type { CrudTableHandle } from './CrudTable';
import { cleanParams } from './SearchForm';

export interface CrudPageOptions {
  /** Deletes records by id: what the row's delete and the toolbar's batch delete call. */
  remove?: (ids: number[]) => Promise<unknown>;
  /** Queries to refresh after a save, delete or import (e.g. a picker's tree): `[codeQueries.tree()]`. */
  refresh?: readonly { queryKey: QueryKey }[];
  /** After a save, delete or import, besides reloading the table and `refresh` (e.g. clear a cache). */
  onChanged?: () => void;
}

export interface CrudPage<T, F, E> {
  /** For `<CrudTable ref={…}>`. */
  table: RefObject<CrudTableHandle<T> | null>;
  /** The filters of the last search (for `<CrudTable params>` and the export). */
  filters: F;
  /** `<SearchForm onSearch>`: trims the values and drops empty ones. */
  search: (values: F) => void;
  /** What the form dialog edits: `null` closed; for `useCrudForm`. */
  editing: E | null;
  /** Opens the form dialog (`0` / `{ id: 0 }` creates). */
  edit: (what: E) => void;
  /** Closes the form dialog (stable, for the dialog's effects). */
  closeForm: () => void;
  /**
   * The props of the page's form dialog (`CrudFormProps`): `editing`, `onClose` (`closeForm`) and
   * `onSaved` (`changed`) — `<ThingFormModal {...page.form} />`.
   */
  form: { editing: E | null; onClose: () => void; onSaved: () => void };
  /** Reloads the table, refreshes the `refresh` queries and runs `onChanged` (stable). */
  changed: () => void;
  /** Deletes, says so, clears the selection and calls `changed`. */
  remove: (ids: number[]) => Promise<void>;
}

/**
 * The state every list page repeats: the table handle, the search filters, the record in the form
 * dialog, and delete-then-reload. `T` the row, `F` the filters, `E` what the form edits (an id, or
 * an object with `id` such as `{ id: 0, parentId }` for "add child").
 */
export function useCrudPage<T, F extends object = Record<string, never>, E = number>(
  options: CrudPageOptions = {},
): CrudPage<T, F, E> {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const table = useRef<CrudTableHandle<T>>(null);
  const [filters, setFilters] = useState<F>({} as F);
  const [editing, setEditing] = useState<E | null>(null);
  // The page passes its options inline: the latest are used, the callbacks below stay the same.
  const latest = useRef(options);
  latest.current = options;

  const search = useCallback((values: F) => setFilters(cleanParams(values) as F), []);
  const edit = useCallback((what: E) => setEditing(() => what), []);
  const closeForm = useCallback(() => setEditing(null), []);
  const changed = useCallback(() => {
    table.current?.reload();
    for (const { queryKey } of latest.current.refresh ?? []) void queryClient.invalidateQueries({ queryKey });
    latest.current.onChanged?.();
  }, [queryClient]);
  const remove = useCallback(
    async (ids: number[]) => {
      const call = latest.current.remove;
      if (!call) throw new Error('useCrudPage: no remove given');
      await call(ids);
      message.success(t('crud.deleted'));
      table.current?.clearSelection();
      changed();
    },
    [message, t, changed],
  );

  const form = { editing, onClose: closeForm, onSaved: changed };
  return { table, filters, search, editing, edit, closeForm, form, changed, remove };
}
