/**
 * A delegation's list of people (athletes, coaches): its state, and the page around it — the
 * filters, the list (a table, or cards on a phone), the toolbar under the meeting's cap, the form
 * and the spreadsheet import.
 */
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { ApplyContextVO, ImportMode, ImportReport } from '@baton/contracts';
import type { QueryKey } from '@tanstack/react-query';
import { App, Space, type TableColumnsType } from 'antd';
import { type ComponentType, type ReactNode, useCallback, useState } from 'react';
import { applyQueries } from '../../api/apply';
import type { BlobResponse, ImportMapping, PageResult } from '../../api/request';
import { useTranslation } from '../../app/i18n';
import {
  cleanParams,
  DictSelect,
  downloadFrom,
  ImportDialog,
  type ImportDialogProps,
  type PageSortParams,
  type SearchField,
  SearchForm,
} from '../../components/crud';
import { ApplyHeader } from './ApplyHeader';
import { ApplyList } from './ApplyList';
import { HeadroomNote, useHeadroom } from './Headroom';
import { type AuditStatus, RecordButtons, StatusCell, ToolbarButton, useEditParam } from './records';
import { readOnlyReason, refreshApply, useApplyContext } from './shared';

type Kind = 'athletes' | 'coaches';
/** A record under audit. */
type Audited = { id: number; status: AuditStatus; auditReason: string | null };

/** What the list calls of its api (`applyApi.athletes`, `applyApi.coaches`). */
export interface RecordApi<T, Q> {
  page: (query: Q & PageSortParams) => Promise<PageResult<T>>;
  remove: (ids: number[], delegationId: number | undefined) => Promise<unknown>;
  template: (delegationId?: number) => Promise<BlobResponse>;
  import: (file: File, mode: ImportMode, delegationId?: number, mapping?: ImportMapping) => Promise<ImportReport>;
}

export interface RecordListOptions<T, Q> {
  api: RecordApi<T, Q>;
  kind: Kind;
  /** The record's name in keys and test ids: `apply.<name>.title`, `<name>-table`, `<name>-edit`… */
  name: string;
  /** May delete (the permission). */
  deletable: boolean;
  /** Lists a save or a delete makes stale besides this one (key prefixes from `applyQueries`). */
  alsoRefresh?: QueryKey[];
}

/**
 * The state of a delegation's list of people: its context, the record in the form (`?edit=` opens
 * one), the import dialog, delete (says so and refreshes, as a save does), and each record's buttons.
 */
export function useRecordList<T extends Audited, Q>(options: RecordListOptions<T, Q>) {
  const { api, kind, name, deletable, alsoRefresh = [] } = options;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { ctx, delegationId } = useApplyContext();
  const [editing, setEditing] = useState<number | null>(null);
  const [importing, setImporting] = useState(false);
  useEditParam(setEditing);
  const closeForm = useCallback(() => setEditing(null), []);
  const writable = Boolean(ctx?.writable);
  const saved = () => refreshApply(applyQueries[kind](), ...alsoRefresh);
  const remove = async (id: number) => {
    await api.remove([id], delegationId);
    message.success(t('crud.deleted'));
    saved();
  };
  /** A record's edit and delete, in a table's cell or (`block`) under a phone's card. */
  const buttons = (record: T, block?: boolean) => (
    <RecordButtons
      record={record}
      writable={writable}
      deletable={deletable}
      onEdit={setEditing}
      onDelete={remove}
      testId={name}
      block={block}
    />
  );
  return {
    ...options,
    ctx,
    delegationId,
    editing,
    edit: setEditing,
    closeForm,
    saved,
    importing,
    setImporting,
    buttons,
  };
}

export type RecordList<T extends Audited, Q> = ReturnType<typeof useRecordList<T, Q>>;

/** The props of a record's form, as the page hands them. */
export interface RecordFormProps {
  ctx: ApplyContextVO;
  delegationId?: number;
  /** The record being edited, 0 for a new one, null when closed. */
  editing: number | null;
  onClose: () => void;
  onSaved: () => void;
}

export interface RecordPageProps<T extends Audited, Q> {
  list: RecordList<T, Q>;
  /** The filters before the audit status. */
  search: SearchField[];
  /** The columns before the audit status and the actions. */
  columns: TableColumnsType<T>;
  /** The audit status sorts the list. */
  sortable?: boolean;
  /** One record on a phone. */
  card: (row: T) => ReactNode;
  /** The permissions to add and to import. */
  canAdd: boolean;
  canImport: boolean;
  /** More of the toolbar, after add and import. */
  toolbar?: ReactNode;
  form: ComponentType<RecordFormProps>;
  /** More of the import dialog (a second template). */
  importing?: Partial<ImportDialogProps>;
}

/**
 * A delegation's list of people: the header, the filters (the page's, then the audit status), the
 * list with its toolbar (the room left under the meeting's cap, add and import — disabled, with the
 * reason, while the delegation cannot write or the cap is reached — then the page's), the form,
 * and the import (template `<kind>-template.xlsx`). Test ids `<name>-add`, `<name>-import`.
 */
export function RecordPage<T extends Audited, Q extends object>({
  list,
  search,
  columns,
  sortable,
  card,
  canAdd,
  canImport,
  toolbar,
  form: RecordForm,
  importing,
}: RecordPageProps<T, Q>) {
  const { t } = useTranslation();
  const { api, kind, name, ctx, delegationId } = list;
  const [values, setValues] = useState<object>({});
  // The meeting's cap per delegation: adding and importing are disabled at it, with the reason.
  const room = useHeadroom(ctx, kind);
  const reason = readOnlyReason(ctx, t) ?? room.reason;
  const button = (action: 'add' | 'import', icon: ReactNode, onClick: () => void) => (
    <ToolbarButton
      primary={action === 'add'}
      reason={reason}
      disabled={!ctx?.writable || room.full}
      icon={icon}
      onClick={onClick}
      testId={`${name}-${action}`}
    >
      {t(`crud.${action}`)}
    </ToolbarButton>
  );
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} className="apply-page">
      <ApplyHeader />
      <SearchForm
        data-testid={`${name}-search`}
        fields={[...search, { name: 'status', label: t('crud.status'), node: <DictSelect dictCode="audit_status" /> }]}
        onSearch={(v) => setValues(cleanParams(v))}
      />
      {ctx && (
        <ApplyList<T, Q>
          queryKey={applyQueries[kind]()}
          request={api.page}
          params={{ ...values, delegationId } as Q}
          columns={[
            ...columns,
            {
              title: t('crud.status'),
              key: 'status',
              sorter: sortable,
              render: (_, r) => <StatusCell {...r} testId={`${name}-reason`} />,
            },
            { title: t('crud.actions'), key: 'actions', fixed: 'right', render: (_, r) => list.buttons(r) },
          ]}
          card={card}
          rowKey={'id' as Extract<keyof T, string>}
          title={t(`apply.${name}.title`)}
          data-testid={`${name}-table`}
          // The items one by one (the table spaces them): the room left, add, import, the page's.
          toolbar={() => (
            <>
              <HeadroomNote text={room.text} full={room.full} />
              {canAdd && button('add', <PlusOutlined />, () => list.edit(0))}
              {canImport && button('import', <UploadOutlined />, () => list.setImporting(true))}
              {toolbar}
            </>
          )}
        />
      )}
      {ctx && (
        <RecordForm
          ctx={ctx}
          delegationId={delegationId}
          editing={list.editing}
          onClose={list.closeForm}
          onSaved={list.saved}
        />
      )}
      <ImportDialog
        open={list.importing}
        onClose={() => list.setImporting(false)}
        title={t(`apply.${name}.importTitle`)}
        onTemplate={() => downloadFrom(() => api.template(delegationId), `${kind}-template.xlsx`)}
        upload={(file, mode, mapping) => api.import(file, mode, delegationId, mapping)}
        onImported={() => refreshApply(applyQueries[kind]())}
        {...importing}
      />
    </Space>
  );
}
