import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, Form, Input } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import i18n from '../../app/i18n';
import { useUserStore } from '../../stores/user';
import { CrudTable } from './CrudTable';
import { CrudToolbar } from './CrudToolbar';
import { FormModal } from './FormModal';
import { rowActions } from './rowActions';
import { SearchForm } from './SearchForm';
import { type CrudFormProps, createOrUpdate, useCrudForm } from './useCrudForm';
import { useCrudPage } from './useCrudPage';

/*
 * A small list page built only from the shared pieces (useCrudPage, SearchForm, CrudTable,
 * CrudToolbar, rowActions, useCrudForm + FormModal) over an in-memory api that keeps versions
 * like the server (a stale update is refused).
 */

interface Thing {
  id: number;
  name: string;
  version: number;
}
type Filters = { keywords?: string };
type Body = { name: string };

let things: Thing[] = [];
let nextId = 10;
const calls = { page: [] as Filters[], form: [] as number[], update: [] as unknown[], removed: [] as number[][] };
const api = {
  page: async (q: Filters) => {
    calls.page.push({ keywords: q.keywords });
    const list = things.filter((t) => !q.keywords || t.name.includes(q.keywords));
    return { list, total: list.length };
  },
  form: async (id: number) => {
    calls.form.push(id);
    const found = things.find((t) => t.id === id);
    if (!found) throw new Error('gone');
    return { ...found };
  },
  create: async (body: Body) => {
    const thing = { id: nextId++, name: body.name, version: 1 };
    things = [...things, thing];
    return thing;
  },
  update: async (id: number, body: Body & { version: number }) => {
    calls.update.push({ id, ...body });
    const found = things.find((t) => t.id === id);
    if (!found || found.version !== body.version) throw new Error('A0409');
    things = things.map((t) => (t.id === id ? { id, name: body.name, version: t.version + 1 } : t));
    return things.find((t) => t.id === id)!;
  },
  remove: async (ids: number[]) => {
    calls.removed.push(ids);
    things = things.filter((t) => !ids.includes(t.id));
  },
};
const exported = vi.fn();
const changed = vi.fn();

function ThingForm({ editing, onClose, onSaved }: CrudFormProps) {
  const { isEdit, modal } = useCrudForm<Body, Thing>({
    editing,
    load: api.form,
    defaults: () => ({ name: 'fresh' }),
    save: (v, loaded) => createOrUpdate(api, loaded, { name: v.name.trim() }),
    onClose,
    onSaved,
  });
  return (
    <FormModal<Body> {...modal} title={isEdit ? 'Edit thing' : 'Add thing'} data-testid="thing-form">
      <Form.Item name="name" label="Name" rules={[{ required: true }]}>
        <Input data-testid="thing-name" />
      </Form.Item>
    </FormModal>
  );
}

function ThingPage() {
  const page = useCrudPage<Thing, Filters>({ remove: api.remove, onChanged: changed });
  return (
    <>
      <SearchForm<Filters>
        fields={[{ name: 'keywords', label: 'Keywords', node: <Input data-testid="thing-keywords" /> }]}
        onSearch={page.search}
      />
      <CrudTable<Thing, Filters>
        ref={page.table}
        queryKey={['things']}
        request={api.page}
        params={page.filters}
        rowKey="id"
        selectable
        data-testid="thing-table"
        columns={[
          { title: 'Name', dataIndex: 'name' },
          rowActions<Thing>((row) => [
            { kind: 'edit', perm: 'x:thing:edit', onClick: () => page.edit(row.id), testId: `edit-${row.name}` },
            row.name !== 'locked' && {
              kind: 'delete',
              perm: 'x:thing:delete',
              onClick: () => page.remove([row.id]),
              testId: `delete-${row.name}`,
            },
          ]),
        ]}
        toolbar={(table) => (
          <CrudToolbar
            table={table}
            perm="x:thing"
            testId="thing"
            onAdd={() => page.edit(0)}
            onDelete={page.remove}
            onExport={exported}
          />
        )}
      />
      <ThingForm {...page.form} />
    </>
  );
}

const body = () => document.body;
const byTestId = (id: string) => body().querySelector<HTMLElement>(`[data-testid="${id}"]`);
const rowNames = () =>
  [...body().querySelectorAll('[data-testid="thing-table"] tr.ant-table-row')].map(
    (tr) => tr.querySelectorAll('td')[1]?.textContent,
  );
const rowCheckbox = (name: string) =>
  [...body().querySelectorAll('[data-testid="thing-table"] tr.ant-table-row')]
    .find((tr) => tr.querySelectorAll('td')[1]?.textContent === name)!
    .querySelector<HTMLInputElement>('input[type="checkbox"]')!;
const openPopconfirm = () => body().querySelector('.ant-popconfirm:not(.ant-popover-hidden)');
const dialogOpen = () => Boolean(body().querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal'));
const toasts = () => [...body().querySelectorAll('.ant-message-notice')].map((n) => n.textContent);

async function mount(perms: string[]) {
  await i18n.changeLanguage('en');
  useUserStore.setState({
    userInfo: { userId: 1, username: 'u', nickname: 'u', avatar: null, userType: 10, deptId: null, roles: [], perms },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const screen = await render(
    <QueryClientProvider client={client}>
      <App>
        <ThingPage />
      </App>
    </QueryClientProvider>,
  );
  await expect.poll(rowNames).toEqual(['alpha', 'beta', 'locked']);
  return screen;
}

const ALL = ['x:thing:add', 'x:thing:edit', 'x:thing:delete', 'x:thing:import', 'x:thing:export'];

beforeEach(() => {
  things = [
    { id: 1, name: 'alpha', version: 1 },
    { id: 2, name: 'beta', version: 3 },
    { id: 3, name: 'locked', version: 1 },
  ];
  nextId = 10;
  calls.page = [];
  calls.form = [];
  calls.update = [];
  calls.removed = [];
  exported.mockClear();
  changed.mockClear();
});

describe('a list page on the shared CRUD pieces', () => {
  it('shows each button and row action only with its permission and its handler', async () => {
    await mount(['x:thing:add', 'x:thing:delete']);
    expect(byTestId('thing-add')).not.toBeNull();
    expect(byTestId('thing-batch-delete')).not.toBeNull();
    // No permission: no export; no handler: no import.
    expect(byTestId('thing-export')).toBeNull();
    expect(byTestId('thing-import')).toBeNull();
    expect(byTestId('edit-alpha')).toBeNull();
    expect(byTestId('delete-alpha')).not.toBeNull();
    // Left out by the page's own condition.
    expect(byTestId('delete-locked')).toBeNull();
  });

  it('batch delete waits for a selection, names the count, deletes and reloads', async () => {
    await mount(ALL);
    const batch = byTestId('thing-batch-delete')!;
    expect(batch.hasAttribute('disabled')).toBe(true);
    await userEvent.click(rowCheckbox('alpha'));
    await userEvent.click(rowCheckbox('beta'));
    await expect.poll(() => batch.hasAttribute('disabled')).toBe(false);
    await userEvent.click(batch);
    await expect.poll(() => openPopconfirm()?.textContent).toContain('Delete the 2 selected records?');
    await userEvent.click(openPopconfirm()!.querySelector<HTMLElement>('.ant-btn-primary')!);
    await expect.poll(rowNames).toEqual(['locked']);
    expect(calls.removed).toEqual([[1, 2]]);
    expect(toasts()).toContain('Deleted');
    expect(changed).toHaveBeenCalledTimes(1);
    // The selection went with the rows.
    await expect.poll(() => batch.hasAttribute('disabled')).toBe(true);
  });

  it('a row delete asks first', async () => {
    await mount(ALL);
    await userEvent.click(byTestId('delete-beta')!);
    await expect.poll(() => openPopconfirm()?.textContent).toContain('Delete this record?');
    expect(calls.removed).toEqual([]);
    await userEvent.click(openPopconfirm()!.querySelector<HTMLElement>('.ant-btn-primary')!);
    await expect.poll(rowNames).toEqual(['alpha', 'locked']);
    expect(calls.removed).toEqual([[2]]);
  });

  it('the search trims the keywords and drops empty filters; export gets its click', async () => {
    await mount(ALL);
    await userEvent.fill(byTestId('thing-keywords')!, '  alp  ');
    await userEvent.click(byTestId('search-submit')!);
    await expect.poll(rowNames).toEqual(['alpha']);
    expect(calls.page.at(-1)).toEqual({ keywords: 'alp' });
    await userEvent.fill(byTestId('thing-keywords')!, '   ');
    await userEvent.click(byTestId('search-submit')!);
    await expect.poll(rowNames).toEqual(['alpha', 'beta', 'locked']);
    expect(calls.page.at(-1)).toEqual({ keywords: undefined });
    await userEvent.click(byTestId('thing-export')!);
    expect(exported).toHaveBeenCalledTimes(1);
  });

  it('add opens the form with its defaults, saves, says so and reloads', async () => {
    await mount(ALL);
    await userEvent.click(byTestId('thing-add')!);
    await expect.poll(() => (byTestId('thing-name') as HTMLInputElement | null)?.value).toBe('fresh');
    expect(body().querySelector('.ant-modal-title')?.textContent).toBe('Add thing');
    await userEvent.fill(byTestId('thing-name')!, ' gamma ');
    await userEvent.click(byTestId('modal-ok')!);
    await expect.poll(rowNames).toEqual(['alpha', 'beta', 'locked', 'gamma']);
    expect(toasts()).toContain('Saved');
  });

  it('edit loads the record and saves it with the version it was loaded at', async () => {
    await mount(ALL);
    await userEvent.click(byTestId('edit-beta')!);
    await expect.poll(() => (byTestId('thing-name') as HTMLInputElement | null)?.value).toBe('beta');
    expect(body().querySelector('.ant-modal-title')?.textContent).toBe('Edit thing');
    await userEvent.fill(byTestId('thing-name')!, 'bravo');
    await userEvent.click(byTestId('modal-ok')!);
    await expect.poll(rowNames).toEqual(['alpha', 'bravo', 'locked']);
    expect(calls.update).toEqual([{ id: 2, name: 'bravo', version: 3 }]);
  });

  it('a rejected save keeps the dialog open with what was typed; a failed load closes it', async () => {
    await mount(ALL);
    await userEvent.click(byTestId('edit-alpha')!);
    await expect.poll(() => (byTestId('thing-name') as HTMLInputElement | null)?.value).toBe('alpha');
    // Someone else saved in between: the update is refused.
    things = things.map((t) => (t.id === 1 ? { ...t, version: 2 } : t));
    await userEvent.fill(byTestId('thing-name')!, 'mine');
    await userEvent.click(byTestId('modal-ok')!);
    await expect.poll(() => calls.update.length).toBe(1);
    expect(dialogOpen()).toBe(true);
    expect((byTestId('thing-name') as HTMLInputElement).value).toBe('mine');
    await userEvent.keyboard('{Escape}');
    await expect.poll(dialogOpen).toBe(false);

    // The record is gone by the time its form loads.
    things = things.filter((t) => t.id !== 2);
    await userEvent.click(byTestId('edit-beta')!);
    await expect.poll(() => calls.form).toEqual([1, 2]);
    await expect.poll(dialogOpen).toBe(false);
  });
});
