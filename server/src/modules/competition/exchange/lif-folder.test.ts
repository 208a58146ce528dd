import { appendFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LifFolderVO } from '@baton/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.js';
import { compLog, compStart } from '../../../db/schema/index.js';
import { useTestApp } from '../../../test/app.js';
import { demoGroups } from '../../apply/testkit.js';
import { type Client, data, signIn } from '../../meetings/testkit.js';
import { type LynxFolder, startLynxFolder, stopLynxFolder } from './lif-folder.js';
import { lynxHeats } from './testkit.js';

/**
 * The FinishLynx results folder (LYNX_DIR) with a real temporary folder: a file is taken once it
 * stopped changing, imported when it has no conflict and moved to imported/; a file with a
 * conflict waits, is listed for a person, opened by id and imported through the review.
 * The scans are called with their clock so that nothing depends on timers.
 */

const t = useTestApp();
let committee: Client;
let meetingId: number;
let groupItem100: number;
let dir: string;
let folder: LynxFolder;
const heatIds: number[] = [];

beforeAll(async () => {
  committee = await signIn(t, 'committee');
  const runners = (heat: number) =>
    [1, 2].map((lane) => ({ bib: String(heat * 100 + lane), lane, name: `选手${heat * 100 + lane}` }));
  const made = await lynxHeats(t, {
    group: (await demoGroups(t)).get('U16 Boys')!,
    team: { name: '文件夹测试队', contactMobile: '13900003000' },
    idPrefix: 'DIR',
    plan: { 1: runners(1), 2: runners(2) },
  });
  ({ meetingId, groupItemId: groupItem100 } = made);
  heatIds.push(...made.heats.values());
  dir = await mkdtemp(path.join(tmpdir(), 'baton-lynx-'));
  folder = startLynxFolder(t.database.db, t.app.realtime, t.app.log, {
    dir,
    meetingId,
    pollMs: 3_600_000,
    settleMs: 1000,
  });
});

afterAll(async () => {
  if (folder) stopLynxFolder(folder);
  if (dir) await rm(dir, { recursive: true, force: true });
});

const lif = (heat: number, rows: string[]) =>
  `${groupItem100},1,${heat},Boys 100 m,+0.4,m/s\r\n${rows.join('\r\n')}\r\n`;
const marks = async (heatId: number) =>
  (await t.database.db.select().from(compStart).where(eq(compStart.heatId, heatId)).orderBy(asc(compStart.lane))).map(
    (s) => s.mark,
  );

describe('the results folder', () => {
  it('LYNX_DIR needs LYNX_MEETING_ID', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', LYNX_DIR: dir })).toThrow(/LYNX_DIR needs LYNX_MEETING_ID/);
    expect(loadConfig({ NODE_ENV: 'test', LYNX_DIR: dir, LYNX_MEETING_ID: '7' }).lynx).toEqual({ dir, meetingId: 7 });
    expect(loadConfig({ NODE_ENV: 'test' }).lynx).toBeNull();
  });

  it('imports a file once it stopped growing, and moves it to imported/', async () => {
    const file = path.join(dir, `${groupItem100}-1-01.lif`);
    await writeFile(file, lif(1, ['1,101,1,,,,11.20,,,']));
    await folder.scan(0);
    // Still being written: the second row arrives before the file settled.
    await appendFile(file, '2,102,2,,,,11.35,,,\r\n');
    await folder.scan(1500);
    expect(await marks(heatIds[0]!)).toEqual([null, null]);
    await folder.scan(2000);
    expect(await marks(heatIds[0]!)).toEqual([null, null]);
    await folder.scan(2600);
    expect(await marks(heatIds[0]!)).toEqual(['11.20', '11.35']);
    expect(await readdir(dir)).toEqual(['imported']);
    expect(await readdir(path.join(dir, 'imported'))).toEqual([`${groupItem100}-1-01.lif`]);
    const [log] = await t.database.db.select().from(compLog).where(eq(compLog.heatId, heatIds[0]!));
    expect(log).toMatchObject({ action: 'lif-import', userId: null });

    // FinishLynx writes the heat again (a corrected read): imported again, kept beside the first.
    await writeFile(file, lif(1, ['1,101,1,,,,11.19,,,', '2,102,2,,,,11.35,,,']));
    await folder.scan(5000);
    await folder.scan(6100);
    expect(await marks(heatIds[0]!)).toEqual(['11.19', '11.35']);
    expect(await readdir(path.join(dir, 'imported'))).toHaveLength(2);
  });

  it('a file with a conflict waits for a person, opens by id in the review and is imported there', async () => {
    const name = `${groupItem100}-1-02.lif`;
    const text = lif(2, ['1,201,1,,,,11.50,,,', '2,999,2,,,,11.60,,,']);
    await writeFile(path.join(dir, name), text);
    await folder.scan(10_000);
    await folder.scan(11_100);
    expect(await marks(heatIds[1]!)).toEqual([null, null]);
    const base = `/api/v1/competition/meetings/${meetingId}/exchange/lif`;
    const listed = data<LifFolderVO>(await committee.get(`${base}/folder`));
    expect(listed.enabled).toBe(true);
    expect(listed.pending).toMatchObject([{ name, unresolved: 1 }]);
    expect(listed.pending[0]!.problem).toBe(
      'line 3: ID 999, lane 2: nobody in this heat has ID 999; lane 2 is 选手202',
    );
    const bytes = await committee.get(`${base}/folder/${listed.pending[0]!.id}`);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.rawPayload.toString('utf8')).toBe(text);
    expect((await committee.get(`${base}/folder/999999`)).statusCode).toBe(404);

    const boundary = '----folder';
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\n${text}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n${name}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="decisions"\r\n\r\n${JSON.stringify({
          files: [{ index: 0, name, resolutions: { 'unknown-bib:3': 'skip-row' } }],
        })}\r\n--${boundary}--\r\n`,
    );
    const res = await committee.raw({
      method: 'POST',
      url: `${base}/commit`,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await marks(heatIds[1]!)).toEqual(['11.50', null]);
    expect(data<LifFolderVO>(await committee.get(`${base}/folder`)).pending).toEqual([]);
    expect(await readFile(path.join(dir, 'imported', name), 'utf8')).toBe(text);
  });

  it('without a folder watched: nothing listed, no file', async () => {
    const other = data<LifFolderVO>(
      await committee.get(`/api/v1/competition/meetings/${meetingId}/exchange/lif/folder`),
    );
    expect(other.enabled).toBe(true);
    stopLynxFolder(folder);
    const none = data<LifFolderVO>(
      await committee.get(`/api/v1/competition/meetings/${meetingId}/exchange/lif/folder`),
    );
    expect(none).toEqual({ enabled: false, pending: [] });
    const file = await committee.get(`/api/v1/competition/meetings/${meetingId}/exchange/lif/folder/1`);
    expect(file.statusCode).toBe(400);
    expect(file.json().msg).toContain('no results folder (LYNX_DIR) is watched for this meeting');
  });
});
