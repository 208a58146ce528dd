import {
  type Color,
  concatTransformationMatrix,
  drawObject,
  type PDFContentStream,
  PDFDocument,
  type PDFFont,
  type PDFPage,
  type PDFRef,
  popGraphicsState,
  pushGraphicsState,
  rgb,
} from 'pdf-lib';
import qrcode from 'qrcode-generator';
import { fontBytes, patchedFontkit } from './font.js';
import type { Words } from './labels.js';

/**
 * A small layout kit over pdf-lib for the printed documents: A4 pages with the document header
 * (meeting, title, what and when) and footer (page x / y, print time), headings, tables that
 * continue on the next page with their header repeated, text fitted to its box, QR codes.
 * Coordinates are PDF points (1/72 inch) from the bottom left of the page.
 */

export const A4: [number, number] = [595.28, 841.89];
export const A5: [number, number] = [419.53, 595.28];
export const MARGIN = 36;
const FOOTER = 24;

export const INK = rgb(0.1, 0.1, 0.12);
export const GREY = rgb(0.42, 0.42, 0.46);
export const RULE = rgb(0.75, 0.75, 0.78);
export const SHADE = rgb(0.94, 0.95, 0.97);
export const ACCENT = rgb(0.09, 0.33, 0.62);

export interface DocHeader {
  /** The meeting's name in the language printed. */
  meeting: string;
  /** The meeting's name in the other language (printed small under it), when it has one. */
  meetingAlt?: string;
  title: string;
  /** What the page shows (the event and round), left under the title. */
  subtitle?: string;
  /** When it takes place, right under the title. */
  when?: string;
}

/** A table cell: its text, optionally with a small second line and in bold. */
export type Cell = string | { text: string; sub?: string; bold?: boolean };

export interface Column {
  label: string;
  /** Relative width: the columns share the width of the page in these proportions. */
  width: number;
  align?: 'left' | 'center' | 'right';
  /** Wrap long text onto more lines instead of cutting it with an ellipsis. */
  wrap?: boolean;
}

export interface Row {
  cells: Cell[];
  /** A small line under the row, from the second column on (relay runners, a rule). */
  sub?: string;
}

/** Control characters and unpaired surrogates cannot be drawn: they print as a space / U+FFFD. */
export function clean(text: string | null | undefined): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  const controls = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
  const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
  return (text ?? '').replace(controls, ' ').replace(lone, '\uFFFD');
}

export interface TextOptions {
  size?: number;
  bold?: boolean;
  color?: Color;
  /** Cut with an ellipsis to this width. */
  maxWidth?: number;
  /** `x` is the left edge, the centre or the right edge. */
  align?: 'left' | 'center' | 'right';
}

/**
 * A QR code of `data` (byte mode, error correction level M: 15 % of the symbol may be damaged).
 * The mask is fixed to pattern 0 (ISO/IEC 18004 §7.8.2): qrcode-generator would score all eight
 * masks (§7.8.3) through its public `isDark`, about 5 ms a code, which made a thousand bib labels
 * take five seconds; every mask decodes alike, the scoring only avoids rare look-alikes of the
 * finder patterns. While it makes the code its scorer reads a module count of 0, scores nothing,
 * and keeps the first mask.
 */
export function qrMatrix(data: string): { getModuleCount(): number; isDark(row: number, col: number): boolean } {
  const code = qrcode(0, 'M');
  code.addData(data, 'Byte');
  const count = code.getModuleCount;
  code.getModuleCount = () => 0;
  try {
    code.make();
  } finally {
    code.getModuleCount = count;
  }
  return code;
}

export class Pdf {
  readonly pages: PDFPage[] = [];
  /** Pages printed without the running header and footer (a book's cover). */
  private readonly bare = new Set<PDFPage>();
  page!: PDFPage;
  /** The top of the free space on the current page. */
  y = 0;
  /** Draws the running part under the header of each new page (a heat title, a table header). */
  private continuation: (() => void) | null = null;

  private constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    readonly words: Words,
    private header: DocHeader | null,
    readonly size: [number, number],
  ) {}

  /** A new document; `header: null` for pages without the header and footer (bibs, certificates). */
  static async create(words: Words, header: DocHeader | null, size: [number, number] = A4): Promise<Pdf> {
    const doc = await PDFDocument.create();
    doc.registerFontkit(patchedFontkit);
    const [regular, bold] = await Promise.all([
      fontBytes('regular').then((b) => doc.embedFont(b, { subset: true })),
      fontBytes('bold').then((b) => doc.embedFont(b, { subset: true })),
    ]);
    doc.setCreator('Baton');
    doc.setProducer('Baton (pdf-lib)');
    if (header) doc.setTitle(clean(`${header.meeting} · ${header.title}`));
    return new Pdf(doc, regular, bold, words, header, size);
  }

  get width() {
    return this.size[0];
  }
  get height() {
    return this.size[1];
  }
  /** The width between the margins. */
  get inner() {
    return this.width - 2 * MARGIN;
  }
  /** The lowest y content may reach. */
  get bottom() {
    return this.header ? MARGIN + FOOTER : MARGIN;
  }

  /** Change the header of the pages started from now on (a new event in the same document). */
  setHeader(header: DocHeader) {
    this.header = header;
  }

  /** A new page; `bare`: without the header and footer (it still counts in the page numbers). */
  addPage(opts: { bare?: boolean } = {}): PDFPage {
    if (this.pages.length) this.freeze(this.pages.at(-1)!);
    this.page = this.doc.addPage(this.size);
    this.pages.push(this.page);
    this.y = this.height - MARGIN;
    if (opts.bare) {
      this.bare.add(this.page);
      return this.page;
    }
    if (this.header) this.drawHeader(this.header);
    this.continuation?.();
    return this.page;
  }

  /**
   * Encode and compress what was drawn on a page that is left, so a document of thousands of
   * pages does not keep millions of drawing operators (pdf-lib's objects) until it is saved.
   * Drawing on the page again (its footer, a book's contents) starts a new content stream.
   */
  private freeze(page: PDFPage) {
    // pdf-lib's PDFPage keeps the stream it draws into in these two (private) fields.
    const p = page as unknown as { contentStream?: PDFContentStream; contentStreamRef?: PDFRef };
    if (!p.contentStream || !p.contentStreamRef) return;
    this.doc.context.assign(p.contentStreamRef, this.doc.context.flateStream(p.contentStream.getUnencodedContents()));
    p.contentStream = undefined;
    p.contentStreamRef = undefined;
  }

  /** Make sure `h` points are free below `y`, starting a new page when not; true when it did. */
  room(h: number): boolean {
    if (this.pages.length && this.y - h >= this.bottom) return false;
    this.addPage();
    return true;
  }

  /** Widths of texts drawn, at size 1, per font: names and labels repeat on every row. */
  private readonly widths = new Map<PDFFont, Map<string, number>>();

  /**
   * The width of `text` at `size` (pdf-lib's, which lays the text out through fontkit every
   * time: the same string's width is worked out once). Widths scale with the size.
   */
  widthOf(font: PDFFont, text: string, size: number): number {
    let known = this.widths.get(font);
    if (!known) {
      known = new Map();
      this.widths.set(font, known);
    }
    let w = known.get(text);
    if (w === undefined) {
      if (known.size > 50_000) known.clear();
      w = font.widthOfTextAtSize(text, 1);
      known.set(text, w);
    }
    return w * size;
  }

  /** Text cut with an ellipsis to fit `maxWidth`. */
  fit(text: string, font: PDFFont, size: number, maxWidth: number): string {
    const t = clean(text);
    if (this.widthOf(font, t, size) <= maxWidth) return t;
    const chars = [...t];
    let lo = 0;
    let hi = chars.length;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (this.widthOf(font, `${chars.slice(0, mid).join('')}…`, size) <= maxWidth) lo = mid;
      else hi = mid - 1;
    }
    return `${chars.slice(0, lo).join('')}…`;
  }

  /** Text broken into lines of at most `maxWidth` (at spaces where it can, else anywhere). */
  wrap(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of clean(text).split(/(\s+)/)) {
      const next = line + word;
      if (!line || this.widthOf(font, next, size) <= maxWidth) {
        line = next;
        continue;
      }
      lines.push(line.trimEnd());
      line = word.trimStart();
    }
    if (line.trim()) lines.push(line.trimEnd());
    // A single word wider than the line (a long Chinese name has no spaces): cut by characters.
    return lines.flatMap((l) => {
      if (this.widthOf(font, l, size) <= maxWidth) return [l];
      const out: string[] = [];
      let cur = '';
      for (const ch of l) {
        if (cur && this.widthOf(font, cur + ch, size) > maxWidth) {
          out.push(cur);
          cur = '';
        }
        cur += ch;
      }
      if (cur) out.push(cur);
      return out;
    });
  }

  /** Draw one line of text at (x, y) (y is the baseline). Returns the width drawn. */
  text(value: string, x: number, y: number, opts: TextOptions = {}): number {
    const size = opts.size ?? 9;
    const font = opts.bold ? this.bold : this.regular;
    const t = opts.maxWidth ? this.fit(value, font, size, opts.maxWidth) : clean(value);
    if (!t) return 0;
    const w = this.widthOf(font, t, size);
    const left = opts.align === 'center' ? x - w / 2 : opts.align === 'right' ? x - w : x;
    this.page.drawText(t, { x: left, y, size, font, color: opts.color ?? INK });
    return w;
  }

  line(x1: number, y1: number, x2: number, y2: number, color: Color = RULE, thickness = 0.6) {
    this.page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, color, thickness });
  }

  private drawHeader(h: DocHeader) {
    const cx = this.width / 2;
    let y = this.height - MARGIN - 12;
    this.text(h.meeting, cx, y, { size: 13, bold: true, align: 'center', maxWidth: this.inner });
    if (h.meetingAlt && h.meetingAlt !== h.meeting) {
      y -= 12;
      this.text(h.meetingAlt, cx, y, { size: 8, color: GREY, align: 'center', maxWidth: this.inner });
    }
    y -= 18;
    this.text(h.title, cx, y, { size: 12, bold: true, align: 'center', maxWidth: this.inner, color: ACCENT });
    y -= 15;
    const whenWidth = h.when ? this.widthOf(this.regular, clean(h.when), 9) : 0;
    if (h.subtitle) this.text(h.subtitle, MARGIN, y, { size: 9, maxWidth: this.inner - whenWidth - 12 });
    if (h.when) this.text(h.when, this.width - MARGIN, y, { size: 9, align: 'right' });
    y -= 6;
    this.line(MARGIN, y, this.width - MARGIN, y, INK, 0.8);
    this.y = y - 8;
  }

  /** A bold heading line with optional grey text on the right ("Heat 1" … "Wind +0.3"). */
  heading(text: string, right?: string, size = 10.5) {
    this.room(size + 40);
    this.y -= size + 2;
    const rightWidth = right ? this.widthOf(this.regular, clean(right), 8.5) : 0;
    this.text(text, MARGIN, this.y, { size, bold: true, maxWidth: this.inner - rightWidth - 12 });
    if (right) this.text(right, this.width - MARGIN, this.y, { size: 8.5, color: GREY, align: 'right' });
    this.y -= 6;
  }

  /** Small grey text, wrapped to the width of the page. */
  note(text: string) {
    for (const line of this.wrap(text, this.regular, 8, this.inner)) {
      this.room(12);
      this.y -= 10;
      this.text(line, MARGIN, this.y, { size: 8, color: GREY });
    }
    this.y -= 4;
  }

  space(h: number) {
    this.y -= h;
  }

  /**
   * A table: the header row, then the rows; a row that does not fit goes to the next page,
   * which repeats `again` (e.g. the heat's title) and the header row.
   */
  table(columns: Column[], rows: Row[], again?: () => void) {
    const total = columns.reduce((s, c) => s + c.width, 0);
    const widths = columns.map((c) => (c.width / total) * this.inner);
    const xs = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((s, w) => s + w, 0));
    const pad = 3;
    // A label wider than its column goes onto a second line ("名次 Place" in a bilingual edition).
    const labels = columns.map((c, i) => {
      const room = widths[i]! - 2 * pad;
      return this.widthOf(this.bold, c.label, 8) <= room
        ? [c.label]
        : this.wrap(c.label, this.bold, 8, room).slice(0, 2);
    });
    const headLines = Math.max(1, ...labels.map((l) => l.length));
    const drawHead = () => {
      const h = 15 + (headLines - 1) * 9.5;
      this.page.drawRectangle({ x: MARGIN, y: this.y - h, width: this.inner, height: h, color: SHADE });
      labels.forEach((lines, i) => {
        lines.forEach((l, k) => {
          this.cellText(l, xs[i]!, widths[i]!, this.y - 10.5 - k * 9.5, columns[i]!.align, pad, 8, true);
        });
      });
      this.y -= h;
      this.line(MARGIN, this.y, MARGIN + this.inner, this.y, INK, 0.6);
    };
    const previous = this.continuation;
    this.continuation = () => {
      again?.();
      drawHead();
    };
    if (this.room(15 + 17)) {
      // The new page drew the heading and the header already.
    } else {
      drawHead();
    }
    for (const row of rows) {
      const lines = row.cells.map((cell, i) => {
        const c = columns[i]!;
        const text = typeof cell === 'string' ? cell : cell.text;
        return c.wrap ? this.wrap(text, this.regular, 8.5, widths[i]! - 2 * pad) : [text];
      });
      const subs = row.cells.map((cell) => (typeof cell === 'string' ? undefined : cell.sub));
      const lineCount = Math.max(1, ...lines.map((l) => l.length)) + (subs.some(Boolean) ? 1 : 0);
      const subLines = row.sub ? this.wrap(row.sub, this.regular, 7, this.inner - widths[0]! - 2 * pad) : [];
      const h = 6 + lineCount * 11 + subLines.length * 9;
      this.room(h);
      const top = this.y;
      row.cells.forEach((cell, i) => {
        const c = columns[i]!;
        const bold = typeof cell !== 'string' && cell.bold === true;
        lines[i]!.forEach((l, k) => {
          this.cellText(l, xs[i]!, widths[i]!, top - 11 - k * 11, c.align, pad, 8.5, bold);
        });
        const sub = subs[i];
        if (sub) {
          this.cellText(sub, xs[i]!, widths[i]!, top - 11 - lines[i]!.length * 11 + 1, c.align, pad, 6.5, false, GREY);
        }
      });
      subLines.forEach((l, k) => {
        const y = top - 10 - lineCount * 11 - k * 9;
        this.text(l, xs[1] ?? MARGIN, y, { size: 7, color: GREY });
      });
      this.y = top - h;
      this.line(MARGIN, this.y, MARGIN + this.inner, this.y, RULE, 0.4);
    }
    this.continuation = previous;
    this.y -= 8;
  }

  private cellText(
    text: string,
    x: number,
    width: number,
    y: number,
    align: Column['align'],
    pad: number,
    size: number,
    bold: boolean,
    color: Color = INK,
  ) {
    const max = width - 2 * pad;
    const at = align === 'right' ? x + width - pad : align === 'center' ? x + width / 2 : x + pad;
    this.text(text, at, y, { size, bold, align, maxWidth: max, color });
  }

  /**
   * A QR code with its top left corner at (x, y), `size` points wide, 4 modules of quiet zone
   * (ISO/IEC 18004 §6.3.8): a 1-bit image of one pixel a module, scaled without smoothing.
   */
  qr(data: string, x: number, y: number, size: number) {
    const code = qrMatrix(data);
    const quiet = 4;
    const side = code.getModuleCount() + 2 * quiet;
    const rowBytes = Math.ceil(side / 8);
    // DeviceGray at 1 bit: 1 is white, 0 is black; rows top to bottom, each padded to a byte.
    const bits = new Uint8Array(rowBytes * side).fill(0xff);
    for (let r = 0; r < side - 2 * quiet; r++) {
      for (let c = 0; c < side - 2 * quiet; c++) {
        if (!code.isDark(r, c)) continue;
        const col = c + quiet;
        const at = (r + quiet) * rowBytes + (col >> 3);
        bits[at] = bits[at]! & ~(0x80 >> (col & 7));
      }
    }
    // A few hundred bytes: not worth compressing.
    const image = this.doc.context.stream(bits, {
      Type: 'XObject',
      Subtype: 'Image',
      Width: side,
      Height: side,
      ColorSpace: 'DeviceGray',
      BitsPerComponent: 1,
      Interpolate: false,
    });
    const name = this.page.node.newXObject('QR', this.doc.context.register(image));
    this.page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(size, 0, 0, size, x, y - size),
      drawObject(name),
      popGraphicsState(),
    );
  }

  /** Stamp the footers (page x / y, print time) and serialise. */
  async save(printedAt: string): Promise<Uint8Array> {
    if (!this.pages.length) this.addPage();
    if (this.header) {
      const total = this.pages.length;
      this.pages.forEach((p, i) => {
        if (this.bare.has(p)) return;
        this.page = p;
        const y = MARGIN - 4;
        this.line(MARGIN, y + 12, this.width - MARGIN, y + 12, RULE, 0.5);
        this.text(this.words.w('printedAt', { t: printedAt }), MARGIN, y, { size: 7.5, color: GREY });
        this.text('Baton', this.width / 2, y, { size: 7.5, color: GREY, align: 'center' });
        this.text(this.words.w('page', { n: i + 1, m: total }), this.width - MARGIN, y, {
          size: 7.5,
          color: GREY,
          align: 'right',
        });
      });
    }
    return this.doc.save();
  }
}
