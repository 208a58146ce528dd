import { Form, type FormInstance, type FormProps, Row, Spin } from 'antd';
import type { ReactNode } from 'react';
import { validValues } from '../../utils/form-values';
import { ActionModal } from './ActionModal';

export interface FormModalProps<V> {
  open: boolean;
  /** Usually from `useCrudForm` (`title: { add, edit }`). */
  title?: ReactNode;
  form: FormInstance<V>;
  /** Saves the validated values. Resolve to close; reject (e.g. A0409 "changed by someone else") to stay open. */
  onSubmit: (values: V) => Promise<unknown>;
  onClose: () => void;
  /** While the record is being loaded for editing. */
  loading?: boolean;
  width?: number;
  children: ReactNode;
  /** The children are grid cells (`Field`, `TextField`…): they go in a row with a 16 px gutter. */
  grid?: boolean;
  formProps?: Omit<FormProps<V>, 'form' | 'children'>;
  'data-testid'?: string;
}

/**
 * A create / edit dialog around an antd Form: OK validates, awaits `onSubmit` and closes only when
 * it succeeds, so a server rejection (already toasted by the request layer) keeps what was typed.
 */
export function FormModal<V>({
  open,
  title,
  form,
  onSubmit,
  onClose,
  loading,
  width = 640,
  children,
  grid,
  formProps,
  'data-testid': testId,
}: FormModalProps<V>) {
  const submit = async () => {
    const values = await validValues(form);
    if (!values) return false;
    await onSubmit({ ...(form.getFieldsValue(true) as V), ...values });
  };
  return (
    <ActionModal
      open={open}
      title={title}
      width={width}
      onOk={submit}
      onClose={onClose}
      forceRender
      maskClosable={false}
      okDisabled={loading}
      okTestId="modal-ok"
    >
      <Spin spinning={Boolean(loading)}>
        <Form
          form={form}
          layout="vertical"
          data-testid={testId}
          {...formProps}
          style={{ marginTop: 12, ...formProps?.style }}
        >
          {grid ? <Row gutter={16}>{children}</Row> : children}
        </Form>
      </Spin>
    </ActionModal>
  );
}
