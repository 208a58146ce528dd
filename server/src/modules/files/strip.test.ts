import { inflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { file } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { bearer, login, useTestApp } from '../../test/app.js';
import { fileForm, PNG_1PX } from '../account/testkit.js';
import { asDelegation, demoDelegations } from '../apply/testkit.js';
import { imageSize, stripGif, stripImageMetadata, stripJpeg, stripPng, stripWebp } from './strip.js';
import {
  exifWithGps,
  GIF_1PX,
  gifWithMetadata,
  JPEG_16X8,
  jpegWithMetadata,
  LEAKS,
  pngWithMetadata,
  WEBP_16X8,
  webpWithMetadata,
} from './testkit.js';

/**
 * Images lose their metadata before they are stored (issue 8 "images re-encoded or stripped of
 * metadata"): a photo with a GPS position in its EXIF is stored without it, and the picture is
 * kept byte for byte (it decodes exactly as the encoder's original).
 */

const leaks = (bytes: Buffer) => LEAKS.filter((s) => bytes.includes(s));
const gpsRationals = exifWithGps().subarray(-48);

/** A PNG's pixels are readable: IDAT inflates to exactly height × (1 + width × bytes per pixel). */
function pngDecodes(png: Buffer): boolean {
  const { width, height } = imageSize('image/png', png)!;
  const idat: Buffer[] = [];
  for (let i = 8; i < png.length; ) {
    const len = png.readUInt32BE(i);
    if (png.toString('latin1', i + 4, i + 8) === 'IDAT') idat.push(png.subarray(i + 8, i + 8 + len));
    i += 12 + len;
  }
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[png[25]!]!;
  return inflateSync(Buffer.concat(idat)).length === height * (1 + width * channels * (png[24]! / 8));
}

describe('the stripper', () => {
  it('fixtures: the metadata is really there before stripping', () => {
    for (const dirty of [jpegWithMetadata(JPEG_16X8), pngWithMetadata(PNG_1PX), webpWithMetadata(WEBP_16X8)]) {
      expect(leaks(dirty)).toEqual(expect.arrayContaining(['BatonCam', 'xmpmeta']));
      expect(dirty.includes(gpsRationals)).toBe(true);
    }
  });

  it('JPEG: EXIF (GPS), XMP, IPTC, comment and trailer removed; the picture kept byte for byte', () => {
    const { bytes, removed } = stripJpeg(jpegWithMetadata(JPEG_16X8));
    expect(removed).toEqual(['APP1 Exif', 'APP1 http://ns.adobe.com/xap/', 'APP13 Photoshop 3.0', 'COM']);
    expect(bytes.equals(JPEG_16X8)).toBe(true);
    expect(leaks(bytes)).toEqual([]);
    expect(bytes.includes(gpsRationals)).toBe(false);
    expect(imageSize('image/jpeg', bytes)).toEqual({ width: 16, height: 8 });
    // A clean file passes unchanged; the ICC colour profile stays.
    expect(stripJpeg(JPEG_16X8).bytes.equals(JPEG_16X8)).toBe(true);
    expect(bytes.includes('ICC_PROFILE')).toBe(true);
  });

  it('JPEG: a scan with stuffed bytes and restart markers is copied as is; a cut-off end marker is restored', () => {
    const sos = JPEG_16X8.indexOf(Buffer.from([0xff, 0xda]));
    const cut = JPEG_16X8.subarray(0, JPEG_16X8.length - 2);
    expect(stripJpeg(cut).bytes.equals(JPEG_16X8)).toBe(true);
    expect(sos).toBeGreaterThan(0);
    // Segments after a scan (progressive files) are walked too: a comment there goes.
    const late = Buffer.concat([cut, Buffer.from([0xff, 0xfe, 0, 6]), Buffer.from('late'), Buffer.from([0xff, 0xd9])]);
    expect(stripJpeg(late)).toEqual({ bytes: JPEG_16X8, removed: ['COM'] });
  });

  it('PNG: eXIf, text, iTXt (XMP), zTXt, tIME and private chunks removed; the picture still decodes', () => {
    const { bytes, removed } = stripPng(pngWithMetadata(PNG_1PX));
    expect(removed).toEqual(['eXIf', 'tEXt', 'iTXt', 'zTXt', 'tIME', 'prVt']);
    expect(bytes.equals(PNG_1PX)).toBe(true);
    expect(pngDecodes(bytes)).toBe(true);
    expect(imageSize('image/png', bytes)).toEqual({ width: 1, height: 1 });
  });

  it('WebP: EXIF and XMP chunks removed, their VP8X flags cleared, the RIFF size rewritten', () => {
    const { bytes, removed } = stripWebp(webpWithMetadata(WEBP_16X8));
    expect(removed).toEqual(['EXIF', 'XMP']);
    expect(bytes.equals(WEBP_16X8)).toBe(true);
    expect(bytes[20]! & 0x0c).toBe(0);
    expect(bytes.readUInt32LE(4)).toBe(bytes.length - 8);
    expect(imageSize('image/webp', bytes)).toEqual({ width: 16, height: 8 });
  });

  it('GIF: comment and XMP application extensions removed', () => {
    const { bytes, removed } = stripGif(gifWithMetadata(GIF_1PX));
    expect(removed).toEqual(['comment', 'application XMP Data']);
    expect(bytes.equals(GIF_1PX)).toBe(true);
  });

  it('refuses an image whose structure cannot be walked, rather than storing it unchecked', () => {
    const broken = [
      ['image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff, 0])],
      ['image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xd9])],
      ['image/png', PNG_1PX.subarray(0, 30)],
      ['image/png', Buffer.concat([PNG_1PX.subarray(0, 29), Buffer.from([0]), PNG_1PX.subarray(30)])],
      ['image/webp', Buffer.from('RIFF\x10\0\0\0WEBPEXIF\xff\xff\0\0', 'latin1')],
      ['image/gif', GIF_1PX.subarray(0, 20)],
    ] as const;
    for (const [mime, bytes] of broken) {
      expect(() => stripImageMetadata(mime, bytes), mime).toThrow(AppError);
    }
    const pdf = Buffer.from('%PDF-1.4 Exif');
    expect(stripImageMetadata('application/pdf', pdf).bytes).toBe(pdf);
  });
});

describe('uploads', () => {
  const t = useTestApp();
  let token: string;
  beforeAll(async () => {
    token = (await login(t, 'admin')).accessToken;
  });

  const upload = (filename: string, bytes: Buffer) => {
    const form = fileForm({ name: filename }, { filename, bytes });
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/files',
      payload: form.payload,
      headers: { ...form.headers, ...bearer(token), 'accept-language': 'en' },
    });
  };

  it('a phone photo with its GPS position is stored and served without it', async () => {
    const photo = jpegWithMetadata(JPEG_16X8);
    const res = await upload('IMG_0001.jpg', photo);
    expect(res.json().code).toBe('00000');
    const vo = res.json().data as { id: string; url: string; size: number };
    expect(vo.size).toBe(JPEG_16X8.length);
    const [row] = await t.database.db.select().from(file).where(eq(file.id, vo.id));
    expect(leaks(row!.bytes)).toEqual([]);
    expect(row!.bytes.includes(gpsRationals)).toBe(false);
    expect(row!.bytes.equals(JPEG_16X8)).toBe(true);
    expect(row!.size).toBe(JPEG_16X8.length);
    const served = await t.app.inject({ method: 'GET', url: vo.url });
    expect(served.rawPayload.equals(JPEG_16X8)).toBe(true);
    expect(imageSize('image/jpeg', served.rawPayload)).toEqual({ width: 16, height: 8 });
  });

  it('PNG, WebP and GIF uploads are stored clean too', async () => {
    for (const [name, dirty, clean] of [
      ['a.png', pngWithMetadata(PNG_1PX), PNG_1PX],
      ['a.webp', webpWithMetadata(WEBP_16X8), WEBP_16X8],
      ['a.gif', gifWithMetadata(GIF_1PX), GIF_1PX],
    ] as const) {
      const res = await upload(name, dirty);
      expect(res.json().code, name).toBe('00000');
      const [row] = await t.database.db.select().from(file).where(eq(file.id, res.json().data.id));
      expect(row!.bytes.equals(clean), name).toBe(true);
    }
  });

  it("a delegation's document photo is stored clean; a damaged image is refused with a message", async () => {
    const [d] = await demoDelegations(t);
    const dlg = await asDelegation(t, d!.id);
    const form = fileForm(
      { kind: 'insurance', name: 'scan.jpg' },
      { filename: 'scan.jpg', bytes: jpegWithMetadata(JPEG_16X8) },
    );
    const res = await dlg.raw({
      method: 'POST',
      url: '/api/v1/apply/files',
      payload: form.payload,
      headers: form.headers,
    });
    expect(res.json().code).toBe('00000');
    const rows = await t.database.db.select().from(file).where(eq(file.name, 'scan.jpg'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.bytes.equals(JPEG_16X8)).toBe(true);

    const damaged = await upload('cut.png', PNG_1PX.subarray(0, 40));
    expect(damaged.statusCode).toBe(400);
    expect(damaged.json().msg).toContain('the image file is damaged');
  });
});
