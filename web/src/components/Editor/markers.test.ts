import { describe, expect, it } from 'vitest';
import { toImportLog } from './importLog';
import { findLinks, isSafeHref, logBlock, logLine, logLink, parseLinkAttrs, scanLog } from './markers';

describe('isSafeHref', () => {
  it.each(['/api/v1/files/abc', '/a?b=c#d', 'http://example.com/x', 'https://example.com', 'HTTPS://EXAMPLE.COM/'])(
    'links %s',
    (href) => expect(isSafeHref(href)).toBe(true),
  );

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    'http:/x',
    'https://',
    'file:///etc/passwd',
    'relative/path',
    '',
    'x'.repeat(3000),
  ])('refuses %j', (href) => expect(isSafeHref(href)).toBe(false));

  it('refuses what is not a string', () => {
    expect(isSafeHref(undefined)).toBe(false);
    expect(isSafeHref({ href: '/x' })).toBe(false);
  });
});

describe('link markers', () => {
  it('round-trips the attributes through logLink', () => {
    const attrs = { href: '/api/v1/files/abc', download: 'report.xlsx' };
    const marker = logLink(attrs);
    expect(marker).toBe('[[link {"href":"/api/v1/files/abc","download":"report.xlsx"}]]');
    const line = `done ${marker} and more`;
    const [seg] = findLinks(line);
    expect(seg?.attrs).toEqual(attrs);
    expect(line.slice(seg!.from, seg!.to)).toBe(marker);
  });

  it('escapes `]` so a file name cannot end the marker early', () => {
    const marker = logLink({ href: '/f', download: 'a]]b}]].txt' });
    expect(marker).not.toMatch(/\]\].*\]\]/);
    const [seg] = findLinks(`x ${marker} y`);
    expect(seg?.attrs?.download).toBe('a]]b}]].txt');
  });

  it('keeps only allow-listed attributes', () => {
    expect(
      parseLinkAttrs('{"href":"/f","onclick":"alert(1)","style":"x","target":"_top","title":"t","download":true}'),
    ).toEqual({ href: '/f', title: 't', download: true });
  });

  it('leaves unsafe or broken markers as text', () => {
    const line = '[[link {"href":"javascript:alert(1)"}]] [[link {nope}]] [[link {"href":"//evil"}]]';
    expect(findLinks(line).map((s) => s.attrs)).toEqual([null, null, null]);
    expect(parseLinkAttrs('[1]')).toBeNull();
    expect(parseLinkAttrs('null')).toBeNull();
  });

  it('finds several links in a line', () => {
    const line = `${logLink({ href: '/a' })} | ${logLink({ href: 'https://b.example/x', target: '_blank' })}`;
    expect(findLinks(line).map((s) => s.attrs?.href)).toEqual(['/a', 'https://b.example/x']);
  });
});

describe('scanLog', () => {
  it('follows level blocks and marks their markers', () => {
    const text = ['before', '<<error>>', 'bad row', '<</error>>', 'after', '<<success>>Done<</success>>', 'x'];
    const scanned = [...scanLog(text)];
    expect(scanned.map((l) => l.level)).toEqual([null, 'error', 'error', 'error', null, 'success', null]);
    expect(scanned[1]?.markers).toEqual([{ from: 0, to: 9 }]);
    expect(scanned[5]?.markers).toEqual([
      { from: 0, to: 11 },
      { from: 15, to: 27 },
    ]);
  });

  it('runs an unclosed block to the end', () => {
    expect([...scanLog(['<<warning>>', 'a', 'b'])].map((l) => l.level)).toEqual(['warning', 'warning', 'warning']);
  });

  it('finds tagged lines', () => {
    const scanned = [
      ...scanLog(['[import] ERROR row 5', '[sync] INFO ok', '[x] WARN slow', '[x] warning y', '[x]ERROR', 'ERROR [x]']),
    ];
    expect(scanned.map((l) => l.tagged?.kind ?? null)).toEqual(['ERROR', 'INFO', 'WARN', 'WARN', null, null]);
    expect(scanned[0]?.tagged).toEqual({ tag: { from: 0, to: 8 }, word: { from: 9, to: 14 }, kind: 'ERROR' });
  });

  it('builds lines and blocks with the helpers', () => {
    expect(logLine('imp ort]', 'WARN', 'x')).toBe('[import] WARN x');
    expect(logBlock('info', 'a\nb')).toBe('<<info>>\na\nb\n<</info>>');
  });
});

describe('toImportLog', () => {
  it('lists the row errors in row order and ends with a warning when nothing was imported', () => {
    const text = toImportLog(
      {
        total: 10,
        valid: 8,
        invalid: 2,
        imported: 0,
        errors: [
          { row: 9, field: 'email', message: 'is taken' },
          { row: 5, field: 'mobile', message: 'is\ninvalid' },
        ],
      },
      'en',
    );
    expect(text.split('\n')).toEqual([
      '[import] INFO Read 10 rows: 8 valid, 2 invalid, 0 imported',
      '[import] ERROR row 5 · mobile: is invalid',
      '[import] ERROR row 9 · email: is taken',
      '<<warning>>',
      'Nothing was imported: fix the 2 rows above and import again',
      '<</warning>>',
    ]);
  });

  it('ends with a success block when every row was imported', () => {
    const text = toImportLog({ total: 3, valid: 3, invalid: 0, imported: 3, errors: [] }, 'zh-cn');
    expect(text).toContain('<<success>>\n导入成功：已导入 3 行\n<</success>>');
    expect(text.startsWith('[import] INFO 共读取 3 行')).toBe(true);
  });

  it('says when the valid rows were imported and the others not', () => {
    const text = toImportLog(
      { total: 3, valid: 2, invalid: 1, imported: 2, errors: [{ row: 2, field: '', message: 'empty row' }] },
      'en',
    );
    expect(text).toContain('[import] ERROR row 2 · empty row');
    expect(text).toContain('<<warning>>\nImported 2 valid rows; 1 rows with errors were not imported');
  });

  it('handles an empty file', () => {
    expect(toImportLog({ total: 0, valid: 0, invalid: 0, imported: 0, errors: [] }, 'en')).toContain(
      '<<warning>>\nThe file holds no rows to import\n<</warning>>',
    );
  });
});
