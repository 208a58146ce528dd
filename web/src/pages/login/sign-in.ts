/** What the sign-in forms share: where to go after signing in, and what signing in does. */
import type { LoginResult } from '@baton/contracts';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { feedback } from '../../app/feedback';
import { useTranslation } from '../../app/i18n';
import { resetRouter } from '../../app/router';
import { clearSession } from '../../app/session';
import { usePermissionStore } from '../../stores/permission';
import { useUserStore } from '../../stores/user';

/** Only in-app paths; anything else (another origin, a protocol, the login page) falls back. */
export function safeRedirect(value: string | null, fallback: string): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/login')) return fallback;
  return value;
}

/** Keep the tokens and go to `target` (from a clean router when another user's routes are loaded). */
export function useSignedIn() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return useCallback(
    (tokens: LoginResult, target: string) => {
      const stale = usePermissionStore.getState().routesLoaded;
      if (stale) clearSession();
      useUserStore.getState().setTokens(tokens);
      feedback.message.success(t('login.success'));
      if (stale) resetRouter(target);
      else navigate(target, { replace: true });
    },
    [navigate, t],
  );
}
