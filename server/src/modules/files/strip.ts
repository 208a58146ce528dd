import { crc32 } from 'node:zlib';
import { badInput } from '../../lib/errors.js';

/**
 * Image metadata removal, byte-level and dependency-free: what a camera or an editor writes
 * beside the picture (EXIF with GPS position, camera serial and time; XMP; IPTC/Photoshop blocks;
 * comments; text chunks; thumbnails) is dropped before an upload is stored. The picture itself
 * (every segment or chunk needed to decode it) is copied byte for byte, so nothing is re-encoded
 * and the result decodes exactly as the original did.
 *
 * An image whose structure cannot be walked is refused: storing bytes we could not check would
 * let metadata through.
 */

export interface StripResult {
  bytes: Buffer;
  /** What was removed, e.g. `['APP1 Exif', 'COM']` (for the operation log and tests). */
  removed: string[];
}

const damaged = (what: string) =>
  badInput(`图片文件已损坏（${what}），请重新导出后上传`, `the image file is damaged (${what}); export it again`);

// ─── JPEG ──────────────────────────────────────────────────────────────────────────────────────

/**
 * APPn segments kept: the JFIF header, the ICC colour profile (APP2 ICC_PROFILE: without it a
 * Display P3 phone photo shows dull colours; it describes colours, not the photo or its taker) and
 * Adobe's APP14 (it tells decoders the colour transform). Everything else goes.
 */
function keepJpegApp(marker: number, payload: Buffer): boolean {
  const id = payload.subarray(0, 12).toString('latin1');
  if (marker === 0xe0) return id.startsWith('JFIF\0') || id.startsWith('JFXX\0');
  if (marker === 0xe2) return id === 'ICC_PROFILE\0';
  if (marker === 0xee) return id.startsWith('Adobe');
  return false;
}

function jpegName(marker: number, payload: Buffer): string {
  if (marker === 0xfe) return 'COM';
  const id = payload
    .subarray(0, 24)
    .toString('latin1')
    .replace(/[^\x20-\x7e].*$/s, '');
  return `APP${marker - 0xe0}${id ? ` ${id}` : ''}`;
}

/**
 * JPEG (ITU T.81): walk the marker segments, drop the APPn segments (EXIF with GPS, XMP,
 * Photoshop/IPTC, MPF, maker blocks…) but those kept above, and COM; keep everything else. Entropy-coded data
 * after each SOS is copied as is (a 0xFF there is followed by 0x00 or a restart marker), and the
 * segments after it (progressive scans, DNL, metadata placed late) are walked the same way.
 */
export function stripJpeg(buf: Buffer): StripResult {
  if (buf[0] !== 0xff || buf[1] !== 0xd8) throw damaged('no JPEG start marker');
  const out: Buffer[] = [buf.subarray(0, 2)];
  const removed: string[] = [];
  let i = 2;
  let scanned = false;
  for (;;) {
    if (i >= buf.length) {
      // Some cameras cut the end marker off a complete scan: end it as a decoder would.
      if (!scanned) throw damaged('no image data');
      out.push(Buffer.from([0xff, 0xd9]));
      break;
    }
    if (buf[i] !== 0xff) throw damaged('bad marker');
    // Fill bytes: any number of 0xFF may precede a marker.
    let m = i + 1;
    while (buf[m] === 0xff) m++;
    if (m >= buf.length) throw damaged('truncated marker');
    const marker = buf[m]!;
    if (marker === 0xd9) {
      if (!scanned) throw damaged('no image data');
      out.push(Buffer.from([0xff, 0xd9]));
      break; // EOI: anything after it (trailers some phones append) is dropped too
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      out.push(Buffer.from([0xff, marker]));
      i = m + 1;
      continue;
    }
    if (m + 2 >= buf.length) throw damaged('truncated segment');
    const len = buf.readUInt16BE(m + 1);
    const end = m + 1 + len;
    if (len < 2 || end > buf.length) throw damaged('segment past the end');
    const payload = buf.subarray(m + 3, end);
    const isApp = marker >= 0xe0 && marker <= 0xef;
    if ((isApp && !keepJpegApp(marker, payload)) || marker === 0xfe) {
      removed.push(jpegName(marker, payload));
      i = end;
      continue;
    }
    out.push(Buffer.from([0xff, marker]), buf.subarray(m + 1, end));
    i = end;
    if (marker === 0xda) {
      // Entropy-coded data up to the next marker that is not stuffing (FF00) or a restart (FFD0–D7).
      let j = i;
      while (j < buf.length) {
        if (buf[j] === 0xff) {
          const next = buf[j + 1];
          if (next === undefined) break;
          if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) {
            j += 2;
            continue;
          }
          if (next === 0xff) {
            j += 1;
            continue;
          }
          break;
        }
        j += 1;
      }
      out.push(buf.subarray(i, j));
      i = j;
      scanned = true;
    }
  }
  return { bytes: Buffer.concat(out), removed };
}

// ─── PNG ───────────────────────────────────────────────────────────────────────────────────────

/**
 * PNG chunks kept: the critical ones and those that change how the picture looks (transparency,
 * colour space, gamma, physical size, APNG animation). Dropped: tEXt, zTXt, iTXt, eXIf, tIME and
 * every other ancillary or private chunk.
 */
const PNG_KEEP = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'cHRM',
  'gAMA',
  'iCCP',
  'sBIT',
  'sRGB',
  'cICP',
  'mDCv',
  'cLLi',
  'bKGD',
  'hIST',
  'pHYs',
  'sPLT',
  'acTL',
  'fcTL',
  'fdAT',
]);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function stripPng(buf: Buffer): StripResult {
  if (!buf.subarray(0, 8).equals(PNG_SIGNATURE)) throw damaged('no PNG signature');
  const out: Buffer[] = [PNG_SIGNATURE];
  const removed: string[] = [];
  let i = 8;
  for (;;) {
    if (i + 12 > buf.length) throw damaged('no IEND chunk');
    const len = buf.readUInt32BE(i);
    const end = i + 12 + len;
    if (end > buf.length) throw damaged('chunk past the end');
    const type = buf.subarray(i + 4, i + 8).toString('latin1');
    if (!/^[A-Za-z]{4}$/.test(type)) throw damaged('bad chunk type');
    if (PNG_KEEP.has(type)) {
      if (crc32(buf.subarray(i + 4, i + 8 + len)) !== buf.readUInt32BE(i + 8 + len)) throw damaged(`${type} checksum`);
      out.push(buf.subarray(i, end));
    } else removed.push(type);
    i = end;
    if (type === 'IEND') break;
  }
  return { bytes: Buffer.concat(out), removed };
}

// ─── WebP ──────────────────────────────────────────────────────────────────────────────────────

/** VP8X flags of the chunks this removes: EXIF (bit 3) and XMP (bit 2). */
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

/**
 * WebP (RIFF): drop the EXIF and XMP chunks (and unknown ones), clear their VP8X flags, and
 * rewrite the RIFF size. The image (VP8/VP8L/ALPH/ANIM/ANMF) and its ICC profile are kept.
 */
export function stripWebp(buf: Buffer): StripResult {
  const head = buf.subarray(0, 12).toString('latin1');
  if (!head.startsWith('RIFF') || head.slice(8, 12) !== 'WEBP') throw damaged('no WebP header');
  const riffEnd = Math.min(buf.length, 8 + buf.readUInt32LE(4));
  const out: Buffer[] = [];
  const removed: string[] = [];
  let i = 12;
  while (i + 8 <= riffEnd) {
    const fourcc = buf.subarray(i, i + 4).toString('latin1');
    const len = buf.readUInt32LE(i + 4);
    const end = i + 8 + len + (len & 1);
    if (i + 8 + len > riffEnd) throw damaged('chunk past the end');
    if (['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF', 'ICCP'].includes(fourcc)) {
      let chunk = buf.subarray(i, Math.min(end, riffEnd));
      if (fourcc === 'VP8X') {
        chunk = Buffer.from(chunk);
        chunk[8] = chunk[8]! & ~(VP8X_EXIF | VP8X_XMP);
      }
      out.push(chunk);
    } else {
      removed.push(fourcc.trim());
    }
    i = end;
  }
  if (!out.length) throw damaged('no image data');
  const body = Buffer.concat(out);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(4 + body.length, 4);
  header.write('WEBP', 8, 'latin1');
  return { bytes: Buffer.concat([header, body]), removed };
}

// ─── GIF ───────────────────────────────────────────────────────────────────────────────────────

/** Application extensions kept: the animation loop count (NETSCAPE2.0 / ANIMEXTS1.0). */
const GIF_KEEP_APP = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0']);

/** GIF89a: drop comment extensions and application extensions (XMP, ICC…) other than looping. */
export function stripGif(buf: Buffer): StripResult {
  if (buf.length < 13 || !/^GIF8[79]a$/.test(buf.subarray(0, 6).toString('latin1'))) throw damaged('no GIF header');
  const colorTable = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  /** The end of a run of data sub-blocks starting at `at`. */
  const subBlocks = (at: number) => {
    let j = at;
    for (;;) {
      if (j >= buf.length) throw damaged('truncated block');
      const size = buf[j]!;
      j += 1 + size;
      if (size === 0) return j;
    }
  };
  let i = 13 + colorTable(buf[10]!);
  const out: Buffer[] = [buf.subarray(0, i)];
  const removed: string[] = [];
  for (;;) {
    if (i >= buf.length) throw damaged('no trailer');
    const kind = buf[i]!;
    if (kind === 0x3b) {
      out.push(buf.subarray(i, i + 1));
      break;
    }
    if (kind === 0x2c) {
      const flags = buf[i + 9];
      if (flags === undefined) throw damaged('truncated image');
      const end = subBlocks(i + 10 + colorTable(flags) + 1);
      out.push(buf.subarray(i, end));
      i = end;
      continue;
    }
    if (kind !== 0x21) throw damaged('bad block');
    const label = buf[i + 1];
    const end = subBlocks(i + 2);
    if (label === 0xfe) removed.push('comment');
    else if (label === 0xff && !GIF_KEEP_APP.has(buf.subarray(i + 3, i + 14).toString('latin1'))) {
      removed.push(`application ${buf.subarray(i + 3, i + 11).toString('latin1')}`);
    } else out.push(buf.subarray(i, end));
    i = end;
  }
  return { bytes: Buffer.concat(out), removed };
}

/** Strip an image of its metadata by its sniffed type; other types are returned unchanged. */
export function stripImageMetadata(mime: string, bytes: Buffer): StripResult {
  switch (mime) {
    case 'image/jpeg':
      return stripJpeg(bytes);
    case 'image/png':
      return stripPng(bytes);
    case 'image/webp':
      return stripWebp(bytes);
    case 'image/gif':
      return stripGif(bytes);
    default:
      return { bytes, removed: [] };
  }
}

/** An image's width and height, read from its header (SOF, IHDR, VP8/VP8L/VP8X, screen descriptor). */
export function imageSize(mime: string, buf: Buffer): { width: number; height: number } | null {
  if (mime === 'image/png' && buf.length >= 24) return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
  if (mime === 'image/gif' && buf.length >= 10) return { width: buf.readUInt16LE(6), height: buf.readUInt16LE(8) };
  if (mime === 'image/jpeg') {
    let i = 2;
    while (i + 9 < buf.length && buf[i] === 0xff) {
      const marker = buf[i + 1]!;
      const len = buf.readUInt16BE(i + 2);
      // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC).
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
      }
      i += 2 + len;
    }
    return null;
  }
  if (mime === 'image/webp' && buf.length >= 30) {
    const fourcc = buf.subarray(12, 16).toString('latin1');
    if (fourcc === 'VP8 ') return { width: buf.readUInt16LE(26) & 0x3fff, height: buf.readUInt16LE(28) & 0x3fff };
    if (fourcc === 'VP8L') {
      const b = buf.readUInt32LE(21);
      return { width: (b & 0x3fff) + 1, height: ((b >>> 14) & 0x3fff) + 1 };
    }
    if (fourcc === 'VP8X') return { width: buf.readUIntLE(24, 3) + 1, height: buf.readUIntLE(27, 3) + 1 };
  }
  return null;
}
