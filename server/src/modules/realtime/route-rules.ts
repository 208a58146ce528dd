import type { Rule } from '../../security/route-rules.js';

/**
 * Who may call the realtime socket (registered by plugins/realtime.ts; the authorisation matrix
 * checks it, the socket's own token check is tested here: realtime.test.ts).
 */
export const REALTIME_RULES: Record<string, Rule> = {
  'GET /api/ws': 'websocket',
};
