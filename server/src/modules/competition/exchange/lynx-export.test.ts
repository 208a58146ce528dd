import { eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { athlete, compHeat, compStart } from '../../../db/schema/index.js';
import { useTestApp } from '../../../test/app.js';
import { athleteForm, demoDelegations, demoGroups } from '../../apply/testkit.js';
import { type Client, code, demoMeetingId, signIn } from '../../meetings/testkit.js';
import { ensureRounds } from '../rounds.js';
import { parseEvt, parsePpl } from './lynx.js';
import { raceDistance } from './service.js';
import { enrolByCommittee } from './testkit.js';

/**
 * The venue's FinishLynx files in the encoding the operator picks (issue 22): UTF-8 (default),
 * UTF-8 with a BOM, GBK; Chinese names split after their compound surname and without the
 * full-width spaces they were typed with; the race distance on the event line.
 */

const t = useTestApp();
let committee: Client;
let meetingId: number;
let groupItem100: number;
const ids: number[] = [];

const url = (file: string, encoding?: string) =>
  `/api/v1/competition/meetings/${meetingId}/exchange/${file}${encoding ? `?encoding=${encoding}` : ''}`;

beforeAll(async () => {
  committee = await signIn(t, 'committee');
  meetingId = await demoMeetingId(t);
  const u16b = (await demoGroups(t)).get('U16 Boys')!;
  const dels = (await demoDelegations(t)).filter((x) => x.meetingId === meetingId);
  groupItem100 = u16b.items.get('100')!;
  // Names as typed: a compound surname, a full-width space (U+3000) from an Excel sheet, a Latin name.
  const names = ['欧阳娜娜', '李\u3000明', 'Mary Ann Smith'];
  const starts: (typeof compStart.$inferInsert)[] = [];
  const [r1] = await ensureRounds(t.database.db, groupItem100);
  const [h] = await t.database.db
    .insert(compHeat)
    .values({ meetingId, roundId: r1!.id, number: 1, status: 'set' })
    .returning({ id: compHeat.id });
  for (const [i, name] of names.entries()) {
    // One athlete per delegation (a delegation enters at most two in an event).
    const d = dels[i]!;
    const a = await enrolByCommittee(committee, d.id, athleteForm(u16b, { name }), [
      { groupItemId: groupItem100, seedMark: `12.${40 + i}` },
    ]);
    ids.push(a.id);
    await t.database.db
      .update(athlete)
      .set({ bib: String(2001 + i) })
      .where(eq(athlete.id, a.id));
    starts.push({
      meetingId,
      roundId: r1!.id,
      heatId: h!.id,
      entryId: a.entryIds[0]!,
      athleteId: a.id,
      delegationId: d.id,
      lane: i + 4,
      position: i + 1,
    });
  }
  await t.database.db.insert(compStart).values(starts);
});

describe('FinishLynx files for the venue', () => {
  it('stores names without the full-width space they were typed with', async () => {
    const [li] = await t.database.db.select().from(athlete).where(eq(athlete.id, ids[1]!));
    expect(li!.name).toBe('李明');
  });

  it('UTF-8 by default: compound surnames split whole, the distance in field 10 of the event line', async () => {
    const res = await committee.get(url('lynx.evt'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.rawPayload.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(false);
    const heat = parseEvt(res.body).find((h) => h.event === groupItem100)!;
    expect(heat.competitors.map((c) => [c.id, c.lane, c.lastName, c.firstName])).toEqual([
      ['2001', 4, '欧阳', '娜娜'],
      ['2002', 5, '李', '明'],
      ['2003', 6, 'Smith', 'Mary Ann'],
    ]);
    const line = res.body.split('\r\n').find((l) => l.startsWith(`${groupItem100},1,1,`))!;
    const fields = line.split(',');
    expect(fields).toHaveLength(10);
    expect(fields.slice(4, 9)).toEqual(['', '', '', '', '']);
    expect(fields[9]).toBe('100');
  });

  it('GBK: the bytes decode back with iconv-lite to the same names', async () => {
    const utf8 = (await committee.get(url('lynx.evt'))).body;
    const res = await committee.get(url('lynx.evt', 'gbk'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=gbk');
    const bytes = res.rawPayload;
    // Not UTF-8: 欧 is 0xC5 0xB7 in GBK.
    expect(bytes.includes(Buffer.from('欧阳', 'utf8'))).toBe(false);
    expect(bytes.includes(iconv.encode('欧阳', 'gbk'))).toBe(true);
    const text = iconv.decode(bytes, 'gbk');
    expect(text).toBe(utf8);
    const names = parseEvt(text)
      .flatMap((h) => h.competitors)
      .map((c) => `${c.lastName}|${c.firstName}`);
    expect(names).toEqual(expect.arrayContaining(['欧阳|娜娜', '李|明', 'Smith|Mary Ann']));

    const ppl = await committee.get(url('lynx.ppl', 'gbk'));
    const people = parsePpl(iconv.decode(ppl.rawPayload, 'gbk'));
    expect(people.find((p) => p.id === '2001')).toMatchObject({ lastName: '欧阳', firstName: '娜娜' });
    const sch = await committee.get(url('lynx.sch', 'gbk'));
    expect(iconv.decode(sch.rawPayload, 'gbk')).toBe((await committee.get(url('lynx.sch'))).body);
  });

  it('UTF-8 with a BOM when asked', async () => {
    const res = await committee.get(url('lynx.ppl', 'utf-8-bom'));
    expect(res.rawPayload.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
    expect(res.rawPayload.subarray(3).toString('utf8')).toBe((await committee.get(url('lynx.ppl'))).body);
  });

  it('a character GBK cannot hold is a 400 naming it; UTF-8 still writes it', async () => {
    await t.database.db.update(athlete).set({ name: '王𠮷' }).where(eq(athlete.id, ids[0]!));
    try {
      const res = await committee.get(url('lynx.evt', 'gbk'));
      expect(res.statusCode).toBe(400);
      expect(code(res)).toBe('A0400');
      expect(res.json().msg).toContain('𠮷');
      expect(res.json().msg).toContain('GBK');
      expect((await committee.get(url('lynx.evt'))).body).toContain('王,𠮷');
    } finally {
      await t.database.db.update(athlete).set({ name: '欧阳娜娜' }).where(eq(athlete.id, ids[0]!));
    }
  });

  it('an encoding it does not know is refused', async () => {
    expect((await committee.get(url('lynx.evt', 'latin1'))).statusCode).toBe(400);
  });

  it('the Hy-Tek export takes the encoding too', async () => {
    const res = await committee.get(url('hytek.txt', 'gbk'));
    expect(res.statusCode).toBe(200);
    expect(iconv.decode(res.rawPayload, 'gbk')).toContain('I;欧阳;娜娜;');
  });

  it('race distances from the item codes', () => {
    expect(raceDistance('100')).toBe(100);
    expect(raceDistance('110H')).toBe(110);
    expect(raceDistance('3000SC')).toBe(3000);
    expect(raceDistance('4x400')).toBe(1600);
    expect(raceDistance('LJ')).toBeNull();
    expect(raceDistance('DEC')).toBeNull();
  });
});
