import { foldService } from '@codemirror/language';
import {
  Annotation,
  EditorSelection,
  EditorState,
  type Extension,
  RangeSet,
  StateField,
  Transaction,
} from '@codemirror/state';
import { EditorView, GutterMarker, gutter } from '@codemirror/view';
import type { GlobalToken } from 'antd';
import { scanLog } from './markers';

/** Marks the transactions by which the editor follows its `value` / `original` props. */
export const external = Annotation.define<boolean>();

/** Whether a transaction is the user's own edit (typing, deleting, pasting, undo, …). */
export function isUserInput(tr: Transaction): boolean {
  return tr.docChanged && !tr.annotation(external) && tr.annotation(Transaction.userEvent) !== undefined;
}

/**
 * The smallest change that turns `from` into `to` (common head and tail kept), so following a
 * growing log inserts only the new tail and the cursor and scroll survive other updates.
 */
export function minimalChange(from: string, to: string): { from: number; to: number; insert: string } {
  const max = Math.min(from.length, to.length);
  let head = 0;
  while (head < max && from.charCodeAt(head) === to.charCodeAt(head)) head++;
  let tail = 0;
  while (tail < max - head && from.charCodeAt(from.length - 1 - tail) === to.charCodeAt(to.length - 1 - tail)) tail++;
  return { from: head, to: from.length - tail, insert: to.slice(head, to.length - tail) };
}

/**
 * Scrolls the editor to its bottom once CodeMirror has measured the new lines, and again for a few
 * frames while the measured heights still change the scroll height (new lines start with an
 * estimated height). Only the editor's own scroller moves, never the page around it.
 */
function stickToBottom(view: EditorView, frames: number, lastHeight = -1): void {
  view.requestMeasure({
    read: (v) => v.scrollDOM.scrollHeight,
    write: (height, v) => {
      const scroller = v.scrollDOM;
      if (scroller.scrollTop + scroller.clientHeight < height - 1) scroller.scrollTop = height;
      if (frames > 0 && height !== lastHeight) {
        requestAnimationFrame(() => {
          if (v.dom.isConnected) stickToBottom(v, frames - 1, height);
        });
      }
    },
  });
}

/**
 * After every change, the cursor goes to the end and the editor scrolls to its bottom (live logs).
 * (A `scrollIntoView` effect in the same transaction was undone by the measure of the new lines,
 * and would scroll the page around the editor too.)
 */
export const keepCursorAtEnd: Extension = [
  EditorState.transactionFilter.of((tr) => {
    if (!tr.docChanged) return tr;
    return [tr, { selection: EditorSelection.cursor(tr.newDoc.length), sequential: true }];
  }),
  EditorView.updateListener.of((update) => {
    if (update.docChanged) stickToBottom(update.view, 10);
  }),
];

/* ---------- unseen lines ---------- */

class UnseenMarker extends GutterMarker {
  constructor(readonly label: string) {
    super();
  }
  override eq(other: UnseenMarker) {
    return other.label === this.label;
  }
  override toDOM() {
    const dot = document.createElement('span');
    dot.className = 'cm-unseen-marker';
    dot.title = this.label;
    dot.setAttribute('aria-label', this.label);
    dot.textContent = '●';
    return dot;
  }
}

/** Line numbers (1-based) the reader has not seen yet; kept on their lines as the text changes. */
function unseenField(lines: readonly number[], label: string) {
  const marker = new UnseenMarker(label);
  const build = (state: EditorState, numbers: readonly number[]) =>
    RangeSet.of(
      [...new Set(numbers)]
        .filter((n) => Number.isInteger(n) && n >= 1 && n <= state.doc.lines)
        .sort((a, b) => a - b)
        .map((n) => marker.range(state.doc.line(n).from)),
    );
  return StateField.define<RangeSet<GutterMarker>>({
    create: (state) => build(state, lines),
    update(value, tr) {
      // A replaced document starts over from the prop's numbers.
      if (tr.annotation(external)) return build(tr.state, lines);
      return tr.docChanged ? value.map(tr.changes) : value;
    },
  });
}

/** The gutter of unseen-line marks (left of the line numbers). */
export function unseenGutter(lines: readonly number[], label: string): Extension {
  const field = unseenField(lines, label);
  return [
    field,
    gutter({
      class: 'cm-unseen-gutter',
      markers: (view) => view.state.field(field),
      initialSpacer: () => new UnseenMarker(label),
    }),
  ];
}

/* ---------- folding without a language ---------- */

function indentOf(text: string, tabSize: number): number {
  let col = 0;
  for (const ch of text) {
    if (ch === ' ') col++;
    else if (ch === '\t') col += tabSize - (col % tabSize);
    else break;
  }
  return col;
}

const FOLD_LOOKAHEAD = 5000;

/** A line folds over the lines after it that are indented deeper (JSON, YAML, code). */
export const indentFolding = foldService.of((state, lineStart) => {
  const line = state.doc.lineAt(lineStart);
  if (!line.text.trim()) return null;
  const tab = state.tabSize;
  const indent = indentOf(line.text, tab);
  let end = -1;
  const last = Math.min(state.doc.lines, line.number + FOLD_LOOKAHEAD);
  for (let n = line.number + 1; n <= last; n++) {
    const next = state.doc.line(n);
    if (!next.text.trim()) continue;
    if (indentOf(next.text, tab) <= indent) break;
    end = next.to;
  }
  return end > line.to ? { from: line.to, to: end } : null;
});

/** In the log viewer a level block's opening line folds the block. */
export const levelBlockFolding = foldService.of((state, lineStart) => {
  const line = state.doc.lineAt(lineStart);
  if (!/^\s*<<(error|info|warning|success)>>\s*$/.test(line.text)) return null;
  const last = Math.min(state.doc.lines, line.number + FOLD_LOOKAHEAD);
  const texts = function* () {
    for (let n = line.number; n <= last; n++) yield state.doc.line(n).text;
  };
  let n = line.number;
  for (const info of scanLog(texts())) {
    if (n > line.number && info.level === null) break;
    n++;
  }
  const endLine = state.doc.line(Math.min(n - 1, state.doc.lines));
  return endLine.number > line.number ? { from: line.to, to: endLine.to } : null;
});

/* ---------- theme ---------- */

/** Colours of the log levels, picked for contrast on the light and dark backgrounds. */
export function levelColors(token: GlobalToken, dark: boolean) {
  return {
    error: dark ? token.colorError : token.red7,
    info: token.colorTextSecondary,
    warning: dark ? token.orange6 : token.orange7,
    success: dark ? token.colorSuccess : token.green7,
  };
}

/** The editor's look from the antd tokens of the current theme (light or dark). */
export function editorTheme(token: GlobalToken, dark: boolean): Extension {
  const level = levelColors(token, dark);
  return EditorView.theme(
    {
      '&': {
        color: token.colorText,
        backgroundColor: token.colorBgContainer,
        fontSize: `${token.fontSize}px`,
        height: '100%',
      },
      '&.cm-focused': { outline: 'none' },
      '.cm-scroller': { fontFamily: token.fontFamilyCode, lineHeight: 1.6 },
      '.cm-content': { caretColor: token.colorText, padding: '6px 0' },
      '.cm-cursor, .cm-dropCursor': { borderLeftColor: token.colorText },
      '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection':
        { backgroundColor: dark ? 'rgba(64, 128, 255, 0.35)' : 'rgba(64, 128, 255, 0.22)' },
      '.cm-gutters': {
        backgroundColor: token.colorFillQuaternary,
        color: token.colorTextTertiary,
        borderRight: `1px solid ${token.colorBorderSecondary}`,
      },
      '.cm-activeLine': { backgroundColor: dark ? 'rgba(255, 255, 255, 0.05)' : 'rgba(0, 0, 0, 0.035)' },
      '.cm-activeLineGutter': { backgroundColor: token.colorFillSecondary, color: token.colorText },
      '.cm-placeholder': { color: token.colorTextPlaceholder },
      '.cm-foldPlaceholder': {
        backgroundColor: token.colorFillSecondary,
        border: `1px solid ${token.colorBorder}`,
        color: token.colorTextSecondary,
      },
      '.cm-foldGutter .cm-gutterElement': { cursor: 'pointer', padding: '0 4px' },
      '.cm-unseen-gutter .cm-gutterElement': { padding: '0 2px 0 6px' },
      '.cm-unseen-marker': { color: token.colorPrimary, fontSize: '9px', verticalAlign: 'middle' },
      // The fold of unchanged lines in a compare: a plain bar (CodeMirror's "⦚" marks are missing
      // from many fonts, CJK ones included, and showed as boxes).
      '.cm-collapsedLines': {
        color: token.colorTextSecondary,
        backgroundColor: token.colorFillTertiary,
        backgroundImage: 'none',
        fontFamily: token.fontFamily,
        fontSize: `${token.fontSizeSM}px`,
        textAlign: 'center',
        borderBlock: `1px dashed ${token.colorBorder}`,
      },
      '.cm-collapsedLines::before, .cm-collapsedLines::after': { content: 'none' },
      /* log mode */
      '.cm-log-error': { color: level.error, fontWeight: 700 },
      '.cm-log-info': { color: level.info, fontWeight: 700 },
      '.cm-log-warning': { color: level.warning },
      '.cm-log-success': { color: level.success },
      '.cm-log-marker': { opacity: 0.55, fontWeight: 400, fontStyle: 'italic' },
      '.cm-log-tagged': { boxShadow: 'inset 3px 0 0 var(--cm-log-tag-color)' },
      '.cm-log-tag-error': { '--cm-log-tag-color': level.error, backgroundColor: token.colorErrorBg },
      '.cm-log-tag-info': { '--cm-log-tag-color': token.colorInfo, backgroundColor: token.colorInfoBg },
      '.cm-log-tag-warn': { '--cm-log-tag-color': level.warning, backgroundColor: token.colorWarningBg },
      '.cm-log-tag': { color: token.colorTextSecondary, fontWeight: 600 },
      '.cm-log-tag-error .cm-log-tag-level': { color: level.error, fontWeight: 700 },
      '.cm-log-tag-info .cm-log-tag-level': { color: token.colorInfoText, fontWeight: 700 },
      '.cm-log-tag-warn .cm-log-tag-level': { color: level.warning, fontWeight: 700 },
      '.cm-log-link': {
        color: token.colorLink,
        textDecoration: 'underline',
        cursor: 'pointer',
        fontFamily: token.fontFamily,
        fontWeight: 400,
      },
      '.cm-log-link:hover': { color: token.colorLinkHover },
      '.cm-log-link-blocked': { color: token.colorTextTertiary, textDecoration: 'line-through' },
    },
    { dark },
  );
}
