import { historyField, isolateHistory, undoDepth } from '@codemirror/commands';
import { getIndentUnit } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import { ConfigProvider, theme } from 'antd';
import { createRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import i18n from '../../app/i18n';
import { Editor, type EditorHandle, type EditorProps } from './Editor';
import { logBlock, logLine, logLink } from './markers';

declare global {
  interface Window {
    __editorPwned?: number;
  }
}

const lines = (n: number, prefix = 'line') => Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}`).join('\n');

function all(root: Element, selector: string): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(selector)];
}

/** Red, green and blue of a computed `rgb(…)` colour. */
function rgb(el: Element): [number, number, number] {
  const m = /rgba?\((\d+), (\d+), (\d+)/.exec(getComputedStyle(el).color);
  expect(m, getComputedStyle(el).color).not.toBeNull();
  return [Number(m![1]), Number(m![2]), Number(m![3])];
}

async function mount(props: EditorProps) {
  const ref = createRef<EditorHandle>();
  const screen = await render(
    <div style={{ width: 700 }}>
      <Editor ref={ref} {...props} />
      <button type="button">elsewhere</button>
    </div>,
  );
  const view = () => {
    const v = ref.current?.view;
    if (!v) throw new Error('no editor view');
    return v;
  };
  const rerender = (next: EditorProps) =>
    screen.rerender(
      <div style={{ width: 700 }}>
        <Editor ref={ref} {...next} />
        <button type="button">elsewhere</button>
      </div>,
    );
  return { screen, ref, view, rerender, root: screen.container };
}

/** A parent that keeps the text in its state, as forms do. */
function Controlled() {
  const [text, setText] = useState('12');
  return (
    <>
      <Editor value={text} onUpdate={setText} />
      <output>{text}</output>
    </>
  );
}

afterEach(() => {
  delete window.__editorPwned;
});

describe('plain mode', () => {
  it('shows line numbers, a fold gutter and the active line, with the settings of spec §9', async () => {
    const { root, view } = await mount({ value: '{\n  "a": 1,\n  "b": [\n    2\n  ]\n}' });
    const numbers = all(root, '.cm-lineNumbers .cm-gutterElement').map((el) => el.textContent);
    expect(numbers).toEqual(expect.arrayContaining(['1', '2', '3', '4', '5', '6']));
    expect(root.querySelector('.cm-foldGutter')).not.toBeNull();
    // Indentation folds: the first line and `"b": [` can fold.
    await expect.poll(() => all(root, '.cm-foldGutter .cm-gutterElement span[title]').length).toBeGreaterThan(0);
    expect(root.querySelector('.cm-activeLine')).not.toBeNull();
    expect(view().state.tabSize).toBe(4);
    expect(getIndentUnit(view().state)).toBe(2);
    expect(view().state.field(historyField, false)).toBeDefined();
  });

  it('keeps at least 200 undo steps', async () => {
    const { view } = await mount({ value: '' });
    for (let i = 0; i < 210; i++) {
      view().dispatch({
        changes: { from: view().state.doc.length, insert: 'x' },
        annotations: isolateHistory.of('full'),
        userEvent: 'input.type',
      });
    }
    expect(undoDepth(view().state)).toBeGreaterThanOrEqual(200);
  });

  it('fires onUpdate and onInput while typing, and onChange on blur', async () => {
    const onUpdate = vi.fn();
    const onInput = vi.fn();
    const onChange = vi.fn();
    const { root, screen } = await mount({ value: 'ab', onUpdate, onInput, onChange });
    const content = root.querySelector<HTMLElement>('.cm-content')!;
    await userEvent.click(content);
    await userEvent.keyboard('{End}xy');
    await expect.poll(() => onInput.mock.calls.at(-1)?.[0]).toBe('abxy');
    expect(onUpdate).toHaveBeenLastCalledWith('abxy');
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'elsewhere' }));
    await expect.poll(() => onChange.mock.calls.length).toBe(1);
    expect(onChange).toHaveBeenCalledWith('abxy');
    // Focus and blur without a change: no change event.
    await userEvent.click(content);
    await userEvent.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('follows its value: a new value replaces the content without onInput', async () => {
    const onUpdate = vi.fn();
    const onInput = vi.fn();
    const { view, rerender } = await mount({ value: 'first', onUpdate, onInput });
    await rerender({ value: 'second\nvalue', onUpdate, onInput });
    await expect.poll(() => view().state.doc.toString()).toBe('second\nvalue');
    expect(onUpdate).toHaveBeenLastCalledWith('second\nvalue');
    expect(onInput).not.toHaveBeenCalled();
  });

  it('stays editable when controlled through onUpdate', async () => {
    const screen = await render(<Controlled />);
    await userEvent.click(screen.container.querySelector('.cm-content')!);
    await userEvent.keyboard('{End}345');
    await expect.poll(() => screen.container.querySelector('output')?.textContent).toBe('12345');
    expect(screen.container.querySelector('.cm-content')?.textContent).toBe('12345');
  });

  it('keeps the cursor at the end and scrolls to the bottom', async () => {
    const { view, rerender } = await mount({ value: lines(20), height: 120, keepCursorAtEnd: true });
    await rerender({ value: lines(200), height: 120, keepCursorAtEnd: true });
    const scroller = () => view().scrollDOM;
    await expect
      .poll(() => scroller().scrollHeight - scroller().scrollTop - scroller().clientHeight)
      .toBeLessThanOrEqual(2);
    expect(scroller().scrollTop).toBeGreaterThan(0);
    expect(view().state.selection.main.head).toBe(view().state.doc.length);
    // Typing elsewhere still ends at the end.
    view().dispatch({ changes: { from: 0, insert: 'top ' }, userEvent: 'input.type' });
    expect(view().state.selection.main.head).toBe(view().state.doc.length);
  });

  it('marks unseen lines in a gutter', async () => {
    const { root, rerender } = await mount({ value: lines(6), unseenLines: [2, 5] });
    // (The gutter's width spacer holds a hidden marker too.)
    const marks = () =>
      all(root, '.cm-unseen-gutter .cm-unseen-marker').filter(
        (m) => m.closest<HTMLElement>('.cm-gutterElement')!.style.visibility !== 'hidden',
      );
    await expect.poll(() => marks().length).toBe(2);
    // Each mark sits on its line (once the editor has measured its lines).
    const top = (el: Element) => Math.round(el.getBoundingClientRect().top);
    await expect
      .poll(() => {
        const lineTops = all(root, '.cm-line').map(top);
        return marks().map((m) => lineTops.indexOf(top(m.closest('.cm-gutterElement')!)) + 1);
      })
      .toEqual([2, 5]);
    expect(marks()[0]?.title).toBe(i18n.t('editor.unseenLine'));
    await rerender({ value: lines(6), unseenLines: [1] });
    await expect.poll(() => marks().length).toBe(1);
  });

  it('shows its placeholder, border and size; read-only refuses typing', async () => {
    const { root, view } = await mount({
      value: '',
      placeholder: 'Type here',
      border: '2px solid rgb(255, 0, 0)',
      width: 320,
      height: 90,
      readOnly: true,
    });
    expect(root.querySelector('.cm-placeholder')?.textContent).toBe('Type here');
    const host = root.querySelector<HTMLElement>('.baton-editor')!;
    expect(getComputedStyle(host).borderTopColor).toBe('rgb(255, 0, 0)');
    expect(host.getBoundingClientRect().width).toBe(320);
    expect(host.getBoundingClientRect().height).toBe(90);
    await userEvent.click(root.querySelector('.cm-content')!);
    await userEvent.keyboard('abc');
    expect(view().state.doc.toString()).toBe('');
  });
});

describe('merge mode', () => {
  const before = JSON.stringify({ name: 'Spring meet', venue: 'North field', lanes: 8, year: 2025 }, null, 2);
  const after = JSON.stringify({ name: 'Spring meet', venue: 'South field', lanes: 8, year: 2026 }, null, 2);

  it('shows the original (read-only) beside the value, with the changes highlighted', async () => {
    const { root, ref } = await mount({ mode: 'merge', original: before, value: after });
    const a = root.querySelector('.cm-mergeView .cm-merge-a');
    const b = root.querySelector('.cm-mergeView .cm-merge-b');
    expect(a?.querySelector('.cm-content')?.textContent).toContain('North field');
    expect(b?.querySelector('.cm-content')?.textContent).toContain('South field');
    expect(a?.querySelector('.cm-content')?.getAttribute('contenteditable')).toBe('false');
    await expect.poll(() => all(a!, '.cm-changedLine').length).toBe(2);
    expect(all(b!, '.cm-changedLine').map((l) => l.textContent)).toEqual([
      '  "venue": "South field",',
      '  "year": 2026',
    ]);
    expect(all(b!, '.cm-changedText').length).toBeGreaterThan(0);
    expect(ref.current?.originalView?.state.doc.toString()).toBe(before);
  });

  it('follows value and original', async () => {
    const { root, rerender } = await mount({ mode: 'merge', original: 'a\nb', value: 'a\nb' });
    const b = () => root.querySelector('.cm-merge-b')!;
    expect(all(b(), '.cm-changedLine').length).toBe(0);
    await rerender({ mode: 'merge', original: 'a\nb', value: 'a\nc' });
    await expect.poll(() => all(b(), '.cm-changedLine').map((l) => l.textContent)).toEqual(['c']);
    await rerender({ mode: 'merge', original: 'a\nc', value: 'a\nc' });
    await expect.poll(() => all(b(), '.cm-changedLine').length).toBe(0);
  });
});

describe('log mode', () => {
  const log = [
    logLine('import', 'INFO', 'read 3 rows'),
    logLine('import', 'ERROR', 'row 5 · mobile: is invalid'),
    logLine('sync', 'WARN', 'slow response'),
    `report ${logLink({ href: '/api/v1/files/abc', download: 'report.xlsx', title: 'Report' })} end`,
    'bad [[link {"href":"javascript:window.__editorPwned=1"}]]',
    'data [[link {"href":"data:text/html,<b>x</b>"}]] proto [[link {"href":"//evil.example/x"}]]',
    logBlock('error', 'row 9 failed'),
    logBlock('info', 'summary'),
    logBlock('warning', 'partial import'),
    logBlock('success', 'all done'),
  ].join('\n');

  it('renders a safe link marker as a real link with the JSON attributes and the label', async () => {
    const { root } = await mount({ mode: 'log', value: log });
    const links = all(root, '.cm-content a');
    expect(links).toHaveLength(1);
    const a = links[0] as HTMLAnchorElement;
    expect(a.getAttribute('href')).toBe('/api/v1/files/abc');
    expect(a.getAttribute('download')).toBe('report.xlsx');
    expect(a.getAttribute('title')).toBe('Report');
    expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    expect(a.textContent).toBe(i18n.t('editor.logDownload'));
    expect(a.textContent).toBe('下载日志');
    expect(a.closest('.cm-line')?.textContent).toBe(`report ${i18n.t('editor.logDownload')} end`);
    // A click reaches the link itself (the editor does not swallow it).
    const clicked = vi.fn((e: MouseEvent) => e.preventDefault());
    document.addEventListener('click', clicked, { capture: true, once: true });
    await userEvent.click(a);
    expect(clicked).toHaveBeenCalledTimes(1);
    expect((clicked.mock.calls[0]![0].target as Element).closest('a')).toBe(a);
  });

  it('leaves javascript:, data: and protocol-relative links as plain text that does nothing', async () => {
    const { root } = await mount({ mode: 'log', value: log });
    const blocked = all(root, '.cm-log-link-blocked');
    expect(blocked.map((b) => b.textContent)).toEqual([
      '[[link {"href":"javascript:window.__editorPwned=1"}]]',
      '[[link {"href":"data:text/html,<b>x</b>"}]]',
      '[[link {"href":"//evil.example/x"}]]',
    ]);
    for (const b of blocked) expect(b.closest('a')).toBeNull();
    expect(root.querySelector('a[href^="javascript"], a[href^="data"], a[href^="//"]')).toBeNull();
    // The log's markup never becomes HTML.
    expect(root.querySelector('.cm-content b')).toBeNull();
    await userEvent.click(blocked[0]!);
    expect(window.__editorPwned).toBeUndefined();
  });

  it('colours level blocks by level', async () => {
    const { root } = await mount({ mode: 'log', value: log });
    const lineOf = (text: string) => all(root, '.cm-line').find((l) => l.textContent === text)!;
    const error = lineOf('row 9 failed');
    const info = lineOf('summary');
    const warning = lineOf('partial import');
    const success = lineOf('all done');
    expect(error.classList).toContain('cm-log-error');
    expect(info.classList).toContain('cm-log-info');
    expect(warning.classList).toContain('cm-log-warning');
    expect(success.classList).toContain('cm-log-success');
    // The marker lines belong to their block, drawn muted.
    expect(lineOf('<<error>>').classList).toContain('cm-log-error');
    expect(lineOf('<<error>>').querySelector('.cm-log-marker')).not.toBeNull();
    expect(all(root, '.cm-line.cm-log-level')).toHaveLength(12);

    expect(getComputedStyle(error).fontWeight).toBe('700');
    expect(getComputedStyle(info).fontWeight).toBe('700');
    expect(getComputedStyle(warning).fontWeight).toBe('400');
    const [er, eg, eb] = rgb(error);
    expect(er).toBeGreaterThan(150);
    expect(er).toBeGreaterThan(eg * 2);
    expect(er).toBeGreaterThan(eb * 2);
    const [ir, ig, ib] = rgb(info);
    expect(Math.max(ir, ig, ib) - Math.min(ir, ig, ib)).toBeLessThan(20); // grey
    expect(ir).toBeLessThan(120); // dark
    const [wr, wg, wb] = rgb(warning);
    expect(wr).toBeGreaterThan(wg);
    expect(wg).toBeGreaterThan(wb);
    expect(wg).toBeGreaterThan(60); // orange, not red
    const [sr, sg, sb] = rgb(success);
    expect(sg).toBeGreaterThan(sr);
    expect(sg).toBeGreaterThan(sb);
  });

  it('highlights tagged ERROR, INFO and WARN lines', async () => {
    const { root } = await mount({ mode: 'log', value: log });
    const tagged = (kind: string) => all(root, `.cm-line.cm-log-tag-${kind}`).map((l) => l.textContent);
    expect(tagged('error')).toEqual(['[import] ERROR row 5 · mobile: is invalid']);
    expect(tagged('info')).toEqual(['[import] INFO read 3 rows']);
    expect(tagged('warn')).toEqual(['[sync] WARN slow response']);
    const errorLine = root.querySelector('.cm-log-tag-error')!;
    expect(errorLine.querySelector('.cm-log-tag')?.textContent).toBe('[import]');
    expect(errorLine.querySelector('.cm-log-tag-level')?.textContent).toBe('ERROR');
    const bg = (kind: string) => getComputedStyle(root.querySelector(`.cm-log-tag-${kind}`)!).backgroundColor;
    expect(new Set([bg('error'), bg('info'), bg('warn')]).size).toBe(3);
  });

  it('is read-only and follows a growing log to its end', async () => {
    const { root, view, rerender } = await mount({ mode: 'log', value: lines(5), height: 100, keepCursorAtEnd: true });
    expect(root.querySelector('.cm-content')?.getAttribute('contenteditable')).toBe('false');
    await rerender({ mode: 'log', value: lines(80), height: 100, keepCursorAtEnd: true });
    const s = () => view().scrollDOM;
    await expect.poll(() => s().scrollHeight - s().scrollTop - s().clientHeight).toBeLessThanOrEqual(2);
  });

  it('relabels its links when the language changes', async () => {
    const { root } = await mount({ mode: 'log', value: logLink({ href: '/x' }) });
    expect(root.querySelector('a')?.textContent).toBe('下载日志');
    await i18n.changeLanguage('en');
    try {
      await expect.poll(() => root.querySelector('a')?.textContent).toBe('Download log');
    } finally {
      await i18n.changeLanguage('zh-cn');
    }
  });
});

describe('modes', () => {
  it('switches the view when the mode changes', async () => {
    const { root, ref, rerender } = await mount({ mode: 'plain', value: 'a\nb', original: 'a\nc' });
    const state = () => ({
      merge: root.querySelectorAll('.cm-mergeView').length,
      editors: root.querySelectorAll('.cm-editor').length,
      editable: root
        .querySelector('.cm-merge-b .cm-content, .baton-editor > .cm-editor .cm-content')
        ?.getAttribute('contenteditable'),
    });
    expect(state()).toEqual({ merge: 0, editors: 1, editable: 'true' });
    await rerender({ mode: 'merge', value: 'a\nb', original: 'a\nc' });
    expect(state()).toEqual({ merge: 1, editors: 2, editable: 'true' });
    expect(ref.current?.originalView?.state.doc.toString()).toBe('a\nc');
    await rerender({ mode: 'log', value: `a\n${logLink({ href: '/f' })}`, original: 'a\nc' });
    expect(state()).toEqual({ merge: 0, editors: 1, editable: 'false' });
    expect(root.querySelector('a.cm-log-link')).not.toBeNull();
    expect(ref.current?.originalView).toBeNull();
    await rerender({ mode: 'plain', value: 'back', original: 'a\nc' });
    expect(state()).toEqual({ merge: 0, editors: 1, editable: 'true' });
    expect(ref.current?.view?.state.doc.toString()).toBe('back');
    expect(root.querySelector('.baton-editor')?.getAttribute('data-mode')).toBe('plain');
  });

  it('follows the dark theme of the app', async () => {
    const ref = createRef<EditorHandle>();
    const screen = await render(
      <ConfigProvider theme={{ algorithm: theme.darkAlgorithm }}>
        <Editor ref={ref} mode="log" value={logBlock('error', 'x')} />
      </ConfigProvider>,
    );
    await expect.poll(() => ref.current?.view?.state.facet(EditorView.darkTheme)).toBe(true);
    const editor = screen.container.querySelector('.cm-editor')!;
    const [r, g, b] = rgb(editor);
    expect(r + g + b).toBeGreaterThan(500); // light text on a dark ground
    const bg = /rgba?\((\d+), (\d+), (\d+)/.exec(getComputedStyle(editor).backgroundColor)!;
    expect(Number(bg[1]) + Number(bg[2]) + Number(bg[3])).toBeLessThan(150);
  });
});
