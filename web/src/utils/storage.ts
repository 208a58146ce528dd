/**
 * localStorage under the exact key names of spec §3 (`layout`, `theme`, `accessToken`...).
 * Strings are stored as they are, booleans as `true`/`false` and numbers as digits, so the
 * values stay readable and match what the original product wrote.
 */
type Scalar = string | number | boolean;

function store(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function readKey<T extends Scalar>(key: string, fallback: T): T {
  const raw = store()?.getItem(key);
  if (raw == null) return fallback;
  if (typeof fallback === 'boolean') return (raw === 'true') as T;
  if (typeof fallback === 'number') {
    const n = Number(raw);
    return (Number.isFinite(n) ? n : fallback) as T;
  }
  return raw as T;
}

/** A stored string constrained to a set of allowed values; anything else reads as the fallback. */
export function readChoice<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
  const raw = store()?.getItem(key);
  return allowed.includes(raw as T) ? (raw as T) : fallback;
}

export function writeKey(key: string, value: Scalar | null | undefined): void {
  const s = store();
  if (!s) return;
  if (value == null || value === '') s.removeItem(key);
  else s.setItem(key, String(value));
}

export function readJson<T>(key: string): T | null {
  const raw = store()?.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  const s = store();
  if (!s) return;
  if (value == null) s.removeItem(key);
  else s.setItem(key, JSON.stringify(value));
}

/** Write the listed fields of a store's state to their keys whenever they change. */
export function persistFields<S extends object>(
  subscribe: (listener: (state: S, prev: S) => void) => () => void,
  fields: readonly (keyof S & string)[],
): void {
  subscribe((state, prev) => {
    for (const field of fields) {
      if (state[field] !== prev[field]) writeKey(field, state[field] as Scalar);
    }
  });
}
