import { ROOT_ROLE } from '@baton/contracts';
import { useCallback } from 'react';
import { useUserStore } from '../stores/user';

export type PermValue = string | readonly string[];

function asList(value: PermValue | null | undefined): string[] {
  const list = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string' && v !== '');
  if (list.length === 0) throw new Error('need permission value');
  return list;
}

/** Spec §6: the ROOT role passes; otherwise any one of the given permission strings. */
export function hasPerm(
  user: { roles: readonly string[]; perms: readonly string[] } | null | undefined,
  value: PermValue,
): boolean {
  const wanted = asList(value);
  if (!user) return false;
  if (user.roles.includes(ROOT_ROLE)) return true;
  return wanted.some((p) => user.perms.includes(p));
}

/** Any one of the given roles. */
export function hasRole(user: { roles: readonly string[] } | null | undefined, value: PermValue): boolean {
  const wanted = asList(value);
  if (!user) return false;
  return wanted.some((r) => user.roles.includes(r));
}

/** `const can = usePerm(); can('sys:user:add')` — throws when called without a value. */
export function usePerm(): (value: PermValue) => boolean {
  const user = useUserStore((s) => s.userInfo);
  return useCallback((value: PermValue) => hasPerm(user, value), [user]);
}

export function useRole(): (value: PermValue) => boolean {
  const user = useUserStore((s) => s.userInfo);
  return useCallback((value: PermValue) => hasRole(user, value), [user]);
}
