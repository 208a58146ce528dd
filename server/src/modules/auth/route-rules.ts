import type { Rule } from '../../security/route-rules.js';

/** Who may call each route of auth (the authorisation matrix checks them). */
export const AUTH_RULES: Record<string, Rule> = {
  'GET /api/v1/auth/captcha': 'public',
  'GET /api/v1/auth/getAccessTokenByRefreshToken': 'own-credential',
  'POST /api/v1/auth/login': 'public',
  'DELETE /api/v1/auth/logout': 'signed-in',
  'GET /api/v1/auth/public-key': 'public',
};
