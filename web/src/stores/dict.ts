import type { DictVO } from '@baton/contracts';
import { create } from 'zustand';
import { listDicts } from '../api/session';
import { onSignOut } from './user';

export type DictItem = DictVO['dictDataList'][number];

/** Dictionary cache by dictCode (spec §4): filled from one list call; clear, or clear and reload. */
interface DictState {
  dicts: Record<string, DictVO>;
  loaded: boolean;
  load: () => Promise<void>;
  clear: () => void;
  reload: () => Promise<void>;
  items: (dictCode: string) => DictItem[];
}

let inFlight: Promise<void> | null = null;

export const useDictStore = create<DictState>()((set, get) => ({
  dicts: {},
  loaded: false,
  load: () => {
    if (get().loaded) return Promise.resolve();
    inFlight ??= listDicts()
      .then((list) => {
        const dicts: Record<string, DictVO> = {};
        for (const d of list) dicts[d.dictCode] = d;
        set({ dicts, loaded: true });
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  },
  clear: () => set({ dicts: {}, loaded: false }),
  reload: () => {
    get().clear();
    return get().load();
  },
  items: (dictCode) => get().dicts[dictCode]?.dictDataList ?? [],
}));

onSignOut(() => useDictStore.getState().clear());

/** After any dictionary change: the cache of spec §4 is cleared and reloaded, so tags everywhere follow. */
export function refreshDictCache(): void {
  void useDictStore
    .getState()
    .reload()
    .catch(() => undefined);
}
