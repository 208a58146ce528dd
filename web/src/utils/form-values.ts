import type { FormInstance } from 'antd';

/**
 * The form's values once they pass its rules, or null when they do not (the form shows why under
 * each field): `const v = await validValues(form); if (!v) return;`.
 */
export async function validValues<V>(form: FormInstance<V>): Promise<V | null> {
  try {
    return await form.validateFields();
  } catch {
    return null;
  }
}
