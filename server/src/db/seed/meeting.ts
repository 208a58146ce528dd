import { MEETING_TIME_ZONE, zonedInstant } from '@baton/contracts';
import { inArray } from 'drizzle-orm';
import { windMeasuredByRule } from '../../modules/competition/results/rules/wind.js';
import type { Tx } from '../client.js';
import {
  areaCode,
  customer,
  delegation,
  field,
  group,
  groupItem,
  item,
  meeting,
  meetingAdmin,
  meetingAreaUser,
  meetingField,
  meetingOfficial,
  meetingStatusLog,
  nature,
  natureField,
  type RoundPlan,
  user,
} from '../schema/index.js';

type Kind = (typeof item.$inferInsert)['kind'];
type Format = (typeof item.$inferInsert)['resultFormat'];

/**
 * The standard athletics list (DOMAIN.md "Item"): [code, zh, en, kind, result format, lanes,
 * relay legs]. Whether the wind is measured comes from the rule (competition/results/rules/
 * wind.ts: races up to 200 m, LJ and TJ); races up to 400 m (hurdles and short relays included)
 * are run in lanes, and
 * 600/800 m and the 4x400 relays start in lanes.
 */
const ITEMS: [string, string, string, Kind, Format, boolean, number | null][] = [
  ['50', '50米', '50 m', 'track', 'time', true, null],
  ['60', '60米', '60 m', 'track', 'time', true, null],
  ['100', '100米', '100 m', 'track', 'time', true, null],
  ['200', '200米', '200 m', 'track', 'time', true, null],
  ['300', '300米', '300 m', 'track', 'time', true, null],
  ['400', '400米', '400 m', 'track', 'time', true, null],
  ['600', '600米', '600 m', 'track', 'time', true, null],
  ['800', '800米', '800 m', 'track', 'time', true, null],
  ['1000', '1000米', '1000 m', 'track', 'time', false, null],
  ['1500', '1500米', '1500 m', 'track', 'time', false, null],
  ['2000', '2000米', '2000 m', 'track', 'time', false, null],
  ['3000', '3000米', '3000 m', 'track', 'time', false, null],
  ['5000', '5000米', '5000 m', 'track', 'time', false, null],
  ['10000', '10000米', '10,000 m', 'track', 'time', false, null],
  ['80H', '80米栏', '80 m hurdles', 'track', 'time', true, null],
  ['100H', '100米栏', '100 m hurdles', 'track', 'time', true, null],
  ['110H', '110米栏', '110 m hurdles', 'track', 'time', true, null],
  ['300H', '300米栏', '300 m hurdles', 'track', 'time', true, null],
  ['400H', '400米栏', '400 m hurdles', 'track', 'time', true, null],
  ['2000SC', '2000米障碍', '2000 m steeplechase', 'track', 'time', false, null],
  ['3000SC', '3000米障碍', '3000 m steeplechase', 'track', 'time', false, null],
  ['3000W', '3000米竞走', '3000 m race walk', 'track', 'time', false, null],
  ['5000W', '5000米竞走', '5000 m race walk', 'track', 'time', false, null],
  ['10000W', '10000米竞走', '10,000 m race walk', 'track', 'time', false, null],
  ['20kmW', '20公里竞走', '20 km race walk', 'road', 'time', false, null],
  ['35kmW', '35公里竞走', '35 km race walk', 'road', 'time', false, null],
  ['4x100', '4×100米接力', '4 × 100 m relay', 'relay', 'time', true, 4],
  ['4x200', '4×200米接力', '4 × 200 m relay', 'relay', 'time', true, 4],
  ['4x400', '4×400米接力', '4 × 400 m relay', 'relay', 'time', true, 4],
  ['4x400MX', '4×400米混合接力', 'Mixed 4 × 400 m relay', 'relay', 'time', true, 4],
  ['4x800', '4×800米接力', '4 × 800 m relay', 'relay', 'time', false, 4],
  ['HJ', '跳高', 'High jump', 'field-height', 'height', false, null],
  ['PV', '撑竿跳高', 'Pole vault', 'field-height', 'height', false, null],
  ['LJ', '跳远', 'Long jump', 'field-distance', 'distance', false, null],
  ['TJ', '三级跳远', 'Triple jump', 'field-distance', 'distance', false, null],
  ['SP', '铅球', 'Shot put', 'field-distance', 'distance', false, null],
  ['DT', '铁饼', 'Discus throw', 'field-distance', 'distance', false, null],
  ['HT', '链球', 'Hammer throw', 'field-distance', 'distance', false, null],
  ['JT', '标枪', 'Javelin throw', 'field-distance', 'distance', false, null],
  ['TRI', '三项全能', 'Triathlon', 'combined', 'points', false, null],
  ['QUA', '四项全能', 'Tetrathlon', 'combined', 'points', false, null],
  ['PEN', '五项全能', 'Pentathlon', 'combined', 'points', false, null],
  ['HEP', '七项全能', 'Heptathlon', 'combined', 'points', false, null],
  ['OCT', '八项全能', 'Octathlon', 'combined', 'points', false, null],
  ['DEC', '十项全能', 'Decathlon', 'combined', 'points', false, null],
  ['10kmR', '10公里路跑', '10 km road race', 'road', 'time', false, null],
  ['HM', '半程马拉松', 'Half marathon', 'road', 'time', false, null],
  ['MAR', '马拉松', 'Marathon', 'road', 'time', false, null],
];

type FieldSeed = Omit<typeof field.$inferInsert, 'id' | 'version' | 'createdAt' | 'updatedAt'>;

/** Standard form fields; natures, meetings and groups choose among them. */
const FIELDS: FieldSeed[] = (
  [
    { key: 'school', label: '学校', labelEn: 'School', kind: 'text', target: 'athlete', required: true },
    { key: 'className', label: '班级', labelEn: 'Class', kind: 'text', target: 'athlete' },
    {
      key: 'shoeSize',
      label: '鞋码',
      labelEn: 'Shoe size',
      kind: 'number',
      target: 'athlete',
      pattern: '^\\d{2}(\\.5)?$',
    },
    { key: 'emergencyContact', label: '紧急联系人', labelEn: 'Emergency contact', kind: 'text', target: 'athlete' },
    { key: 'emergencyMobile', label: '紧急联系电话', labelEn: 'Emergency mobile', kind: 'mobile', target: 'athlete' },
    { key: 'photo', label: '证件照', labelEn: 'Photo', kind: 'image', target: 'athlete', required: true },
    { key: 'studentCard', label: '学生证', labelEn: 'Student card', kind: 'file', target: 'athlete' },
    { key: 'idCardCopy', label: '身份证复印件', labelEn: 'ID card copy', kind: 'file', target: 'athlete' },
    { key: 'title', label: '职称', labelEn: 'Title', kind: 'text', target: 'coach' },
    { key: 'certificateNo', label: '教练员证书编号', labelEn: 'Certificate number', kind: 'text', target: 'coach' },
    { key: 'address', label: '通讯地址', labelEn: 'Address', kind: 'text', target: 'delegation' },
    {
      key: 'postcode',
      label: '邮政编码',
      labelEn: 'Postcode',
      kind: 'text',
      target: 'delegation',
      pattern: '^\\d{6}$',
    },
    { key: 'invoiceTitle', label: '发票抬头', labelEn: 'Invoice title', kind: 'text', target: 'delegation' },
  ] satisfies FieldSeed[]
).map((f, i) => ({ ...f, sort: i + 1 }));

/** The youth-games nature's default fields: [key, required]. */
const NATURE_FIELDS: [string, boolean][] = [
  ['school', true],
  ['emergencyContact', true],
  ['emergencyMobile', true],
  ['photo', true],
  ['shoeSize', false],
  ['title', false],
  ['certificateNo', false],
  ['address', false],
  ['postcode', false],
];

/** A county and its sub-units (GB/T 2260 and township codes of Rui'an, Wenzhou). */
const COUNTY = { code: '330381', name: '瑞安市', nameEn: "Rui'an City" };
const SUB_UNITS = [
  { code: '330381001', name: '安阳街道', nameEn: 'Anyang Subdistrict' },
  { code: '330381002', name: '玉海街道', nameEn: 'Yuhai Subdistrict' },
  { code: '330381003', name: '锦湖街道', nameEn: 'Jinhu Subdistrict' },
];

const day = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);
const dateOf = (d: Date) => d.toISOString().slice(0, 10);

/** What the demo meeting takes from the base data. */
export interface BaseData {
  itemId: Map<string, number>;
  natureId: number;
  natureFields: { fieldId: number; required: boolean; sort: number }[];
}

/**
 * Base data every deployment needs, production included: the standard events, the form fields
 * and the youth-games nature with its default fields.
 */
export async function seedBaseData(tx: Tx): Promise<BaseData> {
  const items = await tx
    .insert(item)
    .values(
      ITEMS.map(([code, name, nameEn, kind, resultFormat, usesLanes, relayLegs], i) => ({
        code,
        name,
        nameEn,
        kind,
        resultFormat,
        // Wind measured by the rule (windMeasuredByRule: races ≤ 200 m, LJ, TJ), not by a list.
        windMeasured: windMeasuredByRule({ code, kind }),
        usesLanes,
        relayLegs,
        sort: (i + 1) * 10,
      })),
    )
    .returning({ id: item.id, code: item.code });
  const itemId = new Map(items.map((i) => [i.code, i.id]));

  const fields = await tx.insert(field).values(FIELDS).returning({ id: field.id, key: field.key });
  const fieldId = new Map(fields.map((f) => [f.key, f.id]));

  const [youth] = await tx
    .insert(nature)
    .values({ name: '青少年运动会', nameEn: 'Youth games', remark: '中小学生田径运动会', sort: 1 })
    .returning({ id: nature.id });
  const natureFields = NATURE_FIELDS.map(([key, required], i) => ({
    fieldId: fieldId.get(key)!,
    required,
    sort: i + 1,
  }));
  await tx.insert(natureField).values(natureFields.map((f) => ({ ...f, natureId: youth!.id })));
  return { itemId, natureId: youth!.id, natureFields };
}

/**
 * The demo (outside production): the county of Rui'an and its schools, and the demo meeting
 * `wrj2025`, open for registration: registration from a day before seeding to 60 days after,
 * competition 70–72 days after; the committee account administers it and the county account
 * (if seeded) is its county's area user.
 */
/** The demo meeting's 竞赛规程, as a committee would write it in the editor. */
const DEMO_REGULATIONS = [
  '<h2>一、竞赛日期和地点</h2>',
  '<p>比赛在瑞安市体育中心田径场举行，共三天。</p>',
  '<h2>二、参加办法</h2>',
  '<ol><li>各代表队可报领队 1 人、教练员若干人。</li><li>每名运动员限报 2 个个人项目和 1 个接力项目，每个项目每队限报 2 人。</li></ol>',
  '<h2>三、竞赛办法</h2>',
  '<p>执行世界田联最新审定的《田径竞赛规则》。径赛项目采用全自动电子计时，<strong>抢跑一次即取消比赛资格</strong>（TR 16.8）。</p>',
  '<h2>四、录取名次与奖励</h2>',
  '<p>各项目录取前八名，按 9、7、6、5、4、3、2、1 计分；接力项目加倍计分。</p>',
].join('');

/**
 * The demo meeting on `timeZone`'s clock (the server's BATON_TIME_ZONE): its zone, and its
 * events from 08:30 to 17:00 local time on each of its three days.
 */
export async function seedMeetingDemo(
  tx: Tx,
  base: BaseData,
  timeZone: string = MEETING_TIME_ZONE,
  now: Date = new Date(),
): Promise<void> {
  const { itemId, natureFields } = base;

  const [county] = await tx
    .insert(areaCode)
    .values({ ...COUNTY, level: 1, sort: 1 })
    .returning({ id: areaCode.id });
  const subs = await tx
    .insert(areaCode)
    .values(SUB_UNITS.map((s, i) => ({ ...s, parentId: county!.id, level: 2, sort: i + 1 })))
    .returning({ id: areaCode.id, code: areaCode.code });
  const areaId = new Map([[COUNTY.code, county!.id], ...subs.map((s) => [s.code, s.id] as [string, number])]);

  const customers = await tx
    .insert(customer)
    .values([
      {
        name: '瑞安中学',
        shortName: '瑞中',
        areaCodeId: areaId.get('330381001')!,
        contactName: '陈老师',
        contactMobile: '13900000001',
        address: '瑞安市安阳街道',
        sort: 1,
      },
      {
        name: '玉海中学',
        shortName: '玉中',
        areaCodeId: areaId.get('330381002')!,
        contactName: '林老师',
        contactMobile: '13900000002',
        sort: 2,
      },
      {
        name: '锦湖体育运动学校',
        shortName: '锦湖体校',
        areaCodeId: areaId.get('330381003')!,
        contactName: '周教练',
        contactMobile: '13900000003',
        sort: 3,
      },
      {
        name: '瑞安市田径协会',
        shortName: '田协',
        areaCodeId: county!.id,
        contactName: '王秘书长',
        contactMobile: '13900000004',
        sort: 4,
      },
    ])
    .returning({ id: customer.id, name: customer.name });
  const customerId = new Map(customers.map((c) => [c.name, c.id]));
  await tx.insert(customer).values({
    parentId: customerId.get('瑞安市田径协会')!,
    name: '瑞安市青少年田径俱乐部',
    shortName: '青田俱乐部',
    areaCodeId: county!.id,
    contactName: '郑教练',
    contactMobile: '13900000005',
    sort: 1,
  });

  // ─── The demo meeting ───────────────────────────────────────────────────────────────
  const start = day(now, 70);
  const year = start.getUTCFullYear();
  const accounts = await tx
    .select({ id: user.id, username: user.username })
    .from(user)
    .where(inArray(user.username, ['committee', 'county', 'referee']));
  const committeeId = accounts.find((a) => a.username === 'committee')?.id;
  const countyUserId = accounts.find((a) => a.username === 'county')?.id;
  const refereeId = accounts.find((a) => a.username === 'referee')?.id;

  const [m] = await tx
    .insert(meeting)
    .values({
      name: '2025 温瑞青少年田径运动会',
      nameEn: '2025 Wenrui Youth Athletics Games',
      code: 'wrj2025',
      year,
      natureId: base.natureId,
      venue: '瑞安市体育中心田径场',
      timeZone,
      organisers: '主办单位：瑞安市教育局、瑞安市体育局\n承办单位：瑞安市体育中心\n协办单位：瑞安市田径协会',
      startDate: dateOf(start),
      endDate: dateOf(day(now, 72)),
      regOpensAt: day(now, -1),
      regClosesAt: day(now, 60),
      status: 'registration_open',
      ageRefDate: `${year}-12-31`,
      maxEventsPerAthlete: 2,
      maxRelaysPerAthlete: 1,
      maxEntriesPerItem: 2,
      maxAthletes: 60,
      maxCoaches: 8,
      lanes: 8,
      laneGroups: [
        { places: [1, 2, 3, 4], lanes: [3, 4, 5, 6] },
        { places: [5, 6], lanes: [7, 8] },
        { places: [7, 8], lanes: [1, 2] },
      ],
      remark:
        '<p>欢迎参加 2025 温瑞青少年田径运动会。</p><ul><li>每名运动员限报 2 个个人项目和 1 个接力项目。</li><li>报名截止后不再接受修改。</li></ul>',
      regulations: DEMO_REGULATIONS,
    })
    .returning({ id: meeting.id });
  const meetingId = m!.id;
  await tx.insert(meetingStatusLog).values({
    meetingId,
    fromStatus: 'draft',
    toStatus: 'registration_open',
    userId: committeeId ?? null,
    reason: 'seed',
  });
  if (committeeId) await tx.insert(meetingAdmin).values({ meetingId, userId: committeeId });
  await tx.insert(meetingField).values(natureFields.map((f) => ({ ...f, meetingId })));

  // U16: 14 or 15 on 31 December of the competition year; U18: 16 or 17 (WA age groups).
  const groups: { name: string; nameEn: string; gender: 'M' | 'F'; from: number; to: number; items: string[] }[] = [
    {
      name: 'U16男子组',
      nameEn: 'U16 Boys',
      gender: 'M',
      from: year - 15,
      to: year - 14,
      items: ['100', '200', '400', '1500', 'LJ', 'HJ', 'SP', '4x100'],
    },
    {
      name: 'U16女子组',
      nameEn: 'U16 Girls',
      gender: 'F',
      from: year - 15,
      to: year - 14,
      items: ['100', '200', '800', '80H', 'LJ', 'HJ', 'SP', '4x100'],
    },
    {
      name: 'U18男子组',
      nameEn: 'U18 Boys',
      gender: 'M',
      from: year - 17,
      to: year - 16,
      items: ['100', '400', '1500', '110H', 'TJ', 'PV', 'JT', '4x400'],
    },
    {
      name: 'U18女子组',
      nameEn: 'U18 Girls',
      gender: 'F',
      from: year - 17,
      to: year - 16,
      items: ['100', '400', '800', '100H', 'LJ', 'HJ', 'DT', '4x100'],
    },
  ];
  const SPRINTS = new Set(['100', '200', '400', '80H', '100H', '110H']);
  let slot = 0;
  for (const [gi, g] of groups.entries()) {
    const [row] = await tx
      .insert(group)
      .values({
        meetingId,
        name: g.name,
        nameEn: g.nameEn,
        gender: g.gender,
        birthFrom: `${g.from}-01-01`,
        birthTo: `${g.to}-12-31`,
        sort: gi + 1,
      })
      .returning({ id: group.id });
    await tx.insert(groupItem).values(
      g.items.map((code, i) => {
        // Three days, 08:30 to 17:00 on the meeting's clock, one slot every 30 minutes.
        const dayIndex = Math.floor(slot / 17) % 3;
        const minutes = 8 * 60 + 30 + (slot % 17) * 30;
        slot += 1;
        const clock = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        const at = new Date(zonedInstant(dateOf(day(start, dayIndex)), clock, timeZone));
        const rounds: RoundPlan[] = SPRINTS.has(code)
          ? [{ name: 'heats', qualifyByPlace: 2, qualifyByTime: 2 }, { name: 'final' }]
          : [{ name: 'final' }];
        return {
          groupId: row!.id,
          itemId: itemId.get(code)!,
          maxPerDelegation: code.startsWith('4x') ? 1 : 2,
          rounds,
          scheduledAt: at,
          sort: i + 1,
        };
      }),
    );
  }

  await tx.insert(delegation).values(
    [
      ['瑞安中学代表队', '瑞中', '330381001', '瑞安中学', '陈老师', '13800000001'],
      ['玉海中学代表队', '玉中', '330381002', '玉海中学', '林老师', '13800000002'],
      ['锦湖体校代表队', '锦湖体校', '330381003', '锦湖体育运动学校', '周教练', '13800000003'],
      ['瑞安市田径协会代表队', '田协', COUNTY.code, '瑞安市田径协会', '王秘书长', '13800000004'],
    ].map(([name, shortName, area, cust, contactName, contactMobile]) => ({
      meetingId,
      name: name!,
      shortName: shortName!,
      areaCodeId: areaId.get(area!)!,
      customerId: customerId.get(cust!)!,
      contactName: contactName!,
      contactMobile: contactMobile!,
      source: 'customer' as const,
    })),
  );

  if (countyUserId) {
    await tx.insert(meetingAreaUser).values({ meetingId, userId: countyUserId, areaCodeId: county!.id });
  }
  if (refereeId) await tx.insert(meetingOfficial).values({ meetingId, userId: refereeId });
}
