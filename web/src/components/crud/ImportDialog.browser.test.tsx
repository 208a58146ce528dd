import type { ImportColumnVO, ImportReport, ImportSheetVO } from '@baton/contracts';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { applyApi } from '../../api/apply';
import i18n from '../../app/i18n';
import { choose, testId } from '../../test/antd';
import { envelope, type FakeServer, serveFake } from '../../test/fake-fetch';
import { ImportDialog } from './ImportDialog';

/*
 * The fake server of the athletes import, answering as the contract says (ImportReport with `sheet`,
 * `creates`, `notices`): a school's sheet whose header row is row 4, where 姓名 and 性别 are known,
 * 项目一 is an event column, and the ID numbers sit under 号码, a header the import cannot know.
 * The `mapping` form field re-maps columns; a required field without a column makes every row bad.
 */

const FIELDS: ImportSheetVO['fields'] = [
  { key: 'name', label: 'Name', required: true },
  { key: 'idNumber', label: 'ID number', required: true },
  { key: 'gender', label: 'Gender', required: false },
  { key: 'bib', label: 'Bib', required: false },
  { key: 'events', label: 'Events', required: false },
];
/** The sheet: headers by column, and two athletes. */
const HEADERS = ['姓名', '性别', '号码', '项目一'];
const RECOGNISED: Record<string, Pick<ImportColumnVO, 'key' | 'by'>> = {
  姓名: { key: 'name', by: 'title' },
  性别: { key: 'gender', by: 'synonym' },
  项目一: { key: 'events', by: 'synonym' },
};
const ROWS = [
  ['李明', '男', '330381201203150011', '100米'],
  ['欧阳娜娜', '女', '330381201205060022', '跳远'],
];

interface Call {
  mode: string;
  mapping: Record<string, string | null>;
  fileName: string;
}
let calls: Call[] = [];
/** A third athlete whose ID number is too short (the rest of the sheet is fine). */
let withBadRow = false;

function answerImport(mode: string, mapping: Record<string, string | null>): ImportReport {
  const columns: ImportColumnVO[] = HEADERS.map((header, index) => {
    if (String(index) in mapping) return { index, header, key: mapping[String(index)] ?? null, by: 'user' };
    return { index, header, ...(RECOGNISED[header] ?? { key: null, by: 'none' as const }) };
  });
  const column = (key: string) => columns.find((c) => c.key === key)?.index;
  const sheetRows = withBadRow ? [...ROWS, ['王小二', '男', '3303812012', '100米']] : ROWS;
  const rows = sheetRows.map((cells, i) => ({
    row: 5 + i,
    values: Object.fromEntries(columns.filter((c) => c.key).map((c) => [c.key!, cells[c.index]!])),
  }));
  const errors = FIELDS.filter((f) => f.required && column(f.key) === undefined).flatMap((f) =>
    rows.map((r) => ({ row: r.row, field: f.key, message: `${f.label} is missing` })),
  );
  for (const r of rows) {
    const id = r.values.idNumber;
    if (id !== undefined && id.length !== 18) {
      errors.push({ row: r.row, field: 'idNumber', message: 'An ID number has 18 characters' });
    }
  }
  const invalid = new Set(errors.map((e) => e.row)).size;
  const valid = rows.length - invalid;
  const events = column('events') === undefined ? 0 : valid;
  const write = mode !== 'preview' && (invalid === 0 || mode === 'valid-only');
  return {
    total: rows.length,
    valid,
    invalid,
    imported: write ? valid : 0,
    errors,
    sheet: { headerRow: 4, columns, fields: FIELDS, rows },
    creates: [
      { what: 'athletes', label: 'Athletes', count: valid },
      { what: 'entries', label: 'Entries', count: events },
    ],
    notices: ['Rows 1–3 above the header were read as titles'],
  };
}

const fakeServer: FakeServer = (config) => {
  const url = config.url ?? '';
  const method = (config.method ?? 'get').toUpperCase();
  if (method === 'POST' && url === '/api/v1/apply/athletes/import') {
    const form = config.data as FormData;
    const mode = String((config.params as { mode: string }).mode);
    const mapping = JSON.parse(String(form.get('mapping'))) as Record<string, string | null>;
    const file = form.get('file') as File;
    calls.push({ mode, mapping, fileName: file.name });
    return envelope(answerImport(mode, mapping));
  }
  return Promise.reject(new Error(`unexpected ${method} ${url}`));
};
serveFake(fakeServer);

beforeEach(() => {
  calls = [];
  withBadRow = false;
});

const body = () => document.body;

const sheetFile = () =>
  new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], 'school.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });

async function mount() {
  await i18n.changeLanguage('en');
  const onImported = vi.fn();
  const onSchoolTemplate = vi.fn(() => Promise.resolve());
  await render(
    <App>
      <ImportDialog
        open
        onClose={() => undefined}
        onTemplate={() => Promise.resolve()}
        onSchoolTemplate={onSchoolTemplate}
        upload={(file, mode, mapping) => applyApi.athletes.import(file, mode, 7, mapping)}
        onImported={onImported}
      />
    </App>,
  );
  await expect.poll(() => testId('import-dialog')).not.toBeNull();
  return { onImported, onSchoolTemplate };
}

async function pickFile() {
  const input = body().querySelector<HTMLInputElement>('[data-testid="import-dialog"] input[type=file]')!;
  await userEvent.upload(input, sheetFile());
}

const columnText = (index: number) => testId(`import-column-${index}`)?.textContent ?? '';
const submit = () => testId('import-submit') as HTMLButtonElement;

describe('import dialog: preview, re-map, import', () => {
  it('previews the sheet, lets the user re-map the unknown column, and imports with that mapping', async () => {
    const { onImported, onSchoolTemplate } = await mount();
    // The list has a school layout: both templates are offered.
    await userEvent.click(testId('import-template-school')!);
    expect(onSchoolTemplate).toHaveBeenCalledOnce();
    expect(submit().disabled).toBe(true);

    await pickFile();
    // The preview: asked for with an empty mapping, nothing written.
    await expect.poll(() => testId('import-preview')).not.toBeNull();
    expect(calls).toEqual([{ mode: 'preview', mapping: {}, fileName: 'school.xlsx' }]);
    // A required field without a column: the rows cannot be checked yet, and the summary says why.
    expect(testId('import-preview-summary')!.textContent).toContain(
      '2 rows read. They are checked once every required field has a column. Nothing is written until you import.',
    );
    expect(testId('import-preview-summary')!.textContent).toContain('Header on row 4');
    // The columns as understood: how each was recognised, and the unknown one left out.
    expect(columnText(0)).toContain('姓名');
    expect(columnText(0)).toContain('template title');
    expect(columnText(1)).toContain('recognised');
    expect(columnText(2)).toContain('号码');
    expect(columnText(2)).toContain('not used');
    expect(testId('import-map-2')!.textContent).toBe('Leave out');
    // The required field no column fills is the problem; the import waits for it.
    expect(testId('import-missing')!.textContent).toContain('ID number');
    expect(submit().disabled).toBe(true);
    expect(testId('import-notices')!.textContent).toContain('Rows 1–3 above the header were read as titles');
    await userEvent.click(testId('import-problems-tab')!);
    await expect.poll(() => testId('import-problems')?.textContent ?? '').toContain('Row 5');
    expect(testId('import-problems')!.textContent).toContain('ID number is missing');

    // Re-map 号码 to the ID number: the preview is asked again with that mapping.
    await userEvent.click(body().querySelector('.ant-tabs-tab')!);
    await choose(testId('import-map-2')!, 'ID number (required)');
    await expect.poll(() => calls.length).toBe(2);
    expect(calls[1]).toEqual({ mode: 'preview', mapping: { '2': 'idNumber' }, fileName: 'school.xlsx' });
    await expect.poll(() => columnText(2)).toContain('your choice');
    expect(testId('import-map-2')!.textContent).toBe('ID number (required)');
    expect(testId('import-missing')).toBeNull();
    expect(testId('import-preview-summary')!.textContent).toContain('2 rows read: 2 ready, 0 with problems');
    expect(testId('import-creates')!.textContent).toContain('Athletes 2');
    expect(testId('import-creates')!.textContent).toContain('Entries 2');
    await userEvent.click(testId('import-problems-tab')!);
    await expect.poll(() => testId('import-no-problems')?.textContent).toBe('No problems found');

    // Import: all-or-nothing, with the same mapping; the report replaces the preview.
    await expect.poll(() => submit().disabled).toBe(false);
    await userEvent.click(submit());
    await expect
      .poll(() => testId('import-report')?.textContent ?? '')
      .toContain('2 rows: 2 valid, 0 with errors, 2 imported');
    expect(calls[2]).toEqual({ mode: 'all-or-nothing', mapping: { '2': 'idNumber' }, fileName: 'school.xlsx' });
    expect(testId('import-preview')).toBeNull();
    expect(onImported).toHaveBeenCalledOnce();
  }, 60_000);

  it('gives a field to one column only: choosing it for another leaves the first out', async () => {
    await mount();
    await pickFile();
    await expect.poll(() => testId('import-map-0')?.textContent).toBe('Name (required)');
    // 号码 becomes the name: 姓名, the name until now, is sent as left out.
    await choose(testId('import-map-2')!, 'Name (required)');
    await expect.poll(() => calls.length).toBe(2);
    expect(calls[1]!.mapping).toEqual({ '0': null, '2': 'name' });
    await expect.poll(() => testId('import-map-0')?.textContent).toBe('Leave out');
    expect(columnText(0)).toContain('your choice');
    // Leaving a column out is a choice too; the rows without a name and an ID number stay refused.
    expect(testId('import-missing')!.textContent).toContain('ID number');
    expect(submit().disabled).toBe(true);
  }, 60_000);

  it('offers the valid rows only when the import refused the file, and sends the same mapping again', async () => {
    withBadRow = true;
    const { onImported } = await mount();
    await pickFile();
    // The preview first (its column selects come with it), as the other tests wait for it.
    await expect.poll(() => testId('import-map-2')).not.toBeNull();
    await choose(testId('import-map-2')!, 'ID number (required)');
    await expect.poll(() => calls.length).toBe(2);
    await expect
      .poll(() => testId('import-preview-summary')?.textContent ?? '')
      .toContain('3 rows read: 2 ready, 1 with problems');
    // A bad row does not stop the import from being tried: the server decides, all or nothing.
    await userEvent.click(testId('import-problems-tab')!);
    await expect.poll(() => testId('import-problems')?.textContent ?? '').toContain('An ID number has 18 characters');
    expect(testId('import-problems')!.textContent).toContain('Row 7');
    await expect.poll(() => submit().disabled).toBe(false);
    await userEvent.click(submit());
    await expect
      .poll(() => testId('import-report')?.textContent ?? '')
      .toContain('3 rows: 2 valid, 1 with errors, 0 imported');
    expect(onImported).not.toHaveBeenCalled();
    await userEvent.click(testId('import-valid-only')!);
    await expect.poll(() => testId('import-report')?.textContent ?? '').toContain('2 imported');
    expect(calls.slice(2)).toEqual([
      { mode: 'all-or-nothing', mapping: { '2': 'idNumber' }, fileName: 'school.xlsx' },
      { mode: 'valid-only', mapping: { '2': 'idNumber' }, fileName: 'school.xlsx' },
    ]);
    expect(onImported).toHaveBeenCalledOnce();
  }, 60_000);
});
