import type { CustomerBody, CustomerForm, CustomerQuery, CustomerUpdateBody, CustomerVO } from '@baton/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { areaCode, customer } from '../../db/schema/index.js';
import { badInput, notFound, say } from '../../lib/errors.js';
import { type Column, toXlsx } from '../../lib/excel.js';
import { iso } from '../../lib/sql.js';
import { buildTree, withAncestors } from '../../lib/tree.js';
import { nextVersion, sameVersion, staleOrMissing } from '../../lib/versioned.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { requireBaseDataOwner } from '../meetings/base-data.js';

const columns = {
  id: customer.id,
  parentId: customer.parentId,
  name: customer.name,
  shortName: customer.shortName,
  areaCodeId: customer.areaCodeId,
  areaName: areaCode.name,
  contactName: customer.contactName,
  contactMobile: customer.contactMobile,
  contactEmail: customer.contactEmail,
  address: customer.address,
  sort: customer.sort,
  status: customer.status,
  version: customer.version,
  createdAt: customer.createdAt,
};
type CustomerRow = {
  [K in keyof typeof columns]: K extends 'areaName'
    ? string | null
    : (typeof customer.$inferSelect)[Exclude<K, 'areaName'>];
};

const toForm = (r: CustomerRow): CustomerForm => ({ ...r, createdAt: iso(r.createdAt) });

const allCustomers = (db: DbOrTx) =>
  db
    .select(columns)
    .from(customer)
    .leftJoin(areaCode, eq(areaCode.id, customer.areaCodeId))
    .orderBy(asc(customer.sort), asc(customer.id));

function filtered(rows: CustomerRow[], q: CustomerQuery): CustomerRow[] {
  const kw = q.keywords?.trim().toLowerCase();
  if (!kw && q.areaCodeId === undefined && q.status === undefined) return rows;
  return withAncestors(
    rows,
    (r) =>
      (!kw ||
        [r.name, r.shortName, r.contactName, r.contactMobile].some((t) => (t ?? '').toLowerCase().includes(kw))) &&
      (q.areaCodeId === undefined || r.areaCodeId === q.areaCodeId) &&
      (q.status === undefined || r.status === q.status),
  );
}

/** Customers as a tree (sub-customers under their parent); filters keep the ancestors. */
export async function customerTree(db: Db, q: CustomerQuery): Promise<CustomerVO[]> {
  const rows = filtered(await allCustomers(db), q);
  return buildTree<CustomerRow, CustomerVO>(rows, (r, children) => ({ ...toForm(r), children }));
}

export async function getCustomer(db: DbOrTx, id: number): Promise<CustomerForm> {
  const [row] = await db
    .select(columns)
    .from(customer)
    .leftJoin(areaCode, eq(areaCode.id, customer.areaCodeId))
    .where(eq(customer.id, id));
  if (!row) throw notFound();
  return toForm(row);
}

async function values(db: DbOrTx, body: CustomerBody, selfId: number | null) {
  const parentId = body.parentId ?? null;
  if (parentId !== null) {
    if (parentId === selfId) throw badInput('上级单位不能是自己', 'a customer cannot be its own parent');
    // Walk up from the new parent: meeting this customer would make a cycle.
    const all = await db.select({ id: customer.id, parentId: customer.parentId }).from(customer);
    const byId = new Map(all.map((c) => [c.id, c.parentId]));
    if (!byId.has(parentId)) throw badInput('上级单位不存在', 'the parent customer does not exist');
    for (let at: number | null | undefined = parentId, hops = 0; at != null && hops < 1000; hops++) {
      if (at === selfId)
        throw badInput('上级单位不能是自己的下级', 'a customer cannot move under its own sub-customer');
      at = byId.get(at);
    }
  }
  if (body.areaCodeId) {
    const [a] = await db.select({ id: areaCode.id }).from(areaCode).where(eq(areaCode.id, body.areaCodeId));
    if (!a) throw badInput('区域编码不存在', 'the area code does not exist');
  }
  const blank = (v: string | null | undefined) => v?.trim() || null;
  return {
    parentId,
    name: body.name.trim(),
    shortName: blank(body.shortName),
    areaCodeId: body.areaCodeId ?? null,
    contactName: blank(body.contactName),
    contactMobile: blank(body.contactMobile),
    contactEmail: blank(body.contactEmail),
    address: blank(body.address),
    sort: body.sort ?? 0,
    status: body.status ?? 1,
  };
}

export async function createCustomer(db: Db, u: CurrentUser, body: CustomerBody): Promise<CustomerForm> {
  requireBaseDataOwner(u);
  const [row] = await db
    .insert(customer)
    .values(await values(db, body, null))
    .returning({ id: customer.id });
  return getCustomer(db, row!.id);
}

export async function updateCustomer(
  db: Db,
  u: CurrentUser,
  id: number,
  body: CustomerUpdateBody,
): Promise<{ before: CustomerForm; after: CustomerForm }> {
  requireBaseDataOwner(u);
  const before = await getCustomer(db, id);
  const [row] = await db
    .update(customer)
    .set({ ...(await values(db, body, id)), ...nextVersion(customer) })
    .where(sameVersion(customer, id, body.version))
    .returning({ id: customer.id });
  if (!row) return staleOrMissing(db.select({ id: customer.id }).from(customer).where(eq(customer.id, id)));
  return { before, after: await getCustomer(db, id) };
}

/** Delete customers without sub-customers (or with all of them); their delegations keep their data. */
export async function deleteCustomers(db: Db, u: CurrentUser, ids: number[]): Promise<CustomerForm[]> {
  requireBaseDataOwner(u);
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(customer).where(inArray(customer.id, ids));
    if (rows.length !== ids.length) throw notFound();
    const kids = await tx
      .select({ id: customer.id, parentId: customer.parentId })
      .from(customer)
      .where(inArray(customer.parentId, ids));
    const orphan = kids.find((k) => !ids.includes(k.id));
    if (orphan) {
      const parent = rows.find((r) => r.id === orphan.parentId)?.name ?? '';
      const n = kids.filter((k) => k.parentId === orphan.parentId && !ids.includes(k.id)).length;
      throw badInput(
        `单位 ${parent} 下还有 ${n} 个下级单位，不能删除`,
        `customer ${parent} still has ${n} sub-customer(s) and cannot be deleted`,
      );
    }
    await tx.delete(customer).where(inArray(customer.id, ids));
    return rows.map((r) => ({ ...r, areaName: null, createdAt: iso(r.createdAt) }));
  });
}

export async function exportCustomers(db: Db, q: CustomerQuery, lang: string): Promise<Buffer> {
  const all = await allCustomers(db);
  const rows = filtered(all, q);
  const ordered: CustomerRow[] = [];
  buildTree<CustomerRow, null>(rows, (r) => {
    ordered.push(r);
    return null;
  });
  const byId = new Map(all.map((r) => [r.id, r]));
  const cols: Column<CustomerRow>[] = [
    { header: say(lang, '名称', 'Name'), key: 'name', width: 28, value: (r) => r.name },
    { header: say(lang, '简称', 'Short name'), key: 'shortName', value: (r) => r.shortName },
    {
      header: say(lang, '上级单位', 'Parent'),
      key: 'parent',
      width: 24,
      value: (r) => (r.parentId === null ? null : (byId.get(r.parentId)?.name ?? null)),
    },
    { header: say(lang, '区域', 'Area'), key: 'area', value: (r) => r.areaName },
    { header: say(lang, '联系人', 'Contact'), key: 'contactName', value: (r) => r.contactName },
    { header: say(lang, '联系手机', 'Mobile'), key: 'contactMobile', value: (r) => r.contactMobile },
    { header: say(lang, '邮箱', 'Email'), key: 'contactEmail', width: 24, value: (r) => r.contactEmail },
    { header: say(lang, '地址', 'Address'), key: 'address', width: 30, value: (r) => r.address },
    { header: say(lang, '状态', 'Status'), key: 'status', width: 8, value: (r) => r.status },
  ];
  return toXlsx(say(lang, '单位', 'Customers'), cols, ordered);
}
