import type { BlobResponse } from '../../api/request';
import { isEnvelope } from '../../api/request';
import { feedback } from '../../app/feedback';
import i18n from '../../app/i18n';
import { filenameFromDisposition } from './filename';

export { filenameFromDisposition };

/** Saves a binary answer (`responseType: 'blob'`) under the name the server gave it. Returns the name. */
export function download(res: BlobResponse, fallback = 'download'): string {
  return saveBlob(res.data, filenameFromDisposition(res.headers['content-disposition'], fallback));
}

/** Saves data made in the page (e.g. a CSV) as a file. Returns the name. */
export function saveBlob(blob: Blob, name: string): string {
  const url = URL.createObjectURL(blob);
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
 * Runs a binary call and saves its answer. A refused download answers the JSON envelope, which the
 * request layer has already reported (except B0001, which callers show: shown here). Anything else
 * (network, proxy) gets the general message. Resolves with the file name, or undefined.
 */
export async function downloadFrom(call: () => Promise<BlobResponse>, fallback?: string) {
  try {
    return download(await call(), fallback);
  } catch (error) {
    if (isEnvelope(error)) {
      if (error.code === 'B0001') feedback.message.error(error.msg || i18n.t('common.systemError'));
    } else {
      feedback.message.error(i18n.t('common.systemError'));
    }
    return undefined;
  }
}
