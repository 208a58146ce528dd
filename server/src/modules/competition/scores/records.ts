import type { RecordCreateBody, RecordUpdateBody, RecordVO } from '@baton/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.js';
import { compRecord, compRound, group, groupItem, item } from '../../../db/schema/index.js';
import { AppError, badInput, notFound } from '../../../lib/errors.js';
import { isUniqueViolation } from '../../../lib/sql.js';
import { sameVersion, staleOrMissing } from '../../../lib/versioned.js';
import { parseSeedMark } from '../../apply/seed-mark.js';
import { roundWind } from '../results/rules/marks.js';
import { RECORD_WIND_LIMIT, recordValue } from './scoring.js';
import { refreshRecords } from './service.js';

/**
 * Meeting records entered by the committee (one per group item, kind MR). Every write refreshes
 * the group item's record flags in the same transaction: a record entered or corrected by hand
 * is the baseline the official results of this meeting are compared with (service.ts).
 */

const columns = {
  r: compRecord,
  groupId: group.id,
  groupName: group.name,
  groupNameEn: group.nameEn,
  meetingId: group.meetingId,
  itemCode: item.code,
  itemName: item.name,
  itemNameEn: item.nameEn,
  resultFormat: item.resultFormat,
  windMeasured: item.windMeasured,
  groupSort: group.sort,
  itemSort: groupItem.sort,
};

function toVO(row: {
  r: typeof compRecord.$inferSelect;
  groupId: number;
  groupName: string;
  groupNameEn: string;
  itemCode: string;
  itemName: string;
  itemNameEn: string;
  resultFormat: string;
  windMeasured: boolean;
}): RecordVO {
  const { r } = row;
  return {
    id: r.id,
    version: r.version,
    meetingId: r.meetingId,
    groupItemId: r.groupItemId,
    kind: r.kind,
    groupId: row.groupId,
    groupName: row.groupName,
    groupNameEn: row.groupNameEn,
    itemCode: row.itemCode,
    itemName: row.itemName,
    itemNameEn: row.itemNameEn,
    resultFormat: row.resultFormat,
    windMeasured: row.windMeasured,
    mark: r.mark,
    value: r.value,
    holder: r.holder,
    delegationName: r.delegationName,
    year: r.year,
    wind: r.wind,
    startId: r.startId,
    updatedAt: r.updatedAt.toISOString(),
  };
}

const select = (db: DbOrTx) =>
  db
    .select(columns)
    .from(compRecord)
    .innerJoin(groupItem, eq(groupItem.id, compRecord.groupItemId))
    .innerJoin(group, eq(group.id, groupItem.groupId))
    .innerJoin(item, eq(item.id, groupItem.itemId));

/** A meeting's records, in the order of its groups and their items. */
export async function listRecords(db: DbOrTx, meetingId: number): Promise<RecordVO[]> {
  const rows = await select(db)
    .where(eq(compRecord.meetingId, meetingId))
    .orderBy(asc(group.sort), asc(groupItem.sort), asc(compRecord.id));
  return rows.map(toVO);
}

export async function getRecord(db: DbOrTx, id: number): Promise<RecordVO> {
  const [row] = await select(db).where(eq(compRecord.id, id));
  if (!row) throw notFound();
  return toVO(row);
}

/** The meeting of a record (for the access check); 404 when there is none. */
export async function recordMeeting(db: DbOrTx, id: number): Promise<number> {
  const [row] = await db.select({ meetingId: compRecord.meetingId }).from(compRecord).where(eq(compRecord.id, id));
  if (!row) throw notFound();
  return row.meetingId;
}

/** The group item's facts, checked to be the meeting's. */
async function eventOf(db: DbOrTx, meetingId: number, groupItemId: number) {
  const [ev] = await db
    .select({ format: item.resultFormat, windMeasured: item.windMeasured })
    .from(groupItem)
    .innerJoin(group, eq(group.id, groupItem.groupId))
    .innerJoin(item, eq(item.id, groupItem.itemId))
    .where(and(eq(groupItem.id, groupItemId), eq(group.meetingId, meetingId)));
  if (!ev) throw notFound();
  return ev;
}

/**
 * The record's fields from a form: the mark in the item's format (as seed marks are), a wind
 * only for wind-measured events, rounded as results round it and legal (≤ +2.0 m/s). TR 17.13
 * (TR 29.12 for the jumps): the reading is recorded "rounded to the next higher tenth of a
 * metre per second … in the positive direction (that is, a reading of +2.03 metres per second
 * shall be recorded as +2.1)" — so a hand-entered +2.001 is +2.1 and no record (CR 31.17:
 * "averages more than 2 metres per second, the record shall not be accepted").
 */
function recordFields(
  ev: { format: RecordVO['resultFormat']; windMeasured: boolean },
  body: RecordUpdateBody | RecordCreateBody,
) {
  const format = ev.format as Parameters<typeof parseSeedMark>[0];
  const parsed = parseSeedMark(format, body.mark);
  if (!parsed) throw badInput('请填写纪录成绩', 'the record mark is required');
  const holder = body.holder.trim();
  if (!holder) throw badInput('请填写纪录保持者', 'the record holder is required');
  let wind: number | null = null;
  if (ev.windMeasured && body.wind !== undefined && body.wind !== null) {
    wind = roundWind(body.wind);
    if (wind > RECORD_WIND_LIMIT) {
      throw badInput(
        `风速 +${wind.toFixed(1)} 米/秒超过 +2.0，不能作为纪录`,
        `a wind of +${wind.toFixed(1)} m/s is over +2.0: not a record`,
      );
    }
  }
  return {
    mark: parsed.mark,
    value: recordValue(format, parsed.value),
    holder,
    delegationName: body.delegationName?.trim() || null,
    year: body.year ?? null,
    wind,
  };
}

const taken = () =>
  new AppError(
    'A0400',
    { detail: 'this event already has a meeting record' },
    { zh: '该项目已有赛会纪录，请编辑它', en: 'this event already has a meeting record: edit it' },
    409,
  );

/** The frame to announce after a record write: the group item's last round (0 when none yet). */
async function lastRoundId(db: DbOrTx, groupItemId: number): Promise<number> {
  const [r] = await db
    .select({ id: compRound.id })
    .from(compRound)
    .where(eq(compRound.groupItemId, groupItemId))
    .orderBy(desc(compRound.index))
    .limit(1);
  return r?.id ?? 0;
}

export interface RecordWrite {
  before: RecordVO | null;
  after: RecordVO | null;
  groupItemId: number;
  roundId: number;
}

export async function createRecord(db: Db, body: RecordCreateBody): Promise<RecordWrite> {
  try {
    return await db.transaction(async (tx) => {
      const ev = await eventOf(tx, body.meetingId, body.groupItemId);
      const fields = recordFields(ev, body);
      const [row] = await tx
        .insert(compRecord)
        .values({ meetingId: body.meetingId, groupItemId: body.groupItemId, kind: 'MR', ...fields })
        .onConflictDoNothing()
        .returning({ id: compRecord.id });
      if (!row) throw taken();
      await refreshRecords(tx, body.groupItemId);
      return {
        before: null,
        after: await getRecord(tx, row.id),
        groupItemId: body.groupItemId,
        roundId: await lastRoundId(tx, body.groupItemId),
      };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
}

/**
 * Correct a record. A new mark makes it a record entered by hand (no longer held by a result
 * of this meeting); the same mark with other details keeps the result that set it.
 */
export async function updateRecord(db: Db, id: number, body: RecordUpdateBody): Promise<RecordWrite> {
  return db.transaction(async (tx) => {
    const before = await getRecord(tx, id);
    const ev = await eventOf(tx, before.meetingId, before.groupItemId);
    const fields = recordFields(ev, body);
    const keepsStart = before.startId !== null && fields.value === before.value;
    const updated = await tx
      .update(compRecord)
      .set({
        ...fields,
        startId: keepsStart ? before.startId : null,
        version: sql`${compRecord.version} + 1`,
        updatedAt: new Date(),
      })
      .where(sameVersion(compRecord, id, body.version))
      .returning({ id: compRecord.id });
    if (!updated.length) {
      await staleOrMissing(tx.select({ id: compRecord.id }).from(compRecord).where(eq(compRecord.id, id)));
    }
    await refreshRecords(tx, before.groupItemId);
    return {
      before,
      after: await getRecord(tx, id),
      groupItemId: before.groupItemId,
      roundId: await lastRoundId(tx, before.groupItemId),
    };
  });
}

/** Delete a record: the flags of its event go with it. */
export async function deleteRecord(db: Db, id: number): Promise<RecordWrite> {
  return db.transaction(async (tx) => {
    const before = await getRecord(tx, id);
    await tx.delete(compRecord).where(eq(compRecord.id, id));
    await refreshRecords(tx, before.groupItemId);
    return {
      before,
      after: null,
      groupItemId: before.groupItemId,
      roundId: await lastRoundId(tx, before.groupItemId),
    };
  });
}
