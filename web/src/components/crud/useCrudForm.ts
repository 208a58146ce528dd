import { App, Form, type FormInstance } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../app/i18n';
import { useSticky } from '../../hooks/useSticky';

/** What a form dialog edits: an id, or an object with one (`{ id: 0, parentId }`); 0 creates. */
export type Editing = number | { id: number };

/** What a tree page's form edits: a record, or (`id: 0`) a new one, below `parentId` when given. */
export interface TreeEditing {
  id: number;
  parentId?: number | null;
}

/**
 * The props of a page's create / edit dialog, as `useCrudPage` hands them:
 * `editing={page.editing} onClose={page.closeForm} onSaved={page.changed}`.
 */
export interface CrudFormProps<E extends Editing = number> {
  editing: E | null;
  onClose: () => void;
  onSaved: () => void;
}

export interface CrudFormOptions<V, L, E extends Editing, R> {
  /** `null` closed; otherwise what to edit (see `Editing`). */
  editing: E | null;
  /** Loads the record to edit (the module's `api.form`). */
  load: (id: number) => Promise<L>;
  /** The form values of the loaded record; default the record itself. */
  toValues?: (loaded: L) => Partial<V>;
  /** The values a new record starts with. */
  defaults?: (editing: E) => Partial<V>;
  /** Saves the validated values; `loaded` is the record being edited (`null` when creating). */
  save: (values: V, loaded: L | null) => Promise<R>;
  onClose: () => void;
  /** After a save (the toast "saved" is shown first), with what `save` answered. */
  onSaved: (saved: R) => void;
  /** The dialog's title when creating and when editing (handed to `FormModal` with `modal`). */
  title?: { add: ReactNode; edit: ReactNode };
}

export interface CrudForm<V, L, E> {
  form: FormInstance<V>;
  /** The record being edited, once loaded (`null` when creating). */
  loaded: L | null;
  /** Editing rather than creating; kept while the dialog closes. */
  isEdit: boolean;
  /** The last `editing` that was not null (the dialog shows it while closing). */
  shown: E | null;
  /** Spread on `<FormModal>`: `open`, `form`, `loading`, `onSubmit`, `onClose`, and the `title` when given. */
  modal: {
    title?: ReactNode;
    open: boolean;
    form: FormInstance<V>;
    loading: boolean;
    onSubmit: (values: V) => Promise<void>;
    onClose: () => void;
  };
}

const idOf = (e: Editing) => (typeof e === 'number' ? e : e.id);

/**
 * The wiring of a create / edit dialog: on open the form is reset and filled with `defaults` (create)
 * or the loaded record (edit; a failed load closes the dialog); OK saves, toasts "saved" and calls
 * `onSaved`. A rejected save keeps the dialog open (FormModal).
 */
export function useCrudForm<V, L, E extends Editing = number, R = unknown>(
  options: CrudFormOptions<V, L, E, R>,
): CrudForm<V, L, E> {
  const { editing, onClose } = options;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<V>();
  const [loaded, setLoaded] = useState<L | null>(null);
  const [loading, setLoading] = useState(false);
  const shown = useSticky(editing);
  // The caller passes its functions inline: the latest are used without reopening the form.
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    if (editing === null) return;
    const { load, toValues, defaults } = latest.current;
    form.resetFields();
    setLoaded(null);
    const id = idOf(editing);
    setLoading(Boolean(id));
    if (!id) {
      if (defaults) form.setFieldsValue(defaults(editing) as Parameters<typeof form.setFieldsValue>[0]);
      return;
    }
    // An answer for a record no longer open is dropped.
    let current = true;
    load(id)
      .then((record) => {
        if (!current) return;
        setLoaded(record);
        form.setFieldsValue((toValues ? toValues(record) : record) as Parameters<typeof form.setFieldsValue>[0]);
      })
      .catch(() => current && onClose())
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [editing, form, onClose]);

  const onSubmit = async (values: V) => {
    const saved = await latest.current.save(values, loaded);
    message.success(t('crud.saved'));
    latest.current.onSaved(saved);
  };

  const isEdit = Boolean(shown !== null && idOf(shown));
  const { title } = options;
  return {
    form,
    loaded,
    isEdit,
    shown,
    modal: {
      title: title && (isEdit ? title.edit : title.add),
      open: editing !== null,
      form,
      loading,
      onSubmit,
      onClose,
    },
  };
}

/** An api with the usual create and optimistic-locking update. */
export interface CreateUpdateApi<B, R> {
  create(body: B): Promise<R>;
  update(id: number, body: B & { version: number }): Promise<R>;
}

/**
 * The usual `save` of `useCrudForm`: updates the loaded record with the version it was loaded at
 * (a stale one is refused, A0409), or creates when nothing was loaded.
 */
export function createOrUpdate<B, R = unknown>(
  api: CreateUpdateApi<B, R>,
  loaded: { id: number; version: number } | null,
  body: B,
): Promise<R> {
  return loaded ? api.update(loaded.id, { ...body, version: loaded.version }) : api.create(body);
}
