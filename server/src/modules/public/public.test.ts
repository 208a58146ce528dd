import {
  maskIdNumber,
  NOTICE_STATUS,
  NOTICE_TARGET,
  type PublicCountsVO,
  type PublicDelegationVO,
  type PublicEntryVO,
  type PublicHomeVO,
  type PublicRegistrationVO,
  zonedDay,
} from '@baton/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  athlete,
  coach,
  delegation,
  entry,
  group,
  groupItem,
  item,
  notice,
  relayMember,
  relayTeam,
} from '../../db/schema/index.js';
import { awayFromWindowEdge, bearer, useTestApp } from '../../test/app.js';
import {
  allowResend,
  dlgLogin,
  encrypt,
  insertDelegation,
  insertMeeting,
  latestCode,
  requestCode,
  signInCode,
} from '../dlg/testkit.js';
import { type Client, code, countOf, data, demoMeetingId, signIn } from '../meetings/testkit.js';

const t = useTestApp();
let demoId: number;
let admin: Client;
const dlg: Record<string, number> = {};
let gi100 = 0;
let giRelay = 0;
let boys = 0;

const ZHANG_ID = '33038120100101123x';
const LI_ID = '330381201003031234';

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
const post = (url: string, payload: object, ip = '10.4.0.1') =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers: { 'accept-language': 'en' } });

async function addAthlete(
  delegationId: number,
  name: string,
  idNumber: string,
  status: 'draft' | 'submitted' | 'approved' | 'returned',
  extra: Partial<typeof athlete.$inferInsert> = {},
) {
  const [a] = await t.database.db
    .insert(athlete)
    .values({
      meetingId: demoId,
      delegationId,
      groupId: boys,
      name,
      gender: 'M',
      idNumber,
      birthDate: '2010-01-01',
      status,
      ...extra,
    })
    .returning({ id: athlete.id });
  return a!.id;
}
async function addEntry(
  athleteId: number,
  delegationId: number,
  status: 'draft' | 'submitted' | 'approved',
  seedMark: string | null = null,
) {
  await t.database.db
    .insert(entry)
    .values({ meetingId: demoId, delegationId, athleteId, groupItemId: gi100, status, seedMark });
}

beforeAll(async () => {
  demoId = await demoMeetingId(t);
  admin = await signIn(t, 'admin');
  const db = t.database.db;
  for (const d of await db.select().from(delegation).where(eq(delegation.meetingId, demoId))) {
    dlg[d.contactMobile] = d.id;
  }
  const [g] = await db
    .select()
    .from(group)
    .where(and(eq(group.meetingId, demoId), eq(group.gender, 'M')))
    .orderBy(group.sort)
    .limit(1);
  boys = g!.id;
  const items = await db
    .select({ id: groupItem.id, code: item.code })
    .from(groupItem)
    .innerJoin(item, eq(item.id, groupItem.itemId))
    .where(eq(groupItem.groupId, boys));
  gi100 = items.find((i) => i.code === '100')!.id;
  giRelay = items.find((i) => i.code === '4x100')!.id;

  // Delegation 1: two listed athletes, their entries and a listed relay team; a listed coach.
  const d1 = dlg['13800000001']!;
  const d2 = dlg['13800000002']!;
  const zhang = await addAthlete(d1, 'Zhang San', ZHANG_ID, 'approved', { bib: 'A001' });
  const li = await addAthlete(d1, 'Li Si', LI_ID, 'submitted');
  await addEntry(zhang, d1, 'approved', '12.34');
  await addEntry(li, d1, 'submitted', '12.80');
  const [team] = await db
    .insert(relayTeam)
    .values({
      meetingId: demoId,
      delegationId: d1,
      groupItemId: giRelay,
      letter: 'A',
      seedMark: '48.10',
      status: 'submitted',
    })
    .returning({ id: relayTeam.id });
  await db.insert(relayMember).values([
    { relayTeamId: team!.id, athleteId: zhang, leg: 1 },
    { relayTeamId: team!.id, athleteId: li, leg: 2 },
  ]);
  await db.insert(coach).values([
    { meetingId: demoId, delegationId: d1, name: 'Coach One', gender: 'F', status: 'submitted' },
    { meetingId: demoId, delegationId: d2, name: 'Coach Two', gender: 'M', status: 'draft' },
  ]);
  // Delegation 2: unfinished work that must not be public.
  const wang = await addAthlete(d2, 'Wang Wu', '330381201005051111', 'draft');
  await addEntry(wang, d2, 'draft');
  const zhao = await addAthlete(d2, 'Zhao Liu', '330381201006061112', 'approved');
  await addEntry(zhao, d2, 'draft');
  const qian = await addAthlete(d2, 'Qian Qi', '330381201007071113', 'returned');
  await addEntry(qian, d2, 'submitted');
  await db
    .insert(relayTeam)
    .values({ meetingId: demoId, delegationId: d2, groupItemId: giRelay, letter: 'A', status: 'draft' });
  // A self-registration still waiting for review is not public.
  await insertDelegation(t, demoId, '13600000099', { name: 'Waiting Team', source: 'self', status: 'submitted' });
});

describe('GET /api/v1/public/home', () => {
  it('groups meetings past draft into open, competing and finished, newest first, 20 at most', async () => {
    const hour = 3_600_000;
    const ids = {
      openNow: await insertMeeting(t, { regOpensAt: new Date(Date.now() - hour) }),
      opening: await insertMeeting(t, { regOpensAt: new Date(Date.now() + 48 * hour) }),
      windowPast: await insertMeeting(t, { regClosesAt: new Date(Date.now() - hour), startInDays: 5 }),
      closedBefore: await insertMeeting(t, { status: 'registration_closed', startInDays: 5 }),
      inCompetition: await insertMeeting(t, { status: 'in_competition', startInDays: 0 }),
      closedAfter: await insertMeeting(t, { status: 'registration_closed', startInDays: -10 }),
      finished: await insertMeeting(t, { status: 'finished', startInDays: -20 }),
      archived: await insertMeeting(t, { status: 'archived', startInDays: -30 }),
      draft: await insertMeeting(t, { status: 'draft' }),
    };
    const old: number[] = [];
    for (let i = 0; i < 22; i++) old.push(await insertMeeting(t, { status: 'finished', startInDays: -100 - i }));

    const home = data<PublicHomeVO>(await get('/api/v1/public/home'));
    const idsOf = (cards: PublicHomeVO['open']) => cards.map((c) => c.id);
    expect(idsOf(home.open)).toEqual(expect.arrayContaining([demoId, ids.openNow, ids.opening]));
    expect(home.open.find((c) => c.id === ids.openNow)!.registrationOpen).toBe(true);
    expect(home.open.find((c) => c.id === ids.opening)!.registrationOpen).toBe(false);
    expect(idsOf(home.competing).sort()).toEqual([ids.windowPast, ids.closedBefore, ids.inCompetition].sort());
    expect(home.finished).toHaveLength(20);
    expect(idsOf(home.finished).slice(0, 3)).toEqual([ids.closedAfter, ids.finished, ids.archived]);
    expect(idsOf(home.finished)).not.toContain(old[21]);
    const dates = home.finished.map((c) => c.startDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const all = [...home.open, ...home.competing, ...home.finished].map((c) => c.id);
    expect(all).not.toContain(ids.draft);
    expect(new Set(all).size).toBe(all.length);
    expect(Object.keys(home.open[0]!).sort()).toEqual(
      [
        'allowSelfRegistration',
        'code',
        'endDate',
        'id',
        'name',
        'nameEn',
        'regClosesAt',
        'registrationOpen',
        'startDate',
        'status',
        'timeZone',
        'venue',
      ].sort(),
    );
  });

  it("a closed meeting's last day is past on its own clock (Kiritimati UTC+14, Pago Pago UTC−11)", async () => {
    // The date today in Pago Pago: already yesterday (or before) in Kiritimati.
    const pagoToday = zonedDay(new Date(), 'Pacific/Pago_Pago');
    const ended = (timeZone: string) =>
      insertMeeting(t, { status: 'registration_closed', startDate: pagoToday, endDate: pagoToday, timeZone });
    const kiritimati = await ended('Pacific/Kiritimati');
    const pago = await ended('Pacific/Pago_Pago');
    const home = data<PublicHomeVO>(await get('/api/v1/public/home'));
    expect(home.competing.map((c) => c.id)).toContain(pago);
    expect(home.finished.map((c) => c.id)).toContain(kiritimati);
  });

  it('lists the published notices addressed to everyone, title and date only', async () => {
    const base = { content: '<p>secret body</p>', type: 1, level: 'L' as const };
    const now = new Date();
    await t.database.db.insert(notice).values([
      {
        ...base,
        title: 'For everyone',
        targetType: NOTICE_TARGET.ALL,
        status: NOTICE_STATUS.PUBLISHED,
        publishedAt: now,
      },
      {
        ...base,
        title: 'For committees',
        targetType: NOTICE_TARGET.ROLES,
        targetRoles: ['COMMITTEE'],
        status: NOTICE_STATUS.PUBLISHED,
        publishedAt: now,
      },
      { ...base, title: 'Draft', targetType: NOTICE_TARGET.ALL, status: NOTICE_STATUS.DRAFT },
      { ...base, title: 'Revoked', targetType: NOTICE_TARGET.ALL, status: NOTICE_STATUS.REVOKED, publishedAt: now },
    ]);
    const home = data<PublicHomeVO>(await get('/api/v1/public/home'));
    expect(home.notices.map((n) => n.title)).toEqual(['For everyone']);
    expect(Object.keys(home.notices[0]!).sort()).toEqual(['id', 'publishedAt', 'title']);
    expect(JSON.stringify(home)).not.toContain('secret body');
  });
});

describe('a meeting’s public lists', () => {
  it('counts only submitted and approved records of admitted delegations', async () => {
    const counts = data<PublicCountsVO>(await get(`/api/v1/public/meetings/${demoId}/counts`));
    expect(counts).toEqual({
      delegations: 4,
      // Zhang San, Li Si, and Zhao Liu (approved himself, his entry still a draft).
      athletes: 3,
      coaches: 1,
      entries: 3,
      groupItems: [
        { groupItemId: Math.min(gi100, giRelay), entries: gi100 < giRelay ? 2 : 1 },
        { groupItemId: Math.max(gi100, giRelay), entries: gi100 < giRelay ? 1 : 2 },
      ],
    });
  });

  it('lists the delegations with their listed counts, not a waiting self-registration', async () => {
    const list = data<PublicDelegationVO[]>(await get(`/api/v1/public/meetings/${demoId}/delegations`));
    expect(list).toHaveLength(4);
    expect(list.map((d) => d.name)).not.toContain('Waiting Team');
    expect(list.find((d) => d.id === dlg['13800000001'])).toMatchObject({ athletes: 2, coaches: 1, entries: 3 });
    expect(list.find((d) => d.id === dlg['13800000002'])).toMatchObject({ athletes: 1, coaches: 0, entries: 0 });
    expect(JSON.stringify(list)).not.toMatch(/138000000/);
  });

  it('lists the entries of an event, drafts excluded, relay teams under the delegation', async () => {
    const list = data<PublicEntryVO[]>(await get(`/api/v1/public/meetings/${demoId}/entries?groupItemId=${gi100}`));
    expect(list.map((e) => e.athleteName).sort()).toEqual(['Li Si', 'Zhang San']);
    expect(list.find((e) => e.athleteName === 'Zhang San')).toMatchObject({
      groupItemId: gi100,
      gender: 'M',
      bib: 'A001',
      seedMark: '12.34',
      relayLetter: null,
    });
    const relays = data<PublicEntryVO[]>(await get(`/api/v1/public/meetings/${demoId}/entries?groupItemId=${giRelay}`));
    expect(relays).toHaveLength(1);
    expect(relays[0]).toMatchObject({ relayLetter: 'A', seedMark: '48.10', gender: 'M', bib: null });
    expect(relays[0]!.athleteName).toBe(relays[0]!.delegationName);
    const byDelegation = data<PublicEntryVO[]>(
      await get(`/api/v1/public/meetings/${demoId}/entries?delegationId=${dlg['13800000002']}`),
    );
    expect(byDelegation).toEqual([]);
    const both = data<PublicEntryVO[]>(
      await get(`/api/v1/public/meetings/${demoId}/entries?delegationId=${dlg['13800000001']}&groupItemId=${gi100}`),
    );
    expect(both).toHaveLength(2);
    const all = await get(`/api/v1/public/meetings/${demoId}/entries`);
    expect(all.statusCode).toBe(400);
    expect(all.json().msg).toContain('choose an event');
  });

  it('answers 404 when the meeting keeps its lists private, is a draft or does not exist', async () => {
    const hidden = await insertMeeting(t, { publicLists: false });
    const draft = await insertMeeting(t, { status: 'draft' });
    for (const id of [hidden, draft, 999_999]) {
      for (const path of ['counts', 'delegations', `entries?groupItemId=${gi100}`]) {
        const res = await get(`/api/v1/public/meetings/${id}/${path}`);
        expect(res.statusCode, `${id} ${path}`).toBe(404);
      }
    }
  });
});

describe('POST /api/v1/public/query', () => {
  it('finds a registration by exact name and ID number (any letter case), masked', async () => {
    const res = await post('/api/v1/public/query', { name: ' Zhang San ', idNumber: ZHANG_ID.toUpperCase() });
    const list = data<PublicRegistrationVO[]>(res);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      meetingId: demoId,
      name: 'Zhang San',
      gender: 'M',
      idNumberMasked: maskIdNumber(ZHANG_ID),
      contactMobileMasked: '138****0001',
      groupName: 'U16男子组',
      status: 'approved',
      bib: 'A001',
    });
    expect(list[0]!.idNumberMasked).toBe('330***********123x');
    expect(list[0]!.items.map((i) => [i.itemNameEn, i.seedMark])).toEqual(
      expect.arrayContaining([
        ['100 m', '12.34'],
        ['4 × 100 m relay', '48.10'],
      ]),
    );
    const text = res.body.toLowerCase();
    expect(text).not.toContain(ZHANG_ID.toLowerCase());
    expect(text).not.toContain('13800000001');
  });

  it('finds the name whatever spaces it was typed with (full-width, doubled), as names are stored', async () => {
    const res = await post('/api/v1/public/query', { name: '\u3000Zhang\u3000 San', idNumber: ZHANG_ID });
    expect(data<PublicRegistrationVO[]>(res).map((r) => r.name)).toEqual(['Zhang San']);
  });

  it('answers an empty list for a wrong name, a wrong number, another meeting or a draft meeting', async () => {
    const draft = await insertMeeting(t, { status: 'draft' });
    const [g] = await t.database.db
      .insert(group)
      .values({ meetingId: draft, name: 'G', gender: 'M', birthFrom: '2009-01-01', birthTo: '2012-12-31' })
      .returning({ id: group.id });
    const d = await insertDelegation(t, draft, '13600000098');
    await t.database.db.insert(athlete).values({
      meetingId: draft,
      delegationId: d,
      groupId: g!.id,
      name: 'Hidden Person',
      gender: 'M',
      idNumber: '330381201008081114',
      birthDate: '2010-08-08',
      status: 'approved',
    });
    const other = await insertMeeting(t);
    for (const body of [
      { name: 'Zhang', idNumber: ZHANG_ID },
      { name: 'Zhang San', idNumber: LI_ID },
      { name: 'Zhang San', idNumber: ZHANG_ID, meetingId: other },
      { name: 'Hidden Person', idNumber: '330381201008081114' },
    ]) {
      const res = await post('/api/v1/public/query', body);
      expect(res.json(), JSON.stringify(body)).toEqual({ code: '00000', data: [], msg: 'OK' });
    }
    const inMeeting = await post('/api/v1/public/query', { name: 'Li Si', idNumber: LI_ID, meetingId: demoId });
    expect(data<PublicRegistrationVO[]>(inMeeting)).toHaveLength(1);
    expect(inMeeting.body).not.toContain(LI_ID);
  });

  it('is rate-limited per IP', async () => {
    // The count is kept by the clock minute: the burst must fall in one.
    await awayFromWindowEdge(60);
    const codes: string[] = [];
    for (let i = 0; i < 21; i++) {
      codes.push(code(await post('/api/v1/public/query', { name: 'Nobody', idNumber: `1234567${i}` }, '10.7.7.7')));
    }
    expect(codes.slice(0, 20).every((c) => c === '00000')).toBe(true);
    expect(codes[20]).toBe('A0429');
    expect(code(await post('/api/v1/public/query', { name: 'Nobody', idNumber: '12345678' }, '10.7.7.8'))).toBe(
      '00000',
    );
  });
});

describe('POST /api/v1/public/query/by-mobile', () => {
  it("answers the delegation's registrations, masked, for its mobile and sign-in code", async () => {
    const smcode = await signInCode(t, '13800000002', demoId);
    const res = await post('/api/v1/public/query/by-mobile', {
      tmid: demoId,
      mobile: await encrypt(t, '13800000002'),
      smcode,
    });
    const list = data<PublicRegistrationVO[]>(res);
    expect(list.map((r) => r.name).sort()).toEqual(['Qian Qi', 'Wang Wu', 'Zhao Liu']);
    expect(list.every((r) => r.contactMobileMasked === '138****0002')).toBe(true);
    expect(res.body).not.toContain('13800000002');
    for (const id of ['330381201005051111', '330381201006061112', '330381201007071113']) {
      expect(res.body).not.toContain(id);
    }
    // The code is spent.
    const again = await post('/api/v1/public/query/by-mobile', {
      tmid: demoId,
      mobile: await encrypt(t, '13800000002'),
      smcode,
    });
    expect(again.json().code).toBe('A0240');
  });

  it('gives a wrong code and a mobile without a delegation the same answer', async () => {
    await allowResend(t, '13800000003');
    await signInCode(t, '13800000003', demoId);
    const wrong = await post('/api/v1/public/query/by-mobile', {
      tmid: demoId,
      mobile: await encrypt(t, '13800000003'),
      smcode: '999999',
    });
    expect(code(await requestCode(t, '13955556666', demoId))).toBe('00000');
    const unknown = await post('/api/v1/public/query/by-mobile', {
      tmid: demoId,
      mobile: await encrypt(t, '13955556666'),
      smcode: '999999',
    });
    expect(wrong.json().code).toBe('A0240');
    expect(unknown.json()).toEqual(wrong.json());
  });
});

describe('self-registration', () => {
  let meetingId = 0;
  let teamId = 0;
  const registerCode = async (mobile: string, tmid = meetingId) => {
    const res = await requestCode(t, mobile, tmid, { url: '/api/v1/public/sms-code' });
    return { res, smcode: await latestCode(t, mobile) };
  };
  const register = async (body: Record<string, unknown>, tmid = meetingId) =>
    post(`/api/v1/public/meetings/${tmid}/self-register`, {
      contactName: 'Coach Wu',
      ...body,
      mobile: await encrypt(t, String(body.mobile)),
    });

  beforeAll(async () => {
    meetingId = await insertMeeting(t, { allowSelfRegistration: true });
  });

  it('registers a team with its proven mobile, waiting for review', async () => {
    const { res, smcode } = await registerCode('13600000001');
    expect(res.json()).toMatchObject({ code: '00000', data: { resendAfterS: 60 } });
    expect(smcode).toMatch(/^\d{6}$/);
    const before = await countOf(t, 'meet_delegation');
    const wrong = await register({
      name: 'Self Team',
      mobile: '13600000001',
      smcode: smcode === '000000' ? '111111' : '000000',
    });
    expect(wrong.json().code).toBe('A0240');
    expect(await countOf(t, 'meet_delegation')).toBe(before);

    const ok = await register({ name: ' Self Team ', shortName: 'ST', mobile: '13600000001', smcode });
    expect(ok.json().code).toBe('00000');
    teamId = data<{ id: number }>(ok).id;
    const [row] = await t.database.db.select().from(delegation).where(eq(delegation.id, teamId));
    expect(row).toMatchObject({
      meetingId,
      name: 'Self Team',
      shortName: 'ST',
      contactName: 'Coach Wu',
      contactMobile: '13600000001',
      source: 'self',
      status: 'submitted',
      reviewReason: null,
      userId: null,
    });
    const ops = await countOf(
      t,
      'sys_oplog',
      `path = '/api/v1/public/meetings/${meetingId}/self-register' and code = '00000' and target = '${teamId}'`,
    );
    expect(ops).toBe(1);
    expect(await countOf(t, 'sys_oplog', `after::text like '%13600000001%' or before::text like '%13600000001%'`)).toBe(
      0,
    );
  });

  it('keeps the waiting team out of the public lists and out of sign-in until approved', async () => {
    expect(data<PublicDelegationVO[]>(await get(`/api/v1/public/meetings/${meetingId}/delegations`))).toEqual([]);
    await allowResend(t, '13600000001');
    let smcode = await signInCode(t, '13600000001', meetingId);
    const refused = await dlgLogin(t, '13600000001', meetingId, smcode);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toContain("waiting for the committee's review");

    expect(code(await admin.post(`/api/v1/delegations/${teamId}/review`, { decision: 'approve' }))).toBe('00000');
    await allowResend(t, '13600000001');
    smcode = await signInCode(t, '13600000001', meetingId);
    const signedIn = await dlgLogin(t, '13600000001', meetingId, smcode);
    expect(signedIn.json().code).toBe('00000');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/userProps/me',
      headers: bearer(signedIn.json().data.accessToken),
    });
    expect(me.json().data).toMatchObject({ userType: 30, roles: ['DELEGATION'] });
    const listed = data<PublicDelegationVO[]>(await get(`/api/v1/public/meetings/${meetingId}/delegations`));
    expect(listed.map((d) => d.id)).toEqual([teamId]);
  });

  it('refuses a name or a mobile the meeting already has (409)', async () => {
    const first = await registerCode('13600000002');
    const sameName = await register({ name: 'Self Team', mobile: '13600000002', smcode: first.smcode });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().msg).toContain('already has a delegation named Self Team');
    // The name is checked before the code is spent: the same code still registers another name.
    const other = await register({ name: 'Second Team', mobile: '13600000002', smcode: first.smcode });
    expect(other.json().code).toBe('00000');

    await allowResend(t, '13600000001');
    const again = await registerCode('13600000001');
    const sameMobile = await register({ name: 'Third Team', mobile: '13600000001', smcode: again.smcode });
    expect(sameMobile.statusCode).toBe(409);
    expect(sameMobile.json().msg).toContain('already the contact of a delegation');
  });

  it('refuses meetings that do not take self-registrations now', async () => {
    const notAllowed = await registerCode('13600000003', demoId);
    expect(notAllowed.res.statusCode).toBe(400);
    expect(notAllowed.res.json().msg).toContain('does not accept delegations registering themselves');
    expect(notAllowed.smcode).toBeNull();
    expect((await register({ name: 'X Team', mobile: '13600000003', smcode: '123456' }, demoId)).statusCode).toBe(400);

    const closed = await insertMeeting(t, { allowSelfRegistration: true, status: 'registration_closed' });
    const res = await registerCode('13600000003', closed);
    expect(res.res.json().code).toBe('A0460');
    expect((await register({ name: 'X Team', mobile: '13600000003', smcode: '123456' }, closed)).json().code).toBe(
      'A0460',
    );
    const draft = await insertMeeting(t, { allowSelfRegistration: true, status: 'draft' });
    expect((await registerCode('13600000003', draft)).res.statusCode).toBe(404);
  });

  it('checks the captcha of the code request', async () => {
    const res = await requestCode(t, '13600000004', meetingId, { url: '/api/v1/public/sms-code', captchaCode: 'bad' });
    expect(res.json().code).toBe('A0240');
    expect(await latestCode(t, '13600000004')).toBeNull();
  });
});
