import { createHash, randomBytes } from 'node:crypto';
import { FILE_LIMITS, FILE_URL_PREFIX, type FileVO } from '@baton/contracts';
import { eq, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { file } from '../../db/schema/index.js';
import { AppError, badInput } from '../../lib/errors.js';
import { stripImageMetadata } from './strip.js';

export interface Sniffed {
  mime: string;
  ext: string;
  image: boolean;
}

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const startsWith = (buf: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => buf[at + i] === b);

/** The type of a file from its first bytes; the name and the client's claimed type are not trusted. */
export function sniff(buf: Buffer): Sniffed | null {
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mime: 'image/png', ext: 'png', image: true };
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg', image: true };
  const head = buf.subarray(0, 12).toString('latin1');
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return { mime: 'image/gif', ext: 'gif', image: true };
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return { mime: 'image/webp', ext: 'webp', image: true };
  if (head.startsWith('%PDF-')) return { mime: 'application/pdf', ext: 'pdf', image: false };
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04])) {
    // An Office Open XML workbook is a zip whose entries include xl/workbook.xml.
    const isXlsx = buf.includes('[Content_Types].xml') && buf.includes('xl/workbook');
    return isXlsx
      ? { mime: XLSX_MIME, ext: 'xlsx', image: false }
      : { mime: 'application/zip', ext: 'zip', image: false };
  }
  return null;
}

/** Extensions a name may carry for each sniffed type. */
const EXTENSIONS: Record<string, string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg', 'jfif'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
  [XLSX_MIME]: ['xlsx'],
  'application/zip': ['zip'],
};
const KNOWN_EXTENSIONS = new Set([
  ...Object.values(EXTENSIONS).flat(),
  'txt',
  'html',
  'htm',
  'svg',
  'js',
  'exe',
  'xls',
  'doc',
  'docx',
  'csv',
]);

/** A display name without paths or control characters, with an extension matching its content. */
export function cleanName(raw: string | undefined, sniffed: Sniffed): string {
  const base = (raw ?? '')
    .replace(/^.*[\\/]/, '')
    .split('')
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f && !'"<>'.includes(c))
    .join('')
    .trim()
    .slice(0, 200);
  if (!base) return `file.${sniffed.ext}`;
  const dot = base.lastIndexOf('.');
  const ext = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  if (ext && KNOWN_EXTENSIONS.has(ext) && !EXTENSIONS[sniffed.mime]!.includes(ext)) {
    throw badInput(
      `文件内容（${sniffed.ext}）与扩展名 .${ext} 不符`,
      `the file content (${sniffed.ext}) does not match its extension .${ext}`,
    );
  }
  return ext && EXTENSIONS[sniffed.mime]!.includes(ext) ? base : `${base}.${sniffed.ext}`;
}

export const fileUrl = (id: string) => `${FILE_URL_PREFIX}${id}`;

/** What one account may upload: bytes in any rolling hour, and bytes stored in all. */
export interface UploadQuota {
  uploadBytesPerHour: number;
  uploadQuotaBytes: number;
}

const mbText = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * Refuse an upload of `size` bytes that would take the owner past a bound. Run in the storing
 * transaction under a lock per owner, so uploads sent together cannot all slip under it.
 */
async function checkQuota(db: Db, ownerId: number, size: number, quota: UploadQuota): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('baton:upload'), ${ownerId})`);
  const since = new Date(Date.now() - 3600_000);
  const [row] = await db
    .select({
      total: sum(file.size).mapWith(Number),
      recent: sql<number>`coalesce(sum(${file.size}) filter (where ${file.createdAt} > ${since}), 0)`.mapWith(Number),
    })
    .from(file)
    .where(eq(file.ownerId, ownerId));
  const recent = row?.recent ?? 0;
  const total = row?.total ?? 0;
  if (recent + size > quota.uploadBytesPerHour) {
    const limit = mbText(quota.uploadBytesPerHour);
    throw new AppError(
      'A0429',
      {},
      {
        zh: `上传过多：每个账号每小时最多上传 ${limit}，请稍后再试`,
        en: `too many uploads: an account may upload at most ${limit} an hour; try again later`,
      },
    );
  }
  if (total + size > quota.uploadQuotaBytes) {
    const limit = mbText(quota.uploadQuotaBytes);
    const detail = `the account's files would exceed ${limit} in all; remove unused files or ask the administrator`;
    throw new AppError(
      'A0400',
      { detail },
      { zh: `存储空间不足：每个账号的文件合计不能超过 ${limit}，请删除不用的文件或联系管理员`, en: detail },
      413,
    );
  }
}

/**
 * Store an upload: type sniffed from its content, size limited, images stripped of their
 * metadata (EXIF/GPS, XMP, comments, text chunks: see strip.ts), under a random opaque id.
 */
export async function storeFile(
  db: Db,
  ownerId: number,
  upload: Buffer,
  rawName: string | undefined,
  quota?: UploadQuota,
): Promise<FileVO> {
  if (!upload.length) throw badInput('文件为空', 'the file is empty');
  const sniffed = sniff(upload);
  if (!sniffed) {
    throw badInput(
      '不支持的文件类型：仅支持 PNG、JPEG、GIF、WebP 图片，PDF、XLSX 和 ZIP',
      'unsupported file type: only PNG, JPEG, GIF and WebP images, PDF, XLSX and ZIP are accepted',
    );
  }
  const limit = sniffed.image ? FILE_LIMITS.imageBytes : FILE_LIMITS.otherBytes;
  if (upload.length > limit) {
    const mb = limit / 1024 / 1024;
    throw badInput(
      `文件过大：${sniffed.image ? '图片' : '文件'}不能超过 ${mb} MB`,
      `the file is too large: at most ${mb} MB`,
    );
  }
  const name = cleanName(rawName, sniffed);
  const { bytes } = stripImageMetadata(sniffed.mime, upload);
  const id = randomBytes(16).toString('base64url');
  await db.transaction(async (tx) => {
    if (quota) await checkQuota(tx as unknown as Db, ownerId, bytes.length, quota);
    await tx.insert(file).values({
      id,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      mime: sniffed.mime,
      size: bytes.length,
      name,
      bytes,
      ownerId,
    });
  });
  return { id, url: fileUrl(id), name, size: bytes.length, mime: sniffed.mime };
}

export async function loadFile(db: Db, id: string) {
  const [row] = await db.select().from(file).where(eq(file.id, id));
  return row ?? null;
}

export const isImageMime = (mime: string) => mime.startsWith('image/');
