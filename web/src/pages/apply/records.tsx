/**
 * What the delegation's record pages (athletes, coaches, files) and their forms share: the row
 * buttons, the toolbar buttons, the audit notes, the `?edit=` link, and the load-and-save cycle
 * of a record form and its dialog.
 */
import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import type { FieldLinkVO } from '@baton/contracts';
import { COACH_ROLE_LIST, ID_TYPE_LIST, type IdType } from '@baton/contracts';
import {
  Alert,
  App,
  Button,
  type ButtonProps,
  Flex,
  Form,
  type FormInstance,
  Input,
  Popconfirm,
  Space,
  Spin,
  Tooltip,
  Typography,
} from 'antd';
import { type CSSProperties, type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type TFunction, useTranslation } from '../../app/i18n';
import { DictTag } from '../../components/crud';
import { useBusy } from '../../hooks/useBusy';
import { useMobile } from '../../hooks/useMobile';
import { useSticky } from '../../hooks/useSticky';
import { validValues } from '../../utils/form-values';
import { ApplyModal } from './ApplyModal';
import { FieldItems } from './FieldItems';
import { idNumberProblem } from './rules';

export type AuditStatus = 'draft' | 'submitted' | 'returned' | 'approved';

/** A row's button: a link in the table, a full-width large button on a phone's card. */
const rowButton = (block?: boolean): ButtonProps => ({
  type: block ? 'default' : 'link',
  size: block ? 'large' : 'small',
  block,
});

/** Edit, or view when the record is locked. */
export function RowEditButton({
  locked,
  block,
  onClick,
  testId,
}: {
  locked: boolean;
  block?: boolean;
  onClick: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Button
      {...rowButton(block)}
      icon={locked ? <EyeOutlined /> : <EditOutlined />}
      onClick={onClick}
      data-testid={testId}
    >
      {locked ? t('apply.view') : t('crud.edit')}
    </Button>
  );
}

/** Delete, after a confirmation. */
export function RowDeleteButton({
  block,
  onConfirm,
  testId,
}: {
  block?: boolean;
  onConfirm: () => unknown;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Popconfirm title={t('crud.deleteConfirm')} onConfirm={onConfirm}>
      <Button {...rowButton(block)} danger icon={<DeleteOutlined />} data-testid={testId}>
        {t('crud.delete')}
      </Button>
    </Popconfirm>
  );
}

/**
 * A record's buttons: edit — view when it is locked (under audit, or the delegation cannot write) —
 * and delete, for a draft or returned record when `deletable` (the permission): an approved one is
 * editable (back to audit) but not deletable. In a table's cell,
 * or full width under a phone's card (`block`). Test ids `<testId>-edit`, `<testId>-delete`.
 */
export function RecordButtons({
  record,
  writable,
  deletable,
  onEdit,
  onDelete,
  testId,
  block,
}: {
  record: { id: number; status: AuditStatus };
  writable: boolean;
  deletable: boolean;
  onEdit: (id: number) => void;
  onDelete: (id: number) => unknown;
  testId: string;
  block?: boolean;
}) {
  const { id, status } = record;
  const locked = !writable || status === 'submitted';
  const removable = deletable && writable && (status === 'draft' || status === 'returned');
  const buttons = (
    <>
      <RowEditButton locked={locked} block={block} onClick={() => onEdit(id)} testId={`${testId}-edit`} />
      {removable && <RowDeleteButton block={block} onConfirm={() => onDelete(id)} testId={`${testId}-delete`} />}
    </>
  );
  return block ? (
    <Flex gap={8} style={{ marginTop: 12 }}>
      {buttons}
    </Flex>
  ) : (
    <Space size={0}>{buttons}</Space>
  );
}

/** A list toolbar's write button (add, import): disabled with the reason as its tooltip. */
export function ToolbarButton({
  reason,
  disabled,
  onClick,
  icon,
  primary,
  testId,
  children,
}: {
  reason: ReactNode;
  disabled: boolean;
  onClick: () => void;
  icon: ReactNode;
  primary?: boolean;
  testId: string;
  children: ReactNode;
}) {
  const mobile = useMobile();
  return (
    <Tooltip title={reason}>
      <Button
        type={primary ? 'primary' : undefined}
        icon={icon}
        disabled={disabled}
        onClick={onClick}
        size={mobile ? 'large' : undefined}
        data-testid={testId}
      >
        {children}
      </Button>
    </Tooltip>
  );
}

/** The audit status of a table row, with the reason under it when the record was returned. */
export function StatusCell({
  status,
  auditReason,
  testId,
}: {
  status: AuditStatus;
  auditReason: string | null;
  testId?: string;
}) {
  return (
    <Space orientation="vertical" size={2}>
      <DictTag dictCode="audit_status" value={status} />
      {status === 'returned' && auditReason && (
        <Typography.Text type="danger" data-testid={testId}>
          {auditReason}
        </Typography.Text>
      )}
    </Space>
  );
}

/** Why the record was returned (nothing unless it was). */
export function ReturnedAlert({
  status,
  auditReason,
  style,
  testId,
}: {
  status: AuditStatus;
  auditReason: string | null;
  style: CSSProperties;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (status !== 'returned' || !auditReason) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={style}
      title={t('apply.returnedReason', { reason: auditReason })}
      data-testid={testId}
    />
  );
}

/** The notes atop a record form: read-only under audit, or why it was returned. */
export function RecordNotes({
  loaded,
  returnedTestId,
}: {
  loaded: { status: AuditStatus; auditReason: string | null } | null;
  returnedTestId?: string;
}) {
  const { t } = useTranslation();
  if (!loaded) return null;
  return (
    <>
      {loaded.status === 'submitted' && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('apply.readOnly.record')} />
      )}
      <ReturnedAlert {...loaded} style={{ marginBottom: 12 }} testId={returnedTestId} />
    </>
  );
}

/** `?edit=<id>` (from the submit summary's problem links) opens that record, and leaves the address. */
export function useEditParam(open: (id: number) => void) {
  const [params, setParams] = useSearchParams();
  const editParam = Number(params.get('edit'));
  useEffect(() => {
    if (!Number.isInteger(editParam) || editParam <= 0) return;
    open(editParam);
    setParams(
      (p) => {
        p.delete('edit');
        return p;
      },
      { replace: true },
    );
  }, [editParam, setParams, open]);
}

interface FormRecord {
  version: number;
  status: AuditStatus;
  auditReason: string | null;
}

/**
 * A record form's cycle: on opening, reset, then (editing) load the record into the form; on
 * saving, validate and run the write, then say so, tell the page and close. A failed load closes
 * the form; a failed write is shown by the request layer and the form keeps what was typed.
 */
export function useRecordForm<V, R extends FormRecord>({
  form,
  editing,
  delegationId,
  load,
  toValues,
  writable,
  onClose,
}: {
  form: FormInstance<V>;
  /** The record being edited, 0 for a new one, null when closed. */
  editing: number | null;
  delegationId: number | undefined;
  load: (id: number, delegationId: number | undefined) => Promise<R>;
  toValues: (record: R) => V;
  writable: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [loaded, setLoaded] = useState<R | null>(null);
  const [loading, setLoading] = useState(false);
  const [saving, run] = useBusy();
  const isEdit = Boolean(useSticky(editing));
  const readOnly = !writable || loaded?.status === 'submitted';

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads when the form opens, not when the caller's functions change
  useEffect(() => {
    if (editing === null) return;
    form.resetFields();
    setLoaded(null);
    if (!editing) return;
    setLoading(true);
    load(editing, delegationId)
      .then((r) => {
        setLoaded(r);
        form.setFieldsValue(toValues(r) as Parameters<FormInstance<V>['setFieldsValue']>[0]);
      })
      .catch(onClose)
      .finally(() => setLoading(false));
  }, [editing, form, onClose, delegationId]);

  /** Validates, then runs `write` with the values (and the version read when editing). */
  const save = async (write: (values: V, version: number | null) => Promise<void>) => {
    const v = await validValues(form);
    if (!v) return;
    // A failed write is shown by the request layer; the form keeps what was typed.
    await run(async () => {
      await write(v, editing && loaded ? loaded.version : null);
      message.success(t('crud.saved'));
      onClose();
    });
  };

  return { loaded, loading, saving, isEdit, readOnly, save };
}

/**
 * A record form's dialog (`record` from `useRecordForm`): titled view, edit or add (`prefix` e.g.
 * `apply.coach`), save unless read-only, a spinner while the record loads, the audit notes atop.
 */
export function RecordModal({
  record: { loaded, loading, saving, isEdit, readOnly },
  prefix,
  open,
  onClose,
  onOk,
  returnedTestId,
  children,
  'data-testid': testId,
}: {
  record: Pick<ReturnType<typeof useRecordForm>, 'loaded' | 'loading' | 'saving' | 'isEdit' | 'readOnly'>;
  prefix: string;
  open: boolean;
  onClose: () => void;
  onOk: () => void;
  returnedTestId?: string;
  children: ReactNode;
  'data-testid': string;
}) {
  const { t } = useTranslation();
  return (
    <ApplyModal
      open={open}
      title={recordTitle(t, prefix, readOnly, isEdit)}
      onClose={onClose}
      onOk={onOk}
      saving={saving}
      readOnly={readOnly}
      okDisabled={loading}
      data-testid={testId}
    >
      <Spin spinning={loading}>
        <RecordNotes loaded={loaded} returnedTestId={returnedTestId} />
        {children}
      </Spin>
    </ApplyModal>
  );
}

/** The form's title: view (read-only record), edit or add; `prefix` is e.g. `apply.coach`. */
export function recordTitle(t: TFunction, prefix: string, readOnly: boolean, isEdit: boolean) {
  if (readOnly && isEdit) return t(`${prefix}.viewTitle`);
  return isEdit ? t(`${prefix}.editTitle`) : t(`${prefix}.addTitle`);
}

/** The ID document type select's options. */
export function useIdTypeOptions() {
  const { t } = useTranslation();
  return ID_TYPE_LIST.map((v) => ({ value: v, label: t(`apply.idType.${v}`) }));
}

/** The coach role choice's options. */
export function useCoachRoleOptions() {
  const { t } = useTranslation();
  return COACH_ROLE_LIST.map((r) => ({ value: r, label: t(`apply.coachRole.${r}`) }));
}

/** The gender choice's options. */
export function useGenderOptions() {
  const { t } = useTranslation();
  return (['M', 'F'] as const).map((g) => ({ value: g, label: t(`apply.gender.${g}`) }));
}

/** The ID number, upper-cased without spaces, checked against the chosen ID type as it is typed. */
export function IdNumberItem({ required, testId }: { required?: boolean; testId: string }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  return (
    <Form.Item
      name="idNumber"
      label={t('apply.idNumber')}
      dependencies={['idType']}
      validateDebounce={200}
      normalize={(v: string | undefined) => v?.toUpperCase().replace(/\s/g, '')}
      rules={[
        ...(required ? [{ required: true, message: t('apply.athlete.rules.idNumber') }] : []),
        {
          validator: async (_, value: string | undefined) => {
            if (!value) return;
            const problem = idNumberProblem(form.getFieldValue('idType') as IdType, value);
            if (problem) throw new Error(t(`apply.athlete.idProblem.${problem}`));
          },
        },
      ]}
    >
      <Input maxLength={30} autoComplete="off" data-testid={testId} />
    </Form.Item>
  );
}

/** The meeting's own fields under their heading (nothing when there are none). */
export function MoreFields({ fields, disabled }: { fields: readonly FieldLinkVO[]; disabled: boolean }) {
  const { t } = useTranslation();
  if (fields.length === 0) return null;
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('apply.athlete.moreFields')}
      </Typography.Title>
      <FieldItems fields={fields} disabled={disabled} />
    </>
  );
}
