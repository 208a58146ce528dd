import { EDITOR } from '@baton/contracts';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { foldGutter, foldKeymap, indentUnit } from '@codemirror/language';
import { MergeView } from '@codemirror/merge';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
  placeholder as placeholderText,
} from '@codemirror/view';
import { theme as antdTheme } from 'antd';
import {
  type CSSProperties,
  type Ref,
  type RefObject,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
} from 'react';
import { useTranslation } from '../../app/i18n';
import {
  editorTheme,
  external,
  indentFolding,
  isUserInput,
  keepCursorAtEnd as keepCursorAtEndExt,
  levelBlockFolding,
  minimalChange,
  unseenGutter,
} from './extensions';
import { logLinkLabel, logView } from './logMode';
import './Editor.css';

export type EditorMode = 'plain' | 'merge' | 'log';

export interface EditorProps {
  /** The text; the editor follows it (a different value replaces the content, without `onInput`). */
  value: string;
  /** `plain` editing, `merge` (side-by-side compare of `original` and `value`), `log` (read-only viewer). */
  mode?: EditorMode;
  /** Merge mode: the left, read-only side. */
  original?: string;
  placeholder?: string;
  /** `true`: the theme's border; a string: any CSS `border` value. */
  border?: boolean | string;
  width?: number | string;
  height?: number | string;
  /** After each change, the cursor goes to the end and the end is scrolled into view (live logs). */
  keepCursorAtEnd?: boolean;
  /** 1-based line numbers marked in a gutter as not seen yet. */
  unseenLines?: readonly number[];
  readOnly?: boolean;
  /** Every change of the text (typed or from `value`). */
  onUpdate?: (value: string) => void;
  /** The user's own edits only. */
  onInput?: (value: string) => void;
  /** On blur, when the text changed since the editor got focus (like an input's `change`). */
  onChange?: (value: string) => void;
  className?: string;
  style?: CSSProperties;
  'aria-label'?: string;
  ref?: Ref<EditorHandle>;
}

export interface EditorHandle {
  /** The editable view (the right side in merge mode). */
  readonly view: EditorView | null;
  /** Merge mode: the left (original) view. */
  readonly originalView: EditorView | null;
  focus(): void;
}

interface Live {
  value: string;
  original: string;
  placeholder: string;
  readOnly: boolean;
  keepCursorAtEnd: boolean;
  unseen: readonly number[];
  unseenLabel: string;
  linkLabel: string;
  phrases: Record<string, string>;
  theme: Extension;
  ariaLabel: string | undefined;
  onUpdate?: (value: string) => void;
  onInput?: (value: string) => void;
  onChange?: (value: string) => void;
}

/** One compartment per option that changes without rebuilding the view. */
function makeCompartments() {
  return {
    theme: new Compartment(),
    placeholder: new Compartment(),
    readOnly: new Compartment(),
    keepEnd: new Compartment(),
    unseen: new Compartment(),
    label: new Compartment(),
    aria: new Compartment(),
    phrases: new Compartment(),
  };
}
type Compartments = ReturnType<typeof makeCompartments>;

const readOnlyExt = (readOnly: boolean): Extension => [
  EditorState.readOnly.of(readOnly),
  EditorView.contentAttributes.of({ 'aria-readonly': String(readOnly) }),
];
const placeholderExt = (text: string): Extension => (text ? placeholderText(text) : []);
/** CodeMirror's own words (the merge view's "$ unchanged lines") in the interface language. */
const phrasesExt = (phrases: Record<string, string>): Extension => EditorState.phrases.of(phrases);
const ariaExt = (label: string | undefined): Extension =>
  label ? EditorView.contentAttributes.of({ 'aria-label': label }) : [];

/** The settings of spec §9 every view shares. */
const basics: Extension = [
  EditorState.tabSize.of(EDITOR.tabSize),
  indentUnit.of(' '.repeat(EDITOR.indentUnit)),
  highlightSpecialChars(),
  drawSelection(),
];

function eventsExt(live: RefObject<Live>): Extension {
  let focusValue: string | null = null;
  return [
    EditorView.updateListener.of((update) => {
      if (!update.docChanged) return;
      const { onUpdate, onInput } = live.current;
      if (!onUpdate && !onInput) return;
      const text = update.state.doc.toString();
      onUpdate?.(text);
      if (update.transactions.some(isUserInput)) onInput?.(text);
    }),
    EditorView.domEventHandlers({
      focus: (_event, view) => {
        focusValue = view.state.doc.toString();
      },
      blur: (_event, view) => {
        const text = view.state.doc.toString();
        if (focusValue !== null && text !== focusValue) live.current.onChange?.(text);
        focusValue = null;
      },
    }),
  ];
}

/** The extensions of the main view of a mode (the right side in merge mode). */
function mainExtensions(mode: EditorMode, live: RefObject<Live>, c: Compartments): Extension {
  const l = live.current;
  const shared: Extension = [
    basics,
    c.theme.of(l.theme),
    c.aria.of(ariaExt(l.ariaLabel)),
    c.placeholder.of(placeholderExt(l.placeholder)),
    c.phrases.of(phrasesExt(l.phrases)),
    eventsExt(live),
  ];
  if (mode === 'log') {
    return [
      shared,
      c.unseen.of(unseenGutter(l.unseen, l.unseenLabel)),
      lineNumbers(),
      foldGutter(),
      levelBlockFolding,
      c.label.of(logLinkLabel.of(l.linkLabel)),
      logView(),
      EditorState.readOnly.of(true),
      EditorView.editable.of(false),
      // Not editable, but reachable by keyboard (to scroll, select and copy).
      EditorView.contentAttributes.of({ tabindex: '0' }),
      c.keepEnd.of(l.keepCursorAtEnd ? keepCursorAtEndExt : []),
      keymap.of(foldKeymap),
    ];
  }
  const editing: Extension = [
    shared,
    history({ minDepth: EDITOR.undoDepth }),
    highlightActiveLine(),
    highlightActiveLineGutter(),
    c.readOnly.of(readOnlyExt(l.readOnly)),
    keymap.of([...defaultKeymap, ...historyKeymap, ...foldKeymap, indentWithTab]),
  ];
  // Both sides wrap, so a change is seen without scrolling each half sideways (and on phones).
  if (mode === 'merge') return [editing, lineNumbers(), EditorView.lineWrapping];
  return [
    editing,
    c.unseen.of(unseenGutter(l.unseen, l.unseenLabel)),
    lineNumbers(),
    foldGutter(),
    indentFolding,
    c.keepEnd.of(l.keepCursorAtEnd ? keepCursorAtEndExt : []),
  ];
}

/** Whether a CSS colour (`#rgb`, `#rrggbb`, `rgb(…)`) is dark. */
function isDarkColor(color: string): boolean {
  let rgb: number[] | null = null;
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (hex) {
    const h = hex[1]!.length === 3 ? [...hex[1]!].map((d) => d + d).join('') : hex[1]!;
    rgb = [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16));
  } else {
    const m = /rgba?\(([^)]+)\)/i.exec(color);
    if (m)
      rgb = m[1]!
        .split(/[\s,/]+/)
        .slice(0, 3)
        .map(Number);
  }
  if (!rgb || rgb.length < 3 || rgb.some(Number.isNaN)) return false;
  const [r, g, b] = rgb as [number, number, number];
  return 0.299 * r + 0.587 * g + 0.114 * b < 128;
}

const size = (v: number | string | undefined) => (typeof v === 'number' ? `${v}px` : v);

/**
 * The product's editor (spec §2 "Editor component") on CodeMirror 6: plain editing, a
 * side-by-side compare and a log viewer (markup in `markers.ts`). Changing `mode` rebuilds the
 * view; every other option is applied to the live view.
 */
export function Editor({
  value,
  mode = 'plain',
  original = '',
  placeholder = '',
  border,
  width,
  height,
  keepCursorAtEnd = false,
  unseenLines,
  readOnly = false,
  onUpdate,
  onInput,
  onChange,
  className,
  style,
  'aria-label': ariaLabel,
  ref,
}: EditorProps) {
  const { t } = useTranslation();
  const { token } = antdTheme.useToken();
  // The antd tokens say whether the app is dark (the providers follow the settings store).
  const dark = isDarkColor(token.colorBgContainer);
  const themeExt = useMemo(() => editorTheme(token, dark), [token, dark]);
  const unseen = useMemo(() => unseenLines ?? [], [unseenLines]);
  const unseenKey = unseen.join(',');
  const linkLabel = t('editor.logDownload');
  const unseenLabel = t('editor.unseenLine');
  const unchangedLines = t('editor.unchangedLines');
  const phrases = useMemo(() => ({ '$ unchanged lines': unchangedLines }), [unchangedLines]);

  const host = useRef<HTMLDivElement>(null);
  const mainView = useRef<EditorView | null>(null);
  const originalView = useRef<EditorView | null>(null);
  const compartments = useRef<Compartments>(makeCompartments());
  const live = useRef<Live>(null as unknown as Live);
  live.current = {
    value,
    original,
    placeholder,
    readOnly,
    keepCursorAtEnd,
    unseen,
    unseenLabel,
    linkLabel,
    phrases,
    theme: themeExt,
    ariaLabel,
    onUpdate,
    onInput,
    onChange,
  };

  useImperativeHandle(
    ref,
    () => ({
      get view() {
        return mainView.current;
      },
      get originalView() {
        return originalView.current;
      },
      focus: () => mainView.current?.focus(),
    }),
    [],
  );

  // Build the view of the mode; a new mode replaces it.
  useLayoutEffect(() => {
    const parent = host.current;
    if (!parent) return;
    const c = compartments.current;
    const l = live.current;
    if (mode === 'merge') {
      const merge = new MergeView({
        a: {
          doc: l.original,
          extensions: [
            basics,
            c.theme.of(l.theme),
            c.phrases.of(phrasesExt(l.phrases)),
            lineNumbers(),
            EditorView.lineWrapping,
            EditorState.readOnly.of(true),
            EditorView.editable.of(false),
          ],
        },
        b: { doc: l.value, extensions: mainExtensions('merge', live, c) },
        parent,
        highlightChanges: true,
        gutter: true,
        collapseUnchanged: { margin: 3, minSize: 4 },
        diffConfig: { timeout: EDITOR.diffTimeoutMs },
      });
      mainView.current = merge.b;
      originalView.current = merge.a;
      return () => {
        merge.destroy();
        mainView.current = null;
        originalView.current = null;
      };
    }
    const view = new EditorView({
      parent,
      state: EditorState.create({ doc: l.value, extensions: mainExtensions(mode, live, c) }),
    });
    mainView.current = view;
    return () => {
      view.destroy();
      mainView.current = null;
    };
  }, [mode]);

  // The editor follows its value (and, in merge mode, its original).
  useEffect(() => {
    const view = mainView.current;
    if (!view) return;
    const current = view.state.doc.toString();
    if (current !== value) {
      view.dispatch({ changes: minimalChange(current, value), annotations: external.of(true) });
    }
  }, [value]);

  useEffect(() => {
    const view = originalView.current;
    if (!view) return;
    const current = view.state.doc.toString();
    if (current !== original) {
      view.dispatch({ changes: minimalChange(current, original), annotations: external.of(true) });
    }
  }, [original]);

  // Options applied to the live view(s).
  useEffect(() => {
    const c = compartments.current.theme;
    for (const v of [mainView.current, originalView.current]) v?.dispatch({ effects: c.reconfigure(themeExt) });
  }, [themeExt]);

  useEffect(() => {
    mainView.current?.dispatch({ effects: compartments.current.placeholder.reconfigure(placeholderExt(placeholder)) });
  }, [placeholder]);

  useEffect(() => {
    mainView.current?.dispatch({ effects: compartments.current.readOnly.reconfigure(readOnlyExt(readOnly)) });
  }, [readOnly]);

  useEffect(() => {
    mainView.current?.dispatch({
      effects: compartments.current.keepEnd.reconfigure(keepCursorAtEnd ? keepCursorAtEndExt : []),
    });
  }, [keepCursorAtEnd]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `unseenKey` stands for the list's content
  useEffect(() => {
    mainView.current?.dispatch({
      effects: compartments.current.unseen.reconfigure(unseenGutter(live.current.unseen, unseenLabel)),
    });
  }, [unseenKey, unseenLabel]);

  useEffect(() => {
    mainView.current?.dispatch({ effects: compartments.current.label.reconfigure(logLinkLabel.of(linkLabel)) });
  }, [linkLabel]);

  useEffect(() => {
    mainView.current?.dispatch({ effects: compartments.current.aria.reconfigure(ariaExt(ariaLabel)) });
  }, [ariaLabel]);

  useEffect(() => {
    const c = compartments.current.phrases;
    for (const v of [mainView.current, originalView.current])
      v?.dispatch({ effects: c.reconfigure(phrasesExt(phrases)) });
  }, [phrases]);

  const hostStyle: CSSProperties = {
    width: size(width),
    height: size(height),
    border: border === true ? `1px solid ${token.colorBorder}` : border || undefined,
    borderRadius: border ? token.borderRadius : undefined,
    ...style,
  };
  return (
    <div
      ref={host}
      className={['baton-editor', `baton-editor-${mode}`, height !== undefined && 'baton-editor-sized', className]
        .filter(Boolean)
        .join(' ')}
      data-mode={mode}
      style={hostStyle}
    />
  );
}

export default Editor;
