import { ADMINS } from '../../security/callers.js';
import type { Rule } from '../../security/route-rules.js';

/** Who may call each route of codegen (the authorisation matrix checks them). */
export const CODEGEN_RULES: Record<string, Rule> = {
  'GET /api/v1/codegen/tables': ADMINS,
  'GET /api/v1/codegen/tables/:name/preview': ADMINS,
};
