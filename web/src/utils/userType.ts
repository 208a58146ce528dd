import { USER_TYPES } from '@baton/contracts';

/** i18n key of a user type code (spec §1). */
export function userTypeKey(code: number | null | undefined): string {
  return USER_TYPES.includes(code as (typeof USER_TYPES)[number]) ? `userType.${code}` : 'userType.unknown';
}
