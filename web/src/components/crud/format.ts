const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO timestamp as local `YYYY-MM-DD HH:mm:ss` ('' for none, the text itself when unreadable). */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
