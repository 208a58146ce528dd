import type { Rule } from '../../security/route-rules.js';

/** Who may call each route of dlg (the authorisation matrix checks them). */
export const DLG_RULES: Record<string, Rule> = {
  'POST /api/v2/dlg/login': 'public',
  'GET /api/v2/dlg/meetings': 'public',
  'POST /api/v2/dlg/sms-code': 'public',
};
