import {
  Col,
  type ColProps,
  Form,
  type FormItemProps,
  type FormRule,
  Input,
  type InputProps,
  TreeSelect,
  type TreeSelectProps,
} from 'antd';
import { useTranslation } from '../../app/i18n';
import { DictSelect } from './Dict';
import { SortInput, StatusRadio } from './inputs';

/**
 * How wide a field is in a dialog's grid (`<FormModal grid>`): `full` a whole row, `half` one of
 * two columns (a whole row on phones), `quarter` one of four (one of two on phones), or `Col` props.
 */
export type FieldSpan = 'full' | 'half' | 'quarter' | ColProps;

const SPANS: Record<Exclude<FieldSpan, ColProps>, ColProps> = {
  full: { xs: 24 },
  half: { xs: 24, sm: 12 },
  quarter: { xs: 12, sm: 6 },
};

export interface FieldProps extends FormItemProps {
  /** Default `half`. */
  span?: FieldSpan;
}

/** One cell of a form dialog's grid: a `Form.Item` (name, label, rules…) around its input. */
function FieldCell({ span = 'half', ...item }: FieldProps) {
  return (
    <Col {...(typeof span === 'string' ? SPANS[span] : span)}>
      <Form.Item {...item} />
    </Col>
  );
}

export interface TextFieldProps
  extends Omit<FieldProps, 'children' | 'required'>,
    Pick<InputProps, 'autoComplete' | 'inputMode' | 'disabled' | 'placeholder'> {
  /** The most characters it takes. */
  max: number;
  /** Required: the message when it is left empty. */
  required?: string;
  /** With `required`: only spaces count as empty. */
  whitespace?: boolean;
  /** What it must match, and the message when it does not. */
  pattern?: RegExp;
  patternMessage?: string;
  testId?: string;
}

/**
 * A one-line text field: `<TextField name="name" label={…} max={50} required={t('…')} />`. Its rules:
 * required, then the pattern, then any others given in `rules`.
 */
function TextField({
  max,
  required,
  whitespace,
  pattern,
  patternMessage,
  rules = [],
  testId,
  autoComplete,
  inputMode,
  disabled,
  placeholder,
  ...field
}: TextFieldProps) {
  const all: FormRule[] = [
    ...(required
      ? [whitespace ? { required: true, whitespace, message: required } : { required: true, message: required }]
      : []),
    ...(pattern ? [{ pattern, message: patternMessage }] : []),
    ...rules,
  ];
  return (
    <FieldCell {...field} rules={all.length ? all : undefined}>
      <Input
        maxLength={max}
        autoComplete={autoComplete}
        inputMode={inputMode}
        disabled={disabled}
        placeholder={placeholder}
        data-testid={testId}
      />
    </FieldCell>
  );
}

export interface RemarkFieldProps extends Omit<FieldProps, 'children'> {
  /** Default 500. */
  max?: number;
  /** The most rows it grows to (from 2); default 5. */
  maxRows?: number;
  showCount?: boolean;
}

/** A free-text note over a whole row: by default the record's `remark`. */
function RemarkField({
  name = 'remark',
  label,
  span = 'full',
  max = 500,
  maxRows = 5,
  showCount,
  ...field
}: RemarkFieldProps) {
  const { t } = useTranslation();
  return (
    <FieldCell name={name} label={label ?? t('crud.remark')} span={span} {...field}>
      <Input.TextArea maxLength={max} showCount={showCount} autoSize={{ minRows: 2, maxRows }} />
    </FieldCell>
  );
}

/** A record's `sort` (`SortInput`). */
function SortField({ span }: { span?: FieldSpan }) {
  const { t } = useTranslation();
  return (
    <FieldCell name="sort" label={t('crud.sort')} span={span}>
      <SortInput />
    </FieldCell>
  );
}

/** A record's `status`: enabled / disabled radios (`StatusRadio`), or with `select` a dictionary select. */
function StatusField({ span, select }: { span?: FieldSpan; select?: boolean }) {
  const { t } = useTranslation();
  return (
    <FieldCell name="status" label={t('crud.status')} span={span}>
      {select ? <DictSelect dictCode="status" numeric allowClear={false} /> : <StatusRadio />}
    </FieldCell>
  );
}

export interface TreeFieldProps extends Pick<FieldProps, 'name' | 'label' | 'span'>, TreeSelectProps {
  /** Clearable, searched by title, all open, as wide as its cell. */
  searchable?: boolean;
}

const SEARCHABLE: TreeSelectProps = {
  allowClear: true,
  showSearch: true,
  treeNodeFilterProp: 'title',
  treeDefaultExpandAll: true,
  style: { width: '100%' },
};

/** A tree picker (a parent, a department, an area…); the other props go to the `TreeSelect`. */
function TreeField({ name, label, span, searchable, ...tree }: TreeFieldProps) {
  return (
    <FieldCell name={name} label={label} span={span}>
      <TreeSelect {...(searchable ? SEARCHABLE : {})} {...tree} />
    </FieldCell>
  );
}

/**
 * The cells of a form dialog's grid (`<FormModal grid>`): `<Field name label rules>{input}</Field>`,
 * and the usual ones — `Field.Text`, `Field.Remark`, `Field.Sort`, `Field.Status`, `Field.Tree`.
 */
export const Field = Object.assign(FieldCell, {
  Text: TextField,
  Remark: RemarkField,
  Sort: SortField,
  Status: StatusField,
  Tree: TreeField,
});
