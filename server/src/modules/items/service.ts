import type { ItemBody, ItemExportQuery, ItemPageQuery, ItemUpdateBody, ItemVO } from '@baton/contracts';
import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { groupItem, item } from '../../db/schema/index.js';
import { badInput, notFound, say } from '../../lib/errors.js';
import { type Column, EXPORT_MAX_ROWS, toXlsx } from '../../lib/excel.js';
import { limitOffset, orderFrom } from '../../lib/paging.js';
import { iso, isUniqueViolation, likeAny } from '../../lib/sql.js';
import { nextVersion, sameVersion, staleOrMissing } from '../../lib/versioned.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { windMeasuredByRule } from '../competition/results/rules/wind.js';
import { requireBaseDataOwner } from '../meetings/base-data.js';

type ItemRow = typeof item.$inferSelect;

export const toItemVO = (r: ItemRow): ItemVO => ({
  id: r.id,
  code: r.code,
  name: r.name,
  nameEn: r.nameEn,
  kind: r.kind,
  resultFormat: r.resultFormat,
  windMeasured: r.windMeasured,
  usesLanes: r.usesLanes,
  relayLegs: r.relayLegs,
  sort: r.sort,
  status: r.status,
  version: r.version,
  createdAt: iso(r.createdAt),
});

const SORT = { code: item.code, name: item.name, kind: item.kind, sort: item.sort, createdAt: item.createdAt };

function where(q: ItemExportQuery): SQL | undefined {
  return and(
    likeAny(q.keywords, [item.code, item.name, item.nameEn]),
    q.kind ? eq(item.kind, q.kind) : undefined,
    q.status === undefined ? undefined : eq(item.status, q.status),
  );
}

export async function pageItems(db: Db, q: ItemPageQuery) {
  const w = where(q);
  const [total] = await db.select({ n: count() }).from(item).where(w);
  const rows = await db
    .select()
    .from(item)
    .where(w)
    .orderBy(...orderFrom(SORT, q.sortKey, q.sortDir, [asc(item.sort), asc(item.id)]))
    .limit(limitOffset(q).limit)
    .offset(limitOffset(q).offset);
  return { list: rows.map(toItemVO), total: total?.n ?? 0 };
}

export async function getItem(db: Db, id: number): Promise<ItemVO> {
  const [row] = await db.select().from(item).where(eq(item.id, id));
  if (!row) throw notFound();
  return toItemVO(row);
}

/** Relay legs belong to relays only (2..8, default 4); every other kind has none. */
function values(body: ItemBody) {
  const relay = body.kind === 'relay';
  if (relay && body.relayLegs === null) {
    throw badInput('接力项目须填写棒数', 'a relay needs its number of legs');
  }
  return {
    code: body.code,
    name: body.name.trim(),
    nameEn: body.nameEn?.trim() || body.name.trim(),
    kind: body.kind,
    resultFormat: body.resultFormat,
    // Unless the owner says otherwise, the rule decides (wind.ts: races ≤ 200 m, LJ, TJ).
    windMeasured: body.windMeasured ?? windMeasuredByRule({ code: body.code, kind: body.kind }),
    usesLanes: body.usesLanes ?? false,
    relayLegs: relay ? (body.relayLegs ?? 4) : null,
    sort: body.sort ?? 0,
    status: body.status ?? 1,
  };
}

const duplicateCode = (code: string) => badInput(`项目编码 ${code} 已存在`, `item code ${code} already exists`);

export async function createItem(db: Db, u: CurrentUser, body: ItemBody): Promise<ItemVO> {
  requireBaseDataOwner(u);
  try {
    const [row] = await db.insert(item).values(values(body)).returning();
    return toItemVO(row!);
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateCode(body.code);
    throw err;
  }
}

export async function updateItem(
  db: Db,
  u: CurrentUser,
  id: number,
  body: ItemUpdateBody,
): Promise<{ before: ItemVO; after: ItemVO }> {
  requireBaseDataOwner(u);
  const before = await getItem(db, id);
  try {
    const [row] = await db
      .update(item)
      .set({ ...values(body), ...nextVersion(item) })
      .where(sameVersion(item, id, body.version))
      .returning();
    if (!row) return staleOrMissing(db.select({ id: item.id }).from(item).where(eq(item.id, id)));
    return { before, after: toItemVO(row) };
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateCode(body.code);
    throw err;
  }
}

/** Delete items no group offers; otherwise say which item is held and by how many group items. */
export async function deleteItems(db: Db, u: CurrentUser, ids: number[]): Promise<ItemVO[]> {
  requireBaseDataOwner(u);
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(item).where(inArray(item.id, ids));
    if (rows.length !== ids.length) throw notFound();
    const used = await tx
      .select({ itemId: groupItem.itemId, n: count() })
      .from(groupItem)
      .where(inArray(groupItem.itemId, ids))
      .groupBy(groupItem.itemId);
    const first = used[0];
    if (first) {
      const code = rows.find((r) => r.id === first.itemId)?.code ?? '';
      throw badInput(
        `项目 ${code} 已被 ${first.n} 个组别项目使用，不能删除`,
        `item ${code} is offered by ${first.n} group item(s) and cannot be deleted`,
      );
    }
    await tx.delete(item).where(inArray(item.id, ids));
    return rows.map(toItemVO);
  });
}

export async function exportItems(db: Db, q: ItemExportQuery, lang: string): Promise<Buffer> {
  const rows = await db
    .select()
    .from(item)
    .where(where(q))
    .orderBy(...orderFrom(SORT, q.sortKey, q.sortDir, [asc(item.sort), asc(item.id)]))
    .limit(EXPORT_MAX_ROWS);
  const yes = say(lang, '是', 'yes');
  const columns: Column<ItemRow>[] = [
    { header: say(lang, '编码', 'Code'), key: 'code', width: 10, value: (r) => r.code },
    { header: say(lang, '名称', 'Name'), key: 'name', value: (r) => r.name },
    { header: say(lang, '英文名称', 'English name'), key: 'nameEn', width: 24, value: (r) => r.nameEn },
    { header: say(lang, '类型', 'Kind'), key: 'kind', width: 14, value: (r) => r.kind },
    { header: say(lang, '成绩格式', 'Result format'), key: 'resultFormat', width: 12, value: (r) => r.resultFormat },
    { header: say(lang, '测风', 'Wind'), key: 'wind', width: 8, value: (r) => (r.windMeasured ? yes : '') },
    { header: say(lang, '分道', 'Lanes'), key: 'lanes', width: 8, value: (r) => (r.usesLanes ? yes : '') },
    { header: say(lang, '棒数', 'Legs'), key: 'legs', width: 8, value: (r) => r.relayLegs },
    { header: say(lang, '状态', 'Status'), key: 'status', width: 8, value: (r) => r.status },
  ];
  return toXlsx(say(lang, '项目', 'Items'), columns, rows);
}
