/** Helpers of spec §3 shared by server and web. */

/** Mask a phone number to its first 3 and last 4 digits: 13812345678 → 138****5678. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  if (phone.length < 8) return phone;
  return `${phone.slice(0, 3)}${'*'.repeat(phone.length - 7)}${phone.slice(-4)}`;
}

/** Mask an ID number the same way (first 3 + last 4 visible). */
export const maskIdNumber = maskPhone;

/**
 * Birth year-month ("YYYY-MM") from a mainland ID number: 18 digits carry YYYYMMDD at
 * positions 7-14 (the year-month at 7-12); 15-digit legacy numbers carry YYMMDD at 7-12
 * with the century implied as 19. Returns null when the number has neither shape.
 */
export function birthYearMonthFromId(id: string | null | undefined): string | null {
  if (!id) return null;
  const s = id.trim();
  if (/^\d{17}[\dXx]$/.test(s)) return `${s.slice(6, 10)}-${s.slice(10, 12)}`;
  if (/^\d{15}$/.test(s)) return `19${s.slice(6, 8)}-${s.slice(8, 10)}`;
  return null;
}
