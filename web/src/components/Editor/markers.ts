/**
 * The markup of the editor's log mode. It is plain text, so the server (or a page) can write it
 * into a log as is, and a log without it still reads well. Nothing here depends on CodeMirror,
 * so a page may build log text without loading the editor.
 *
 * 1. Link — one segment inside a line:
 *
 *        [[link {"href":"/api/v1/files/abc","download":"report.xlsx"}]]
 *
 *    `[[link `, one JSON object, `]]`. It is shown as an `<a>` labelled with the "download log"
 *    text (`editor.logDownload`). Attributes taken from the JSON: `href` (required), `download`
 *    (a file name, or `true`), `target` (`_blank` or `_self`) and `title`; any other key is ignored.
 *    Only a same-origin path (`/…`, but not `//…` or anything with a backslash) or an `http:` /
 *    `https:` URL is linked; any other href (`javascript:`, `data:`, `vbscript:`, `//host`, …) or
 *    JSON that does not parse leaves the segment as plain text. Build it with {@link logLink}.
 *
 * 2. Level block — lines between an opening and a closing marker line:
 *
 *        <<error>>
 *        row 5: mobile is invalid
 *        <</error>>
 *
 *    Levels: `error` (bold red), `info` (bold dark grey), `warning` (orange), `success` (green).
 *    The opening marker starts its line; the text after it on that line belongs to the block, and
 *    the block ends with the line holding `<</level>>` (it may be the same line:
 *    `<<success>>Done<</success>>`). A block that is never closed runs to the end of the log.
 *    Build it with {@link logBlock}.
 *
 * 3. Tagged line — a bracketed tag, then `ERROR`, `INFO` or `WARN` (`WARNING` too, any case):
 *
 *        [import] ERROR row 5 · mobile: is invalid
 *        [sync] INFO 120 rows read
 *        [x] WARN slow response
 *
 *    Build it with {@link logLine}.
 */

export const LOG_LEVELS = ['error', 'info', 'warning', 'success'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const LOG_TAG_LEVELS = ['ERROR', 'INFO', 'WARN'] as const;
export type LogTagLevel = (typeof LOG_TAG_LEVELS)[number];

export interface LogLinkAttrs {
  href: string;
  /** A file name to save as, or `true` to let the browser choose one. */
  download?: string | true;
  target?: '_blank' | '_self';
  title?: string;
}

const LINK_OPEN = '[[link ';
const LINK_CLOSE = ']]';
/** `[[link {…}]]`: the JSON runs to the first `}]]` ({@link logLink} escapes every `]` in it). */
const LINK_RE = /\[\[link (\{.*?\})\]\]/g;
const MAX_HREF = 2048;

/**
 * Whether `href` may become a link: a same-origin path or an http(s) URL. Whitespace, control
 * characters and backslashes are refused anywhere, since browsers strip or reinterpret them
 * (`java\tscript:`, `/\evil.example`).
 */
export function isSafeHref(href: unknown): href is string {
  if (typeof href !== 'string' || href.length === 0 || href.length > MAX_HREF) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\u0000-\u0020\u007f-\u009f\\]/.test(href)) return false;
  if (href.startsWith('/')) return !href.startsWith('//');
  return /^https?:\/\/[^/]/i.test(href);
}

/** The link attributes of a marker's JSON, or `null` when it does not parse or is not safe. */
export function parseLinkAttrs(json: string): LogLinkAttrs | null {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const obj = raw as Record<string, unknown>;
  if (!isSafeHref(obj.href)) return null;
  const attrs: LogLinkAttrs = { href: obj.href };
  if (obj.download === true || (typeof obj.download === 'string' && obj.download.length <= 255)) {
    attrs.download = obj.download;
  }
  if (obj.target === '_blank' || obj.target === '_self') attrs.target = obj.target;
  if (typeof obj.title === 'string' && obj.title.length <= 500) attrs.title = obj.title;
  return attrs;
}

export interface LinkSegment {
  /** Offsets of the whole `[[link …]]` segment in the line. */
  from: number;
  to: number;
  /** `null`: the marker is not a safe link and stays plain text. */
  attrs: LogLinkAttrs | null;
}

/** The link markers of one line. */
export function findLinks(line: string): LinkSegment[] {
  if (!line.includes(LINK_OPEN)) return [];
  const found: LinkSegment[] = [];
  for (const m of line.matchAll(LINK_RE)) {
    const from = m.index;
    found.push({ from, to: from + m[0].length, attrs: parseLinkAttrs(m[1] ?? '') });
  }
  return found;
}

/** The marker of a link; `]` is escaped so the JSON never holds the closing `]]`. */
export function logLink(attrs: LogLinkAttrs): string {
  const json = JSON.stringify(attrs).replace(/\]/g, '\\u005d');
  return `${LINK_OPEN}${json}${LINK_CLOSE}`;
}

/** A level block around `text` (which may hold several lines). */
export function logBlock(level: LogLevel, text: string): string {
  return `<<${level}>>\n${text}\n<</${level}>>`;
}

/** A tagged line: `[tag] LEVEL message`. */
export function logLine(tag: string, level: LogTagLevel, message: string): string {
  return `[${tag.replace(/[[\]\s]/g, '')}] ${level} ${message}`;
}

const LEVEL_OPEN_RE = /^\s*<<(error|info|warning|success)>>/;
const LEVEL_CLOSE_RE = /<<\/(error|info|warning|success)>>/g;
const TAGGED_RE = /^(\[[^\]\s]+\])\s+(ERROR|INFO|WARN(?:ING)?)\b/i;

export interface LineMarkers {
  /** The level block the line is in, if any. */
  level: LogLevel | null;
  /** Ranges of level marker text (`<<error>>`, `<</error>>`) in the line. */
  markers: { from: number; to: number }[];
  /** The tagged-line prefix: the tag's range, the level word's range and its kind. */
  tagged: { tag: { from: number; to: number }; word: { from: number; to: number }; kind: LogTagLevel } | null;
}

/**
 * Walks the lines of a log and says, line by line, which level block each is in, where the level
 * markers are and whether the line is tagged. `lines` is any iterable of line texts.
 */
export function* scanLog(lines: Iterable<string>): Generator<LineMarkers> {
  let level: LogLevel | null = null;
  for (const text of lines) {
    const markers: { from: number; to: number }[] = [];
    const open = LEVEL_OPEN_RE.exec(text);
    if (open) {
      level = open[1] as LogLevel;
      const from = open[0].length - open[1]!.length - 4;
      markers.push({ from, to: open[0].length });
    }
    const lineLevel = level;
    for (const close of text.matchAll(LEVEL_CLOSE_RE)) {
      if (close[1] === level) level = null;
      markers.push({ from: close.index, to: close.index + close[0].length });
    }
    let tagged: LineMarkers['tagged'] = null;
    const tag = TAGGED_RE.exec(text);
    if (tag) {
      const word = tag[2]!.toUpperCase();
      const kind: LogTagLevel = word === 'ERROR' ? 'ERROR' : word === 'INFO' ? 'INFO' : 'WARN';
      const wordFrom = tag[0].length - tag[2]!.length;
      tagged = { tag: { from: 0, to: tag[1]!.length }, word: { from: wordFrom, to: tag[0].length }, kind };
    }
    yield { level: lineLevel, markers, tagged };
  }
}
