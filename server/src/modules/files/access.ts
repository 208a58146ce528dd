import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../lib/sql.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { areaScope, meetingRole, requireMeeting } from '../meetings/access.js';

/**
 * Who may download a stored file. A file a registration links to (a delegation's document in
 * reg_delegation_file, an athlete's photo, a file-type custom field of a delegation, athlete
 * or coach) is private to that registration: its uploader, the delegation's own account, the
 * managers of its meeting (root, admin, the meeting's committee admins) and the area users
 * whose areas hold the delegation (a value of a free-text field counts for nothing). Any other file (notice images, avatars, imports) stays
 * readable by anyone who has its opaque id. Records may only link files their delegation
 * uploaded (apply/forms.ts checkUploads), so linking cannot be used to gain access.
 */
export type FileAccess = 'public' | 'allowed' | 'sign-in' | 'hidden';

interface Holder {
  delegationId: number;
  meetingId: number;
  areaCodeId: number | null;
}

/** The delegations whose registration links the file (empty: not a registration file). */
async function holdersOf(db: Db, fileId: string): Promise<Holder[]> {
  // A record's field value names a file only under a key of an image or file field (values of
  // those are checked to be the writer's own uploads, apply/forms.ts checkUploads): what a
  // free-text field holds grants nothing and hides nothing.
  const rows = await rowsOf<{ delegation_id: number; meeting_id: number; area_code_id: number | null }>(
    db.execute(sql`
      with upload_key as (select key from base_field where kind in ('image', 'file'))
      select d.id as delegation_id, d.meeting_id, d.area_code_id
        from meet_delegation d
       where d.id in (
         select delegation_id from reg_delegation_file where file_id = ${fileId}
         union
         select a.delegation_id from reg_athlete a
          where a.photo_file_id = ${fileId}
             or exists (select 1 from upload_key k where a.fields ->> k.key = ${fileId})
         union
         select m.id from meet_delegation m
          where exists (select 1 from upload_key k where m.fields ->> k.key = ${fileId})
         union
         select c.delegation_id from reg_coach c
          where exists (select 1 from upload_key k where c.fields ->> k.key = ${fileId}))`),
  );
  return rows.map((r) => ({
    delegationId: Number(r.delegation_id),
    meetingId: Number(r.meeting_id),
    areaCodeId: r.area_code_id === null ? null : Number(r.area_code_id),
  }));
}

async function reaches(db: Db, u: CurrentUser, h: Holder): Promise<boolean> {
  if (u.delegation) return u.delegation.id === h.delegationId;
  const role = meetingRole(u);
  if (role === 'none') return false;
  try {
    await requireMeeting(db, u, h.meetingId, 'view');
  } catch {
    return false;
  }
  if (role !== 'area') return true;
  const areas = await areaScope(db, u, h.meetingId);
  return h.areaCodeId !== null && (areas ?? []).includes(h.areaCodeId);
}

export async function fileAccess(
  db: Db,
  row: { id: string; ownerId: number | null },
  caller: () => Promise<CurrentUser | null>,
): Promise<FileAccess> {
  const holders = await holdersOf(db, row.id);
  if (!holders.length) return 'public';
  // The caller is only looked at for a private file: a stale token does not break a public image.
  const u = await caller();
  if (!u) return 'sign-in';
  if (row.ownerId !== null && row.ownerId === u.id) return 'allowed';
  for (const h of holders) if (await reaches(db, u, h)) return 'allowed';
  return 'hidden';
}
