import { useCallback, useEffect, useSyncExternalStore } from 'react';

/**
 * The public pages' reads (meeting, lists, live competition): a small keyed cache in place of
 * TanStack Query, which the staff pages keep (AntdFrame). A phone opening a meeting's link thus
 * does not download the query library (about 11 KB gzip). It does what the public pages used of
 * it: one request per key however many components ask, answers kept `staleMs` and shared, and
 * `refreshPublicReads` to refetch what is on screen when a live frame says it changed.
 */
export type ReadKey = readonly unknown[];

export interface PublicRead<T> {
  data: T | undefined;
  error: unknown;
  isError: boolean;
  /** No answer yet, and one is coming (TanStack Query's meaning: false while disabled). */
  isLoading: boolean;
}

interface State {
  data: unknown;
  error: unknown;
  fetching: boolean;
}

interface Entry {
  key: ReadKey;
  /** Replaced, never changed, so that it is the snapshot React compares. */
  state: State;
  /** When the kept answer arrived; 0 once it must be fetched again. */
  at: number;
  load?: () => Promise<unknown>;
  inflight?: Promise<void>;
  /** Changed while a request was on its way: that answer may predate the change. */
  again: boolean;
  listeners: Set<() => void>;
}

const EMPTY: State = { data: undefined, error: undefined, fetching: false };
/** As the staff pages' query cache (app/query-client.ts). */
const STALE_MS = 30_000;
/** Answers no component shows are dropped, oldest first, past this many. */
const MAX_ENTRIES = 200;

const entries = new Map<string, Entry>();

function entryOf(key: ReadKey): Entry {
  const id = JSON.stringify(key);
  let entry = entries.get(id);
  if (!entry) {
    entry = { key, state: EMPTY, at: 0, again: false, listeners: new Set() };
    entries.set(id, entry);
    if (entries.size > MAX_ENTRIES) {
      for (const [k, e] of entries) {
        if (entries.size <= MAX_ENTRIES / 2) break;
        if (e !== entry && e.listeners.size === 0 && !e.inflight) entries.delete(k);
      }
    }
  }
  return entry;
}

function publish(entry: Entry, state: State): void {
  entry.state = state;
  for (const listener of entry.listeners) listener();
}

function run(entry: Entry): Promise<void> {
  if (entry.inflight) {
    return entry.inflight;
  }
  const load = entry.load;
  if (!load) return Promise.resolve();
  entry.again = false;
  publish(entry, { ...entry.state, fetching: true });
  const done = (state: State) => {
    entry.inflight = undefined;
    publish(entry, state);
    if (entry.again && entry.listeners.size > 0) void run(entry);
  };
  entry.inflight = load().then(
    (data) => {
      entry.at = Date.now();
      done({ data, error: undefined, fetching: false });
    },
    // The request layer has told the visitor; the page shows its empty or error state.
    (error: unknown) => done({ data: entry.state.data, error, fetching: false }),
  );
  return entry.inflight;
}

/**
 * Read `load()` under `key` (an array; its JSON is the identity): fetched on mount when there is
 * no answer younger than `staleMs`, shared by every component with the same key.
 */
export function usePublicRead<T>(
  key: ReadKey,
  load: () => Promise<T>,
  { enabled = true, staleMs = STALE_MS }: { enabled?: boolean; staleMs?: number } = {},
): PublicRead<T> {
  const entry = entryOf(key);
  const subscribe = useCallback(
    (listener: () => void) => {
      entry.listeners.add(listener);
      // Dropped between this render and its commit (the cache was full): shown again, kept again.
      const id = JSON.stringify(entry.key);
      if (entries.get(id) !== entry) entries.set(id, entry);
      return () => {
        entry.listeners.delete(listener);
      };
    },
    [entry],
  );
  const state = useSyncExternalStore(
    subscribe,
    () => entry.state,
    () => entry.state,
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is the same read for the same key; a new closure each render is no reason to fetch
  useEffect(() => {
    if (!enabled) return;
    entry.load = load;
    if (entry.at === 0 || Date.now() - entry.at > staleMs) void run(entry);
  }, [entry, enabled, staleMs]);
  const data = state.data as T | undefined;
  return {
    data,
    error: state.error,
    isError: state.error !== undefined,
    isLoading: enabled && data === undefined && (state.fetching || (state.error === undefined && entry.at === 0)),
  };
}

/**
 * The answers whose key matches are out of date: those on screen are fetched again now (a
 * request already on its way is followed by another), the others on their next mount.
 */
export function refreshPublicReads(matches: (key: ReadKey) => boolean): void {
  for (const entry of entries.values()) {
    if (!matches(entry.key)) continue;
    entry.at = 0;
    if (entry.listeners.size === 0) continue;
    if (entry.inflight) entry.again = true;
    else void run(entry);
  }
}

/** Forget every answer (tests start from an empty cache). */
export function forgetPublicReads(): void {
  entries.clear();
}
