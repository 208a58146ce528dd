import { AxiosError, type AxiosResponse } from 'axios';
import { feedback } from '../../app/feedback';
import i18n from '../../app/i18n';
import { filenameFromDisposition } from './filename';

export { filenameFromDisposition };

/** Saves a binary answer (`responseType: 'blob'`) under the name the server gave it. Returns the name. */
export function download(res: AxiosResponse<Blob>, fallback = 'download'): string {
  const header = res.headers?.['content-disposition'] as string | undefined;
  const name = filenameFromDisposition(header, fallback);
  const url = URL.createObjectURL(res.data);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

/**
 * Runs a binary call and saves its answer. A failed download answers JSON inside a Blob, which the
 * request layer cannot read: its `msg` is shown here. Resolves with the file name, or undefined.
 */
export async function downloadFrom(call: () => Promise<AxiosResponse<Blob>>, fallback?: string) {
  try {
    return download(await call(), fallback);
  } catch (error) {
    const data = error instanceof AxiosError ? error.response?.data : undefined;
    let msg = '';
    if (data instanceof Blob) {
      try {
        msg = (JSON.parse(await data.text()) as { msg?: string }).msg ?? '';
      } catch {
        // not JSON: fall through to the default text
      }
    }
    feedback.message.error(msg || i18n.t('common.systemError'));
    return undefined;
  }
}
