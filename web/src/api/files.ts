import { FILE_LIMITS, FILE_URL_PREFIX, type FileVO } from '@baton/contracts';
import { blob, request } from './request';

/**
 * Upload one file (multipart `file`, optional `name`); the server sniffs the type from the bytes.
 * `onProgress` hears the share sent so far (0–100) of a photo or document of several megabytes.
 */
export function uploadFile(file: File | Blob, name?: string, onProgress?: (percent: number) => void) {
  const data = new FormData();
  data.append('file', file);
  const fileName = name ?? (file instanceof File ? file.name : undefined);
  if (fileName) data.append('name', fileName);
  return request<FileVO>({
    url: '/api/v1/files',
    method: 'post',
    data,
    onUploadProgress: onProgress
      ? ({ loaded, total }) => onProgress(total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0)
      : undefined,
  });
}

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

export const isImageType = (mime: string) => IMAGE_TYPES.includes(mime);

/** The client-side size check (the server checks again): images 5 MB, other files 10 MB. */
export function sizeLimitOf(file: { type: string }): number {
  return file.type.startsWith('image/') ? FILE_LIMITS.imageBytes : FILE_LIMITS.otherBytes;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** A file's bytes by opaque id, sent with the caller's token: registration documents and photos are private. */
export const fileBlob = (id: string) => blob(`${FILE_URL_PREFIX}${encodeURIComponent(id)}`);
