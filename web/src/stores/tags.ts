import { create } from 'zustand';
import { onSignOut } from './user';

export interface TagView {
  /** Pathname, the identity of a tab. */
  path: string;
  /** Pathname plus query, where clicking the tab goes. */
  fullPath: string;
  title: string;
  titleEn: string;
  /** i18n key used instead of title/titleEn for the app's own pages. */
  titleKey?: string;
  affix: boolean;
  keepAlive: boolean;
}

interface TagsState {
  visitedViews: TagView[];
  /** Bumped per path to remount a page (the "refresh" action). */
  refreshKeys: Record<string, number>;
  addView: (view: TagView) => void;
  closeView: (path: string) => TagView[];
  closeOthers: (path: string) => void;
  closeLeft: (path: string) => void;
  closeRight: (path: string) => void;
  closeAll: () => void;
  refreshView: (path: string) => void;
  reset: () => void;
}

export const DASHBOARD_TAG: TagView = {
  path: '/dashboard',
  fullPath: '/dashboard',
  title: '',
  titleEn: '',
  titleKey: 'route.dashboard',
  affix: true,
  keepAlive: true,
};

export const useTagsStore = create<TagsState>()((set, get) => ({
  visitedViews: [DASHBOARD_TAG],
  refreshKeys: {},
  addView: (view) =>
    set((s) => {
      const i = s.visitedViews.findIndex((v) => v.path === view.path);
      if (i === -1) return { visitedViews: [...s.visitedViews, view] };
      const current = s.visitedViews[i];
      if (current && current.fullPath === view.fullPath && current.title === view.title) return s;
      const next = [...s.visitedViews];
      next[i] = { ...view, affix: current?.affix || view.affix };
      return { visitedViews: next };
    }),
  closeView: (path) => {
    set((s) => ({ visitedViews: s.visitedViews.filter((v) => v.affix || v.path !== path) }));
    return get().visitedViews;
  },
  closeOthers: (path) => set((s) => ({ visitedViews: s.visitedViews.filter((v) => v.affix || v.path === path) })),
  closeLeft: (path) =>
    set((s) => {
      const i = s.visitedViews.findIndex((v) => v.path === path);
      return { visitedViews: s.visitedViews.filter((v, j) => v.affix || j >= i) };
    }),
  closeRight: (path) =>
    set((s) => {
      const i = s.visitedViews.findIndex((v) => v.path === path);
      return { visitedViews: s.visitedViews.filter((v, j) => v.affix || j <= i) };
    }),
  closeAll: () => set((s) => ({ visitedViews: s.visitedViews.filter((v) => v.affix) })),
  refreshView: (path) => set((s) => ({ refreshKeys: { ...s.refreshKeys, [path]: (s.refreshKeys[path] ?? 0) + 1 } })),
  reset: () => set({ visitedViews: [DASHBOARD_TAG], refreshKeys: {} }),
}));

onSignOut(() => useTagsStore.getState().reset());
