import { type FieldLinkVO, PHOTO_MAX_BYTES } from '@baton/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { dict, dictData, field, file, group, groupField } from '../../db/schema/index.js';
import { FIELD_COLUMNS, linkedFields, MEETING_LINKS } from '../natures/service.js';
import type { Acting } from './access.js';
import { invalid, PHOTO_FIELD_KEY } from './rules.js';

/** What the rules need to know of a meeting's forms: its groups, fields and dictionaries. */
export type GroupRow = typeof group.$inferSelect;

export interface Forms {
  groups: GroupRow[];
  athlete: FieldLinkVO[];
  coach: FieldLinkVO[];
  delegation: FieldLinkVO[];
  /** Fields each group adds to the athlete form. */
  groupFields: Map<number, FieldLinkVO[]>;
  dicts: Map<string, Set<string>>;
  /** Whether the meeting (or a group) asks for the athlete's photo, and requires it. */
  photoRequired: boolean;
}

/** The fields of every group of a meeting, in one query. */
async function groupFieldsOf(db: DbOrTx, groupIds: number[]): Promise<Map<number, FieldLinkVO[]>> {
  const out = new Map<number, FieldLinkVO[]>(groupIds.map((id) => [id, []]));
  if (!groupIds.length) return out;
  const rows = await db
    .select({
      groupId: groupField.groupId,
      ...FIELD_COLUMNS,
      required: groupField.required,
      sort: groupField.sort,
    })
    .from(groupField)
    .innerJoin(field, eq(field.id, groupField.fieldId))
    .where(inArray(groupField.groupId, groupIds))
    .orderBy(asc(groupField.sort), asc(field.id));
  for (const { groupId, ...f } of rows) out.get(groupId)?.push(f);
  return out;
}

export async function loadForms(db: DbOrTx, meetingId: number): Promise<Forms> {
  const groups = await db
    .select()
    .from(group)
    .where(eq(group.meetingId, meetingId))
    .orderBy(asc(group.sort), asc(group.id));
  const meetingFields = await linkedFields(db, MEETING_LINKS, meetingId);
  const groupFields = await groupFieldsOf(
    db,
    groups.map((g) => g.id),
  );
  const all = [...meetingFields, ...[...groupFields.values()].flat()];
  const codes = [...new Set(all.map((f) => f.dictCode).filter((c): c is string => !!c))];
  const dicts = new Map<string, Set<string>>();
  if (codes.length) {
    const values = await db
      .select({ code: dict.dictCode, value: dictData.value })
      .from(dictData)
      .innerJoin(dict, eq(dict.id, dictData.dictId))
      .where(and(inArray(dict.dictCode, codes), eq(dictData.status, 1)));
    for (const v of values) {
      if (!dicts.has(v.code)) dicts.set(v.code, new Set());
      dicts.get(v.code)!.add(v.value);
    }
  }
  return {
    groups,
    athlete: meetingFields.filter((f) => f.target === 'athlete'),
    coach: meetingFields.filter((f) => f.target === 'coach'),
    delegation: meetingFields.filter((f) => f.target === 'delegation'),
    groupFields,
    dicts,
    photoRequired: all.some((f) => f.key === PHOTO_FIELD_KEY && f.required),
  };
}

/**
 * Uploads a record points at (photo, image and file fields) must be files the caller (or the
 * delegation's own account) uploaded; images must be images, and a photo at most
 * PHOTO_MAX_BYTES. Only new references are checked: a record keeps what it already had.
 */
export async function checkUploads(
  db: DbOrTx,
  w: Acting,
  refs: { key: string; id: string; image: boolean; photo?: boolean }[],
): Promise<void> {
  if (!refs.length) return;
  const rows = await db
    .select({ id: file.id, ownerId: file.ownerId, mime: file.mime, size: file.size })
    .from(file)
    .where(
      inArray(
        file.id,
        refs.map((r) => r.id),
      ),
    );
  const owners = new Set([w.u.id, w.d.userId].filter((x): x is number => x !== null));
  for (const r of refs) {
    const f = rows.find((x) => x.id === r.id);
    const label = r.photo
      ? { zh: '照片', en: 'the photo' }
      : { zh: `字段 ${r.key} 的文件`, en: `the file of ${r.key}` };
    if (!f || f.ownerId === null || !owners.has(f.ownerId)) {
      throw invalid(r.key, `${label.zh}不存在，请重新上传`, `${label.en} was not found; upload it again`);
    }
    if (r.image && !f.mime.startsWith('image/')) {
      throw invalid(r.key, `${label.zh}应为图片`, `${label.en} must be an image`);
    }
    if (r.photo && f.size > PHOTO_MAX_BYTES) {
      throw invalid(
        r.key,
        `照片不能超过 ${PHOTO_MAX_BYTES / 1024 / 1024} MB`,
        `the photo must be at most ${PHOTO_MAX_BYTES / 1024 / 1024} MB`,
      );
    }
  }
}
