import type { Rule } from '../../../security/route-rules.js';

/** Who may call each route of competition/exchange (the authorisation matrix checks them). */
export const EXCHANGE_RULES: Record<string, Rule> = {};
