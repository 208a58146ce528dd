import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  athlete,
  auditDecision,
  coach,
  delegation,
  delegationFile,
  entry,
  recordHistory,
  relayMember,
  relayTeam,
} from '../../db/schema/index.js';
import { type DemoGroup, idNumber } from '../apply/testkit.js';
import { storeFile } from '../files/service.js';

/**
 * Test fixture of the audit module: registration rows written straight to the tables (the
 * apply module writes them in production), with valid mainland ID numbers; the demo meeting's
 * groups are the apply testkit's (`demoGroups`).
 */

type Status = 'draft' | 'submitted' | 'approved' | 'returned';

export async function addAthlete(
  db: Db,
  v: {
    meetingId: number;
    delegationId: number;
    group: DemoGroup;
    name: string;
    status?: Status;
    photoFileId?: string | null;
    fields?: Record<string, unknown>;
    auditReason?: string | null;
    createdAt?: Date;
  },
): Promise<{ id: number; idNumber: string }> {
  const birthDate = v.group.birth;
  const gender = v.group.gender === 'F' ? 'F' : 'M';
  const id = idNumber(birthDate, gender);
  const [row] = await db
    .insert(athlete)
    .values({
      meetingId: v.meetingId,
      delegationId: v.delegationId,
      groupId: v.group.id,
      name: v.name,
      gender,
      idNumber: id,
      birthDate,
      photoFileId: v.photoFileId ?? null,
      status: v.status ?? 'submitted',
      auditReason: v.auditReason ?? null,
      fields: v.fields ?? {},
      ...(v.createdAt ? { createdAt: v.createdAt } : {}),
    })
    .returning({ id: athlete.id });
  return { id: row!.id, idNumber: id };
}

export async function addCoach(
  db: Db,
  v: {
    meetingId: number;
    delegationId: number;
    name: string;
    status?: Status;
    role?: 'leader' | 'head_coach' | 'coach' | 'doctor' | 'other';
    fields?: Record<string, unknown>;
  },
): Promise<number> {
  const [row] = await db
    .insert(coach)
    .values({
      meetingId: v.meetingId,
      delegationId: v.delegationId,
      name: v.name,
      gender: 'M',
      mobile: null,
      idNumber: idNumber('1985-03-03', 'M'),
      role: v.role ?? 'coach',
      status: v.status ?? 'submitted',
      fields: v.fields ?? {},
    })
    .returning({ id: coach.id });
  return row!.id;
}

/** An individual entry of an athlete (meeting and delegation taken from the athlete). */
export async function addEntry(
  db: Db,
  athleteId: number,
  groupItemId: number,
  status: Status = 'submitted',
  createdAt?: Date,
): Promise<number> {
  const [a] = await db
    .select({ meetingId: athlete.meetingId, delegationId: athlete.delegationId })
    .from(athlete)
    .where(eq(athlete.id, athleteId));
  const [row] = await db
    .insert(entry)
    .values({
      meetingId: a!.meetingId,
      delegationId: a!.delegationId,
      athleteId,
      groupItemId,
      seedMark: '12.50',
      seedValue: 12.5,
      status,
      ...(createdAt ? { createdAt } : {}),
    })
    .returning({ id: entry.id });
  return row!.id;
}

export async function addRelay(
  db: Db,
  v: { meetingId: number; delegationId: number; groupItemId: number; members: number[]; status?: Status },
): Promise<number> {
  const [row] = await db
    .insert(relayTeam)
    .values({
      meetingId: v.meetingId,
      delegationId: v.delegationId,
      groupItemId: v.groupItemId,
      letter: 'A',
      status: v.status ?? 'submitted',
    })
    .returning({ id: relayTeam.id });
  await db
    .insert(relayMember)
    .values(v.members.map((athleteId, i) => ({ relayTeamId: row!.id, athleteId, leg: i + 1 })));
  return row!.id;
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A photo file (1×1 PNG) owned by `ownerId`; returns its opaque id. */
export async function addPhoto(db: Db, ownerId: number): Promise<string> {
  return (await storeFile(db, ownerId, PNG, 'photo.png')).id;
}

/** A document of a delegation (a small PDF). */
export async function addDelegationFile(
  db: Db,
  v: { meetingId: number; delegationId: number; ownerId: number; kind: string; name: string },
): Promise<{ id: number; fileId: string; size: number }> {
  const stored = await storeFile(db, v.ownerId, PDF, v.name);
  const [row] = await db
    .insert(delegationFile)
    .values({ meetingId: v.meetingId, delegationId: v.delegationId, fileId: stored.id, kind: v.kind, name: v.name })
    .returning({ id: delegationFile.id });
  return { id: row!.id, fileId: stored.id, size: stored.size };
}

export async function addHistory(
  db: Db,
  v: {
    meetingId: number;
    entity: 'athlete' | 'coach';
    entityId: number;
    before: unknown;
    after: unknown;
    userId: number | null;
    createdAt: Date;
  },
): Promise<number> {
  const [row] = await db.insert(recordHistory).values(v).returning({ id: recordHistory.id });
  return row!.id;
}

export async function addDecision(
  db: Db,
  v: {
    meetingId: number;
    entity: 'athlete' | 'coach';
    entityId: number;
    level: 'area' | 'committee';
    decision: 'approve' | 'return';
    reason?: string | null;
    userId: number;
    createdAt: Date;
  },
): Promise<void> {
  await db.insert(auditDecision).values({ ...v, reason: v.reason ?? null });
}

export async function statusOf(db: Db, table: 'athlete' | 'coach' | 'entry' | 'relay' | 'delegation', id: number) {
  const t = { athlete, coach, entry, relay: relayTeam, delegation }[table];
  const [row] = await db.select({ status: t.status }).from(t).where(eq(t.id, id));
  return row?.status;
}
