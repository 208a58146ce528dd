import type { Rule } from '../../security/route-rules.js';

/** Who may call each route of account (the authorisation matrix checks them). */
export const ACCOUNT_RULES: Record<string, Rule> = {
  'POST /api/v1/auth/forget-password': 'public',
  'POST /api/v1/auth/register': 'public',
  'PUT /api/v1/users/avatar': 'signed-in',
  'PUT /api/v1/users/email': 'signed-in',
  'PUT /api/v1/users/mobile': 'signed-in',
  'GET /api/v1/users/send-verification-code': 'signed-in',
};
