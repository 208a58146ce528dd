import type { DictVO, RoleOptionVO } from '@baton/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import i18n from '../../../app/i18n';
import { openOptions, pick } from '../../../test/antd';
import { envelope, type FakeServer, serveFake } from '../../../test/fake-fetch';
import { UserFormModal } from './UserFormModal';

/* ---- the fake server: role options, departments, dictionaries, and the create call ---- */

const ROLES: RoleOptionVO[] = [
  { value: 2, label: '系统管理员', labelEn: 'Administrator', code: 'ADMIN' },
  { value: 3, label: '组委会', labelEn: 'Committee', code: 'COMMITTEE' },
  { value: 5, label: '裁判', labelEn: 'Referee', code: 'REFEREE' },
  { value: 9, label: '计时组', labelEn: 'Timekeepers', code: 'TIMEKEEPERS' },
];
const DICTS: DictVO[] = [
  {
    name: '用户类型',
    nameEn: 'User type',
    dictCode: 'user_type',
    dictDataList: [
      ['10', '系统管理员', 'Administrator'],
      ['20', '组委会', 'Committee'],
      ['40', '裁判', 'Referee'],
    ].map(([value, label, labelEn]) => ({ value: value!, label: label!, labelEn: labelEn!, tagType: null })),
  },
  {
    name: '性别',
    nameEn: 'Gender',
    dictCode: 'gender',
    dictDataList: [{ value: '0', label: '未知', labelEn: 'Unknown', tagType: null }],
  },
];

let created: unknown[] = [];

const fakeServer: FakeServer = (config) => {
  const url = config.url ?? '';
  const method = (config.method ?? 'get').toUpperCase();
  if (url === '/api/v1/roles/options') return envelope(ROLES);
  if (url === '/api/v1/dept/options') return envelope([]);
  if (url === '/api/v1/dict/list') return envelope(DICTS);
  if (method === 'POST' && url === '/api/v1/users') {
    const body = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    created.push(body);
    return envelope({ id: 100, ...body });
  }
  return Promise.reject(new Error(`unexpected ${method} ${url}`));
};
serveFake(fakeServer);

beforeEach(() => {
  created = [];
});

const body = () => document.body;
const errors = () => [...body().querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
const testId = (id: string) => body().querySelector<HTMLElement>(`[data-testid="${id}"]`)!;
/** A field's select, found by its label. */
const selectOf = (label: string) =>
  [...body().querySelectorAll('.ant-form-item')]
    .find((item) => item.querySelector('label')?.textContent === label)!
    .querySelector('.ant-select')!;
const typeSelect = () => selectOf('User type');

/** Open a select, click the option with this text, close it. */
async function choose(select: Element, text: string) {
  await pick(select, text);
  await closeDropdown();
}

/**
 * Close the open dropdown and wait until it is gone: while a closing one is still animating, its
 * options (the roles' "Administrator" too) would be found, and clicked, by the next `choose`.
 */
async function closeDropdown() {
  await userEvent.keyboard('{Escape}');
  await expect.poll(() => openOptions().length, { timeout: 10_000 }).toBe(0);
}

/** The texts a select offers (opens it, reads, closes it). */
async function offered(select: Element): Promise<string[]> {
  await userEvent.click(select.querySelector('.ant-select-selector') ?? select);
  await expect.poll(() => openOptions().length).toBeGreaterThan(0);
  const texts = openOptions().map((o) => o.textContent ?? '');
  await closeDropdown();
  return texts;
}

async function mount() {
  await i18n.changeLanguage('en');
  const onSaved = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const screen = await render(
    <QueryClientProvider client={client}>
      <App>
        <UserFormModal editing={0} onClose={() => undefined} onSaved={onSaved} />
      </App>
    </QueryClientProvider>,
  );
  await expect.poll(() => testId('user-username')).not.toBeNull();
  await userEvent.fill(testId('user-username'), 'newcomer');
  await userEvent.fill(testId('user-password'), 'Passw0rd!');
  return { screen, onSaved };
}

// A dozen dropdown clicks on a shared 2-core machine: more than the default 15 s per test.
describe('add user form', () => {
  it('opens with no user type chosen and will not submit without one', async () => {
    await mount();
    // Only the placeholder: no type (least of all Administrator) is preselected.
    await expect.poll(() => typeSelect().textContent).toBe('Choose a user type');
    await userEvent.click(testId('modal-ok'));
    await expect.poll(errors).toContain('Please choose the user type');
    expect(created).toEqual([]);
  });

  it('offers the roles that fit the type, and will not submit a committee role on an administrator', async () => {
    const { onSaved } = await mount();
    const roleSelect = selectOf('Roles');
    await choose(roleSelect, 'Committee');
    await choose(typeSelect(), 'Administrator');
    await userEvent.click(testId('modal-ok'));
    await expect
      .poll(errors)
      .toContain('The role “Committee” does not fit the user type “Administrator”: choose a role of that type');
    expect(created).toEqual([]);
    // The choices follow the type: the chosen misfit stays visible, no other type's role is offered.
    expect(await offered(roleSelect)).toEqual(['Administrator', 'Committee', 'Timekeepers']);

    await choose(typeSelect(), 'Committee');
    expect(await offered(roleSelect)).toEqual(['Committee', 'Timekeepers']);
    await userEvent.click(testId('modal-ok'));
    await expect.poll(() => created.length).toBe(1);
    expect(created[0]).toMatchObject({ username: 'newcomer', userType: 20, roleIds: [3] });
    await expect.poll(() => onSaved.mock.calls.length).toBe(1);
  }, 60_000);
});
