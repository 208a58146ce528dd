import { count } from 'drizzle-orm';
import { hashPassword, randomPassword } from '../../lib/password.js';
import { seedConfigDefaults } from '../../modules/config/service.js';
import type { Db, Tx } from '../client.js';
import { dept, dict, dictData, menu, role, roleMenu, user, userRole } from '../schema/index.js';
import { seedCompetitionDemo } from './competition.js';
import { DEMO_ACCOUNTS, DEPTS, DICTS, ROLES } from './dicts.js';
import { seedBaseData, seedMeetingDemo } from './meeting.js';
import { MENU_TREE, type MenuSeed } from './menus.js';
import { seedRegistrationDemo } from './registration.js';

export interface SeededAccount {
  username: string;
  userType: number;
  /** Present only when the password was generated at this seed (printed once). */
  password: string | null;
}

async function insertMenus(tx: Tx, nodes: MenuSeed[], parentId: number | null, roleIds: Map<string, number>) {
  let sort = 0;
  for (const node of nodes) {
    sort += 1;
    const [row] = await tx
      .insert(menu)
      .values({
        parentId,
        type: node.type,
        routeName: node.name ?? null,
        title: node.title,
        titleEn: node.titleEn,
        path: node.path ?? null,
        component: node.component ?? null,
        icon: node.icon ?? null,
        perm: node.perm ?? null,
        sort,
        hidden: node.hidden ?? false,
        keepAlive: node.keepAlive ?? node.type === 'M',
        alwaysShow: node.alwaysShow ?? false,
      })
      .returning({ id: menu.id });
    const menuId = row!.id;
    const grants = (node.roles ?? []).map((code) => ({ roleId: roleIds.get(code)!, menuId }));
    if (grants.length) await tx.insert(roleMenu).values(grants);
    if (node.children?.length) await insertMenus(tx, node.children, menuId, roleIds);
  }
}

/**
 * Fill an empty database: roles, menus, departments, dictionaries, settings, base data, root and
 * admin. Outside production also the demo: the committee, county and referee accounts (with the
 * admin password), the demo meeting and its delegations, and (`registrations`) their entries.
 */
export async function seedIfEmpty(
  db: Db,
  opts: {
    adminPassword: string | null;
    /** The mode (NODE_ENV): `production` seeds only what a real deployment needs (no demo). */
    env?: 'production' | 'development' | 'test';
    /** Demo athletes, coaches and entries (default on; never in production). */
    registrations?: boolean;
    /** The demo meeting's clock: the server's BATON_TIME_ZONE (China's when absent). */
    timeZone?: string;
  },
): Promise<SeededAccount[] | null> {
  const demo = opts.env !== 'production';
  // Default settings (captcha, site title, watermark): added whenever missing, also after an upgrade.
  await seedConfigDefaults(db);
  const [existing] = await db.select({ n: count() }).from(user);
  if ((existing?.n ?? 0) > 0) return null;

  const accounts = DEMO_ACCOUNTS.filter((a) => demo || a.role === 'ADMIN' || a.role === 'ROOT').map((a) => ({
    ...a,
    password: opts.adminPassword ?? randomPassword(),
  }));
  const hashes = await Promise.all(accounts.map((a) => hashPassword(a.password)));

  await db.transaction(async (tx) => {
    const roleRows = await tx
      .insert(role)
      .values(ROLES.map((r, i) => ({ ...r, sort: i + 1 })))
      .returning({ id: role.id, code: role.code });
    const roleIds = new Map(roleRows.map((r) => [r.code, r.id]));
    await insertMenus(tx, MENU_TREE, null, roleIds);

    const deptIds = new Map<string, number>();
    for (const [i, d] of DEPTS.entries()) {
      const [top] = await tx
        .insert(dept)
        .values({ name: d.name, nameEn: d.nameEn, code: d.code, sort: i + 1 })
        .returning({ id: dept.id });
      deptIds.set(d.code, top!.id);
      for (const [j, c] of (d.children ?? []).entries()) {
        const [child] = await tx
          .insert(dept)
          .values({ ...c, parentId: top!.id, sort: j + 1 })
          .returning({ id: dept.id });
        deptIds.set(c.code, child!.id);
      }
    }

    for (const d of DICTS) {
      const [row] = await tx
        .insert(dict)
        .values({ dictCode: d.code, name: d.name, nameEn: d.nameEn })
        .returning({ id: dict.id });
      await tx.insert(dictData).values(
        d.entries.map(([value, label, labelEn, tagType], i) => ({
          dictId: row!.id,
          value,
          label,
          labelEn,
          tagType,
          sort: i + 1,
        })),
      );
    }

    const users = await tx
      .insert(user)
      .values(
        accounts.map((a, i) => ({
          username: a.username,
          nickname: a.nickname,
          passwordHash: hashes[i]!,
          userType: a.userType,
          deptId: deptIds.get(a.dept) ?? null,
        })),
      )
      .returning({ id: user.id });
    await tx.insert(userRole).values(accounts.map((a, i) => ({ userId: users[i]!.id, roleId: roleIds.get(a.role)! })));
    const base = await seedBaseData(tx);
    if (!demo) return;
    await seedMeetingDemo(tx, base, opts.timeZone);
    // Demo registrations, through the apply rules.
    if (opts.registrations !== false) await seedRegistrationDemo(tx);
    if (opts.registrations !== false) await seedCompetitionDemo(tx);
  });

  return accounts.map((a) => ({
    username: a.username,
    userType: a.userType,
    password: opts.adminPassword === null ? a.password : null,
  }));
}
