import { type ApplyContextVO, type AthleteVO, idCheckChar } from '@baton/contracts';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { applyApi } from '../../../api/apply';
import i18n from '../../../app/i18n';
import { AthleteForm } from './AthleteForm';

const field = (key: string, label: string, required = false) => ({
  fieldId: key.length,
  key,
  label,
  labelEn: label,
  kind: 'text' as const,
  dictCode: null,
  target: 'athlete' as const,
  pattern: null,
  required,
  sort: 1,
});

const group = (id: number, name: string, gender: 'M' | 'F' | 'X', birthFrom: string, birthTo: string) => ({
  id,
  name,
  nameEn: name,
  gender,
  birthFrom,
  birthTo,
  maxEventsPerAthlete: 2,
  fields: [] as ApplyContextVO['groups'][number]['fields'],
});

const ctx: ApplyContextVO = {
  meeting: {
    id: 1,
    code: 'wrj2025',
    name: '测试运动会',
    nameEn: 'Test games',
    status: 'registration_open',
    regOpensAt: '2020-01-01T00:00:00Z',
    regClosesAt: '2099-01-01T00:00:00Z',
    timeZone: 'Asia/Shanghai',
    registrationOpen: true,
    remark: '',
    regulations: '',
    maxEventsPerAthlete: 2,
    maxRelaysPerAthlete: 1,
    maxEntriesPerItem: 2,
    maxAthletes: 60,
    maxCoaches: 8,
  },
  delegation: {
    id: 4,
    name: '测试代表队',
    shortName: null,
    leaderName: null,
    contactName: null,
    contactMobile: '13800000004',
    status: 'registering',
    reviewReason: null,
    fields: {},
    version: 1,
  },
  writable: true,
  groups: [
    group(1, '少年男子组', 'M', '2012-01-01', '2013-12-31'),
    group(2, '少年女子组', 'F', '2012-01-01', '2013-12-31'),
    group(3, '青年男子组', 'M', '2010-01-01', '2011-12-31'),
    { ...group(4, '混合组', 'X', '2008-01-01', '2013-12-31'), fields: [field('club', '俱乐部', true)] },
  ],
  athleteFields: [field('school', '学校', true)],
  coachFields: [],
  delegationFields: [],
  counts: { athletes: 0, coaches: 0, entries: 0, relays: 0, files: 0 },
};

const id18 = (first17: string) => `${first17}${idCheckChar(first17)}`;
/** A boy born 2012-03-15 (17th digit odd), a girl born 2011-07-01 (even). */
const BOY = id18('33038120120315123');
const GIRL = id18('33038120110701124');
/** An option of the open select dropdown, once antd has rendered it. */
const option = (selector: string) =>
  vi.waitFor(() => {
    const el = document.querySelector<HTMLElement>(`.ant-select-item-option${selector}`);
    if (!el) throw new Error(`no option ${selector} yet`);
    return el;
  });
const badCheck = (id: string) => `${id.slice(0, 17)}${id[17] === '0' ? '1' : '0'}`;

afterEach(() => {
  vi.restoreAllMocks();
});

async function mount() {
  const screen = await render(
    <App>
      <AthleteForm ctx={ctx} editing={0} onClose={() => undefined} onSaved={() => undefined} />
    </App>,
  );
  const idInput = () => screen.getByTestId('athlete-id-number');
  const birth = () => screen.getByTestId('athlete-birth-date').element() as HTMLInputElement;
  const genderRadio = (g: 'M' | 'F') =>
    document.querySelector<HTMLInputElement>(`[data-testid="athlete-gender"] input[value="${g}"]`)!;
  /** The group options the select offers (opens it, reads the list, closes it). */
  const groupOptions = async () => {
    await screen.getByTestId('athlete-group').click();
    const read = () =>
      [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')]
        .map((o) => o.textContent ?? '')
        .map((s) => s.replace(/\s*\(.*$/, ''));
    await expect.poll(() => read().length).toBeGreaterThan(0);
    const names = read();
    await userEvent.keyboard('{Escape}');
    return names;
  };
  return { screen, idInput, birth, genderRadio, groupOptions };
}

describe('athlete form: the ID number drives the form', () => {
  it('shows the check-digit error for a mistyped mainland ID number, and fills nothing', async () => {
    const { screen, idInput, birth, genderRadio } = await mount();
    await idInput().fill(badCheck(BOY));
    await expect.element(screen.getByText(i18n.t('apply.athlete.idProblem.checkDigit'))).toBeVisible();
    expect(birth().value).toBe('');
    expect(genderRadio('M').checked).toBe(false);
    expect(genderRadio('M').disabled).toBe(true);
    // Too short: the shape error, not the check digit.
    await idInput().fill('3303812012');
    await expect.element(screen.getByText(i18n.t('apply.athlete.idProblem.format'))).toBeVisible();
  });

  it('fills birth date and gender from a valid number (read-only) and offers only the groups the athlete fits', async () => {
    const { screen, idInput, birth, genderRadio, groupOptions } = await mount();
    await idInput().fill(BOY.toLowerCase());
    await expect.poll(() => birth().value).toBe('2012-03-15');
    expect(genderRadio('M').checked).toBe(true);
    expect(genderRadio('F').disabled).toBe(true);
    expect(birth().disabled).toBe(true);
    expect(screen.container.ownerDocument.body.textContent).not.toContain(i18n.t('apply.athlete.idProblem.checkDigit'));
    expect(await groupOptions()).toEqual(['少年男子组', '混合组']);

    // A girl born 2011: only the mixed group fits, and it is chosen for her.
    await idInput().fill(GIRL);
    await expect.poll(() => birth().value).toBe('2011-07-01');
    expect(genderRadio('F').checked).toBe(true);
    expect(await groupOptions()).toEqual(['混合组']);
    await expect.element(screen.getByTestId('athlete-group')).toHaveTextContent('混合组');
    // The chosen group's own field joins the meeting's.
    await expect.element(screen.getByTestId('field-club')).toBeVisible();

    // A legacy 15-digit number of someone born in 1985: no group fits.
    await idInput().fill('330381850315123');
    await expect.poll(() => birth().value).toBe('1985-03-15');
    await expect.element(screen.getByTestId('athlete-no-group')).toBeVisible();
  });

  it('a passport asks for gender and birth date, which then choose the groups', async () => {
    const { screen, birth, genderRadio, groupOptions } = await mount();
    await screen.getByTestId('athlete-id-type').click();
    // By the label in whatever language an earlier test file left the app in.
    await userEvent.click(await option(`[title="${i18n.t('apply.idType.2')}"]`));
    await screen.getByTestId('athlete-id-number').fill('E12345678');
    expect(birth().disabled).toBe(false);
    await userEvent.click(genderRadio('F'));
    await screen.getByTestId('athlete-birth-date').fill('2013-05-20');
    expect(await groupOptions()).toEqual(['少年女子组', '混合组']);
  });

  it('saves what the form shows: upper-case ID, derived facts, the group and the fields', async () => {
    const saved = { id: 9 } as AthleteVO;
    const create = vi.spyOn(applyApi.athletes, 'create').mockResolvedValue(saved);
    const onSaved = vi.fn();
    const screen = await render(
      <App>
        <AthleteForm ctx={ctx} editing={0} onClose={() => undefined} onSaved={onSaved} />
      </App>,
    );
    await screen.getByTestId('athlete-name').fill('  张三 ');
    await screen.getByTestId('athlete-id-number').fill(BOY);
    await screen.getByTestId('athlete-group').click();
    await userEvent.click(await option('[title^="少年男子组"]'));
    // The meeting's required field is asked for first.
    await screen.getByTestId('modal-ok').click();
    await expect.element(screen.getByText(i18n.t('apply.field.required', { label: '学校' }))).toBeVisible();
    expect(create).not.toHaveBeenCalled();
    await screen.getByTestId('field-school').getByRole('textbox').fill('瑞安中学');
    await screen.getByTestId('modal-ok').click();
    await expect.poll(() => create.mock.calls.length).toBe(1);
    expect(create.mock.calls[0]![0]).toMatchObject({
      name: '张三',
      idType: '1',
      idNumber: BOY,
      gender: 'M',
      birthDate: '2012-03-15',
      groupId: 1,
      photoFileId: null,
      fields: { school: '瑞安中学' },
    });
    expect(onSaved).toHaveBeenCalledWith(saved);
  });
});
