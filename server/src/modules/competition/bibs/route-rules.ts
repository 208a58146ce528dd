import type { Rule } from '../../../security/route-rules.js';

/** Who may call each route of competition/bibs (the authorisation matrix checks them). */
export const BIBS_RULES: Record<string, Rule> = {};
