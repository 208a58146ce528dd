import { type ChildNode, type Element, isTag, isText } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { INK, MARGIN, type Pdf } from './pdf.js';

/**
 * A meeting's rich text (the 竞赛规程, HTML the server sanitised with the notices' allow-list) as
 * printed text: headings, paragraphs, list items with their number or bullet, table rows as their
 * cells side by side, quotes and code as paragraphs. Inline marks (bold, colour, links) print as
 * plain text; a picture prints as its description in brackets, when it has one.
 */
export interface TextBlock {
  kind: 'heading' | 'paragraph' | 'item';
  text: string;
  /** Headings: 1 (h1) to 6. */
  level?: number;
  /** Items: "1." or "•", and how deep the list is (0 at the top). */
  marker?: string;
  depth?: number;
}

const BLOCKS = new Set(['p', 'div', 'blockquote', 'pre', 'table', 'thead', 'tbody', 'tr', 'hr']);
const HEADINGS = /^h([1-6])$/;

/** Plain text of a node: text as written (white space collapsed), <br> as a line break. */
function textOf(nodes: ChildNode[]): string {
  let out = '';
  for (const n of nodes) {
    if (isText(n)) out += n.data;
    else if (isTag(n)) {
      if (n.name === 'br') out += '\n';
      else if (n.name === 'img') out += n.attribs.alt ? `[${n.attribs.alt}]` : '';
      else if (n.name === 'td' || n.name === 'th') out += `${textOf(n.children)}\u3000`;
      else if (n.name !== 'ul' && n.name !== 'ol') out += textOf(n.children);
    }
  }
  return out;
}

const tidy = (s: string) =>
  s
    .split('\n')
    .map((l) => l.replace(/[ \t\r\f\v]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');

export function richTextBlocks(html: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  const push = (b: TextBlock) => {
    const text = tidy(b.text);
    if (text) blocks.push({ ...b, text });
  };
  const walk = (nodes: ChildNode[], depth: number) => {
    // Text and inline elements between blocks form a paragraph of their own.
    let inline: ChildNode[] = [];
    const flush = () => {
      if (inline.length) push({ kind: 'paragraph', text: textOf(inline) });
      inline = [];
    };
    for (const n of nodes) {
      if (!isTag(n)) {
        if (isText(n)) inline.push(n);
        continue;
      }
      const heading = HEADINGS.exec(n.name);
      if (heading) {
        flush();
        push({ kind: 'heading', level: Number(heading[1]), text: textOf(n.children) });
      } else if (n.name === 'ul' || n.name === 'ol') {
        flush();
        list(n, depth);
      } else if (n.name === 'tr') {
        flush();
        push({ kind: 'paragraph', text: textOf(n.children) });
      } else if (BLOCKS.has(n.name)) {
        flush();
        walk(n.children, depth);
      } else inline.push(n);
    }
    flush();
  };
  const list = (el: Element, depth: number) => {
    let n = 0;
    for (const li of el.children) {
      if (!isTag(li) || li.name !== 'li') continue;
      n += 1;
      push({ kind: 'item', marker: el.name === 'ol' ? `${n}.` : '•', depth, text: textOf(li.children) });
      for (const inner of li.children)
        if (isTag(inner) && (inner.name === 'ul' || inner.name === 'ol')) list(inner, depth + 1);
    }
  };
  walk(parseDocument(html).children, 0);
  return blocks;
}

/** Type sizes: h1 to h6, then body text. */
const HEADING_SIZE = [14, 12.5, 11, 10, 10, 10];
const BODY_SIZE = 10;

/** Draws the blocks down the page, wrapped to its width, new pages as needed. */
export function drawRichText(pdf: Pdf, blocks: TextBlock[]) {
  for (const b of blocks) {
    const heading = b.kind === 'heading';
    const size = heading ? HEADING_SIZE[(b.level ?? 1) - 1]! : BODY_SIZE;
    const font = heading ? pdf.bold : pdf.regular;
    const indent = b.kind === 'item' ? 14 + 14 * (b.depth ?? 0) : 0;
    const lead = size * 1.55;
    if (heading) pdf.space(6);
    // A heading keeps a couple of lines of what follows with it.
    pdf.room(lead + (heading ? 2 * lead : 0));
    let first = true;
    for (const part of b.text.split('\n')) {
      for (const line of pdf.wrap(part, font, size, pdf.inner - indent)) {
        pdf.room(lead);
        pdf.y -= lead;
        if (first && b.marker) pdf.text(b.marker, MARGIN + indent - 12, pdf.y, { size, color: INK });
        pdf.text(line, MARGIN + indent, pdf.y, { size, bold: heading });
        first = false;
      }
    }
    pdf.space(heading ? 2 : 4);
  }
}
