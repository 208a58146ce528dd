import type { AuditDecisionVO, FieldLinkVO, RecordHistoryVO } from '@baton/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import i18n from '../../../app/i18n';
import { useAppStore } from '../../../stores/app';
import { useDictStore } from '../../../stores/dict';
import { type HistoryData, HistoryView, prettyJson } from './HistoryView';

// The files API by opaque id answers with a picture (a 1 × 1 PNG), and keeps the ids asked for.
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);
const asked: string[] = [];
vi.mock('../../../api/files', async (original) => ({
  ...(await original<typeof import('../../../api/files')>()),
  fileBlob: async (id: string) => {
    asked.push(id);
    return { data: new Blob([PNG], { type: 'image/png' }) };
  },
}));

// The dictionaries the values name (as the server's list gives them).
useDictStore.setState({
  loaded: true,
  dicts: {
    audit_status: {
      name: '审核状态',
      nameEn: 'Audit status',
      dictCode: 'audit_status',
      dictDataList: [
        { value: 'draft', label: '草稿', labelEn: 'Draft', tagType: 'info' },
        { value: 'submitted', label: '待审核', labelEn: 'Submitted', tagType: 'warning' },
        { value: 'returned', label: '已退回', labelEn: 'Returned', tagType: 'danger' },
      ],
    },
    id_type: {
      name: '证件类型',
      nameEn: 'ID type',
      dictCode: 'id_type',
      dictDataList: [{ value: '1', label: '居民身份证', labelEn: 'Resident ID card', tagType: null }],
    },
  },
});

const field = (key: string, label: string, labelEn: string, kind: FieldLinkVO['kind'] = 'text'): FieldLinkVO => ({
  fieldId: key.length,
  key,
  label,
  labelEn,
  kind,
  dictCode: null,
  target: 'athlete',
  pattern: null,
  required: true,
  sort: 0,
});

const longUnchanged = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`extra${i + 10}`, `v${i}`]));
const athlete = (over: Record<string, unknown>) => ({
  name: '王小明',
  nameEn: null,
  gender: 'M',
  idType: '1',
  idNumber: '110101201203150251',
  birthDate: '2012-03-15',
  groupId: 3,
  groupName: 'U16男子组',
  photoFileId: 'photo-old',
  // Values the compare folds when unchanged (a dozen lines in a row).
  fields: { school: '一中', emergencyContact: '王爸爸', ...longUnchanged },
  status: 'draft',
  entries: [{ itemCode: '100', itemName: '100米', seedMark: '12.50', seedDate: null }],
  relays: [],
  ...over,
});

const created = athlete({});
const submitted = athlete({ status: 'submitted' });
const changed = athlete({
  name: '王晓明',
  nameEn: 'Wang Xiaoming',
  photoFileId: 'photo-new',
  birthDate: '2012-03-16',
  groupId: 4,
  groupName: 'U18男子组',
  fields: { school: '二中', emergencyContact: '王爸爸', ...longUnchanged },
  entries: [{ itemCode: 'LJ', itemName: '跳远', seedMark: null, seedDate: null }],
  status: 'returned',
});

const history: RecordHistoryVO[] = [
  { id: 1, before: null, after: created, userName: 'dlg', createdAt: '2025-05-01T08:00:00.000Z' },
  { id: 2, before: created, after: submitted, userName: 'dlg', createdAt: '2025-05-01T09:00:00.000Z' },
  // Keys in another order than before: only real changes count.
  {
    id: 3,
    before: { ...submitted, status: 'returned' },
    after: Object.fromEntries(Object.entries(changed).reverse()),
    userName: 'dlg',
    createdAt: '2025-05-03T08:00:00.000Z',
  },
];
const decisions: AuditDecisionVO[] = [
  {
    id: 7,
    level: 'committee',
    decision: 'return',
    reason: '照片不清晰',
    userName: 'committee',
    createdAt: '2025-05-02T08:00:00.000Z',
  },
];
const data: HistoryData = {
  entity: 'athlete',
  history,
  decisions,
  formFields: [
    field('school', '学校', 'School'),
    field('emergencyContact', '紧急联系人', 'Emergency contact'),
    field('photo', '证件照', 'Photo', 'image'),
  ],
  groups: [
    { id: 3, name: 'U16男子组', nameEn: 'U16 Boys' },
    { id: 4, name: 'U18男子组', nameEn: 'U18 Boys' },
  ],
  items: [
    { code: '100', name: '100米', nameEn: '100 m' },
    { code: 'LJ', name: '跳远', nameEn: 'Long jump' },
  ],
};

async function inLanguage(lang: 'en' | 'zh-cn') {
  useAppStore.getState().setLanguage(lang);
  await i18n.changeLanguage(lang);
}

const show = (d: HistoryData = data) =>
  render(
    <div style={{ width: 800 }}>
      <HistoryView {...d} />
    </div>,
  );

const changes = (root: Element) => [...root.querySelectorAll('[data-testid="history-change"]')];
const rowOf = (card: Element, key: string) => card.querySelector(`[data-testid="history-row"][data-key="${key}"]`);
type Side = 'label' | 'before' | 'after';
const cellText = (row: Element | null, side: Side) =>
  row?.querySelector(`[data-testid="history-${side}"]`)?.textContent?.trim();
/** Cells of a change's rows: by row key, the text of each side asked for. */
type Cells = Record<string, Partial<Record<Side, string>>>;
/** The texts of the cells `asked` names, in its shape (to compare with it). */
const cellsOf = (card: Element, asked: Cells): Cells =>
  Object.fromEntries(
    Object.entries(asked).map(([key, sides]) => [
      key,
      Object.fromEntries(Object.keys(sides).map((side) => [side, cellText(rowOf(card, key), side as Side)])),
    ]),
  );
/** The view of `data` once it shows a change, and the newest change it shows. */
async function newestChange(): Promise<{ root: Element; newest: Element }> {
  const root = (await show()).container;
  await expect.poll(() => changes(root).length).toBeGreaterThan(0);
  return { root, newest: changes(root)[0]! };
}

afterEach(async () => {
  await inLanguage('zh-cn');
});

describe('HistoryView, readable', () => {
  it('says the newest change field by field in English: labels, old → new, dates, groups, events', async () => {
    await inLanguage('en');
    const { root, newest } = await newestChange();
    const keys = [...newest.querySelectorAll('[data-testid="history-row"]')].map((r) => r.getAttribute('data-key'));
    // Only what changed, in the info table's order; the machine's keys (groupName) are not rows.
    expect(keys).toEqual(['name', 'nameEn', 'birthDate', 'groupId', 'photoFileId', 'fields.school', 'entries']);
    const expected: Cells = {
      name: { label: 'Name', before: '王小明', after: '王晓明' },
      birthDate: { label: 'Date of birth', before: '15 Mar 2012', after: '16 Mar 2012' },
      groupId: { before: 'U16 Boys', after: 'U18 Boys' },
      'fields.school': { label: 'School', after: '二中' },
      entries: { label: 'Events', before: '100 m · Seed mark 12.50', after: 'Long jump' },
      // The photo row is named by the form's photo field.
      photoFileId: { label: 'Photo' },
    };
    expect(cellsOf(newest, expected)).toEqual(expected);
    expect(root.textContent).not.toContain('photo-old');
  });

  it('says the same in Chinese', async () => {
    await inLanguage('zh-cn');
    const expected: Cells = {
      name: { label: '姓名' },
      'fields.school': { label: '学校' },
      birthDate: { after: '2012年3月16日' },
      groupId: { after: 'U18男子组' },
      entries: { after: '跳远' },
      photoFileId: { label: '证件照' },
    };
    expect(cellsOf((await newestChange()).newest, expected)).toEqual(expected);
  });

  it('shows the old and the new photo side by side as pictures from the files API', async () => {
    await inLanguage('en');
    asked.length = 0;
    const screen = await show();
    const row = () => rowOf(changes(screen.container)[0]!, 'photoFileId');
    const src = (side: 'before' | 'after') =>
      row()?.querySelector(`[data-testid="history-${side}"] img`)?.getAttribute('src') ?? '';
    await expect.poll(() => src('before')).toMatch(/^blob:/);
    await expect.poll(() => src('after')).toMatch(/^blob:/);
    expect(src('before')).not.toBe(src('after'));
    expect(asked).toEqual(expect.arrayContaining(['photo-old', 'photo-new']));
    // Side by side: the new one to the right of the old one, on one line.
    const box = (side: 'before' | 'after') =>
      row()!.querySelector(`[data-testid="history-${side}"]`)!.getBoundingClientRect();
    expect(box('after').left).toBeGreaterThan(box('before').right);
    expect(Math.abs(box('after').top - box('before').top)).toBeLessThan(2);
  });

  it('marks the changes since the last decision, with the decision between them and the earlier ones', async () => {
    await inLanguage('en');
    const screen = await show();
    const root = screen.container;
    await expect.poll(() => changes(root).length).toBe(1);
    // First: the change since the return, marked; then the return itself; the older ones folded.
    expect(changes(root)[0]!.getAttribute('data-since-decision')).toBe('true');
    expect(changes(root)[0]!.textContent).toContain('Since the last decision');
    const decision = root.querySelector('[data-testid="history-decision"]');
    expect(decision?.textContent).toContain('Committee · Return');
    expect(decision?.textContent).toContain('照片不清晰');
    const earlier = screen.getByTestId('history-earlier');
    await expect.element(earlier).toHaveTextContent('Show earlier records (2)');
    await earlier.click();
    await expect.poll(() => changes(root).length).toBe(3);
    const marks = changes(root).map((c) => c.getAttribute('data-since-decision'));
    expect(marks).toEqual(['true', 'false', 'false']);
    // The creation: the values given, no "before".
    const creation = changes(root)[2]!;
    expect(creation.textContent).toContain('Created');
    expect(creation.querySelector('[data-testid="history-before"]')).toBeNull();
    expect(cellText(rowOf(creation, 'name'), 'after')).toBe('王小明');
    // The submission only changed the status, named by its dictionary.
    expect(
      [...changes(root)[1]!.querySelectorAll('[data-testid="history-row"]')].map((r) => r.getAttribute('data-key')),
    ).toEqual(['status']);
    expect(cellText(rowOf(changes(root)[1]!, 'status'), 'before')).toBe('Draft');
    expect(cellText(rowOf(changes(root)[1]!, 'status'), 'after')).toBe('Submitted');
    expect(cellText(rowOf(creation, 'idType'), 'after')).toBe('Resident ID card');
  });

  it('says so when nothing changed since the last decision', async () => {
    await inLanguage('en');
    const later = { ...decisions[0]!, id: 8, decision: 'approve' as const, createdAt: '2025-05-04T08:00:00.000Z' };
    const screen = await show({ ...data, decisions: [...decisions, later] });
    await expect.element(screen.getByTestId('history-nothing-since')).toHaveTextContent('Nothing changed');
    expect(changes(screen.container)).toHaveLength(0);
  });

  it('says so when nothing was changed', async () => {
    await inLanguage('en');
    const screen = await render(<HistoryView {...data} history={[]} />);
    expect(screen.container.textContent).toContain('No change recorded');
    expect(screen.container.querySelector('.cm-mergeView')).toBeNull();
  });
});

const lines = (root: Element, side: 'a' | 'b', selector = '.cm-line') =>
  [...root.querySelectorAll(`.cm-merge-${side} ${selector}`)].map((l) => l.textContent);

describe('HistoryView, raw', () => {
  it('is one click away: the newest change in the compare, read-only, its fold label in the language', async () => {
    await inLanguage('zh-cn');
    const screen = await show();
    const root = screen.container;
    await expect.poll(() => changes(root).length).toBe(1);
    expect(root.querySelector('.cm-mergeView')).toBeNull();
    await userEvent.click(screen.getByText('原始数据'));
    await expect.poll(() => root.querySelector('.cm-mergeView')).not.toBeNull();
    expect(root.querySelector('[data-testid="audit-history-readable"]')).toBeNull();
    expect(lines(root, 'a').join('\n')).not.toBe('');
    // The unchanged lines fold under a label in the interface language, without CodeMirror's "⦚".
    const fold = () => root.querySelector('.cm-merge-b .cm-collapsedLines');
    await expect.poll(() => fold()?.textContent ?? '').toMatch(/^\d+ 行未改动（点击展开）$/);
    expect(getComputedStyle(fold()!, '::before').content).toBe('none');
    expect(getComputedStyle(fold()!, '::after').content).toBe('none');
    await expect.poll(() => lines(root, 'b', '.cm-changedLine').join('\n')).toContain('"name": "王晓明"');
    expect(lines(root, 'a', '.cm-changedLine').join('\n')).toContain('"name": "王小明"');
    for (const side of ['a', 'b'] as const) {
      expect(root.querySelector(`.cm-merge-${side} .cm-content`)?.getAttribute('aria-readonly')).toBe('true');
    }
    // Back to the readable view in one click.
    await userEvent.click(screen.getByText('修改对照'));
    await expect.poll(() => root.querySelector('.cm-mergeView')).toBeNull();
  });

  it('switches to an older change (a creation: nothing before); the line numbers stay beside their lines', async () => {
    await inLanguage('en');
    const screen = await render(
      <div style={{ width: 360 }}>
        <HistoryView {...data} />
      </div>,
    );
    const root = screen.container;
    await userEvent.click(screen.getByText('Raw data'));
    await expect.poll(() => root.querySelector('.cm-mergeView')).not.toBeNull();
    await userEvent.click(root.querySelector('[data-testid="audit-history-select"]')!);
    const options = () => [...document.querySelectorAll('.ant-select-item-option')];
    await expect.poll(() => options().length).toBe(3);
    expect(options()[0]!.textContent).toContain('Since the last decision');
    await userEvent.click(options()[2]!);
    await expect.poll(() => lines(root, 'a').join('')).toBe('');
    expect(lines(root, 'b').join('\n')).toBe(prettyJson(history[0]!.after));
    // In a narrow compare long lines wrap: each number stands at the top of its line.
    await expect
      .poll(() => {
        const numbers = [...root.querySelectorAll('.cm-merge-b .cm-lineNumbers .cm-gutterElement')].filter(
          // (The gutter's hidden spacer holds a number too, to size the column.)
          (g) => /^\d+$/.test(g.textContent ?? '') && g.getBoundingClientRect().height > 0,
        );
        // The numbers and the lines CodeMirror drew, one for one in order.
        const content = [...root.querySelectorAll('.cm-merge-b .cm-line')];
        const wrapped = content.some((l) => l.getBoundingClientRect().height > 30);
        return (
          wrapped &&
          numbers.length === content.length &&
          numbers.every((g, i) => Math.abs(content[i]!.getBoundingClientRect().top - g.getBoundingClientRect().top) < 2)
        );
      })
      .toBe(true);
  });
});
