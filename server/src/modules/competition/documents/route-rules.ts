import type { Rule } from '../../../security/route-rules.js';

/** Who may call each route of competition/documents (the authorisation matrix checks them). */
export const DOCUMENTS_RULES: Record<string, Rule> = {};
