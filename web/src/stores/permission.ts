import type { RouteVO } from '@baton/contracts';
import { create } from 'zustand';

/** The server's route tree for the signed-in user; loaded once after sign-in, reset on sign-out. */
interface PermissionState {
  routesLoaded: boolean;
  routes: RouteVO[];
  setRoutes: (routes: RouteVO[]) => void;
  reset: () => void;
}

export const usePermissionStore = create<PermissionState>()((set) => ({
  routesLoaded: false,
  routes: [],
  setRoutes: (routes) => set({ routes, routesLoaded: true }),
  reset: () => set({ routes: [], routesLoaded: false }),
}));
