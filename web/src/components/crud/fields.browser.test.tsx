import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, Input } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import i18n from '../../app/i18n';
import { FormModal } from './FormModal';
import { Field } from './fields';
import { createOrUpdate, type TreeEditing, useCrudForm } from './useCrudForm';

/*
 * A form dialog built on the shared fields: `<FormModal grid>` with `Field` cells, the title from
 * `useCrudForm`, and the rules `Field.Text` makes of `required` / `pattern`.
 */

interface Body {
  parentId: number | null;
  code: string;
  name: string;
  remark: string | null;
  sort: number;
  status: number;
}

const saved = vi.fn();
const api = {
  form: async (id: number) => ({
    id,
    version: 2,
    parentId: null,
    code: 'AB',
    name: 'Old',
    remark: null,
    sort: 3,
    status: 0,
  }),
  create: async (body: Body) => {
    saved('create', body);
    return body;
  },
  update: async (id: number, body: Body & { version: number }) => {
    saved('update', id, body);
    return body;
  },
};

// Stable, as `useCrudPage` hands them (a new function each render would reload the record).
const close = () => undefined;

function ThingForm({ editing }: { editing: TreeEditing | null }) {
  const { modal } = useCrudForm<Body, Body & { id: number; version: number }, TreeEditing>({
    editing,
    onClose: close,
    onSaved: close,
    title: { add: 'Add thing', edit: 'Edit thing' },
    load: api.form,
    defaults: (e) => ({ parentId: e.parentId ?? null, sort: 0, status: 1 }),
    save: (v, loaded) =>
      createOrUpdate<Body>(api, loaded, {
        parentId: v.parentId ?? null,
        code: v.code.trim(),
        name: v.name.trim(),
        remark: v.remark?.trim() || null,
        sort: v.sort ?? 0,
        status: v.status ?? 1,
      }),
  });
  return (
    <FormModal<Body> {...modal} grid data-testid="thing-form">
      <Field.Tree name="parentId" label="Parent" span="full" searchable treeData={[{ value: 7, title: 'Seven' }]} />
      <Field.Text
        name="code"
        label="Code"
        max={8}
        required="Code, please"
        pattern={/^[A-Z]+$/}
        patternMessage="Capitals only"
        testId="thing-code"
      />
      <Field.Text name="name" label="Name" max={20} required="Name, please" whitespace testId="thing-name" />
      <Field name="other" label="Other" span="quarter">
        <Input data-testid="thing-other" />
      </Field>
      <Field.Sort span="quarter" />
      <Field.Status />
      <Field.Remark />
    </FormModal>
  );
}

const body = () => document.body;
const byTestId = (id: string) => body().querySelector<HTMLElement>(`[data-testid="${id}"]`);
const errors = () => [...body().querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
const cellOf = (id: string) =>
  [...byTestId(id)!.closest('[class*="ant-col-xs-"]')!.classList].filter((c) => c.startsWith('ant-col-'));

async function mount(editing: TreeEditing) {
  await i18n.changeLanguage('en');
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <App>
        <ThingForm editing={editing} />
      </App>
    </QueryClientProvider>,
  );
}

beforeEach(() => saved.mockClear());

describe('form fields on the shared pieces', () => {
  it('lays the cells out in one grid row, by span', async () => {
    await mount({ id: 0 });
    await expect.poll(() => byTestId('thing-code')).not.toBeNull();
    expect(body().querySelector('.ant-modal-title')?.textContent).toBe('Add thing');
    expect(byTestId('thing-form')!.querySelectorAll(':scope > .ant-row > .ant-col')).toHaveLength(7);
    expect(cellOf('thing-code')).toEqual(['ant-col-xs-24', 'ant-col-sm-12']);
    expect(cellOf('thing-other')).toEqual(['ant-col-xs-12', 'ant-col-sm-6']);
    const labels = [...byTestId('thing-form')!.querySelectorAll('label')].map((l) => l.textContent);
    expect(labels).toEqual(expect.arrayContaining(['Parent', 'Code', 'Name', 'Sort', 'Status', 'Remark']));
  });

  it('says what is missing or wrong, then saves the trimmed values with the defaults', async () => {
    await mount({ id: 0, parentId: 7 });
    await expect.poll(() => byTestId('thing-code')).not.toBeNull();
    await userEvent.fill(byTestId('thing-name')!, '   ');
    await userEvent.click(byTestId('modal-ok')!);
    await expect.poll(errors).toEqual(['Code, please', 'Name, please']);
    await userEvent.fill(byTestId('thing-code')!, 'ab');
    await expect.poll(errors).toContain('Capitals only');
    expect(byTestId('thing-code')!.getAttribute('maxlength')).toBe('8');
    await userEvent.fill(byTestId('thing-code')!, 'AB');
    await userEvent.fill(byTestId('thing-name')!, ' Thing ');
    await userEvent.click(byTestId('modal-ok')!);
    await expect
      .poll(() => saved.mock.calls)
      .toEqual([['create', { parentId: 7, code: 'AB', name: 'Thing', remark: null, sort: 0, status: 1 }]]);
  });

  it('titles an edit as such', async () => {
    await mount({ id: 5 });
    await expect
      .poll(() => [...body().querySelectorAll('.ant-modal-title')].map((e) => e.textContent))
      .toEqual(['Edit thing']);
  });
});
