import {
  DELEGATION_FILE_KINDS,
  DELEGATION_FILE_MAX_BYTES,
  type DelegationFileUpload,
  type DelegationFileVO,
} from '@baton/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { delegationFile } from '../../db/schema/index.js';
import { badInput, notFound } from '../../lib/errors.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { sniff, storeFile, type UploadQuota } from '../files/service.js';
import { delegationIdOf, delegationOfRecord, requireActing, requireWriting } from './access.js';
import { inTransaction, type Written } from './tx.js';
import { selectFiles, toFileVO } from './views.js';

/** Documents the meeting asks delegations for (insurance, health forms): PDF, JPEG or PNG. */
const ACCEPTED = new Set(['application/pdf', 'image/jpeg', 'image/png']);

export async function listDelegationFiles(db: Db, u: CurrentUser, delegationId: number | undefined) {
  const a = await requireActing(db, u, delegationId);
  return (await selectFiles(db, eq(delegationFile.delegationId, a.d.id))).map(toFileVO);
}

/** The multipart text fields of an upload, checked (the body of a multipart request is not schema-validated). */
export function uploadFields(body: unknown): DelegationFileUpload {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const text = (k: string) => (typeof b[k] === 'string' ? (b[k] as string).trim() : '');
  const kind = text('kind') || 'other';
  if (!(DELEGATION_FILE_KINDS as readonly string[]).includes(kind)) {
    throw badInput(`文件类别 ${kind} 无效`, `file kind ${kind} is not one of ${DELEGATION_FILE_KINDS.join(', ')}`);
  }
  const idText = text('delegationId');
  if (idText && !/^\d{1,10}$/.test(idText)) throw badInput('代表队编号无效', 'delegationId is not a number');
  const name = text('name').slice(0, 200);
  return {
    kind: kind as DelegationFileUpload['kind'],
    ...(idText ? { delegationId: Number(idText) } : {}),
    ...(name ? { name } : {}),
  };
}

export async function uploadDelegationFile(
  db: Db,
  u: CurrentUser,
  fields: DelegationFileUpload,
  bytes: Buffer,
  quota: UploadQuota,
): Promise<Written<DelegationFileVO>> {
  if (bytes.length > DELEGATION_FILE_MAX_BYTES) {
    const mb = DELEGATION_FILE_MAX_BYTES / 1024 / 1024;
    throw badInput(`文件不能超过 ${mb} MB`, `the file must be at most ${mb} MB`);
  }
  const type = sniff(bytes);
  if (!type || !ACCEPTED.has(type.mime)) {
    throw badInput('仅支持 PDF、JPEG、PNG 文件', 'only PDF, JPEG and PNG files are accepted');
  }
  return inTransaction(db, async (tx) => {
    const w = await requireWriting(tx, u, delegationIdOf(u, fields.delegationId));
    const kind = fields.kind ?? 'other';
    const stored = await storeFile(tx as Db, u.id, bytes, fields.name ?? `${kind}.${type.ext}`, quota);
    const [row] = await tx
      .insert(delegationFile)
      .values({ meetingId: w.m.id, delegationId: w.d.id, fileId: stored.id, kind, name: stored.name })
      .returning({ id: delegationFile.id });
    const [after] = await selectFiles(tx, eq(delegationFile.id, row!.id));
    return { before: null, after: toFileVO(after!), override: w.override };
  });
}

/** Remove a document from the delegation (the link; the stored file stays for the history). */
export async function deleteDelegationFile(db: Db, u: CurrentUser, id: number) {
  return inTransaction(db, async (tx) => {
    const w = await requireWriting(tx, u, await delegationOfRecord(tx, delegationFile, id));
    const [before] = await selectFiles(tx, eq(delegationFile.id, id));
    if (!before) throw notFound();
    await tx.delete(delegationFile).where(eq(delegationFile.id, id));
    return { deleted: 1, before: toFileVO(before), override: w.override };
  });
}
