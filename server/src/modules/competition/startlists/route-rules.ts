import type { Rule } from '../../../security/route-rules.js';

/** Who may call each route of competition/startlists (the authorisation matrix checks them). */
export const STARTLISTS_RULES: Record<string, Rule> = {};
