/**
 * The file name of a `Content-Disposition` header: `filename*=UTF-8''…` (RFC 5987, percent-encoded)
 * wins over a plain `filename="…"`; path separators are dropped. `fallback` when there is neither.
 */
export function filenameFromDisposition(header: string | null | undefined, fallback = 'download'): string {
  if (!header) return fallback;
  let name: string | undefined;
  const star = /filename\*\s*=\s*([^;]+)/i.exec(header);
  if (star?.[1]) {
    const raw = star[1].trim().replace(/^"(.*)"$/, '$1');
    const encoded = raw.replace(/^[\w-]*'[^']*'/, '');
    try {
      name = decodeURIComponent(encoded);
    } catch {
      name = encoded;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
    name = (plain?.[2] ?? plain?.[1])?.trim();
  }
  const safe = name?.replace(/[/\\]/g, '_').trim();
  return safe || fallback;
}
