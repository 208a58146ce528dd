import type { ImportReport } from '@baton/contracts';

export type GeneratedPasswords = NonNullable<ImportReport['passwords']>;

/** A CSV cell: quoted, and (as the server's sheets do) a leading = + - @ made inert for Excel. */
const cell = (v: string) => `"${(/^[=+\-@\t\r]/.test(v) ? `'${v}` : v).replaceAll('"', '""')}"`;

/** Generated passwords as a CSV Excel opens in either language (UTF-8 with its byte-order mark). */
export function passwordsCsv(rows: GeneratedPasswords, headers: [string, string]): string {
  const lines = [headers, ...rows.map((r) => [r.username, r.password])].map((l) => l.map(cell).join(','));
  return `\ufeff${lines.join('\r\n')}\r\n`;
}
