import type { FormRule } from 'antd';

/**
 * A form rule: the value (a date, a time…, compared as text) comes after the field `other`, or
 * with `orSame` not before it; passes while either is empty.
 */
export const after =
  (other: string, message: string, orSame = false): FormRule =>
  ({ getFieldValue }) => ({
    validator: (_, v?: string) => {
      const from: string | undefined = getFieldValue(other);
      return !v || !from || v > from || (orSame && v === from) ? Promise.resolve() : Promise.reject(new Error(message));
    },
  });
