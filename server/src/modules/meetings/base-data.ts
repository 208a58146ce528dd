import { AppError } from '../../lib/errors.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { meetingRole } from './access.js';

/**
 * Who owns base data. Area codes, custom field definitions, items (events), natures and customers
 * are shared by every meeting: a meeting's area users see the delegations of their areas through
 * the code tree, a field's pattern checks every meeting's forms that use it, an item's result
 * format and wind/lane rules drive every group that offers it, a nature's default fields seed the
 * meetings of that kind, and delegations are made from customers (deleting one detaches them).
 * They belong to the administrators (root and admin); committee users read them to set up their
 * meetings (the meeting's fields, area users, groups' events, nature, delegations) but change none
 * of them, whichever meetings they administer. Checked in the services, so a role granted the
 * permission by mistake still cannot. 403 A0301, with a message saying why.
 */
export function requireBaseDataOwner(u: CurrentUser): void {
  if (meetingRole(u) === 'all') return;
  throw new AppError(
    'A0301',
    {},
    {
      zh: '编码、字段、项目、赛事性质、单位等基础数据由系统管理员维护（多个赛事共用），组委会账号只能查看',
      en: 'base data such as area codes, fields, events, natures and customers is shared by all meetings and maintained by the administrators; committee accounts can only read it',
    },
  );
}
