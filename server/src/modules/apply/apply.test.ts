import { idCheckChar } from '@baton/contracts';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { athlete, auditDecision, delegation, entry, meeting, recordHistory, user } from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import { JPEG_16X8 } from '../files/testkit.js';
import { type Client, code, data, signIn, useClients } from '../meetings/testkit.js';
import {
  asDelegation,
  athleteFields,
  athleteForm,
  count,
  type DemoGroup,
  demoGroups,
  expectBackToAudit,
  historyOf,
  idNumber,
  setMeeting,
  useDemoEntrants,
} from './testkit.js';

const t = useTestApp();
const { admin, committee } = useClients(t, 'admin', 'committee');
const { boys, girls, dlgIds } = useDemoEntrants(t);
let groups: Map<string, DemoGroup>;
let d1: Client;
let d1zh: Client;

type Athlete = { id: number; version: number; status: string; gender: string; birthDate: string; idNumber: string };

beforeAll(async () => {
  groups = await demoGroups(t);
  d1 = await asDelegation(t, dlgIds[0]!);
  d1zh = await asDelegation(t, dlgIds[0]!, 'zh-cn');
});

const addAthlete = async (c: Client, form: Record<string, unknown>) => c.post('/api/v1/apply/athletes', form);

describe('context', () => {
  it('gives the delegation its meeting, groups, forms and counts; a manager names the delegation', async () => {
    const ctx = data<{
      meeting: { code: string; registrationOpen: boolean; remark: string };
      delegation: { id: number };
      writable: boolean;
      groups: { name: string; maxEventsPerAthlete: number }[];
      athleteFields: { key: string; required: boolean }[];
      counts: { athletes: number };
    }>(await d1.get('/api/v1/apply/context'));
    expect(ctx.meeting.code).toBe('wrj2025');
    expect(ctx.meeting.registrationOpen).toBe(true);
    expect(ctx.meeting.remark).toContain('<p>');
    expect(ctx.delegation.id).toBe(dlgIds[0]);
    expect(ctx.writable).toBe(true);
    expect(ctx.groups).toHaveLength(4);
    expect(ctx.groups[0]!.maxEventsPerAthlete).toBe(2);
    expect(ctx.athleteFields.find((f) => f.key === 'school')?.required).toBe(true);
    const forManager = await committee.get(`/api/v1/apply/context?delegationId=${dlgIds[1]}`);
    expect(data<{ delegation: { id: number } }>(forManager).delegation.id).toBe(dlgIds[1]);
    // A manager must say which delegation; a delegation cannot name another.
    expect(code(await committee.get('/api/v1/apply/context'))).toBe('A0400');
    expect((await d1.get(`/api/v1/apply/context?delegationId=${dlgIds[1]}`)).statusCode).toBe(404);
    const county = await signIn(t, 'county');
    expect((await county.get(`/api/v1/apply/context?delegationId=${dlgIds[1]}`)).statusCode).toBe(403);
  });

  it('remark fill: leader, contact and delegation fields with an optimistic version', async () => {
    const ctx = data<{ delegation: { version: number } }>(await d1.get('/api/v1/apply/context'));
    const bad = await d1.put('/api/v1/apply/delegation', {
      leaderName: '陈校长',
      fields: { postcode: '12' },
      version: ctx.delegation.version,
    });
    expect(code(bad)).toBe('A0400');
    expect(bad.json().msg).toContain('Postcode does not match');
    const good = await d1.put('/api/v1/apply/delegation', {
      leaderName: '陈校长',
      fields: { postcode: '325200', address: '瑞安市安阳街道' },
      version: ctx.delegation.version,
    });
    expect(code(good)).toBe('00000');
    expect(data<{ leaderName: string; fields: Record<string, string> }>(good)).toMatchObject({
      leaderName: '陈校长',
      fields: { postcode: '325200' },
    });
    const stale = await d1.put('/api/v1/apply/delegation', { leaderName: 'x', version: ctx.delegation.version });
    expect(code(stale)).toBe('A0409');
    expect(await count(t, 'reg_record_history', `entity = 'delegation' and entity_id = ${dlgIds[0]}`)).toBe(1);
  });
});

describe('athletes: identity and eligibility (rule 3)', () => {
  it('takes birth date and gender from a mainland ID number', async () => {
    const res = await addAthlete(d1, athleteForm(boys, { name: '张三' }));
    expect(code(res)).toBe('00000');
    const a = data<Athlete>(res);
    expect(a.gender).toBe('M');
    expect(a.birthDate).toBe(boys.birth);
    expect(a.status).toBe('draft');
    const h = await t.database.db.select().from(recordHistory).where(eq(recordHistory.entityId, a.id));
    expect(h.find((r) => r.entity === 'athlete')).toMatchObject({ before: null });
  });

  it('refuses a wrong check digit, a bad date, and a gender or birth date differing from the number', async () => {
    const good = idNumber(boys.birth, 'M');
    const wrongCheck = `${good.slice(0, 17)}${good[17] === '0' ? '1' : '0'}`;
    const r1 = await addAthlete(d1, athleteForm(boys, { idNumber: wrongCheck }));
    expect(code(r1)).toBe('A0400');
    expect(r1.json().msg).toContain('check digit');
    const r1zh = await addAthlete(d1zh, athleteForm(boys, { idNumber: wrongCheck }));
    expect(r1zh.json().msg).toContain('校验位错误');
    const badDate = '330381201302300011';
    const r2 = await addAthlete(d1, athleteForm(boys, { idNumber: `${badDate.slice(0, 17)}${idCheckChar(badDate)}` }));
    expect(r2.json().msg).toContain('not a valid date');
    const r3 = await addAthlete(d1, athleteForm(boys, { idNumber: idNumber(boys.birth, 'M'), gender: 'F' }));
    expect(code(r3)).toBe('A0400');
    expect(r3.json().msg).toContain('gender does not match');
    const r4 = await addAthlete(
      d1,
      athleteForm(boys, { idNumber: idNumber(boys.birth, 'M'), birthDate: '2011-01-01' }),
    );
    expect(r4.json().msg).toContain('birth date does not match');
    expect(code(await addAthlete(d1, athleteForm(boys, { idNumber: '12345' })))).toBe('A0400');
  });

  it('accepts a 15-digit legacy number, stored as its 18-digit form', async () => {
    // Legacy numbers carry a 19xx birth date: use an open group for the test.
    const [m] = await t.database.db.select().from(meeting).where(eq(meeting.code, 'wrj2025'));
    const open = await committee.post('/api/v1/groups', {
      meetingId: m!.id,
      name: '公开男子组',
      nameEn: 'Open Men',
      gender: 'M',
      birthFrom: '1950-01-01',
      birthTo: '2012-12-31',
    });
    expect(code(open)).toBe('00000');
    const groupId = data<{ id: number }>(open).id;
    const res = await addAthlete(d1, { groupId, name: '老将', idNumber: '330381780512123', fields: athleteFields() });
    expect(code(res)).toBe('00000');
    const a = data<Athlete>(res);
    expect(a.birthDate).toBe('1978-05-12');
    expect(a.gender).toBe('M');
    const first17 = '33038119780512123';
    expect(a.idNumber).toBe(`${first17}${idCheckChar(first17)}`);
    // The same person by the 18-digit number is the same person.
    const again = await addAthlete(d1, { groupId, name: '老将', idNumber: a.idNumber, fields: athleteFields() });
    expect(code(again)).toBe('A0463');
    await t.database.db.delete(athlete).where(eq(athlete.id, a.id));
  });

  it('other documents need gender and birth date', async () => {
    const noGender = await addAthlete(d1, { ...athleteForm(boys), idType: '2', idNumber: 'E12345678' });
    expect(code(noGender)).toBe('A0400');
    expect(noGender.json().msg).toContain('gender is required');
    const ok = await addAthlete(d1, {
      ...athleteForm(boys),
      idType: '2',
      idNumber: 'E12345678',
      gender: 'M',
      birthDate: boys.birth,
    });
    expect(code(ok)).toBe('00000');
  });

  it('gender and birth date must fit the group (A0464)', async () => {
    const girl = await addAthlete(d1, athleteForm(boys, { idNumber: idNumber(boys.birth, 'F') }));
    expect(girl.statusCode).toBe(400);
    expect(code(girl)).toBe('A0464');
    expect(girl.json().msg).toBe('Does not fit the group: U16 Boys is for male athletes only');
    const girlZh = await addAthlete(d1zh, athleteForm(boys, { idNumber: idNumber(boys.birth, 'F') }));
    expect(girlZh.json().msg).toBe('不符合组别要求：U16男子组仅限男子运动员');
    const older = groups.get('U18 Boys')!;
    const tooOld = await addAthlete(d1, athleteForm(boys, { idNumber: idNumber(older.birth, 'M') }));
    expect(code(tooOld)).toBe('A0464');
    expect(tooOld.json().msg).toContain(`born ${boys.birthFrom} to ${boys.birthTo}`);
  });

  it('required fields of the meeting must be present and match their pattern', async () => {
    const missing = await addAthlete(d1, athleteForm(boys, { fields: { school: '瑞安中学' } }));
    expect(code(missing)).toBe('A0400');
    expect(missing.json().msg).toContain('Emergency contact is required');
    const pattern = await addAthlete(d1, athleteForm(boys, { fields: { ...athleteFields(), shoeSize: '7' } }));
    expect(pattern.json().msg).toContain('Shoe size does not match');
    const mobile = await addAthlete(
      d1zh,
      athleteForm(boys, { fields: { ...athleteFields(), emergencyMobile: '123' } }),
    );
    expect(mobile.json().msg).toContain('紧急联系电话应为 11 位手机号');
    const unknownDropped = await addAthlete(d1, athleteForm(boys, { fields: { ...athleteFields(), hack: 'x' } }));
    expect(data<{ fields: Record<string, unknown> }>(unknownDropped).fields).not.toHaveProperty('hack');
  });

  it('the photo must be an image the caller uploaded', async () => {
    // A real image: uploads that do not decode as one are refused (files/strip.ts).
    const png = JPEG_16X8;
    const pdf = Buffer.from('%PDF-1.4\n%test\n');
    const upload = async (c: Client, bytes: Buffer, name: string) => {
      const boundary = '----photo';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
            'Content-Type: application/octet-stream\r\n\r\n',
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await c.raw({
        method: 'POST',
        url: '/api/v1/files',
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      return data<{ id: string }>(res).id;
    };
    const mine = await upload(d1, png, 'photo.jpg');
    const notImage = await upload(d1, pdf, 'doc.pdf');
    const someoneElses = await upload(admin, png, 'other.jpg');
    expect(code(await addAthlete(d1, athleteForm(boys, { photoFileId: notImage })))).toBe('A0400');
    const foreign = await addAthlete(d1, athleteForm(boys, { photoFileId: someoneElses }));
    expect(foreign.json().msg).toContain('photo was not found');
    const ok = await addAthlete(d1, athleteForm(boys, { photoFileId: mine }));
    expect(data<{ photoFileId: string }>(ok).photoFileId).toBe(mine);
  });
});

describe('athletes: lists and forms', () => {
  it('pages with entries, filters by status and keywords, and sorts', async () => {
    const page = data<{ list: { name: string; entries: unknown[] }[]; total: number }>(
      await d1.get('/api/v1/apply/athletes/page?pageSize=100&sortKey=name&keywords=张三'),
    );
    expect(page.total).toBe(1);
    expect(page.list[0]!.name).toBe('张三');
    const drafts = data<{ total: number }>(await d1.get('/api/v1/apply/athletes/page?status=draft'));
    expect(drafts.total).toBeGreaterThan(1);
    const none = data<{ total: number }>(await d1.get('/api/v1/apply/athletes/page?status=approved'));
    expect(none.total).toBe(0);
  });
});

describe('entries and limits (rule 5)', () => {
  let a1: Athlete;
  /** The entry an answer made (it must answer 00000), as stored. */
  const storedEntry = async (res: LightMyRequestResponse) => {
    expect(code(res)).toBe('00000');
    const [row] = await t.database.db
      .select()
      .from(entry)
      .where(eq(entry.id, data<{ id: number }>(res).id));
    return row!;
  };
  it('enters events with seed marks in the item format', async () => {
    a1 = data<Athlete>(await addAthlete(d1, athleteForm(boys, { name: '李四' })));
    const e100 = await d1.post('/api/v1/apply/entries', {
      athleteId: a1.id,
      groupItemId: boys.items.get('100')!,
      seedMark: '11.85',
      seedDate: '2025-04-01',
    });
    expect((await storedEntry(e100)).seedValue).toBe(11.85);
    const badMark = await d1.post('/api/v1/apply/entries', {
      athleteId: a1.id,
      groupItemId: boys.items.get('1500')!,
      seedMark: '4:5.1',
    });
    expect(code(badMark)).toBe('A0400');
    expect(badMark.json().msg).toContain('a time such as 10.85, 1:58.30');
    const badHeight = await d1zh.post('/api/v1/apply/entries', {
      athleteId: a1.id,
      groupItemId: boys.items.get('HJ')!,
      seedMark: '1:58.30',
    });
    expect(badHeight.json().msg).toContain('成绩格式应为米数，如 1.85');
    const e1500 = await d1.post('/api/v1/apply/entries', {
      athleteId: a1.id,
      groupItemId: boys.items.get('1500')!,
      seedMark: '4:35.20',
    });
    expect((await storedEntry(e1500)).seedValue).toBe(275.2);
  });

  it('per athlete: at most the group (else meeting) number of individual events', async () => {
    const third = await d1.post('/api/v1/apply/entries', { athleteId: a1.id, groupItemId: boys.items.get('LJ')! });
    expect(third.statusCode).toBe(409);
    expect(code(third)).toBe('A0462');
    expect(third.json().msg).toBe(
      'Registration limit reached: 李四 has 2 individual events; an athlete may enter at most 2',
    );
    const zh = await d1zh.post('/api/v1/apply/entries', { athleteId: a1.id, groupItemId: boys.items.get('LJ')! });
    expect(zh.json().msg).toBe('超出报名限制：李四已报 2 个个人项目，每名运动员最多 2 个');
  });

  it('per delegation per group item: at most maxPerDelegation', async () => {
    const item = boys.items.get('200')!;
    for (let i = 0; i < 2; i++) {
      const a = data<Athlete>(await addAthlete(d1, athleteForm(boys)));
      expect(code(await d1.post('/api/v1/apply/entries', { athleteId: a.id, groupItemId: item }))).toBe('00000');
    }
    const a = data<Athlete>(await addAthlete(d1, athleteForm(boys)));
    const over = await d1.post('/api/v1/apply/entries', { athleteId: a.id, groupItemId: item });
    expect(code(over)).toBe('A0462');
    expect(over.json().msg).toContain('at most 2 athletes in 200 m (U16 Boys)');
    const items = data<{ items: { groupItemId: number; limit: number; used: number; remaining: number }[] }>(
      await d1.get(`/api/v1/apply/items?groupId=${boys.id}`),
    );
    expect(items.items.find((i) => i.groupItemId === item)).toMatchObject({ limit: 2, used: 2, remaining: 0 });
  });

  it('an event of another group (A0464), a relay as an entry, and twice the same event are refused', async () => {
    const other = await d1.post('/api/v1/apply/entries', { athleteId: a1.id, groupItemId: girls.items.get('800')! });
    expect(code(other)).toBe('A0464');
    const a = data<Athlete>(await addAthlete(d1, athleteForm(boys)));
    const relay = await d1.post('/api/v1/apply/entries', { athleteId: a.id, groupItemId: boys.items.get('4x100')! });
    expect(relay.json().msg).toContain('relay teams');
    expect(code(await d1.post('/api/v1/apply/entries', { athleteId: a.id, groupItemId: boys.items.get('SP')! }))).toBe(
      '00000',
    );
    const twice = await d1.post('/api/v1/apply/entries', { athleteId: a.id, groupItemId: boys.items.get('SP')! });
    expect(twice.json().msg).toContain('already entered');
  });

  it('changes a seed mark with the version; deletes entries', async () => {
    const list = data<{ entries: { id: number; athleteId: number; version: number; itemCode: string }[] }>(
      await d1.get(`/api/v1/apply/items?groupId=${boys.id}`),
    );
    const e = list.entries.find((x) => x.athleteId === a1.id && x.itemCode === '100')!;
    const res = await d1.put(`/api/v1/apply/entries/${e.id}`, { seedMark: '11.60', version: e.version });
    expect(data<{ seedMark: string }>(res).seedMark).toBe('11.60');
    expect(code(await d1.put(`/api/v1/apply/entries/${e.id}`, { seedMark: '11.50', version: e.version }))).toBe(
      'A0409',
    );
    expect(await count(t, 'reg_record_history', `entity = 'entry' and entity_id = ${e.id}`)).toBe(2);
    expect(code(await d1.del(`/api/v1/apply/entries/${e.id}`))).toBe('00000');
    expect(await count(t, 'reg_entry', `id = ${e.id}`)).toBe(0);
  });
});

describe('relays', () => {
  it('builds a team from the group: legs, alternates, limits; incomplete teams are saved and flagged', async () => {
    const item = boys.items.get('4x100')!;
    const runners: Athlete[] = [];
    for (let i = 0; i < 7; i++) runners.push(data<Athlete>(await addAthlete(d1, athleteForm(boys))));
    const girl = data<Athlete>(await addAthlete(d1, athleteForm(girls)));
    const legs = (n: number) => runners.slice(0, n).map((r, i) => ({ athleteId: r.id, leg: i + 1 }));
    const wrongGroup = await d1.post('/api/v1/apply/relays', {
      groupItemId: item,
      letter: 'A',
      members: [...legs(3), { athleteId: girl.id, leg: 4 }],
    });
    expect(code(wrongGroup)).toBe('A0464');
    const dupLeg = await d1.post('/api/v1/apply/relays', {
      groupItemId: item,
      letter: 'A',
      members: [...legs(2), { athleteId: runners[2]!.id, leg: 2 }],
    });
    expect(dupLeg.json().msg).toContain('leg is given twice');
    const tooManyAlternates = await d1.post('/api/v1/apply/relays', {
      groupItemId: item,
      letter: 'A',
      members: [...legs(4), ...runners.slice(4, 7).map((r) => ({ athleteId: r.id, leg: null }))],
    });
    expect(code(tooManyAlternates)).toBe('A0462');
    const legFive = await d1.post('/api/v1/apply/relays', {
      groupItemId: item,
      letter: 'A',
      members: [{ athleteId: runners[0]!.id, leg: 5 }],
    });
    expect(legFive.json().msg).toContain('legs are numbered 1 to 4');
    const partial = await d1.post('/api/v1/apply/relays', { groupItemId: item, letter: 'A', members: legs(3) });
    expect(code(partial)).toBe('00000');
    const team = data<{ id: number; version: number; members: unknown[] }>(partial);
    expect(team.members).toHaveLength(3);
    const summary = data<{ problems: { kind: string; blocking: boolean }[]; canSubmit: boolean }>(
      await d1.get('/api/v1/apply/summary'),
    );
    expect(summary.problems.find((p) => p.kind === 'relay_incomplete')?.blocking).toBe(true);
    expect(summary.canSubmit).toBe(false);
    // Complete it with a seed mark and two alternates.
    const full = await d1.put(`/api/v1/apply/relays/${team.id}`, {
      members: [...legs(4), { athleteId: runners[4]!.id, leg: null }, { athleteId: runners[5]!.id, leg: null }],
      seedMark: '46.20',
      version: team.version,
    });
    expect(code(full)).toBe('00000');
    // One relay per athlete (meeting limit 1) and one team per delegation in this event (limit 1).
    const teamB = await d1.post('/api/v1/apply/relays', {
      groupItemId: item,
      letter: 'B',
      members: [{ athleteId: runners[6]!.id, leg: 1 }],
    });
    expect(code(teamB)).toBe('A0462');
    expect(teamB.json().msg).toContain('at most 1 teams in 4 × 100 m relay');
    const notRelay = await d1.post('/api/v1/apply/relays', {
      groupItemId: boys.items.get('100')!,
      letter: 'A',
      members: [],
    });
    expect(notRelay.json().msg).toContain('is not a relay');
    const athleteView = data<{ entries: { itemCode: string }[] }>(
      await d1.get(`/api/v1/apply/athletes/${runners[0]!.id}/form`),
    );
    expect(athleteView.entries.map((e) => e.itemCode)).toContain('4x100');
    expect(await count(t, 'reg_record_history', `entity = 'relay' and entity_id = ${team.id}`)).toBe(2);
  });

  it('relay places per athlete are limited across events', async () => {
    const u18 = groups.get('U18 Boys')!;
    const a = data<Athlete>(await addAthlete(d1, athleteForm(u18)));
    await setMeeting(t, { maxRelaysPerAthlete: 0 });
    const res = await d1.post('/api/v1/apply/relays', {
      groupItemId: u18.items.get('4x400')!,
      letter: 'A',
      members: [{ athleteId: a.id, leg: 1 }],
    });
    await setMeeting(t, { maxRelaysPerAthlete: 1 });
    expect(code(res)).toBe('A0462');
    expect(res.json().msg).toContain('may run at most 0 relays');
  });
});

describe('athlete and coach caps', () => {
  it('athletes per delegation ≤ maxAthletes, coaches ≤ maxCoaches', async () => {
    const d4 = await asDelegation(t, dlgIds[3]!);
    await setMeeting(t, { maxAthletes: 1, maxCoaches: 1 });
    expect(code(await addAthlete(d4, athleteForm(girls)))).toBe('00000');
    const over = await addAthlete(d4, athleteForm(girls));
    expect(code(over)).toBe('A0462');
    expect(over.json().msg).toContain('at most 1 athletes');
    const coachForm = { name: '王教练', gender: 'M', role: 'head_coach', mobile: '13911112222' };
    expect(code(await d4.post('/api/v1/apply/coaches', coachForm))).toBe('00000');
    const overCoach = await d4.post('/api/v1/apply/coaches', { ...coachForm, name: '赵教练' });
    expect(code(overCoach)).toBe('A0462');
    expect(overCoach.json().msg).toContain('at most 1 coaches');
    await setMeeting(t, { maxAthletes: 60, maxCoaches: 8 });
  });

  it('a coach with a mainland ID must match its gender', async () => {
    const res = await d1.post('/api/v1/apply/coaches', {
      name: '钱教练',
      gender: 'F',
      role: 'coach',
      idNumber: idNumber('1980-03-03', 'M'),
    });
    expect(code(res)).toBe('A0400');
    expect(res.json().msg).toContain('gender does not match');
  });
});

describe('one person once per meeting (rule 4)', () => {
  it('a second delegation is refused without naming the first', async () => {
    const form = athleteForm(boys);
    expect(code(await addAthlete(d1, form))).toBe('00000');
    const d2 = await asDelegation(t, dlgIds[1]!);
    const res = await addAthlete(d2, { ...form, idNumber: form.idNumber.toLowerCase() });
    expect(res.statusCode).toBe(409);
    expect(code(res)).toBe('A0463');
    const [d1row] = await t.database.db.select().from(delegation).where(eq(delegation.id, dlgIds[0]!));
    expect(res.json().msg).not.toContain(d1row!.name);
    const zh = await (await asDelegation(t, dlgIds[1]!, 'zh-cn')).post('/api/v1/apply/athletes', form);
    expect(zh.json().msg).toBe('该证件号码已在本次赛事报名，同一人只能报名一次');
    expect(zh.json().msg).not.toContain(d1row!.name);
  });
});

describe('submission, lock, return and re-audit (rule 6)', () => {
  let d3: Client;
  let a: Athlete;
  let b: Athlete;
  beforeAll(async () => {
    d3 = await asDelegation(t, dlgIds[2]!);
  });

  it('summarises: nothing yet is blocking', async () => {
    const s = data<{ problems: { kind: string; blocking: boolean; message: string }[]; canSubmit: boolean }>(
      await d3.get('/api/v1/apply/summary'),
    );
    expect(s.problems).toEqual([
      expect.objectContaining({ kind: 'no_athletes', blocking: true, message: 'no athletes are registered yet' }),
    ]);
    expect(s.canSubmit).toBe(false);
    const refused = await d3.post('/api/v1/apply/submit', {});
    expect(code(refused)).toBe('A0400');
    expect(refused.json().msg).toContain('no athletes are registered yet');
  });

  it('warns of athletes without entries or photo, then submits everything in one go', async () => {
    a = data<Athlete>(await addAthlete(d3, athleteForm(girls, { name: '周五' })));
    b = data<Athlete>(await addAthlete(d3, athleteForm(girls, { name: '吴六' })));
    expect(
      code(
        await d3.post('/api/v1/apply/entries', {
          athleteId: a.id,
          groupItemId: girls.items.get('800')!,
          seedMark: '2:25.3',
        }),
      ),
    ).toBe('00000');
    await d3.post('/api/v1/apply/coaches', { name: '郑领队', gender: 'F', role: 'leader' });
    const s = data<{
      counts: { athletes: number; coaches: number; entries: number; toSubmit: number };
      byStatus: Record<string, number>;
      problems: { kind: string; entityId: number; blocking: boolean }[];
      canSubmit: boolean;
    }>(await (await asDelegation(t, dlgIds[2]!, 'zh-cn')).get('/api/v1/apply/summary'));
    expect(s.counts).toMatchObject({ athletes: 2, coaches: 1, entries: 1, toSubmit: 3 });
    expect(s.byStatus.draft).toBe(3);
    expect(s.problems.filter((p) => p.kind === 'missing_photo')).toHaveLength(2);
    expect(s.problems.find((p) => p.kind === 'athlete_without_entry')?.entityId).toBe(b.id);
    expect(s.problems.every((p) => !p.blocking)).toBe(true);
    expect(s.canSubmit).toBe(true);
    const res = await d3.post('/api/v1/apply/submit', {});
    expect(data<{ submitted: number }>(res).submitted).toBe(3);
    expect(await count(t, 'reg_athlete', `delegation_id = ${dlgIds[2]} and status <> 'submitted'`)).toBe(0);
    expect(await count(t, 'reg_entry', `delegation_id = ${dlgIds[2]} and status <> 'submitted'`)).toBe(0);
    expect(await count(t, 'meet_delegation', `id = ${dlgIds[2]} and status = 'submitted'`)).toBe(1);
    expect(code(await d3.post('/api/v1/apply/submit', {}))).toBe('A0400');
  });

  it('submitted records are read-only (A0461), their entries too', async () => {
    const form = data<Athlete>(await d3.get(`/api/v1/apply/athletes/${a.id}/form`));
    const put = await d3.put(`/api/v1/apply/athletes/${a.id}`, {
      ...athleteForm(girls),
      idNumber: form.idNumber,
      name: '周五改',
      version: form.version,
    });
    expect(put.statusCode).toBe(409);
    expect(code(put)).toBe('A0461');
    expect(put.json().msg).toContain('Submitted for audit');
    const zh = await asDelegation(t, dlgIds[2]!, 'zh-cn');
    expect((await zh.del(`/api/v1/apply/athletes/${a.id}`)).json().msg).toBe(
      '已提交审核，记录已锁定；被退回的记录可以修改',
    );
    expect(code(await d3.del(`/api/v1/apply/athletes/${a.id}`))).toBe('A0461');
    expect(
      code(await d3.post('/api/v1/apply/entries', { athleteId: a.id, groupItemId: girls.items.get('100')! })),
    ).toBe('A0461');
    const items = data<{ entries: { id: number }[] }>(await d3.get('/api/v1/apply/items'));
    expect(code(await d3.del(`/api/v1/apply/entries/${items.entries[0]!.id}`))).toBe('A0461');
  });

  it('returned records unlock and stay returned; unchanged ones are flagged', async () => {
    const [committeeUser] = await t.database.db.select().from(user).where(eq(user.username, 'committee'));
    await t.database.db
      .update(athlete)
      .set({ status: 'returned', auditReason: '照片不清晰' })
      .where(eq(athlete.id, a.id));
    const [m] = await t.database.db.select().from(meeting).where(eq(meeting.code, 'wrj2025'));
    await t.database.db.insert(auditDecision).values({
      meetingId: m!.id,
      entity: 'athlete',
      entityId: a.id,
      level: 'committee',
      decision: 'return',
      reason: '照片不清晰',
      userId: committeeUser!.id,
    });
    const s1 = data<{ problems: { kind: string; entityId: number }[]; counts: { toSubmit: number } }>(
      await d3.get('/api/v1/apply/summary'),
    );
    expect(s1.problems.find((p) => p.kind === 'returned_unchanged')?.entityId).toBe(a.id);
    expect(s1.counts.toSubmit).toBe(1);
    const form = data<Athlete & { name: string; idNumber: string }>(
      await d3.get(`/api/v1/apply/athletes/${a.id}/form`),
    );
    const put = await d3.put(`/api/v1/apply/athletes/${a.id}`, {
      ...athleteForm(girls),
      idNumber: form.idNumber,
      name: '周五',
      nameEn: 'Zhou Wu',
      version: form.version,
    });
    expect(code(put)).toBe('00000');
    expect(data<{ status: string; auditReason: string }>(put)).toMatchObject({
      status: 'returned',
      auditReason: '照片不清晰',
    });
    const s2 = data<{ problems: { kind: string }[] }>(await d3.get('/api/v1/apply/summary'));
    expect(s2.problems.some((p) => p.kind === 'returned_unchanged')).toBe(false);
    expect(data<{ submitted: number }>(await d3.post('/api/v1/apply/submit', {})).submitted).toBe(1);
  });

  it('a change to an approved athlete sends it back to audit, with the before/after kept', async () => {
    await t.database.db.update(athlete).set({ status: 'approved' }).where(eq(athlete.id, b.id));
    await t.database.db.update(entry).set({ status: 'approved' }).where(eq(entry.athleteId, b.id));
    const historyBefore = await count(t, 'reg_record_history', `entity = 'athlete' and entity_id = ${b.id}`);
    // Adding an entry is a change of the athlete.
    const add = await d3.post('/api/v1/apply/entries', {
      athleteId: b.id,
      groupItemId: girls.items.get('HJ')!,
      seedMark: '1.45',
    });
    expect(code(add)).toBe('00000');
    expect(data<{ status: string }>(add).status).toBe('submitted');
    const [row] = await t.database.db.select().from(athlete).where(eq(athlete.id, b.id));
    expect(row!.status).toBe('submitted');
    const history = await historyOf(t, 'athlete', b.id);
    expect(history).toHaveLength(historyBefore + 1);
    const last = history.at(-1)!;
    expect(last.before).toMatchObject({ status: 'approved', entries: [] });
    expect(last.after).toMatchObject({ status: 'submitted', entries: [{ itemCode: 'HJ', seedMark: '1.45' }] });
    // Approved again, then the form changes: back to submitted, the diff kept.
    await t.database.db.update(athlete).set({ status: 'approved' }).where(eq(athlete.id, b.id));
    const form = data<Athlete>(await d3.get(`/api/v1/apply/athletes/${b.id}/form`));
    const put = await d3.put(`/api/v1/apply/athletes/${b.id}`, {
      ...athleteForm(girls),
      idNumber: form.idNumber,
      name: '吴六六',
      version: form.version,
    });
    await expectBackToAudit(t, put, { entity: 'athlete', id: b.id }, { name: '吴六' }, { name: '吴六六' });
    // An approved record cannot be deleted.
    await t.database.db.update(athlete).set({ status: 'approved' }).where(eq(athlete.id, b.id));
    expect(code(await d3.del(`/api/v1/apply/athletes/${b.id}`))).toBe('A0461');
  });
});

describe('registration window (rule 1)', () => {
  it('closed: delegations get A0460; a manager overrides, noted in the operation log', async () => {
    const past = new Date(Date.now() - 86_400_000);
    await setMeeting(t, { regClosesAt: past });
    const ctx = data<{ writable: boolean; meeting: { registrationOpen: boolean } }>(
      await d1.get('/api/v1/apply/context'),
    );
    expect(ctx).toMatchObject({ writable: false, meeting: { registrationOpen: false } });
    const closed = await addAthlete(d1, athleteForm(boys));
    expect(closed.statusCode).toBe(409);
    expect(code(closed)).toBe('A0460');
    expect(closed.json().msg).toBe('Registration is not open for this meeting');
    expect((await addAthlete(d1zh, athleteForm(boys))).json().msg).toBe('报名未开放或已截止');
    const coachClosed = await d1.post('/api/v1/apply/coaches', { name: 'X', gender: 'M', role: 'coach' });
    expect(code(coachClosed)).toBe('A0460');
    const override = await committee.post('/api/v1/apply/athletes', { ...athleteForm(boys), delegationId: dlgIds[0] });
    expect(code(override)).toBe('00000');
    const id = data<{ id: number }>(override).id;
    expect(await count(t, 'sys_oplog', `target = '${id}' and action like '%override%'`)).toBe(1);
    // Open again: the registration closer (every 30 s) may have closed the meeting while its window had passed.
    await setMeeting(t, { regClosesAt: new Date(Date.now() + 30 * 86_400_000), status: 'registration_open' });
  });
});

describe('files', () => {
  const upload = (c: Client, bytes: Buffer, fields: Record<string, string>) => {
    const boundary = '----docs';
    const parts = Object.entries(fields).map(
      ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
    );
    const payload = Buffer.concat([
      Buffer.from(parts.join('')),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="doc"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return c.raw({
      method: 'POST',
      url: '/api/v1/apply/files',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  };

  it('uploads PDF/JPEG/PNG documents, lists and removes them', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n');
    const res = await upload(d1, pdf, { kind: 'insurance', name: '保险单.pdf' });
    expect(code(res)).toBe('00000');
    const f = data<{ id: number; kind: string; name: string; contentType: string }>(res);
    expect(f).toMatchObject({ kind: 'insurance', name: '保险单.pdf', contentType: 'application/pdf' });
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]);
    const refused = await upload(d1, zip, { kind: 'other' });
    expect(refused.json().msg).toContain('only PDF, JPEG and PNG');
    expect(code(await upload(d1, pdf, { kind: 'secret' }))).toBe('A0400');
    const list = data<{ id: number }[]>(await d1.get('/api/v1/apply/files'));
    expect(list.map((x) => x.id)).toContain(f.id);
    expect(code(await d1.del(`/api/v1/apply/files/${f.id}`))).toBe('00000');
    expect(await count(t, 'reg_delegation_file', `id = ${f.id}`)).toBe(0);
  });

  it('a manager uploads for a named delegation', async () => {
    const res = await upload(committee, JPEG_16X8, { kind: 'health', delegationId: String(dlgIds[1]) });
    expect(code(res)).toBe('00000');
    expect(await count(t, 'reg_delegation_file', `delegation_id = ${dlgIds[1]}`)).toBe(1);
  });
});

describe('locks around relays and no-op saves', () => {
  let d2: Client;
  beforeAll(async () => {
    d2 = await asDelegation(t, dlgIds[1]!);
  });

  it('an unchanged form leaves an approved athlete approved; a coach change sends it back to audit', async () => {
    const a = data<Athlete & { name: string; fields: Record<string, unknown> }>(
      await addAthlete(d2, athleteForm(boys, { fields: { ...athleteFields(), shoeSize: '38' } })),
    );
    await t.database.db.update(athlete).set({ status: 'approved' }).where(eq(athlete.id, a.id));
    const history = await count(t, 'reg_record_history', `entity = 'athlete' and entity_id = ${a.id}`);
    // The same values, the fields in another key order.
    const same = await d2.put(`/api/v1/apply/athletes/${a.id}`, {
      groupId: boys.id,
      name: a.name,
      idNumber: a.idNumber,
      fields: { shoeSize: 38, emergencyMobile: '13912345678', school: '瑞安中学', emergencyContact: '陈女士' },
      version: a.version,
    });
    expect(data<{ status: string }>(same).status).toBe('approved');
    expect(await count(t, 'reg_record_history', `entity = 'athlete' and entity_id = ${a.id}`)).toBe(history);

    const c = data<{ id: number; version: number }>(
      await d2.post('/api/v1/apply/coaches', { name: '冯教练', gender: 'M', role: 'coach' }),
    );
    await t.database.db.execute(sql`update reg_coach set status = 'approved' where id = ${c.id}`);
    const changed = await d2.put(`/api/v1/apply/coaches/${c.id}`, {
      name: '冯教练',
      gender: 'M',
      role: 'head_coach',
      version: c.version,
    });
    await expectBackToAudit(t, changed, { entity: 'coach', id: c.id }, { role: 'coach' }, { role: 'head_coach' });
    expect(code(await d2.del(`/api/v1/apply/coaches/${c.id}`))).toBe('A0461');
  });

  it('a relay with a submitted runner is locked, also against deleting a teammate; changing it re-audits approved runners', async () => {
    const item = groups.get('U16 Girls')!.items.get('4x100')!;
    const runners: Athlete[] = [];
    for (let i = 0; i < 4; i++) runners.push(data<Athlete>(await addAthlete(d2, athleteForm(girls))));
    const team = data<{ id: number; version: number }>(
      await d2.post('/api/v1/apply/relays', {
        groupItemId: item,
        letter: 'A',
        members: runners.map((r, i) => ({ athleteId: r.id, leg: i + 1 })),
      }),
    );
    await t.database.db.update(athlete).set({ status: 'submitted' }).where(eq(athlete.id, runners[0]!.id));
    expect(code(await d2.del(`/api/v1/apply/athletes/${runners[1]!.id}`))).toBe('A0461');
    const put = await d2.put(`/api/v1/apply/relays/${team.id}`, {
      members: runners.slice(1).map((r, i) => ({ athleteId: r.id, leg: i + 1 })),
      version: team.version,
    });
    expect(code(put)).toBe('A0461');
    expect(code(await d2.del(`/api/v1/apply/relays/${team.id}`))).toBe('A0461');
    // Runner 1 approved instead: swapping legs sends the moved runners back to audit.
    await t.database.db.update(athlete).set({ status: 'approved' }).where(eq(athlete.id, runners[0]!.id));
    await t.database.db.update(athlete).set({ status: 'approved' }).where(eq(athlete.id, runners[1]!.id));
    const swapped = await d2.put(`/api/v1/apply/relays/${team.id}`, {
      members: [
        { athleteId: runners[1]!.id, leg: 1 },
        { athleteId: runners[0]!.id, leg: 2 },
        { athleteId: runners[2]!.id, leg: 3 },
        { athleteId: runners[3]!.id, leg: 4 },
      ],
      version: team.version,
    });
    expect(code(swapped)).toBe('00000');
    expect(await count(t, 'reg_athlete', `id in (${runners[0]!.id}, ${runners[1]!.id}) and status = 'submitted'`)).toBe(
      2,
    );
    // Deleting a draft runner takes it out of the team, and the team's history says so.
    expect(code(await d2.del(`/api/v1/apply/athletes/${runners[3]!.id}`))).toBe('A0461');
    await t.database.db
      .update(athlete)
      .set({ status: 'returned' })
      .where(sql`${athlete.id} in (${runners[0]!.id}, ${runners[1]!.id})`);
    expect(code(await d2.del(`/api/v1/apply/athletes/${runners[3]!.id}`))).toBe('00000');
    const last = (await historyOf(t, 'relay', team.id)).at(-1);
    expect((last!.before as { members: unknown[] }).members).toHaveLength(4);
    expect((last!.after as { members: unknown[] }).members).toHaveLength(3);
  });
});
