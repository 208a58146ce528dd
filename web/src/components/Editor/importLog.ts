import type { ImportReport } from '@baton/contracts';
import en from '../../locales/en';
import zhCn from '../../locales/zh-cn';
import { logBlock, logLine } from './markers';

export type ImportLogLang = 'zh-cn' | 'en';

const TEXT = { 'zh-cn': zhCn.editor.import, en: en.editor.import } as const;

function fill(template: string, values: Record<string, number | string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/** Keeps a message on its line: a line break in it would start a line the log reads as its own. */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

/**
 * The server's import report as log-mode text (see `markers.ts`): a summary line, one
 * `[import] ERROR row N · field: message` line per problem, then the outcome as a success block
 * (every row imported) or a warning block (some or none imported, or an empty file).
 */
export function toImportLog(report: ImportReport, lang: ImportLogLang | string = 'zh-cn'): string {
  const text = lang === 'en' ? TEXT.en : TEXT['zh-cn'];
  const counts = { total: report.total, valid: report.valid, invalid: report.invalid, imported: report.imported };
  const lines = [logLine('import', 'INFO', fill(text.summary, counts))];
  const errors = [...report.errors].sort((a, b) => a.row - b.row);
  for (const e of errors) {
    const where = fill(text.row, { row: e.row });
    const field = oneLine(e.field);
    lines.push(logLine('import', 'ERROR', `${where} · ${field ? `${field}: ` : ''}${oneLine(e.message)}`));
  }
  const problems = Math.max(report.invalid, errors.length > 0 ? 1 : 0);
  if (report.total === 0) {
    lines.push(logBlock('warning', text.empty));
  } else if (report.imported > 0 && problems === 0) {
    lines.push(logBlock('success', fill(text.allImported, counts)));
  } else if (report.imported > 0) {
    lines.push(logBlock('warning', fill(text.partial, counts)));
  } else if (problems > 0) {
    lines.push(logBlock('warning', fill(text.nothing, { ...counts, invalid: problems })));
  } else {
    lines.push(logBlock('warning', fill(text.notWritten, counts)));
  }
  return lines.join('\n');
}
