import type { BookPaper } from '@baton/contracts';
import type { Report } from '../../../lib/jobs.js';
import type { MeetingRow } from '../../meetings/access.js';
import type { BookOptions } from './books.js';
import { type Words, words } from './labels.js';
import { A4, A5, ACCENT, GREY, INK, MARGIN, Pdf, RULE } from './pdf.js';
import { meetingHeader, now } from './service.js';

/**
 * How a book (books.ts) is laid out: its cover, its contents and its numbered sections.
 *
 * Contents with page numbers in one pass: the sections are known before anything is drawn (their
 * titles come from the schedule, not from what they print), so the contents' pages are counted and
 * left blank after the cover, the sections drawn recording the page each heading lands on, then
 * the contents written onto the pages kept for them. Page numbers are the PDF's own (the cover is
 * page 1), as a reader's "go to page" and the footers count.
 */

interface Section {
  /** The numbered title ("3.2 Delegation"), printed alike as the heading and in the contents. */
  title: string;
  level: 1 | 2;
  draw: () => void | Promise<void>;
}

const HEAD = { 1: 15, 2: 11 } as const;
const TOC_LINE = 15;
const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Lays a book out: cover, contents pages kept blank, sections, then the contents written. */
class Book {
  private readonly sections: Section[] = [];
  private chapter = 0;
  private sub = 0;

  constructor(
    readonly pdf: Pdf,
    readonly w: Words,
    private readonly m: MeetingRow,
    private readonly bookTitle: string,
  ) {}

  /** A chapter: starts a page; its sub-sections follow. */
  chapterOf(title: string, draw: () => void | Promise<void>) {
    this.chapter += 1;
    this.sub = 0;
    this.sections.push({ title: `${this.chapter} ${title}`, level: 1, draw });
  }

  subOf(title: string, draw: () => void | Promise<void>) {
    this.sub += 1;
    this.sections.push({ title: `${this.chapter}.${this.sub} ${title}`, level: 2, draw });
  }

  get total() {
    return this.sections.length;
  }

  private header(subtitle?: string) {
    const { w, m } = this;
    return meetingHeader(w, m, this.bookTitle, subtitle, `${m.startDate} – ${m.endDate}`);
  }

  private cover() {
    const { pdf, w, m } = this;
    pdf.addPage({ bare: true });
    const cx = pdf.width / 2;
    const wide = pdf.width - 2 * MARGIN - 24;
    const scale = pdf.width / A4[0];
    let y = pdf.height * 0.72;
    const name = w.own(m.name, m.nameEn);
    for (const line of pdf.wrap(name, pdf.bold, 24 * scale, wide)) {
      pdf.text(line, cx, y, { size: 24 * scale, bold: true, align: 'center' });
      y -= 32 * scale;
    }
    const alt = w.lang === 'en' ? m.name : m.nameEn;
    if (alt && alt !== name) {
      pdf.text(alt, cx, y, { size: 12 * scale, color: GREY, align: 'center', maxWidth: wide });
      y -= 24 * scale;
    }
    y -= 40 * scale;
    pdf.text(this.bookTitle, cx, y, { size: 40 * scale, bold: true, color: ACCENT, align: 'center', maxWidth: wide });
    y -= 30 * scale;
    pdf.line(cx - 80 * scale, y, cx + 80 * scale, y, ACCENT, 1.2);
    let low = pdf.height * 0.26;
    const facts: [string, string][] = [
      [w.w('dates'), m.startDate === m.endDate ? m.startDate : `${m.startDate} – ${m.endDate}`],
      ...(m.venue ? [[w.w('venue'), m.venue] as [string, string]] : []),
    ];
    for (const [label, value] of facts) {
      pdf.text(`${label}  ${value}`, cx, low, { size: 12 * scale, align: 'center', maxWidth: wide });
      low -= 20 * scale;
    }
    // The organisers, under the facts (at most eight lines: the cover is one page).
    const organisers = m.organisers.split('\n').filter(Boolean).slice(0, 8);
    if (organisers.length) low -= 8 * scale;
    for (const line of organisers) {
      pdf.text(line, cx, low, { size: 11 * scale, align: 'center', maxWidth: wide });
      low -= 17 * scale;
    }
    pdf.text(w.w('printedAt', { t: now(w) }), cx, MARGIN + 8, { size: 8, color: GREY, align: 'center' });
  }

  /** How many contents lines a page holds (below the header and the "Contents" heading). */
  private tocCapacity(): number {
    const top = this.pdf.y - (HEAD[1] + 2 + 6 + 8);
    return Math.max(1, Math.floor((top - this.pdf.bottom) / TOC_LINE));
  }

  private heading(level: 1 | 2, title: string) {
    const { pdf } = this;
    const size = HEAD[level];
    pdf.y -= size + 2;
    pdf.text(title, MARGIN, pdf.y, { size, bold: true, color: level === 1 ? ACCENT : INK, maxWidth: pdf.inner });
    pdf.y -= level === 1 ? 8 : 6;
    if (level === 1) {
      pdf.line(MARGIN, pdf.y, pdf.width - MARGIN, pdf.y, ACCENT, 0.8);
      pdf.y -= 8;
    }
  }

  /** Draw the whole book; `report(done, total)` after each section. */
  async render(report: Report): Promise<{ bytes: Uint8Array; pages: number }> {
    const { pdf, w } = this;
    const total = this.sections.length + 1;
    // Titles cut once to what both the heading and the contents line hold.
    for (const s of this.sections) s.title = pdf.fit(s.title, pdf.bold, HEAD[s.level], pdf.inner - 72);
    this.cover();
    pdf.setHeader(this.header(w.w('contents')));
    pdf.addPage();
    const tocTop = pdf.y;
    const perPage = this.tocCapacity();
    const tocPages = [pdf.page];
    for (let n = perPage; n < this.sections.length; n += perPage) tocPages.push(pdf.addPage());
    const pageOf: number[] = [];
    for (const [i, s] of this.sections.entries()) {
      if (s.level === 1) {
        pdf.setHeader(this.header(s.title.replace(/^\d+ /, '')));
        pdf.addPage();
      } else {
        // The heading with room for a few lines under it, else on the next page.
        pdf.room(HEAD[2] + 80);
      }
      pageOf.push(pdf.pages.length);
      this.heading(s.level, s.title);
      await s.draw();
      report(i + 1, total);
      await yieldTurn();
    }
    // The contents, on the pages kept for them.
    this.sections.forEach((s, i) => {
      const at = Math.floor(i / perPage);
      pdf.page = tocPages[at]!;
      if (i % perPage === 0) {
        // Below the page header, drawn when the page was added.
        pdf.y = tocTop;
        this.heading(1, w.w('contents'));
      }
      const indent = s.level === 1 ? 0 : 16;
      const size = s.level === 1 ? 10 : 9;
      pdf.y -= TOC_LINE;
      const x = MARGIN + indent;
      const width = pdf.text(s.title, x, pdf.y, { size, bold: s.level === 1, maxWidth: pdf.inner - indent - 40 });
      const number = String(pageOf[i]);
      const right = pdf.width - MARGIN;
      const numberWidth = pdf.widthOf(pdf.regular, number, size);
      pdf.text(number, right, pdf.y, { size, align: 'right', bold: s.level === 1 });
      if (x + width + 6 < right - numberWidth - 6) {
        pdf.page.drawLine({
          start: { x: x + width + 6, y: pdf.y + 2 },
          end: { x: right - numberWidth - 6, y: pdf.y + 2 },
          color: RULE,
          thickness: 0.8,
          dashArray: [1, 2.5],
        });
      }
    });
    const bytes = await pdf.save(now(w));
    report(total, total);
    return { bytes, pages: pdf.pages.length };
  }
}

/** Paper in points. */
const PAPER: Record<BookPaper, [number, number]> = { A4, A5 };

export async function newBook(m: MeetingRow, o: BookOptions, title: (w: Words) => string) {
  const w = words(o.lang, m.timeZone, o.bilingual);
  const pdf = await Pdf.create(w, meetingHeader(w, m, title(w)), PAPER[o.paper]);
  return new Book(pdf, w, m, title(w));
}
