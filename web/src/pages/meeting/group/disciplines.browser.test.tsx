import { COMBINED_FORMATS, type GroupItemVO, type GroupVO, type ItemVO, type UserInfo } from '@baton/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import i18n from '../../../app/i18n';
import { useUserStore } from '../../../stores/user';
import { openOptions, pick, testId } from '../../../test/antd';
import { envelope, type FakeServer, serveFake } from '../../../test/fake-fetch';
import { GroupItems } from './GroupItems';

/**
 * The group item dialog of a combined event (issue 23): its rounds are its disciplines, an
 * ordered list prefilled with the item's preset for the group's sex, offering only disciplines
 * with a scoring table for that sex; saved as one 'final' round per discipline.
 */
const item = (id: number, code: string, name: string, nameEn: string, kind: ItemVO['kind']) =>
  ({ id, code, name, nameEn, kind, resultFormat: kind === 'combined' ? 'points' : 'time', status: 1 }) as ItemVO;
const ITEMS = [item(1, 'HEP', '七项全能', 'Heptathlon', 'combined'), item(2, '100', '100米', '100 m', 'track')];

const group = (gender: GroupVO['gender']) => ({ id: 5, name: '少年组', nameEn: 'Youth', gender }) as GroupVO;
let existing: GroupItemVO[] = [];
let writes: { method: string; url: string; body: { rounds: unknown } }[] = [];

const fakeServer: FakeServer = (config) => {
  const url = config.url ?? '';
  const method = (config.method ?? 'get').toUpperCase();
  const body = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
  if (method === 'GET' && url === '/api/v1/group-items') return envelope(existing);
  if (method === 'GET' && url === '/api/v1/items') return envelope({ list: ITEMS, total: ITEMS.length });
  if (method === 'POST' || method === 'PUT') {
    writes.push({ method, url, body });
    return envelope({ ...body, id: 77 });
  }
  return Promise.reject(new Error(`unexpected ${method} ${url}`));
};
serveFake(fakeServer);

beforeEach(() => {
  existing = [];
  writes = [];
  useUserStore.getState().setUserInfo({ roles: [], perms: ['meeting:group:edit'] } as unknown as UserInfo);
});

const body = () => document.body;
const codes = () =>
  [...body().querySelectorAll<HTMLElement>('[data-testid="discipline-row"]')].map((r) => r.dataset.code);

async function mount(gender: GroupVO['gender'], lang = 'en') {
  await i18n.changeLanguage(lang);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <GroupItems group={group(gender)} timeZone="Asia/Shanghai" onChanged={() => undefined} />
      </App>
    </QueryClientProvider>,
  );
}

// A dialog of many selects on a shared 2-core machine: more time than the default 15 s.
describe('the disciplines of a combined event in the group item dialog', { timeout: 60_000 }, () => {
  it("a women's heptathlon starts from its preset; move, remove, add, saved as one round a discipline", async () => {
    await mount('F');
    await userEvent.click(await vi.waitFor(() => testId('group-item-add')!));
    await pick(testId('group-item-select')!, 'HEP Heptathlon');
    // TR 39.2.1: the seven disciplines in their order, not the heats / final editor.
    await expect.poll(codes).toEqual(COMBINED_FORMATS.HEP!.F);
    expect(testId('rounds-editor')).toBeNull();
    expect(testId('discipline-0')!.textContent).toBe('100 m hurdles');
    expect(testId('discipline-preset')!.hasAttribute('disabled')).toBe(true);

    // High jump first, the 800 m out.
    await userEvent.click(testId('discipline-up-1')!);
    await expect.poll(codes).toEqual(['HJ', '100H', 'SP', '200', 'LJ', 'JT', '800']);
    expect(testId('discipline-up-0')!.hasAttribute('disabled')).toBe(true);
    expect(testId('discipline-down-6')!.hasAttribute('disabled')).toBe(true);
    await userEvent.click(testId('discipline-remove-6')!);
    await expect.poll(codes).toEqual(['HJ', '100H', 'SP', '200', 'LJ', 'JT']);

    // Offered: disciplines a woman can score (no 110 m hurdles, no 1000 m) not yet in the list.
    const add = testId('discipline-add')!;
    await userEvent.click(add.querySelector('.ant-select-selector') ?? add);
    const offered = await vi.waitFor(() => {
      const texts = openOptions().map((o) => o.textContent);
      if (!texts.length) throw new Error('no options yet');
      return texts;
    });
    expect(offered).toEqual([
      '60 m',
      '100 m',
      '400 m',
      '800 m',
      '1500 m',
      '60 m hurdles',
      'Pole vault',
      'Discus throw',
    ]);
    expect(offered).not.toContain('110 m hurdles');
    expect(offered).not.toContain('1000 m');
    expect(offered).not.toContain('High jump');
    await userEvent.click(openOptions().find((o) => o.textContent === 'Pole vault')!);
    await expect.poll(codes).toEqual(['HJ', '100H', 'SP', '200', 'LJ', 'JT', 'PV']);

    await userEvent.click(testId('modal-ok')!);
    await expect.poll(() => writes.length).toBe(1);
    expect(writes[0]!.method).toBe('POST');
    expect(writes[0]!.body.rounds).toEqual(
      ['HJ', '100H', 'SP', '200', 'LJ', 'JT', 'PV'].map((discipline) => ({ name: 'final', discipline })),
    );
  });

  it('editing: the stored disciplines, "reset" takes the preset again; an empty list is refused (zh-cn)', async () => {
    existing = [
      {
        id: 31,
        groupId: 5,
        groupName: '少年组',
        itemId: 1,
        itemCode: 'HEP',
        itemName: '七项全能',
        itemNameEn: 'Heptathlon',
        itemKind: 'combined',
        maxPerDelegation: null,
        relayTeamSize: 4,
        relayAlternates: 0,
        rounds: ['60', 'LJ', 'SP'].map((discipline) => ({ name: 'final' as const, discipline })),
        scoringTable: [9, 7, 6],
        scheduledAt: null,
        sort: 0,
        entryCount: 0,
        version: 3,
      },
    ];
    await mount('M', 'zh-cn');
    // The list shows the disciplines by name and number.
    await expect.poll(() => body().textContent ?? '').toContain('1 · 60米');
    expect(body().textContent).toContain('3 · 铅球');
    await userEvent.click(body().querySelector<HTMLElement>('[data-testid="group-items-5"] .ant-btn-link')!);
    await expect.poll(codes).toEqual(['60', 'LJ', 'SP']);
    expect(testId('discipline-1')!.textContent).toBe('跳远');

    for (let i = 0; i < 3; i++) await userEvent.click(testId('discipline-remove-0')!);
    await expect.poll(codes).toEqual([]);
    await userEvent.click(testId('modal-ok')!);
    await expect.poll(() => body().textContent ?? '').toContain('至少需要一个单项');
    expect(writes).toHaveLength(0);

    // The men's indoor heptathlon (TR 39.1.2).
    await userEvent.click(testId('discipline-preset')!);
    await expect.poll(codes).toEqual(COMBINED_FORMATS.HEP!.M);
    await userEvent.click(testId('modal-ok')!);
    await expect.poll(() => writes.length).toBe(1);
    expect(writes[0]).toMatchObject({ method: 'PUT', url: '/api/v1/group-items/31' });
    expect(writes[0]!.body).toMatchObject({
      version: 3,
      rounds: COMBINED_FORMATS.HEP!.M.map((discipline) => ({ name: 'final', discipline })),
    });
  });

  it('any other event keeps the heats / final editor', async () => {
    await mount('X');
    await userEvent.click(await vi.waitFor(() => testId('group-item-add')!));
    await pick(testId('group-item-select')!, '100 100 m');
    await expect.poll(() => testId('rounds-editor')).not.toBeNull();
    expect(testId('disciplines-editor')).toBeNull();
  });
});
