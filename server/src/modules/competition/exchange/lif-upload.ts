import { LIF_MAX_BYTES, LIF_MAX_FILES, LIF_MAX_UNZIPPED_BYTES, LifDecisions } from '@baton/contracts';
import { Unzip, UnzipInflate } from 'fflate';
import Value from 'typebox/value';
import { badInput } from '../../../lib/errors.js';

/**
 * The `.lif` files of a review or an import request (multipart): many `file` parts, each with a
 * `name` part in the same order (the browser's file names; a file without one is called
 * `file N`), or `.zip` files of `.lif` files; and the optional `decisions` field (JSON).
 * Bounded: at most 200 files, each at most 1 MB, a zip at most 20 MB once unpacked — counted
 * while inflating, so a zip bomb stops at the bound rather than filling memory.
 */

export interface LifUpload {
  index: number;
  name: string;
  bytes: Buffer;
}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const MB = 1024 * 1024;

const list = <T>(v: unknown, is: (x: unknown) => x is T): T[] => (Array.isArray(v) ? v : [v]).filter(is);
const isBuffer = (x: unknown): x is Buffer => Buffer.isBuffer(x);
const isString = (x: unknown): x is string => typeof x === 'string';

const tooMany = () =>
  badInput(`一次最多导入 ${LIF_MAX_FILES} 个 .lif 文件`, `at most ${LIF_MAX_FILES} .lif files can be imported at once`);

/** The `.lif` entries of a zip, inflated with the bounds counted chunk by chunk. */
function unzipLifs(zip: Buffer, zipName: string, room: number): { name: string; bytes: Buffer }[] {
  const out: { name: string; bytes: Buffer }[] = [];
  let total = 0;
  let failure: Error | null = null;
  const unzip = new Unzip((f) => {
    const base = f.name.split('/').pop() ?? '';
    if (failure || f.name.endsWith('/') || f.name.startsWith('__MACOSX/') || !/\.lif$/i.test(base)) return;
    if (out.length + 1 > room) {
      failure = tooMany();
      return;
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    f.ondata = (err, chunk, final) => {
      if (failure) return;
      if (err) {
        failure = badInput(`压缩包 ${zipName} 中的 ${base} 无法解压`, `${base} in ${zipName} cannot be unpacked`);
        return;
      }
      size += chunk.length;
      total += chunk.length;
      if (size > LIF_MAX_BYTES) {
        failure = badInput(`压缩包中的 ${base} 超过 1 MB`, `${base} in the zip is over 1 MB`);
        f.terminate();
        return;
      }
      if (total > LIF_MAX_UNZIPPED_BYTES) {
        failure = badInput(
          `压缩包解压后超过 ${LIF_MAX_UNZIPPED_BYTES / MB} MB`,
          `the zip unpacks to more than ${LIF_MAX_UNZIPPED_BYTES / MB} MB`,
        );
        f.terminate();
        return;
      }
      chunks.push(chunk);
      if (final) out.push({ name: f.name, bytes: Buffer.concat(chunks) });
    };
    try {
      f.start();
    } catch {
      failure = badInput(
        `压缩包中的 ${base} 使用了不支持的压缩方式`,
        `${base} in the zip uses a compression method that is not supported`,
      );
    }
  });
  unzip.register(UnzipInflate);
  try {
    unzip.push(new Uint8Array(zip.buffer, zip.byteOffset, zip.length), true);
  } catch {
    failure ??= badInput(`压缩包 ${zipName} 无法读取`, `the zip ${zipName} cannot be read`);
  }
  if (failure) throw failure;
  if (!out.length) throw badInput(`压缩包 ${zipName} 中没有 .lif 文件`, `the zip ${zipName} holds no .lif file`);
  return out;
}

/** The files of the request, zips unpacked, in the order sent. */
export function lifUploads(body: unknown): LifUpload[] {
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const buffers = list(fields.file, isBuffer).filter((b) => b.length > 0);
  const names = list(fields.name, isString);
  if (!buffers.length)
    throw badInput('请选择要导入的 .lif 文件', 'choose the .lif files to import (form field "file")');
  if (buffers.length > LIF_MAX_FILES) throw tooMany();
  const out: LifUpload[] = [];
  buffers.forEach((bytes, i) => {
    const name = (names[i] ?? `file ${i + 1}`).slice(0, 255);
    if (bytes.subarray(0, 4).equals(ZIP)) {
      for (const f of unzipLifs(bytes, name, LIF_MAX_FILES - out.length)) {
        out.push({ index: out.length, name: f.name.slice(0, 255), bytes: f.bytes });
      }
      return;
    }
    if (out.length + 1 > LIF_MAX_FILES) throw tooMany();
    if (bytes.length > LIF_MAX_BYTES) throw badInput(`${name} 超过 1 MB`, `${name} is over 1 MB`);
    out.push({ index: out.length, name, bytes });
  });
  return out;
}

/** The `decisions` field: JSON of LifDecisions, or none. */
export function lifDecisions(body: unknown): LifDecisions {
  const raw = body && typeof body === 'object' ? (body as Record<string, unknown>).decisions : undefined;
  if (raw === undefined || raw === '') return { files: [] };
  let parsed: unknown;
  try {
    parsed = typeof raw === 'string' ? JSON.parse(raw) : null;
  } catch {
    parsed = null;
  }
  if (!Value.Check(LifDecisions, parsed)) {
    throw badInput(
      'decisions 字段不是有效的决定（每个文件的序号、名称、组次、是否跳过、各冲突的处理）',
      'the decisions field is not valid (per file: index, name, heatId, skip, a resolution per conflict)',
    );
  }
  return parsed;
}
