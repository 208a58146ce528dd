import type { RecordHistoryVO } from '@baton/contracts';
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import i18n from '../../../app/i18n';
import { HistoryView, prettyJson } from './HistoryView';

const history: RecordHistoryVO[] = [
  {
    id: 1,
    before: null,
    after: { name: '张三', groupId: 3, fields: { school: '一中' } },
    userName: 'dlg',
    createdAt: '2025-05-01T08:00:00.000Z',
  },
  {
    id: 2,
    // Keys in another order than `after`: the view sorts them, so only real changes are marked.
    before: { groupId: 3, name: '张三', fields: { school: '一中' } },
    after: { name: '张三', fields: { school: '二中' }, groupId: 4 },
    userName: 'dlg',
    createdAt: '2025-05-02T08:00:00.000Z',
  },
];

const lines = (root: Element, side: 'a' | 'b', selector = '.cm-line') =>
  [...root.querySelectorAll(`.cm-merge-${side} ${selector}`)].map((l) => l.textContent);

describe('HistoryView', () => {
  it('shows the newest change: before on the left, after on the right, changed lines marked', async () => {
    await i18n.changeLanguage('en');
    const screen = await render(
      <div style={{ width: 800 }}>
        <HistoryView history={history} />
      </div>,
    );
    const root = screen.container;
    await expect.poll(() => root.querySelector('.cm-mergeView')).not.toBeNull();
    expect(root.textContent).toContain('Before');
    expect(root.textContent).toContain('After');
    expect(lines(root, 'a').join('\n')).toBe(prettyJson(history[1]!.before));
    expect(lines(root, 'b').join('\n')).toBe(prettyJson(history[1]!.after));
    expect(lines(root, 'a')[0]).toBe('{');
    expect(lines(root, 'a')[1]).toBe('  "fields": {');
    await expect.poll(() => lines(root, 'b', '.cm-changedLine')).toEqual(['    "school": "二中"', '  "groupId": 4,']);
    expect(lines(root, 'a', '.cm-changedLine')).toEqual(['    "school": "一中"', '  "groupId": 3,']);
    // Read-only on both sides.
    for (const side of ['a', 'b'] as const) {
      expect(root.querySelector(`.cm-merge-${side} .cm-content`)?.getAttribute('aria-readonly')).toBe('true');
    }
  });

  it('switches to an older change (a creation: nothing before)', async () => {
    await i18n.changeLanguage('en');
    const screen = await render(
      <div style={{ width: 800 }}>
        <HistoryView history={history} />
      </div>,
    );
    const root = screen.container;
    await expect.poll(() => root.querySelector('.cm-mergeView')).not.toBeNull();
    await userEvent.click(root.querySelector('[data-testid="audit-history-select"]')!);
    const options = () => [...document.querySelectorAll('.ant-select-item-option')];
    await expect.poll(() => options().length).toBe(2);
    await userEvent.click(options()[1]!);
    await expect.poll(() => lines(root, 'a').join('')).toBe('');
    expect(lines(root, 'b').join('\n')).toBe(prettyJson(history[0]!.after));
  });

  it('says so when nothing was changed', async () => {
    await i18n.changeLanguage('en');
    const screen = await render(<HistoryView history={[]} />);
    expect(screen.container.textContent).toContain('No change recorded');
    expect(screen.container.querySelector('.cm-mergeView')).toBeNull();
  });
});
