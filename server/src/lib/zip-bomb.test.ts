import { crc32, deflateRawSync, constants as zlib } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { asDelegation, demoDelegations } from '../modules/apply/testkit.js';
import { code, demoMeetingId, multipartFile, signIn } from '../modules/meetings/testkit.js';
import { useTestApp } from '../test/app.js';
import { type ZipEntry, zipOf } from '../test/zip.js';
import { DEFAULT_SHEET_LIMITS, readXlsx } from './excel.js';

/**
 * A zip bomb whose headers lie: the central directory (and the local header) say an entry
 * unpacks to 1,000 bytes; it inflates to 450 MB of zeros. Built here as a real deflate stream —
 * one flushed block of 1 MiB of zeros, repeated (its back-references reach only zeros, so each
 * copy decodes to 1 MiB more), then an empty final block — about 450 KB in all.
 */
const BOMB_MB = 450;

const deflated = (text: string): ZipEntry => {
  const data = Buffer.from(text);
  return { name: '', data: deflateRawSync(data), method: 8, size: data.length, crc: crc32(data) };
};

/** An .xlsx-shaped archive whose sheet is the bomb. */
function bombXlsx(): Buffer {
  const block = deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: zlib.Z_FULL_FLUSH });
  const stream = Buffer.concat([...Array.from({ length: BOMB_MB }, () => block), Buffer.from([0x03, 0x00])]);
  return zipOf([
    {
      ...deflated(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
      ),
      name: '[Content_Types].xml',
    },
    { name: 'xl/worksheets/sheet1.xml', data: stream, method: 8, size: 1000, crc: 0 },
  ]);
}

const t = useTestApp();
let bomb: Buffer;
beforeAll(() => {
  bomb = bombXlsx();
});

describe('zip bombs in spreadsheet imports', () => {
  it('the test archive is small and claims 1,000 bytes', () => {
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(DEFAULT_SHEET_LIMITS.maxBytes);
  });

  it('refuses the lying archive after inflating at most the limit, quickly and with bounded memory', async () => {
    global.gc?.();
    const rss = process.memoryUsage().rss;
    const started = performance.now();
    let peak = rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    const err = await readXlsx(bomb).then(
      () => null,
      (e: unknown) => e,
    );
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const ms = performance.now() - started;
    const grownMb = (peak - rss) / 1024 / 1024;
    console.log(
      `zip bomb (${BOMB_MB} MB claimed as 1,000 bytes): refused in ${ms.toFixed(0)} ms, RSS +${grownMb.toFixed(1)} MB`,
    );
    expect(err).toBeInstanceOf(Error);
    expect((err as Error & { en?: string }).message).toMatch(/unpacks to more than/);
    expect(grownMb).toBeLessThan(50);
    // Under 0.2 s on an idle machine; the bound leaves room for a loaded one.
    expect(ms).toBeLessThan(3000);
  });

  it('refuses stored entries, entry counts and per-entry sizes past their limits', async () => {
    const stored = Buffer.alloc(64 * 1024, 0x41);
    const one = zipOf([{ name: 'a.xml', data: stored, method: 0, size: 10, crc: crc32(stored) }]);
    await expect(
      readXlsx(one, { ...DEFAULT_SHEET_LIMITS, maxUnpackedBytes: 32 * 1024, maxEntryBytes: 1e9 }),
    ).rejects.toThrow(/unpacks to more than/);
    const big = deflated('x'.repeat(100_000));
    await expect(
      readXlsx(zipOf([{ ...big, name: 'a.xml' }]), { ...DEFAULT_SHEET_LIMITS, maxEntryBytes: 50_000 }),
    ).rejects.toThrow(/entry .* more than/);
    const many = zipOf(Array.from({ length: 1001 }, (_, i) => ({ ...deflated('x'), name: `e${i}.xml` })));
    await expect(readXlsx(many)).rejects.toThrow(/more than 1000 files/);
  });

  it('every spreadsheet import answers 400 A0400 naming the limit, in both languages', async () => {
    const meetingId = await demoMeetingId(t);
    const [d1] = await demoDelegations(t);
    const admin = await signIn(t, 'admin');
    const delegation = await asDelegation(t, d1!.id, 'zh-cn');
    const imports: [typeof admin, string][] = [
      [admin, '/api/v1/users/import?deptId=1'],
      [admin, `/api/v1/delegations/import?meetingId=${meetingId}`],
      [admin, '/api/v1/codes/import'],
      [delegation, '/api/v1/apply/athletes/import'],
    ];
    for (const [client, url] of imports) {
      const { payload, headers } = multipartFile(bomb, 'bomb.xlsx');
      const started = performance.now();
      const res = await client.raw({ method: 'POST', url, payload, headers });
      const ms = performance.now() - started;
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(code(res)).toBe('A0400');
      expect(res.json().msg, url).toMatch(client === admin ? /unpacks to more than \d+ MB/ : /解压后超过 \d+ MB/);
      expect(ms, url).toBeLessThan(3000);
    }
  });
});
