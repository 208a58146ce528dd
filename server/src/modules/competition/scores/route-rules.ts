import type { Rule } from '../../../security/route-rules.js';

/** Who may call each route of competition/scores (the authorisation matrix checks them). */
export const SCORES_RULES: Record<string, Rule> = {};
