import type { LoginResult, UserInfo } from '@baton/contracts';
import { create } from 'zustand';
import { readJson, readKey, writeJson, writeKey } from '../utils/storage';

/** Tokens are kept as `<tokenType> <token>` (spec §4), ready for the Authorization header. */
export interface UserState {
  accessToken: string;
  refreshToken: string;
  userInfo: UserInfo | null;
}

interface UserActions {
  setTokens: (tokens: Pick<LoginResult, 'tokenType' | 'accessToken' | 'refreshToken'>) => void;
  setUserInfo: (info: UserInfo | null) => void;
  clear: () => void;
}

export const useUserStore = create<UserState & UserActions>()((set) => ({
  accessToken: readKey('accessToken', ''),
  refreshToken: readKey('refreshToken', ''),
  userInfo: readJson<UserInfo>('userInfo'),
  setTokens: ({ tokenType, accessToken, refreshToken }) =>
    set({
      accessToken: `${tokenType || 'Bearer'} ${accessToken}`,
      refreshToken: `${tokenType || 'Bearer'} ${refreshToken}`,
    }),
  setUserInfo: (userInfo) => set({ userInfo }),
  clear: () => set({ accessToken: '', refreshToken: '', userInfo: null }),
}));

useUserStore.subscribe((state, prev) => {
  if (state.accessToken !== prev.accessToken) writeKey('accessToken', state.accessToken);
  if (state.refreshToken !== prev.refreshToken) writeKey('refreshToken', state.refreshToken);
  if (state.userInfo !== prev.userInfo) writeJson('userInfo', state.userInfo);
});

export const isLoggedIn = (): boolean => Boolean(useUserStore.getState().accessToken);

/**
 * Run `fn` whenever the session ends (the tokens cleared: `clearSession`). The console's own
 * stores (dictionaries, tabs) forget their user this way, so the session code in the entry chunk,
 * which every phone page downloads, need not hold them.
 */
export function onSignOut(fn: () => void): void {
  useUserStore.subscribe((state, prev) => {
    if (prev.accessToken && !state.accessToken) fn();
  });
}
