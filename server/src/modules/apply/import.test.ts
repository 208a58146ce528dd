import { formatMessage, type ImportReport, idCheckChar } from '@baton/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { type Client, code, data, firstSheet, multipartFile, signIn, xlsx } from '../meetings/testkit.js';
import { asDelegation, count, idNumber, setMeeting, useDemoEntrants } from './testkit.js';

/** Athletes from Excel: the same rules as the form, with a row report; all-or-nothing or valid-only. */
const t = useTestApp();
const { boys, girls, dlgIds } = useDemoEntrants(t);
let d1: Client;

const HEADERS = ['姓名', '证件号码', '组别', '学校', '紧急联系人', '紧急联系电话'];
const row = (name: string, id: string, group: string) => [name, id, group, '瑞安中学', '家长', '13900001111'];

beforeAll(async () => {
  d1 = await asDelegation(t, dlgIds[0]!);
});

const upload = async (c: Client, file: Buffer, query = '') =>
  c.raw({ method: 'POST', url: `/api/v1/apply/athletes/import${query}`, ...multipartFile(file) });

describe('athlete import', () => {
  it('offers a template with the base columns and the athlete fields', async () => {
    const res = await d1.get('/api/v1/apply/athletes/template');
    expect(res.statusCode).toBe(200);
    const headers = ((await firstSheet(res.rawPayload)).getRow(1).values as string[]).filter(Boolean);
    expect(headers.slice(0, 3)).toEqual(['Name', 'ID number', 'Group']);
    expect(headers).toContain('School');
    expect(headers).not.toContain('Photo');
  });

  it('all-or-nothing: one bad row and nothing is written, every row reported', async () => {
    const file = await xlsx(HEADERS, [
      row('甲', idNumber(boys.birth, 'M'), 'U16男子组'),
      row('乙', idNumber(boys.birth, 'F'), 'U16 Boys'),
      row('丙', '110101200001011234', ''),
      row('丁', idNumber(girls.birth, 'F'), ''),
    ]);
    const res = await upload(d1, file);
    expect(code(res)).toBe('00000');
    const report = data<ImportReport>(res);
    expect(report).toMatchObject({ total: 4, valid: 2, invalid: 2, imported: 0 });
    expect(report.errors).toEqual([
      { row: 3, field: 'gender', message: 'Does not fit the group: U16 Boys is for male athletes only' },
      { row: 4, field: 'idNumber', message: 'Invalid input: the ID number check digit is wrong; check the number' },
    ]);
    expect(await count(t, 'reg_athlete', `delegation_id = ${dlgIds[0]}`)).toBe(0);
  });

  it('valid-only: the good rows are written (group by name, English name, or the one that fits)', async () => {
    const same = idNumber(boys.birth, 'M');
    const file = await xlsx(HEADERS, [
      row('甲', same, 'U16男子组'),
      row('乙', idNumber(girls.birth, 'F'), 'u16 girls'),
      row('丙', idNumber(girls.birth, 'F'), ''),
      row('丁', same, ''),
      ['戊', idNumber(boys.birth, 'M'), '', '', '', ''],
      row('己', idNumber(boys.birth, 'M'), '不存在组'),
    ]);
    const zh = await asDelegation(t, dlgIds[0]!, 'zh-cn');
    const report = data<ImportReport>(await upload(zh, file, '?mode=valid-only'));
    expect(report).toMatchObject({ total: 6, valid: 3, invalid: 3, imported: 3 });
    expect(report.errors.map((e) => [e.row, e.field])).toEqual([
      [5, 'idNumber'],
      [6, 'school'],
      [7, 'group'],
    ]);
    expect(report.errors[0]!.message).toBe('该证件号码已在本次赛事报名，同一人只能报名一次');
    expect(report.errors[1]!.message).toBe('参数错误：学校必填');
    const page = data<{ list: { name: string; groupId: number }[] }>(
      await d1.get('/api/v1/apply/athletes/page?pageSize=50&sortKey=createdAt'),
    );
    expect(page.list.map((a) => [a.name, a.groupId])).toEqual([
      ['甲', boys.id],
      ['乙', girls.id],
      ['丙', girls.id],
    ]);
    expect(await count(t, 'reg_record_history', `entity = 'athlete'`)).toBe(3);
  });

  it('the limits apply to imports too; a closed window refuses them; a manager imports for a delegation', async () => {
    await setMeeting(t, { maxAthletes: 4 });
    const file = await xlsx(HEADERS, [
      row('庚', idNumber(boys.birth, 'M'), ''),
      row('辛', idNumber(boys.birth, 'M'), ''),
    ]);
    const report = data<ImportReport>(await upload(d1, file, '?mode=valid-only'));
    expect(report).toMatchObject({ valid: 1, imported: 1 });
    expect(report.errors[0]!.message).toContain('at most 4 athletes');
    await setMeeting(t, { maxAthletes: 60, regClosesAt: new Date(Date.now() - 1000) });
    expect(code(await upload(d1, file))).toBe('A0460');
    const committee = await signIn(t, 'committee');
    const other = await xlsx(HEADERS, [
      row('壬', idNumber(girls.birth, 'F'), ''),
      row('癸', idNumber(girls.birth, 'F'), ''),
    ]);
    const forD2 = data<ImportReport>(await upload(committee, other, `?delegationId=${dlgIds[1]}`));
    expect(forD2.imported).toBe(2);
    expect(await count(t, 'reg_athlete', `delegation_id = ${dlgIds[1]}`)).toBe(2);
    // Open again: the registration closer (every 30 s) may have closed the meeting while its window had passed.
    await setMeeting(t, { regClosesAt: new Date(Date.now() + 86_400_000), status: 'registration_open' });
  });

  it('refuses a file that is not a workbook or lacks a required column', async () => {
    const notXlsx = await upload(d1, Buffer.from('name,id\n'));
    expect(code(notXlsx)).toBe('A0400');
    const noId = await upload(d1, await xlsx(['姓名'], [['甲']]));
    expect(noId.json().msg).toContain('missing column(s): ID number');
  });

  it('two overlapping imports of one workbook into two delegations: each person once, never a 500 or half an import', async () => {
    await setMeeting(t, { maxAthletes: null });
    const [dA, dB] = [dlgIds[2]!, dlgIds[3]!];
    const a = await asDelegation(t, dA);
    const b = await asDelegation(t, dB);
    const taken = formatMessage('A0463', 'en');
    const inBoth = `delegation_id in (${dA}, ${dB})`;
    const historyOfBoth = `entity = 'athlete' and entity_id in (select id from reg_athlete where ${inBoth})`;
    const n = 400;
    /** `n` boys none of the other tests uses: birth dates from the group's first day on, two a day. */
    const people = (first: number, tag: string) =>
      Array.from({ length: n }, (_, i) => {
        const d = new Date(`${boys.birthFrom}T00:00:00Z`);
        d.setUTCDate(d.getUTCDate() + first + Math.floor(i / 2));
        const first17 = `330381${d.toISOString().slice(0, 10).replaceAll('-', '')}${String(901 + 2 * (i % 2)).padStart(3, '0')}`;
        return row(`${tag}${i + 1}`, `${first17}${idCheckChar(first17)}`, 'U16 Boys');
      });

    // All-or-nothing: one import takes the whole workbook, the other writes nothing and says why.
    const book = await xlsx(HEADERS, people(0, '并'));
    const both = await Promise.all([upload(a, book), upload(b, book)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const reports = both.filter((r) => code(r) === '00000').map((r) => data<ImportReport>(r));
    expect(both.every((r) => code(r) === '00000' || code(r) === 'A0463')).toBe(true);
    expect(reports.filter((r) => r.imported === n && r.errors.length === 0)).toHaveLength(1);
    for (const r of reports.filter((x) => x.imported !== n)) {
      expect(r).toMatchObject({ total: n, valid: 0, invalid: n, imported: 0 });
      expect(r.errors).toEqual(people(0, '并').map((_, i) => ({ row: i + 2, field: 'idNumber', message: taken })));
    }
    expect(await count(t, 'reg_athlete', inBoth)).toBe(n);
    expect(await count(t, 'reg_record_history', historyOfBoth)).toBe(n);

    // Valid-only: the rows are shared out between the two, each person written once.
    const next = await xlsx(HEADERS, people(n, '又'));
    const shared = await Promise.all([upload(a, next, '?mode=valid-only'), upload(b, next, '?mode=valid-only')]);
    expect(shared.map((r) => [r.statusCode, code(r)])).toEqual([
      [200, '00000'],
      [200, '00000'],
    ]);
    const split = shared.map((r) => data<ImportReport>(r));
    expect(split[0]!.imported + split[1]!.imported).toBe(n);
    for (const r of split) {
      expect(r.imported + r.invalid).toBe(n);
      expect(r.errors.every((e) => e.field === 'idNumber' && e.message === taken)).toBe(true);
    }
    expect(await count(t, 'reg_athlete', inBoth)).toBe(2 * n);
    expect(await count(t, 'reg_record_history', historyOfBoth)).toBe(2 * n);
    expect(
      await count(
        t,
        '(select 1 from reg_athlete group by meeting_id, id_type, upper(id_number) having count(*) > 1) d',
      ),
    ).toBe(0);
  });
});
