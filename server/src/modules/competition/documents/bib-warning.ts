import { rgb } from 'pdf-lib';
import type { Words } from './labels.js';
import { MARGIN, type Pdf } from './pdf.js';

/**
 * Issue 24, "bibs before publishing": a printed list whose athletes lack bibs never shows an
 * empty bib column without saying why. Under the title, in bold dark red: how many athletes
 * have no bib yet and where to assign them. Nothing when every athlete has one.
 */

const WARN = rgb(0.72, 0.11, 0.11);

export function missingBibText(w: Words, n: number): string {
  if (n <= 0) return '';
  return w.pick(
    `注意：${n} 名运动员尚未分配号码，号码栏为空。请先在“号码布”页面分配号码后重新打印。`,
    n === 1
      ? 'Note: 1 athlete has no bib number yet, so a bib cell is blank. Assign bibs (Bibs page) and print again.'
      : `Note: ${n} athletes have no bib number yet, so their bib cells are blank. Assign bibs (Bibs page) and print again.`,
  );
}

/** Draw the warning at the top of the free space (call it right after the page's header). */
export function bibWarning(pdf: Pdf, w: Words, n: number) {
  const text = missingBibText(w, n);
  if (!text) return;
  for (const line of pdf.wrap(text, pdf.bold, 8.5, pdf.inner)) {
    pdf.room(14);
    pdf.y -= 11;
    pdf.text(line, MARGIN, pdf.y, { size: 8.5, bold: true, color: WARN });
  }
  pdf.y -= 5;
}
