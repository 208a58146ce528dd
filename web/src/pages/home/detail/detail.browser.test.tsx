import type { MeetingPublicVO, PublicCountsVO, PublicEntryVO, RoundVO, StartVO } from '@baton/contracts';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { forgetPublicReads } from '../../../api/public-reads';
import { envelope, type FakeServer, serveFake } from '../../../test/fake-fetch';
import '../../../app/i18n';
import { EVENT_100, start as liveStart } from '../../../test/live-fixtures';
import DetailPage from './index';

/* ---- a fake server behind fetch (the HTTP layer only) ---- */

const item = (id: number, code: string, name: string, nameEn: string, scheduledAt: string | null = null) => ({
  id,
  code,
  name,
  nameEn,
  scheduledAt,
});

const MEETING: MeetingPublicVO = {
  id: 7,
  code: 'wrj2025',
  name: '2025 温瑞青少年田径运动会',
  nameEn: '2025 Wenrui Youth Athletics Games',
  year: 2025,
  natureName: '青少年运动会',
  natureNameEn: 'Youth games',
  venue: 'Ruian Sports Centre',
  startDate: '2025-10-01',
  endDate: '2025-10-03',
  regOpensAt: '2025-08-01T00:00:00.000Z',
  regClosesAt: '2025-09-20T10:00:00.000Z',
  timeZone: 'Asia/Shanghai',
  status: 'registration_closed',
  registrationOpen: false,
  remark: '<p>Welcome</p><ul><li>Two events each</li></ul>',
  regulations: '<h2>一、竞赛项目</h2><p>执行最新田径竞赛规则。</p>',
  organisers: '主办单位：瑞安市教育局',
  groups: [
    {
      id: 1,
      name: 'U16男子组',
      nameEn: 'U16 Boys',
      gender: 'M',
      birthFrom: '2010-01-01',
      birthTo: '2011-12-31',
      items: [
        item(11, '100', '100米', '100 m', '2025-10-01T01:00:00.000Z'),
        item(12, '4x100', '4×100米接力', '4 × 100 m relay', '2025-10-02T01:00:00.000Z'),
      ],
    },
    {
      id: 2,
      name: 'U16女子组',
      nameEn: 'U16 Girls',
      gender: 'F',
      birthFrom: '2010-01-01',
      birthTo: '2011-12-31',
      items: [item(21, 'LJ', '跳远', 'Long jump')],
    },
  ],
};

const COUNTS: PublicCountsVO = {
  delegations: 2,
  athletes: 3,
  coaches: 1,
  entries: 5,
  groupItems: [
    { groupItemId: 11, entries: 3 },
    { groupItemId: 12, entries: 2 },
  ],
};

const entry = (groupItemId: number, e: Partial<PublicEntryVO>): PublicEntryVO => ({
  groupItemId,
  athleteName: '',
  gender: 'M',
  delegationName: '',
  bib: null,
  seedMark: null,
  relayLetter: null,
  ...e,
});

const ENTRIES: Record<number, PublicEntryVO[]> = {
  11: [
    entry(11, { athleteName: '陈子轩', delegationName: '瑞安中学代表队', bib: '1001', seedMark: '11.27' }),
    entry(11, { athleteName: '林浩然', delegationName: '玉海中学代表队', bib: '1002', seedMark: '11.34' }),
    entry(11, { athleteName: '刘子墨', delegationName: '玉海中学代表队' }),
  ],
  // Relay rows: one per team, named after the delegation (what the server answers).
  12: [
    entry(12, { athleteName: '玉海中学代表队', delegationName: '玉海中学代表队', seedMark: '47.05', relayLetter: 'A' }),
    entry(12, { athleteName: '玉海中学代表队', delegationName: '玉海中学代表队', relayLetter: 'B' }),
    entry(12, { athleteName: '瑞安中学代表队', delegationName: '瑞安中学代表队', seedMark: '46.20', relayLetter: 'A' }),
  ],
  21: [],
};

/* ---- the 100 m heats: heat 1 official with results, heat 2 a published start list ---- */

const start = (
  id: number,
  lane: number,
  name: string,
  delegationName: string,
  result: Partial<StartVO> = {},
): StartVO =>
  liveStart(id, {
    position: lane,
    lane,
    delegationName,
    bib: String(1000 + id),
    name,
    nameEn: null,
    seedMark: '11.90',
    seedValue: 11.9,
    ...result,
  });

const ROUND_100: RoundVO = {
  id: 5,
  version: 1,
  meetingId: 7,
  groupItemId: 11,
  index: 0,
  name: 'heats',
  sessionId: null,
  scheduledAt: '2025-10-01T01:00:00.000Z',
  qualifyByPlace: 2,
  qualifyByTime: 2,
  trials: 6,
  cutAfter: 3,
  cutSize: 8,
  heights: null,
  drawSeed: 'x',
  missingBibs: 0,
  start: 'lanes',
  status: 'set',
  discipline: null,
  event: EVENT_100,

  heats: [
    {
      id: 51,
      version: 3,
      number: 1,
      status: 'official',
      scheduledAt: null,
      wind: -0.4,
      officialAt: '2025-10-01T01:20:00.000Z',
      handTimed: false,
      // Server order: by lane. Shown by place, the DNS last.
      starts: [
        start(1, 3, '林浩然', '玉海中学代表队', { mark: '11.62', place: 2, qualifier: 'Q' }),
        start(2, 4, '陈子轩', '瑞安中学代表队', { mark: '11.27', place: 1, qualifier: 'Q', record: 'MR' }),
        start(3, 5, '刘子墨', '玉海中学代表队', { code: 'DNS' }),
      ],
    },
    {
      id: 52,
      version: 1,
      number: 2,
      status: 'set',
      scheduledAt: null,
      wind: null,
      officialAt: null,
      handTimed: false,
      starts: [start(4, 4, '王子豪', '瑞安中学代表队')],
    },
  ],
};

let calls: { method: string; url: string; params: Record<string, unknown> }[] = [];
let listsPublic = true;

const fakeServer: FakeServer = (config) => {
  const url = config.url ?? '';
  const method = (config.method ?? 'get').toUpperCase();
  const params = (config.params ?? {}) as Record<string, unknown>;
  calls.push({ method, url, params });
  const hidden = () => envelope(null, 'A0404', 'Not found');
  switch (`${method} ${url}`) {
    case 'GET /api/v1/meetings/by-code/wrj2025':
      return envelope(MEETING);
    case 'GET /api/v1/public/meetings/7/counts':
      return listsPublic ? envelope(COUNTS) : hidden();
    case 'GET /api/v1/public/meetings/7/entries':
      return listsPublic ? envelope(ENTRIES[Number(params.groupItemId)] ?? []) : hidden();
    case 'GET /api/v1/public/competition/7/rounds':
      if (!listsPublic) return hidden();
      return envelope(Number(params.groupItemId) === 11 ? [ROUND_100] : []);
    default:
      return envelope(null, 'A0404', `not faked: ${method} ${url}`);
  }
};

const entryCalls = () => calls.filter((c) => c.url === '/api/v1/public/meetings/7/entries');

async function open(path: string) {
  const router = createMemoryRouter([{ path: '/home/detail', element: <DetailPage /> }], { initialEntries: [path] });
  const screen = await render(
    <App>
      <RouterProvider router={router} />
    </App>,
  );
  return { screen, router };
}

/** The rendered text of each element with this test id, its parts separated by one space. */
const rowTexts = (testId: string) =>
  [...document.querySelectorAll<HTMLElement>(`[data-testid="${testId}"]`)].map((el) =>
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, its parts apart (textContent runs them together)
    el.innerText.replace(/\s+/g, ' ').trim(),
  );

serveFake(fakeServer);
beforeEach(() => {
  forgetPublicReads();
  calls = [];
  listsPublic = true;
});

describe('meeting page: entry lists', () => {
  it("shows the first event's entries with bibs and seed marks, and relays as teams", async () => {
    const { screen, router } = await open('/home/detail?code=wrj2025&tab=entries');
    await expect.element(screen.getByTestId('pick-group')).toHaveDisplayValue('U16 Boys');
    await expect.element(screen.getByTestId('pick-item')).toHaveDisplayValue('100 m (3)');
    await expect.element(screen.getByTestId('entry-count')).toHaveTextContent('Entered: 3');
    expect(entryCalls().map((c) => c.params.groupItemId)).toEqual([11]);
    expect(rowTexts('entry-row')).toEqual([
      '1 陈子轩 瑞安中学代表队 1001 11.27',
      '2 林浩然 玉海中学代表队 1002 11.34',
      '3 刘子墨 玉海中学代表队 —',
    ]);

    // Another event of the group: its own request, relay teams by delegation and letter.
    await screen.getByTestId('pick-item').selectOptions('4 × 100 m relay (2)');
    await expect.element(screen.getByTestId('entry-count')).toHaveTextContent('Relay teams: 3');
    expect(entryCalls().map((c) => c.params.groupItemId)).toEqual([11, 12]);
    expect(rowTexts('relay-team')).toEqual([
      '1 玉海中学代表队 team A 47.05',
      '2 玉海中学代表队 team B —',
      '3 瑞安中学代表队 team A 46.20',
    ]);
    expect(rowTexts('entry-row')).toEqual([]);
    expect(router.state.location.search).toContain('list=12');

    // Another group: its first event, with nobody entered yet.
    await screen.getByTestId('pick-group').selectOptions('U16 Girls');
    await expect.element(screen.getByTestId('pick-item')).toHaveDisplayValue('Long jump (0)');
    await expect.element(screen.getByTestId('entries-empty')).toHaveTextContent('No entries in this event yet');
    expect(entryCalls().map((c) => c.params.groupItemId)).toEqual([11, 12, 21]);
  });

  it('opens an event page with its entries, and nothing drawn yet', async () => {
    const { screen } = await open('/home/detail?code=wrj2025&item=12');
    await expect.element(screen.getByTestId('item-title')).toHaveTextContent('4 × 100 m relay · U16 Boys');
    await expect
      .element(screen.getByTestId('item-entries').getByTestId('relay-team').first())
      .toHaveTextContent('玉海中学代表队 team A');
    await expect.element(screen.getByTestId('not-yet-startLists')).toBeVisible();
  });

  it('shows an official heat by place with marks, and a published start list without results', async () => {
    const { screen } = await open('/home/detail?code=wrj2025&item=11');
    await expect.element(screen.getByTestId('live-round')).toBeVisible();
    expect(calls.find((c) => c.url === '/api/v1/public/competition/7/rounds')?.params).toEqual({ groupItemId: 11 });
    const heats = screen.getByTestId('live-heat');
    await expect.element(heats.nth(0)).toHaveTextContent(/Heat 1\s*Official\s*Wind -0\.4 m\/s/);
    // Phone-sized frame: place, lane, bib, name with the delegation under it, mark with qualifier and record.
    expect(rowTexts('start-row').slice(0, 3)).toEqual([
      '1 4 1002 陈子轩 瑞安中学代表队 11.27QMR',
      '2 3 1001 林浩然 玉海中学代表队 11.62Q',
      '5 1003 刘子墨 玉海中学代表队 DNS',
    ]);
    // The published heat: lane, bib, name and entry mark; no place, no result.
    await expect.element(heats.nth(1)).toHaveTextContent(/Heat 2\s*Start list/);
    expect(rowTexts('start-row')[3]).toBe('4 1004 王子豪 瑞安中学代表队 11.90');
  });

  it('asks for no list when the meeting keeps its lists private', async () => {
    listsPublic = false;
    const { screen } = await open('/home/detail?code=wrj2025&tab=entries');
    await expect
      .element(screen.getByTestId('lists-not-published'))
      .toHaveTextContent('This meeting does not publish its entry lists');
    expect(entryCalls()).toHaveLength(0);
  });

  it('renders the remarks, the schedule by day and the groups on the overview', async () => {
    const { screen } = await open('/home/detail?code=wrj2025');
    await expect.element(screen.getByTestId('meeting-name')).toHaveTextContent('2025 Wenrui Youth Athletics Games');
    await expect
      .element(screen.getByTestId('meeting-remark').getByRole('listitem'))
      .toHaveTextContent('Two events each');
    // The 竞赛规程 is folded under its heading; opening it shows the committee's text.
    const rules = screen.getByTestId('meeting-regulations');
    await expect.element(screen.getByTestId('section-regulations')).toHaveTextContent('Competition regulations');
    await expect.element(rules).not.toBeVisible();
    await screen.getByText('Read the regulations').click();
    await expect.element(rules.getByRole('heading')).toHaveTextContent('一、竞赛项目');
    await expect.element(screen.getByText('Fold the regulations')).toBeVisible();
    await expect.element(screen.getByTestId('meeting-status')).toHaveTextContent('Entries closed');
    // Registration is closed: no way to enter from here.
    await expect.element(screen.getByTestId('detail-enroll')).not.toBeInTheDocument();
    expect(rowTexts('group-card')).toHaveLength(2);
    // The test frame is phone-sized: the schedule shows one day at a time.
    expect(window.innerWidth).toBeLessThan(992);
    // On the meeting's clock (UTC+8), as the start lists show them, whatever the browser's zone.
    expect(rowTexts('schedule-slot')).toEqual(['09:00 100 m U16 Boys']);
    await screen.getByTestId('schedule-days').getByText('Thu 2 Oct').click();
    await expect.poll(() => rowTexts('schedule-slot')).toEqual(['09:00 4 × 100 m relay U16 Boys']);
    expect(rowTexts('group-item')).toEqual(['100 m', '4 × 100 m relay', 'Long jump']);
  });
});
