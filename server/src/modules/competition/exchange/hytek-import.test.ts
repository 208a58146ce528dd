import { readFileSync } from 'node:fs';
import { and, asc, eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { athlete, delegation, entry, group, groupItem, item, meeting } from '../../../db/schema/index.js';
import { useTestApp } from '../../../test/app.js';
import { asDelegation, athleteFields, idNumber } from '../../apply/testkit.js';
import { type Client, code, copyMeeting, data, demoMeetingId, multipartFile, signIn } from '../../meetings/testkit.js';
import { hytekDate, metricMark } from './hytek.js';

/**
 * Hy-Tek entry files as Hy-Tek Meet Manager writes them (issue 22): I records of 25 fields
 * without an ID number, D records with metric and English marks, CRLF — in UTF-8, in GBK (the
 * ANSI code page of a Chinese Windows), with ISO dates — imported over the API into meetings
 * like the demo meeting, and what the database holds afterwards. Fixtures in ./fixtures.
 */

const t = useTestApp();
let committee: Client;
let demoId: number;

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const importUrl = (id: number, mode = '') => `/api/v1/competition/meetings/${id}/exchange/hytek${mode}`;
const upload = (id: number, bytes: Buffer, mode = '') =>
  committee.raw({ method: 'POST', url: importUrl(id, mode), ...multipartFile(bytes, 'entries.txt') });

interface Report {
  total: number;
  valid: number;
  invalid: number;
  imported: number;
  encoding?: string;
  errors: { row: number; field: string; message: string }[];
}

/**
 * A meeting like the demo meeting (its fields, delegations, groups and their events), with the
 * groups' birth years fixed so that the fixtures' athletes fit whatever year the tests run in:
 * U16 born 2011–2012, U18 born 2009–2010.
 */
const demoLike = (n: number): Promise<number> =>
  copyMeeting(t, demoId, {
    code: `hytek${n}`,
    name: (name) => `${name}（Hy-Tek ${n}）`,
    changeGroup: (g) =>
      g.nameEn.startsWith('U16')
        ? { birthFrom: '2011-01-01', birthTo: '2012-12-31' }
        : { birthFrom: '2009-01-01', birthTo: '2010-12-31' },
  });

/** What the meeting holds: athletes with their delegation and group, and their entries. */
async function holdings(meetingId: number) {
  const db = t.database.db;
  const athletes = await db
    .select({
      name: athlete.name,
      idNumber: athlete.idNumber,
      gender: athlete.gender,
      birthDate: athlete.birthDate,
      delegation: delegation.name,
      group: group.nameEn,
      status: athlete.status,
    })
    .from(athlete)
    .innerJoin(delegation, eq(delegation.id, athlete.delegationId))
    .innerJoin(group, eq(group.id, athlete.groupId))
    .where(eq(athlete.meetingId, meetingId))
    .orderBy(asc(athlete.id));
  const entries = await db
    .select({ name: athlete.name, item: item.code, seedMark: entry.seedMark, seedValue: entry.seedValue })
    .from(entry)
    .innerJoin(athlete, eq(athlete.id, entry.athleteId))
    .innerJoin(groupItem, eq(groupItem.id, entry.groupItemId))
    .innerJoin(item, eq(item.id, groupItem.itemId))
    .where(eq(entry.meetingId, meetingId))
    .orderBy(asc(entry.id));
  return { athletes, entries };
}

const NATIVE_ATHLETES = [
  {
    name: '张伟',
    idNumber: null,
    gender: 'M',
    birthDate: '2011-03-15',
    delegation: '瑞安中学代表队',
    group: 'U16 Boys',
    status: 'draft',
  },
  {
    name: '欧阳娜娜',
    idNumber: null,
    gender: 'F',
    birthDate: '2011-07-04',
    delegation: '瑞安中学代表队',
    group: 'U16 Girls',
    status: 'draft',
  },
  {
    name: 'Mary Smith',
    idNumber: null,
    gender: 'F',
    birthDate: '2012-11-30',
    delegation: '玉海中学代表队',
    group: 'U16 Girls',
    status: 'draft',
  },
];
const NATIVE_ENTRIES = [
  { name: '张伟', item: '100', seedMark: '12.85', seedValue: 12.85 },
  { name: '张伟', item: 'LJ', seedMark: '5.10', seedValue: 5.1 },
  { name: '欧阳娜娜', item: '80H', seedMark: '13.90', seedValue: 13.9 },
  { name: '欧阳娜娜', item: '200', seedMark: null, seedValue: null },
  // 16-04.75 E: 16 ft 4.75 in = 196.75 in = 4.99745 m, recorded 4.99 (the centimetre below).
  { name: 'Mary Smith', item: 'LJ', seedMark: '4.99', seedValue: 4.99 },
  // A time is the same in English measure.
  { name: 'Mary Smith', item: '800', seedMark: '2:35.40', seedValue: 155.4 },
];

beforeAll(async () => {
  committee = await signIn(t, 'committee');
  demoId = await demoMeetingId(t);
});

describe('Hy-Tek file as Hy-Tek writes it', () => {
  it('the fixture is what the guide describes: 25-field I records, 20-field D records, CRLF', () => {
    const text = fixture('hytek-native.txt').toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    const records = text.trimEnd().split('\r\n');
    expect(records.filter((r) => r.startsWith('I;')).every((r) => r.split(';').length === 25)).toBe(true);
    expect(records.filter((r) => r.startsWith('D;')).every((r) => r.split(';').length === 20)).toBe(true);
  });

  it('creates athletes without an ID number and their entries (UTF-8)', async () => {
    const id = await demoLike(1);
    const res = await upload(id, fixture('hytek-native.txt'));
    expect(res.statusCode, res.body).toBe(200);
    expect(data<Report>(res)).toEqual({ total: 9, valid: 9, invalid: 0, imported: 9, errors: [], encoding: 'utf-8' });
    const held = await holdings(id);
    expect(held.athletes).toEqual(NATIVE_ATHLETES);
    expect(held.entries).toEqual(NATIVE_ENTRIES);
  });

  it('reads the same file saved in GBK (ANSI on a Chinese Windows) and says so', async () => {
    const bytes = fixture('hytek-native-gbk.txt');
    // The committed file is GBK: the same text once decoded as GBK.
    expect(iconv.decode(bytes, 'gbk')).toBe(fixture('hytek-native.txt').toString('utf8'));
    const id = await demoLike(2);
    const report = data<Report>(await upload(id, bytes));
    expect(report).toMatchObject({ imported: 9, errors: [], encoding: 'gb18030' });
    const held = await holdings(id);
    expect(held.athletes).toEqual(NATIVE_ATHLETES);
    expect(held.entries).toEqual(NATIVE_ENTRIES);
  });

  it('reads ISO birth dates (YYYY-MM-DD) as well as MM/DD/YYYY and M/D/YYYY', async () => {
    expect(hytekDate('05/01/2012')).toBe('2012-05-01');
    expect(hytekDate('5/1/2012')).toBe('2012-05-01');
    expect(hytekDate('2012-05-01')).toBe('2012-05-01');
    expect(hytekDate('02/30/2012')).toBeNull();
    expect(hytekDate('2012-5-1')).toBeNull();
    const id = await demoLike(3);
    const report = data<Report>(await upload(id, fixture('hytek-iso-dates.txt')));
    expect(report).toMatchObject({ imported: 9, errors: [] });
    expect((await holdings(id)).athletes).toEqual(NATIVE_ATHLETES);
  });

  it('converts English distances and heights to metres, down to the centimetre; times unchanged', () => {
    // 21-06.50 = 21 ft 6.5 in = 258.5 in × 0.0254 m = 6.5659 m → 6.56.
    expect(metricMark('21-06.50', 'E', 'distance')).toBe('6.56');
    // 5-03.25 = 63.25 in = 1.60655 m → 1.60; 6-00 = 72 in = 1.8288 m → 1.82.
    expect(metricMark('5-03.25', 'E', 'height')).toBe('1.60');
    expect(metricMark('6-00', 'E', 'height')).toBe('1.82');
    // Whole centimetres stay: 100 in = 2.54 m.
    expect(metricMark('8-04', 'E', 'distance')).toBe('2.54');
    expect(metricMark('1:58.30', 'E', 'time')).toBe('1:58.30');
    expect(metricMark('5.62', 'M', 'distance')).toBe('5.62');
    expect(metricMark('', 'E', 'distance')).toBe('');
    expect(metricMark('16.5', 'E', 'distance')).toBeNull();
    expect(metricMark('16-12', 'E', 'distance')).toBeNull();
  });

  it('one person once per meeting without an ID: name + birth date + gender', async () => {
    const id = await demoLike(4);
    expect(data<Report>(await upload(id, fixture('hytek-native.txt'))).imported).toBe(9);
    // The same file again: every athlete is already registered; nothing is added.
    const again = data<Report>(await upload(id, fixture('hytek-native.txt'), '?mode=valid-only'));
    expect(again.errors.filter((e) => [1, 2, 3].includes(e.row)).map((e) => e.message)).toEqual([
      expect.stringContaining('already registered'),
      expect.stringContaining('already registered'),
      expect.stringContaining('already registered'),
    ]);
    expect((await holdings(id)).athletes).toHaveLength(3);
    // The form, in another delegation, with an ID number: the same name, birth date and gender
    // as an athlete without an ID is the same person.
    const dels = await t.database.db.select().from(delegation).where(eq(delegation.meetingId, id));
    const [u16b] = await t.database.db
      .select()
      .from(group)
      .where(and(eq(group.meetingId, id), eq(group.nameEn, 'U16 Boys')));
    const other = dels.find((d) => d.name === '玉海中学代表队')!;
    const form = { groupId: u16b!.id, idNumber: idNumber('2011-03-15', 'M'), fields: athleteFields() };
    const same = await committee.post('/api/v1/apply/athletes', { ...form, delegationId: other.id, name: '张 伟' });
    expect(code(same)).toBe('A0463');
    // Another name: another person.
    const ok = await committee.post('/api/v1/apply/athletes', { ...form, delegationId: other.id, name: '张伟强' });
    expect(code(ok), ok.body).toBe('00000');
  });

  it('the delegation must add the ID number before it submits, by editing the athlete', async () => {
    const id = await demoLike(5);
    expect(data<Report>(await upload(id, fixture('hytek-native.txt'))).imported).toBe(9);
    const [rui] = await t.database.db
      .select()
      .from(delegation)
      .where(and(eq(delegation.meetingId, id), eq(delegation.name, '瑞安中学代表队')));
    await t.database.db.update(meeting).set({ status: 'registration_open' }).where(eq(meeting.id, id));
    const leader = await asDelegation(t, rui!.id);
    type Summary = {
      problems: { kind: string; blocking: boolean; entityId: number; message: string }[];
      canSubmit: boolean;
    };
    const summary = data<Summary>(await leader.get('/api/v1/apply/summary'));
    const [zhang] = await t.database.db
      .select()
      .from(athlete)
      .where(and(eq(athlete.meetingId, id), eq(athlete.name, '张伟')));
    const noId = summary.problems.filter((p) => p.message.includes('has no ID number yet'));
    expect(noId.map((p) => [p.entityId, p.blocking])).toHaveLength(2);
    expect(noId.find((p) => p.entityId === zhang!.id)?.blocking).toBe(true);
    expect(summary.canSubmit).toBe(false);
    expect(code(await leader.post('/api/v1/apply/submit', {}))).not.toBe('00000');
    // The list shows the athlete without a number (null, not a blank string).
    const page = data<{ list: { name: string; idNumber: string | null }[] }>(
      await leader.get('/api/v1/apply/athletes/page?pageNum=1&pageSize=20'),
    );
    expect(page.list.find((a) => a.name === '张伟')?.idNumber).toBeNull();
    // The existing form adds it (with the form's required fields).
    const form = data<{ groupId: number; name: string; version: number }>(
      await leader.get(`/api/v1/apply/athletes/${zhang!.id}/form`),
    );
    const number = idNumber('2011-03-15', 'M');
    const put = await leader.put(`/api/v1/apply/athletes/${zhang!.id}`, {
      groupId: form.groupId,
      name: form.name,
      idNumber: number,
      fields: athleteFields(),
      version: form.version,
    });
    expect(code(put), put.body).toBe('00000');
    const [after] = await t.database.db.select().from(athlete).where(eq(athlete.id, zhang!.id));
    expect(after!.idNumber).toBe(number);
    const later = data<Summary>(await leader.get('/api/v1/apply/summary'));
    expect(later.problems.some((p) => p.entityId === zhang!.id && p.message.includes('has no ID number yet'))).toBe(
      false,
    );
  });

  it('every refused row names its line, its field and what to do; all or nothing by default', async () => {
    const id = await demoLike(6);
    const report = data<Report>(await upload(id, fixture('hytek-refused.txt')));
    expect(report.imported).toBe(0);
    expect((await holdings(id)).athletes).toEqual([]);
    const byRow = new Map(report.errors.map((e) => [e.row, e]));
    expect([...byRow.keys()].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 7, 8, 9, 10]);
    const expectRow = (row: number, field: string, ...parts: string[]) => {
      const e = byRow.get(row)!;
      expect(e.field, `line ${row}`).toBe(field);
      for (const p of parts) expect(e.message, `line ${row}`).toContain(p);
    };
    expectRow(1, 'birthDate', 'field 6', '02/30/2011', 'MM/DD/YYYY');
    expectRow(2, 'gender', 'field 5', 'write M or F');
    expectRow(3, 'birthDate', 'field 6', 'without an ID number');
    expectRow(4, 'delegation', '不存在中学', 'fields 7, 8', 'add the delegation');
    expectRow(5, 'group', 'no group fits', '2001-03-01', 'fields 5 and 6');
    expectRow(7, 'groupItemId', 'field 11', 'empty');
    expectRow(8, 'seedMark', 'field 12', '16.5', 'feet-inches');
    expectRow(9, 'groupItemId', '80H', 'field 11');
    expectRow(10, 'seedMark', 'field 13', 'M (metric) or E (English)');

    // Valid rows only: the athlete of line 6 and the high jump of line 11 (5-03.25 E = 1.60 m).
    const valid = data<Report>(await upload(id, fixture('hytek-refused.txt'), '?mode=valid-only'));
    expect(valid.imported).toBe(2);
    const held = await holdings(id);
    expect(held.athletes.map((a) => [a.name, a.idNumber, a.group])).toEqual([['周十', null, 'U16 Boys']]);
    expect(held.entries).toEqual([{ name: '周十', item: 'HJ', seedMark: '1.60', seedValue: 1.6 }]);
  });

  it('messages in Chinese for a Chinese user', async () => {
    const id = await demoLike(7);
    const file = multipartFile(fixture('hytek-refused.txt'), 'entries.txt');
    const res = await committee.raw({
      method: 'POST',
      url: importUrl(id),
      payload: file.payload,
      headers: { ...file.headers, 'accept-language': 'zh-CN' },
    });
    const report = data<Report>(res);
    const row1 = report.errors.find((e) => e.row === 1)!;
    expect(row1.message).toContain('出生日期（第 6 项）02/30/2011 无效');
    expect(report.errors.find((e) => e.row === 3)!.message).toContain('没有证件号码时');
  });
});
