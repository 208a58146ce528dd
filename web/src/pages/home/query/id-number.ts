import { parseIdNumber } from '@baton/contracts';

/** What the public query accepts as an ID number (the contract's pattern). */
const ID_SHAPE = /^[0-9A-Za-z()-]{5,30}$/;

/**
 * Why an ID number cannot be queried, or null: `format` for characters or a length no
 * document has; `mainland` for a number shaped like a mainland resident ID (18 or 15 digits)
 * whose check character or birth date is wrong (GB 11643). Other documents pass on shape.
 */
export function idNumberProblem(raw: string): 'format' | 'mainland' | null {
  const id = raw.trim();
  if (!ID_SHAPE.test(id)) return 'format';
  if ((/^\d{17}[\dXx]$/.test(id) || /^\d{15}$/.test(id)) && !parseIdNumber(id)) return 'mainland';
  return null;
}
