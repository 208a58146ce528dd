import type { ImportMode, ImportReport, Lang } from '@baton/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import type { ImportColumn } from '../../lib/excel.js';
import {
  type ImportSheet,
  type Mapping,
  missingColumnsReport,
  readImportSheet,
  requireColumns,
  withSheet,
} from '../../lib/sheet-import.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { delegationIdOf, requireActing, requireRecord, requireWriting, type Writing } from './access.js';
import { type Forms, loadForms } from './forms.js';
import { inTransaction, type Written } from './tx.js';

/** How a kind of the delegation's people (athletes, coaches) is read as its record. */
type ReadVO<VO> = (db: DbOrTx, id: number) => Promise<VO | null>;

/** One athlete or coach, for a caller who reaches its delegation (others: 404). */
export async function readPerson<VO extends { delegationId: number; meetingId: number }>(
  db: Db,
  u: CurrentUser,
  id: number,
  readVO: ReadVO<VO>,
): Promise<VO> {
  const vo = await readVO(db, id);
  if (!vo) throw notFound();
  await requireRecord(db, u, vo);
  return vo;
}

/**
 * Register one athlete or coach: in one transaction, as the caller writing for the delegation,
 * checked against the meeting's forms by `add`; answers the record as it now stands.
 */
export async function createPerson<B extends { delegationId?: number }, VO>(
  db: Db,
  u: CurrentUser,
  body: B,
  add: (tx: DbOrTx, w: Writing, forms: Forms, body: B) => Promise<number>,
  readVO: ReadVO<VO>,
): Promise<Written<VO>> {
  return inTransaction(db, async (tx) => {
    const w = await requireWriting(tx, u, delegationIdOf(u, body.delegationId));
    const id = await add(tx, w, await loadForms(tx, w.m.id), body);
    return { before: null, after: (await readVO(tx, id))!, override: w.override };
  });
}

/** A people import's answer: the report, and whether a manager wrote while registration was closed. */
export type PeopleReport = ImportReport & { override: boolean };

/** Thrown to roll an import back (all-or-nothing with errors, or a preview), carrying its report. */
class RolledBack extends Error {
  constructor(readonly report: PeopleReport) {
    super('import rolled back');
  }
}

/** What an import's rows came to, inside its transaction. */
export interface RowsWritten {
  errors: ImportReport['errors'];
  /** The rows counted valid. */
  valid: number;
  /** The records written (the report's `imported` when the import stands). */
  written: number;
  /** The report's `creates`: what was written, or (`kept` false) nothing, when the import is undone. */
  creates: (kept: boolean) => NonNullable<ImportReport['creates']>;
}

/** What an import's `writeRows` works with, inside the import's transaction. */
export interface ImportRows {
  tx: DbOrTx;
  u: CurrentUser;
  w: Writing;
  forms: Forms;
  sheet: ImportSheet;
  delegationId: number;
  lang: Lang;
}

/**
 * An import of the delegation's people (athletes, coaches) from a spreadsheet: the sheet read
 * in the columns of the meeting's forms (`columnsOf`; a preview missing columns says which),
 * then its rows written by `writeRows` in one transaction as the caller writing for the
 * delegation. All-or-nothing by default, `valid-only` keeps the good rows, `preview` keeps nothing.
 */
export const peopleImport =
  (columnsOf: (forms: Forms) => ImportColumn[], writeRows: (c: ImportRows) => Promise<RowsWritten>) =>
  async (
    db: Db,
    u: CurrentUser,
    delegationId: number | undefined,
    file: Buffer,
    mode: ImportMode,
    lang: Lang,
    mapping?: Mapping,
  ): Promise<PeopleReport> => {
    const dId = delegationIdOf(u, delegationId);
    const preview = mode === 'preview';
    // The columns depend on the meeting's forms: read them (and check the caller reaches the delegation) first.
    const a = await requireActing(db, u, dId);
    const sheet = await readImportSheet(file, columnsOf(await loadForms(db, a.m.id)), { lang, mapping });
    if (preview && sheet.missing.length) return { ...missingColumnsReport(sheet, lang), override: false };
    requireColumns(sheet);
    try {
      return await inTransaction(db, async (tx) => {
        const w = await requireWriting(tx, u, dId);
        const forms = await loadForms(tx, w.m.id);
        const rows = await writeRows({ tx, u, w, forms, sheet, delegationId: dId, lang });
        const report: PeopleReport = {
          ...withSheet(
            {
              total: sheet.rows.length,
              valid: rows.valid,
              invalid: new Set(rows.errors.map((e) => e.row)).size,
              imported: 0,
              errors: rows.errors,
              creates: rows.creates(true),
            },
            sheet,
            preview,
          ),
          override: w.override,
        };
        if (preview) throw new RolledBack(report);
        if (rows.errors.length && mode !== 'valid-only')
          throw new RolledBack({ ...report, creates: rows.creates(false) });
        report.imported = rows.written;
        return report;
      });
    } catch (err) {
      if (err instanceof RolledBack) return err.report;
      throw err;
    }
  };
