import type { Rule } from '../../../security/route-rules.js';

/** Who may call each route of competition/results (the authorisation matrix checks them). */
export const RESULTS_RULES: Record<string, Rule> = {};
