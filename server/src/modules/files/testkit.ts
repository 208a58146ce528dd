import { crc32 } from 'node:zlib';

/**
 * Test images for the metadata stripper: small pictures as encoders write them (Chromium's
 * canvas encoder, 16×8, with its sRGB ICC profile), and helpers that add what cameras, phones
 * and editors add: EXIF with a GPS position, XMP, IPTC, comments, text chunks, trailers.
 */

/** 16×8 baseline JPEG (JFIF + ICC profile), as Chromium encodes a canvas. */
export const JPEG_16X8 = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAA' +
    'AABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' +
    'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAA' +
    'ABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAA' +
    'AAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAA' +
    'AAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAA' +
    'AABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAYEBQYF' +
    'BAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMK' +
    'ChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAIABADASIAAhEB' +
    'AxEB/8QAFgABAQEAAAAAAAAAAAAAAAAAAAUH/8QAFhABAQEAAAAAAAAAAAAAAAAAAARB/8QAFAEBAAAAAAAAAAAAAAAAAAAA' +
    'Bv/EABYRAAMAAAAAAAAAAAAAAAAAAAAGQv/aAAwDAQACEQMRAD8Ayq7UC3QMEeR64Uf/2Q==',
  'base64',
);

/** 16×8 lossy WebP (VP8X + ICCP + VP8), as Chromium encodes a canvas. */
export const WEBP_16X8 = Buffer.from(
  'UklGRiwCAABXRUJQVlA4WAoAAAAgAAAADwAABwAASUNDUMgBAAAAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAA' +
    'AABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' +
    'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAA' +
    'ABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAA' +
    'AAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAA' +
    'AAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAA' +
    'AABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADZWUDggPgAAADAC' +
    'AJ0BKhAACAABQCYlsAJ0cgDc/wMlBv3sAP74eVppzTySt//9v/7yhU//9v6193/vqp7gGz/99VNiagAA',
  'base64',
);

/** 1×1 GIF89a with a graphic control extension. */
export const GIF_1PX = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

/** The position the fixtures carry: 27°59′17″N 86°55′31″E. */
export const GPS = { lat: [27, 59, 17], lon: [86, 55, 31] };

/** A TIFF/EXIF block (little endian): IFD0 with Make and a GPS IFD holding latitude and longitude. */
export function exifWithGps(): Buffer {
  const make = Buffer.from('BatonCam\0', 'latin1');
  // Layout: header 8 | IFD0 (2 entries) 2+24+4 = 30 → 38 | Make 9 → 47 (pad 48) | GPS IFD 2+48+4 = 54 → 102 | rationals 2×24
  const ifd0 = 8;
  const makeAt = 38;
  const gpsAt = 48;
  const latAt = gpsAt + 54;
  const lonAt = latAt + 24;
  const b = Buffer.alloc(lonAt + 24);
  b.write('II', 0, 'latin1');
  b.writeUInt16LE(42, 2);
  b.writeUInt32LE(ifd0, 4);
  const entry = (at: number, tag: number, type: number, count: number, value: number | Buffer) => {
    b.writeUInt16LE(tag, at);
    b.writeUInt16LE(type, at + 2);
    b.writeUInt32LE(count, at + 4);
    if (Buffer.isBuffer(value)) value.copy(b, at + 8);
    else b.writeUInt32LE(value, at + 8);
  };
  b.writeUInt16LE(2, ifd0);
  entry(ifd0 + 2, 0x010f, 2, make.length, makeAt); // Make
  entry(ifd0 + 14, 0x8825, 4, 1, gpsAt); // GPSInfo IFD pointer
  b.writeUInt32LE(0, ifd0 + 26);
  make.copy(b, makeAt);
  b.writeUInt16LE(4, gpsAt);
  entry(gpsAt + 2, 0x0001, 2, 2, Buffer.from('N\0\0\0', 'latin1')); // GPSLatitudeRef
  entry(gpsAt + 14, 0x0002, 5, 3, latAt); // GPSLatitude
  entry(gpsAt + 26, 0x0003, 2, 2, Buffer.from('E\0\0\0', 'latin1')); // GPSLongitudeRef
  entry(gpsAt + 38, 0x0004, 5, 3, lonAt); // GPSLongitude
  b.writeUInt32LE(0, gpsAt + 50);
  GPS.lat.forEach((v, i) => {
    b.writeUInt32LE(v, latAt + i * 8);
    b.writeUInt32LE(1, latAt + i * 8 + 4);
  });
  GPS.lon.forEach((v, i) => {
    b.writeUInt32LE(v, lonAt + i * 8);
    b.writeUInt32LE(1, lonAt + i * 8 + 4);
  });
  return b;
}

export const XMP = Buffer.from(
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="27,59.28N"/></rdf:RDF></x:xmpmeta>',
);

/** The bytes by which a test recognises leaked metadata in a stored file. */
export const LEAKS = ['Exif', 'BatonCam', 'xmpmeta', 'GPSLatitude', 'Photoshop', 'secret comment', 'trailer'];

function jpegSegment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/** The JPEG with EXIF (GPS), XMP, Photoshop IPTC and a comment after its JFIF header, and a trailer after EOI. */
export function jpegWithMetadata(jpeg: Buffer): Buffer {
  const app0End = 2 + 2 + jpeg.readUInt16BE(4);
  return Buffer.concat([
    jpeg.subarray(0, app0End),
    jpegSegment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), exifWithGps()])),
    jpegSegment(0xe1, Buffer.concat([Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1'), XMP])),
    jpegSegment(0xed, Buffer.from('Photoshop 3.0\x008BIM\x04\x04\x00\x00\x00\x00\x00\x0cIPTC byline', 'latin1')),
    jpegSegment(0xfe, Buffer.from('secret comment')),
    jpeg.subarray(app0End),
    Buffer.from('trailer: more pictures and GPS', 'latin1'),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const body = Buffer.concat([head.subarray(4), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body), 0);
  return Buffer.concat([head.subarray(0, 4), body, crc]);
}

/** The PNG with eXIf (GPS), tEXt, iTXt (XMP), zTXt, tIME and a private chunk after IHDR. */
export function pngWithMetadata(png: Buffer): Buffer {
  const ihdrEnd = 8 + 12 + png.readUInt32BE(8);
  return Buffer.concat([
    png.subarray(0, ihdrEnd),
    pngChunk('eXIf', exifWithGps()),
    pngChunk('tEXt', Buffer.from('Comment\0secret comment', 'latin1')),
    pngChunk('iTXt', Buffer.concat([Buffer.from('XML:com.adobe.xmp\0\0\0\0\0', 'latin1'), XMP])),
    pngChunk('zTXt', Buffer.from('Author\0\0x', 'latin1')),
    pngChunk('tIME', Buffer.from([0x07, 0xe9, 5, 1, 12, 0, 0])),
    pngChunk('prVt', Buffer.from('BatonCam', 'latin1')),
    png.subarray(ihdrEnd),
  ]);
}

/** The WebP with EXIF (GPS) and XMP chunks, flagged in its VP8X header. */
export function webpWithMetadata(webp: Buffer): Buffer {
  const chunk = (fourcc: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.write(fourcc, 0, 'latin1');
    head.writeUInt32LE(data.length, 4);
    return Buffer.concat([head, data, data.length & 1 ? Buffer.alloc(1) : Buffer.alloc(0)]);
  };
  const out = Buffer.concat([webp, chunk('EXIF', exifWithGps()), chunk('XMP ', XMP)]);
  out.writeUInt32LE(out.length - 8, 4);
  out[20] = out[20]! | 0x0c;
  return out;
}

/** The GIF with a comment and an XMP application extension before its image. */
export function gifWithMetadata(gif: Buffer): Buffer {
  const imageAt = gif.indexOf(0x2c, 13);
  const sub = (data: Buffer) => Buffer.concat([Buffer.from([data.length]), data, Buffer.from([0])]);
  return Buffer.concat([
    gif.subarray(0, imageAt),
    Buffer.from([0x21, 0xfe]),
    sub(Buffer.from('secret comment')),
    Buffer.from([0x21, 0xff, 11]),
    Buffer.from('XMP DataXMP', 'latin1'),
    sub(XMP.subarray(0, 200)),
    gif.subarray(imageAt),
  ]);
}
