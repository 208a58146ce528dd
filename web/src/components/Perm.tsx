import type { ReactNode } from 'react';
import { type PermValue, usePerm } from '../hooks/usePerm';

interface PermProps {
  /** One permission string or a list (any one suffices). Required: an empty value throws. */
  value: PermValue;
  children?: ReactNode;
}

/** Renders its children only when the user holds the permission (spec §6, the hasPerm directive). */
export function Perm({ value, children }: PermProps) {
  const can = usePerm();
  return can(value) ? children : null;
}

export default Perm;
