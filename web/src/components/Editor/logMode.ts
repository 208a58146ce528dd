import { type EditorState, Facet, type Range, RangeSet, StateField } from '@codemirror/state';
import { Decoration, type DecorationSet, EditorView, WidgetType } from '@codemirror/view';
import { findLinks, type LogLinkAttrs, scanLog } from './markers';

/** The label of log links (the "download log" text of the current language). */
export const logLinkLabel = Facet.define<string, string>({
  combine: (values) => values[values.length - 1] ?? '',
});

/**
 * A safe link marker, drawn as a real `<a>`: attributes are set one by one from the allow-listed
 * JSON fields, the label is text; nothing of the log is ever parsed as HTML.
 */
class LogLinkWidget extends WidgetType {
  constructor(
    readonly attrs: LogLinkAttrs,
    readonly label: string,
  ) {
    super();
  }

  override eq(other: LogLinkWidget): boolean {
    const a = this.attrs;
    const b = other.attrs;
    return (
      other.label === this.label &&
      a.href === b.href &&
      a.download === b.download &&
      a.target === b.target &&
      a.title === b.title
    );
  }

  toDOM(): HTMLElement {
    const a = document.createElement('a');
    a.className = 'cm-log-link';
    a.setAttribute('href', this.attrs.href);
    if (this.attrs.download !== undefined) {
      a.setAttribute('download', this.attrs.download === true ? '' : this.attrs.download);
    }
    if (this.attrs.target) a.setAttribute('target', this.attrs.target);
    if (this.attrs.title) a.setAttribute('title', this.attrs.title);
    a.setAttribute('rel', 'noopener noreferrer');
    a.textContent = this.label;
    return a;
  }

  /** The browser handles clicks and keys on the link; the editor stays out of it. */
  override ignoreEvent(): boolean {
    return true;
  }
}

const blockedLink = Decoration.mark({ class: 'cm-log-link-blocked' });
const levelMarker = Decoration.mark({ class: 'cm-log-marker' });
const levelLine = {
  error: Decoration.line({ class: 'cm-log-level cm-log-error' }),
  info: Decoration.line({ class: 'cm-log-level cm-log-info' }),
  warning: Decoration.line({ class: 'cm-log-level cm-log-warning' }),
  success: Decoration.line({ class: 'cm-log-level cm-log-success' }),
};
const taggedLine = {
  ERROR: Decoration.line({ class: 'cm-log-tagged cm-log-tag-error' }),
  INFO: Decoration.line({ class: 'cm-log-tagged cm-log-tag-info' }),
  WARN: Decoration.line({ class: 'cm-log-tagged cm-log-tag-warn' }),
};
const tagMark = Decoration.mark({ class: 'cm-log-tag' });
const tagWordMark = Decoration.mark({ class: 'cm-log-tag-level' });

function* docLines(state: EditorState): Generator<string> {
  for (let n = 1; n <= state.doc.lines; n++) yield state.doc.line(n).text;
}

function buildDecorations(state: EditorState): DecorationSet {
  const label = state.facet(logLinkLabel);
  const ranges: Range<Decoration>[] = [];
  let n = 0;
  for (const info of scanLog(docLines(state))) {
    n++;
    const line = state.doc.line(n);
    if (info.level) ranges.push(levelLine[info.level].range(line.from));
    if (info.tagged) {
      ranges.push(taggedLine[info.tagged.kind].range(line.from));
      ranges.push(tagMark.range(line.from + info.tagged.tag.from, line.from + info.tagged.tag.to));
      ranges.push(tagWordMark.range(line.from + info.tagged.word.from, line.from + info.tagged.word.to));
    }
    for (const m of info.markers) ranges.push(levelMarker.range(line.from + m.from, line.from + m.to));
    for (const link of findLinks(line.text)) {
      const from = line.from + link.from;
      const to = line.from + link.to;
      ranges.push(
        link.attrs
          ? Decoration.replace({ widget: new LogLinkWidget(link.attrs, label) }).range(from, to)
          : blockedLink.range(from, to),
      );
    }
  }
  return RangeSet.of(ranges, true);
}

/** Level blocks, tagged lines and link widgets, over the whole log (blocks need the lines before). */
const logDecorations = StateField.define<DecorationSet>({
  create: buildDecorations,
  update(value, tr) {
    if (tr.docChanged || tr.startState.facet(logLinkLabel) !== tr.state.facet(logLinkLabel)) {
      return buildDecorations(tr.state);
    }
    return value;
  },
  provide: (field) => EditorView.decorations.from(field),
});

/** The log viewer's rendering; the label facet is given by the editor (and follows the language). */
export function logView() {
  return [logDecorations, EditorView.lineWrapping];
}
