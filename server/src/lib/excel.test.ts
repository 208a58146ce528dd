import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { declaredUnpackedSize, readXlsx, safeCell, toXlsx } from './excel.js';

describe('excel', () => {
  it('neutralises formula injection in text cells', () => {
    for (const bad of ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\t=x', '\r=x']) expect(safeCell(bad)).toBe(`'${bad}`);
    expect(safeCell('Zhang San')).toBe('Zhang San');
    expect(safeCell(-5)).toBe(-5);
  });

  it('round-trips rows through a workbook, exported formulas as text', async () => {
    const buf = await toXlsx(
      'Users',
      [
        { header: 'Name', key: 'name', value: (r: { name: string; n: number }) => r.name },
        { header: 'N', key: 'n', value: (r) => r.n },
      ],
      [
        { name: '张三', n: 1 },
        { name: '=HYPERLINK("http://x")', n: 2 },
      ],
    );
    const { headers, rows } = await readXlsx(buf);
    expect(headers).toEqual(['Name', 'N']);
    expect(rows).toEqual([
      { row: 2, values: { Name: '张三', N: '1' } },
      { row: 3, values: { Name: `'=HYPERLINK("http://x")`, N: '2' } },
    ]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.getCell('A3').type).not.toBe(ExcelJS.ValueType.Formula);
  });

  it('refuses what is not an xlsx, and zip bombs before unpacking', async () => {
    await expect(readXlsx(Buffer.from('name,age\nx,1'))).rejects.toThrow(/not an Excel/);
    const buf = await toXlsx(
      'S',
      [{ header: 'A', key: 'a', value: (r: { a: string }) => r.a }],
      [{ a: 'x'.repeat(5000) }],
    );
    const size = declaredUnpackedSize(buf)!;
    expect(size).toBeGreaterThan(5000);
    await expect(readXlsx(buf, { maxBytes: 1e7, maxUnpackedBytes: size - 1, maxRows: 10 })).rejects.toThrow(/unpacks/);
    await expect(readXlsx(buf, { maxBytes: 100, maxUnpackedBytes: 1e9, maxRows: 10 })).rejects.toThrow(/larger than/);
  });
});
