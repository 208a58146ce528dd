import { useRef } from 'react';

/**
 * The last non-null value: a dialog keeps the title and fields of the record it showed while its
 * closing animation runs (when the caller has already set its state back to null).
 */
export function useSticky<T>(value: T | null): T | null {
  const last = useRef(value);
  if (value !== null) last.current = value;
  return last.current;
}
