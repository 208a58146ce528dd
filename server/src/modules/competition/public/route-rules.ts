import type { Rule } from '../../../security/route-rules.js';

/** Who may call each route of competition/public (the authorisation matrix checks them). */
export const PUBLIC_RULES: Record<string, Rule> = {};
