import fontkit from '@pdf-lib/fontkit';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFDocument as PDFDocumentClass,
  PDFName,
  PDFRawStream,
  type PDFRef,
} from 'pdf-lib';
import { compSession } from '../../../db/schema/index.js';
import type { TestApp } from '../../../test/app.js';

/**
 * Reading back the PDFs the documents module writes, for its tests: the pages' text (through
 * each font's ToUnicode map, as a PDF reader's search or copy does) and whether every glyph
 * drawn has an outline in the embedded font subset (a blank glyph prints nothing).
 */

export interface ReadPdf {
  pages: number;
  /** Each page's text, one drawn string a line. */
  text: string[];
  /** The characters drawn whose glyph in the embedded font has no outline (whitespace aside). */
  blank: string[];
  /** The PDF's fonts, by base font name. */
  fonts: string[];
}

function stream(doc: PDFDocument, obj: unknown): Uint8Array | null {
  const s = obj instanceof Object && 'objectNumber' in (obj as object) ? doc.context.lookup(obj as PDFRef) : obj;
  return s instanceof PDFRawStream ? decodePDFRawStream(s).decode() : null;
}

/** ToUnicode CMap: `<gid> <utf16be>` pairs of the bfchar blocks. */
function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, gid, hex] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      const units: number[] = [];
      for (let i = 0; i < hex!.length; i += 4) units.push(Number.parseInt(hex!.slice(i, i + 4), 16));
      map.set(Number.parseInt(gid!, 16), String.fromCharCode(...units));
    }
  }
  return map;
}

interface FontInfo {
  name: string;
  unicode: Map<number, string>;
  hasOutline: (gid: number) => boolean;
}

function readFont(doc: PDFDocument, dict: PDFDict): FontInfo {
  const name = dict.lookup(PDFName.of('BaseFont'))?.toString().replace(/^\//, '') ?? '';
  const cmap = stream(doc, dict.get(PDFName.of('ToUnicode')));
  const unicode = cmap ? toUnicode(new TextDecoder().decode(cmap)) : new Map<number, string>();
  let hasOutline: (gid: number) => boolean = () => true;
  const descendants = dict.lookup(PDFName.of('DescendantFonts'));
  if (descendants instanceof PDFArray) {
    const cid = descendants.lookup(0);
    const descriptor = cid instanceof PDFDict ? cid.lookup(PDFName.of('FontDescriptor')) : undefined;
    const file = descriptor instanceof PDFDict ? stream(doc, descriptor.get(PDFName.of('FontFile2'))) : null;
    if (file) {
      const font = fontkit.create(file);
      hasOutline = (gid) => {
        try {
          return font.getGlyph(gid).path.toSVG() !== '';
        } catch {
          return false;
        }
      };
    }
  }
  return { name, unicode, hasOutline };
}

export async function readPdf(bytes: Uint8Array | Buffer): Promise<ReadPdf> {
  const doc = await PDFDocumentClass.load(bytes);
  const fontCache = new Map<string, FontInfo>();
  const text: string[] = [];
  const blank = new Set<string>();
  for (const page of doc.getPages()) {
    const resources = page.node.Resources();
    const fontDict = resources?.lookup(PDFName.of('Font'));
    const fonts = new Map<string, FontInfo>();
    if (fontDict instanceof PDFDict) {
      for (const [key, ref] of fontDict.entries()) {
        const id = ref.toString();
        let info = fontCache.get(id);
        if (!info) {
          const d = doc.context.lookup(ref);
          if (!(d instanceof PDFDict)) continue;
          info = readFont(doc, d);
          fontCache.set(id, info);
        }
        fonts.set(key.toString(), info);
      }
    }
    const contents = page.node.Contents();
    const parts = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
    const ops = parts.map((p) => new TextDecoder('latin1').decode(stream(doc, p) ?? new Uint8Array())).join('\n');
    const lines: string[] = [];
    let font: FontInfo | undefined;
    for (const m of ops.matchAll(/(\/[^\s/]+)\s+[\d.]+\s+Tf|<([0-9a-fA-F]*)>\s*Tj/g)) {
      if (m[1]) {
        font = fonts.get(m[1]);
        continue;
      }
      const hex = m[2]!;
      let line = '';
      for (let i = 0; i < hex.length; i += 4) {
        const gid = Number.parseInt(hex.slice(i, i + 4), 16);
        const ch = font?.unicode.get(gid) ?? '\uFFFD';
        line += ch;
        if (font && ch.trim() && !font.hasOutline(gid)) blank.add(ch);
      }
      lines.push(line);
    }
    text.push(lines.join('\n'));
  }
  return { pages: doc.getPageCount(), text, blank: [...blank], fonts: [...fontCache.values()].map((f) => f.name) };
}

/**
 * A session of a meeting's programme written straight to the table: 第一单元 (Session 1), on 1 May 2030 from
 * 00:30 UTC; `extra` adds to it (an end). Returns its id.
 */
export async function addSession(
  t: TestApp,
  meetingId: number,
  extra: Partial<typeof compSession.$inferInsert> = {},
): Promise<number> {
  const [s] = await t.database.db
    .insert(compSession)
    .values({
      meetingId,
      name: '第一单元',
      nameEn: 'Session 1',
      day: '2030-05-01',
      startsAt: new Date('2030-05-01T00:30:00Z'),
      ...extra,
    })
    .returning({ id: compSession.id });
  return s!.id;
}
