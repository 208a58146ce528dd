import { FILE_URL_PREFIX } from '@baton/contracts';
import sanitizeHtml from 'sanitize-html';

const LINK_RE = /^(https?:\/\/|mailto:)/i;
const IMAGE_RE = new RegExp(`^(https://[^\\s]+|${FILE_URL_PREFIX.replaceAll('/', '\\/')}[A-Za-z0-9_-]{22})$`);
const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*[\d.\s,%]+\)$/i, /^[a-z]{3,20}$/i];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'div',
    'span',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'strike',
    'del',
    'sub',
    'sup',
    'mark',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan', 'style'],
    th: ['colspan', 'rowspan', 'style'],
    '*': ['style'],
  },
  allowedStyles: {
    '*': {
      color: COLOR,
      'background-color': COLOR,
      'text-align': [/^(left|right|center|justify)$/],
      'font-weight': [/^(bold|normal|[1-9]00)$/],
      'font-style': [/^(italic|normal)$/],
      'text-decoration': [/^(underline|line-through|none)$/],
      'font-size': [/^\d{1,2}(px|pt|em|rem|%)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const href = (attribs.href ?? '').trim();
      const safe: Record<string, string> = {};
      if (LINK_RE.test(href)) {
        safe.href = href;
        safe.target = '_blank';
        safe.rel = 'noopener noreferrer nofollow';
      }
      if (attribs.title) safe.title = attribs.title;
      return { tagName, attribs: safe };
    },
    img: (tagName, attribs) => {
      const src = (attribs.src ?? '').trim();
      const { src: _src, ...rest } = attribs;
      return { tagName, attribs: IMAGE_RE.test(src) ? { ...rest, src } : rest };
    },
  },
  // An image without an allowed source is dropped entirely.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/**
 * The rich text of a notice as stored and served: basic formatting, lists, tables, links
 * (http, https, mailto; opened in a new tab) and images (uploaded files or https). Scripts,
 * styles, event-handler attributes, frames, SVG and `javascript:` URLs are removed.
 */
export function sanitizeNoticeHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
