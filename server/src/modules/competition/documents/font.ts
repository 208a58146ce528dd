import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument } from 'pdf-lib';

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];

/**
 * The font of the printed documents: Noto Sans SC (SIL Open Font License), shipped as static
 * TrueType files by the `@expo-google-fonts/noto-sans-sc` package. It covers Chinese and Latin
 * text alike, so one face prints every name. The files are read once per process; each
 * document embeds only the glyphs it uses (a subset), which keeps a PDF at tens of kilobytes.
 */
const require = createRequire(import.meta.url);
const FILES = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const;
export type FontWeight = keyof typeof FILES;

const cache = new Map<FontWeight, Promise<Uint8Array>>();

/** The bytes of a weight (read on first use, then kept). */
export function fontBytes(weight: FontWeight): Promise<Uint8Array> {
  let bytes = cache.get(weight);
  if (!bytes) {
    bytes = readFile(require.resolve(FILES[weight])).then((b) => new Uint8Array(b));
    bytes.catch(() => cache.delete(weight));
    cache.set(weight, bytes);
  }
  return bytes;
}

/** The parts of fontkit's TrueType subset this module patches (fontkit 1.x internals). */
interface GlyphBuffer {
  length: number;
  copy(target: GlyphBuffer, at: number): number;
  constructor: { alloc(size: number): GlyphBuffer };
}
interface TtfSubset {
  glyf?: GlyphBuffer[];
  offset: number;
  _addGlyph?: (gid: number) => number;
}
interface Glyph {
  id: number;
  advanceWidth: number;
}
interface FontkitFont {
  createSubset(): TtfSubset;
  glyphForCodePoint(codePoint: number): Glyph;
  layout(text: string, features?: unknown): { glyphs: Glyph[] };
}

const parsed = new WeakMap<Uint8Array, FontkitFont>();

/**
 * The fontkit pdf-lib embeds fonts with (`@pdf-lib/fontkit`), with three changes:
 * - one parsed font per file for the life of the process (the bytes of fontBytes() are kept):
 *   parsing copies the 10 MB file. Each document still makes its own subset;
 * - glyphs by code point, without OpenType shaping: Chinese and Latin text needs none, and
 *   fontkit's full layout of this 65,000-glyph font costs a millisecond or two per string, of
 *   which a thousand bib labels draw thousands;
 * - TrueType subsets fixed: the fork writes the `loca` table in the short format (offsets / 2)
 *   whenever the subset is small, but does not pad odd-length glyph records to an even length,
 *   so every glyph after an odd one points one byte off and prints blank (fixed upstream in
 *   fontkit 1.8, foliojs/fontkit#191, never ported to the fork). Each glyph record is padded to
 *   an even length, as the TrueType spec asks of short `loca` fonts.
 */
export const patchedFontkit: Fontkit = {
  create(data: Uint8Array) {
    let font = parsed.get(data);
    if (!font) {
      font = patch(fontkit.create(data) as unknown as FontkitFont);
      parsed.set(data, font);
    }
    return font as unknown as ReturnType<Fontkit['create']>;
  },
};

function patch(font: FontkitFont): FontkitFont {
  const glyphs = new Map<number, Glyph>();
  font.layout = (text: string) => ({
    glyphs: Array.from(text, (ch) => {
      const cp = ch.codePointAt(0)!;
      let g = glyphs.get(cp);
      if (!g) {
        g = font.glyphForCodePoint(cp);
        glyphs.set(cp, g);
      }
      return g;
    }),
  });
  const createSubset = font.createSubset.bind(font);
  font.createSubset = () => {
    const subset = createSubset();
    const addGlyph = subset._addGlyph?.bind(subset);
    // CFF (OpenType) subsets have no glyf records to pad.
    if (!addGlyph) return subset;
    subset._addGlyph = (gid: number) => {
      const id = addGlyph(gid);
      const glyf = subset.glyf!;
      const last = glyf[glyf.length - 1]!;
      if (last.length % 2) {
        const padded = last.constructor.alloc(last.length + 1);
        last.copy(padded, 0);
        glyf[glyf.length - 1] = padded;
        subset.offset += 1;
      }
      return id;
    };
    return subset;
  };
  return font;
}
