import type { LifCommitVO, LifImportVO, LifReviewVO, MeetingAdminVO } from '@baton/contracts';
import { USER_TYPE } from '@baton/contracts';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { compStart } from '../../../db/schema/index.js';
import { multipartFiles, useTestApp } from '../../../test/app.js';
import { demoGroups } from '../../apply/testkit.js';
import { addUser, type Client, code, data, officialOfOtherMeeting, signIn } from '../../meetings/testkit.js';
import { writeLif } from './lynx.js';
import { lynxHeats } from './testkit.js';

/**
 * Importing photo-finish results is entering results: a referee assigned to the meeting
 * (PUT /meetings/:id/officials) reviews and imports .lif files, one heat or several at once, and
 * reads the results folder; a referee of another meeting gets 404, and the exports, the Hy-Tek
 * import and meet.json stay the managers' (403 for the meeting's own referee).
 */

const t = useTestApp();
let committee: Client;
let referee: Client;
let outsider: Client;
let meetingId: number;
let event: number;
const heats: number[] = [];

beforeAll(async () => {
  committee = await signIn(t, 'committee');
  const runners = (heat: number) =>
    [1, 2].map((lane) => ({ bib: `${heat}0${lane}`, lane, name: `Runner ${heat}${lane}` }));
  const made = await lynxHeats(t, {
    group: (await demoGroups(t)).get('U16 Girls')!,
    team: { name: '裁判导入队', contactMobile: '13900003000' },
    idPrefix: 'REF',
    plan: { 1: runners(1), 2: runners(2) },
  });
  ({ meetingId, groupItemId: event } = made);
  heats.push(...made.heats.values());

  const refereeId = await addUser(t, 'lif-referee', USER_TYPE.REFEREE, 'REFEREE');
  const set = await committee.put(`/api/v1/meetings/${meetingId}/officials`, { userIds: [refereeId] });
  expect(set.statusCode, set.body).toBe(200);
  expect(data<MeetingAdminVO[]>(set).map((o) => o.username)).toEqual(['lif-referee']);
  referee = await signIn(t, 'lif-referee');

  outsider = await officialOfOtherMeeting(t, 'lif-outsider', 'referee');
});

const lifOf = (heat: number, times: [string, string]) =>
  Buffer.from(
    writeLif({
      header: { event, round: 1, heat, name: 'Girls 100 m', wind: '+0.3' },
      rows: times.map((time, i) => ({
        line: i + 2,
        place: String(i + 1),
        id: `${heat}0${i + 1}`,
        lane: i + 1,
        lastName: '',
        firstName: '',
        affiliation: '',
        time,
        reactionTime: '',
      })),
    }),
  );

const base = () => `/api/v1/competition/meetings/${meetingId}/exchange`;
const post = (c: Client, url: string, files: { name: string; bytes: Buffer }[]) =>
  c.raw({ method: 'POST', url, ...multipartFiles(files) });

async function marksOf(heatId: number) {
  const rows = await t.database.db
    .select({ mark: compStart.mark, place: compStart.place })
    .from(compStart)
    .where(eq(compStart.heatId, heatId))
    .orderBy(asc(compStart.lane));
  return rows.map((r) => [r.place, r.mark]);
}

describe('the referees of a meeting (PUT /meetings/:id/officials)', () => {
  it('takes referee users only, naming the one that is not', async () => {
    const res = await committee.put(`/api/v1/meetings/${meetingId}/officials`, { userIds: [1] });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/is not a referee user/);
    const list = await committee.get(`/api/v1/meetings/${meetingId}/officials`);
    expect(data<MeetingAdminVO[]>(list).map((o) => o.username)).toEqual(['lif-referee']);
    // A referee cannot assign referees.
    expect((await referee.get(`/api/v1/meetings/${meetingId}/officials`)).statusCode).toBe(403);
  });
});

describe('a referee and the .lif routes', () => {
  it('a referee of another meeting: 404 on every .lif route, nothing written', async () => {
    const files = [{ name: 'a.lif', bytes: lifOf(1, ['12.10', '12.30']) }];
    for (const res of [
      await post(outsider, `${base()}/lif/review`, files),
      await post(outsider, `${base()}/lif/commit`, files),
      await post(outsider, `/api/v1/competition/heats/${heats[0]}/lif`, files),
      await outsider.get(`${base()}/lif/folder`),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
    }
    expect(await marksOf(heats[0]!)).toEqual([
      [null, null],
      [null, null],
    ]);
  });

  it('the meeting’s referee: exports, Hy-Tek and meet.json refused (403)', async () => {
    for (const url of ['lynx.evt', 'lynx.ppl', 'lynx.sch', 'hytek.txt', 'meet.json']) {
      const res = await referee.get(`${base()}/${url}`);
      expect(res.statusCode, url).toBe(403);
    }
    const hytek = await post(referee, `${base()}/hytek`, [{ name: 'h.txt', bytes: Buffer.from('I;x\r\n') }]);
    expect(hytek.statusCode).toBe(403);
  });

  it('the meeting’s referee reviews and imports two files at once, then one heat again', async () => {
    const files = [
      { name: `${event}-1-01.lif`, bytes: lifOf(1, ['12.10', '12.30']) },
      { name: `${event}-1-02.lif`, bytes: lifOf(2, ['12.50', '12.70']) },
    ];
    const review = await post(referee, `${base()}/lif/review`, files);
    expect(review.statusCode, review.body).toBe(200);
    const r = data<LifReviewVO>(review);
    expect(r.files.map((f) => f.heatId)).toEqual(heats);
    expect(r.unresolved).toBe(0);
    const commit = await post(referee, `${base()}/lif/commit`, files);
    expect(commit.statusCode, commit.body).toBe(200);
    expect(data<LifCommitVO>(commit).heats.map((h) => h.result.heatId)).toEqual(heats);
    expect(await marksOf(heats[0]!)).toEqual([
      [1, '12.10'],
      [2, '12.30'],
    ]);
    expect(await marksOf(heats[1]!)).toEqual([
      [1, '12.50'],
      [2, '12.70'],
    ]);

    const single = await post(referee, `/api/v1/competition/heats/${heats[0]}/lif`, [
      { name: 'again.lif', bytes: lifOf(1, ['12.00', '12.40']) },
    ]);
    expect(single.statusCode, single.body).toBe(200);
    expect(data<LifImportVO>(single).rows).toHaveLength(2);
    expect(await marksOf(heats[0]!)).toEqual([
      [1, '12.00'],
      [2, '12.40'],
    ]);

    const folder = await referee.get(`${base()}/lif/folder`);
    expect(folder.statusCode, folder.body).toBe(200);
    expect(data(folder)).toEqual({ enabled: false, pending: [] });
    // Making the heat official stays the managers'.
    const official = await referee.post(`/api/v1/competition/heats/${heats[0]}/official`, { version: 1 });
    expect(code(official)).toBe('A0301');
  });
});
