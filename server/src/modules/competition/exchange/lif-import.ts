import {
  LIF_MAX_BYTES,
  type LifChangeVO,
  type LifImportVO,
  type LifResolution,
  type LifRowVO,
  type RoundVO,
  type StartVO,
} from '@baton/contracts';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.js';
import { compHeat, compLog, compStart } from '../../../db/schema/index.js';
import { badInput, notFound } from '../../../lib/errors.js';
import { decodeText } from '../../../lib/text-file.js';
import { nextVersion } from '../../../lib/versioned.js';
import type { CurrentUser } from '../../../plugins/auth.js';
import type { RealtimeHub } from '../../../plugins/realtime.js';
import { requireCompetition } from '../access.js';
import { announce } from '../publish.js';
import { loadRound } from '../views.js';
import { type AssessedRow, assessRows, lifWind, lineError, type RowResult } from './lif-rows.js';
import { type Lif, parseLif } from './lynx.js';
import { fileOf, lynxSlot } from './service.js';

// ─── FinishLynx .lif import: writing one heat's read ─────────────────────────────────────

/** The result columns of a start row, as a change lists them. */
const resultOf = (s: Pick<StartVO, 'place' | 'mark' | 'code' | 'reactionTime'>) => ({
  place: s.place,
  mark: s.mark,
  code: s.code,
  reactionTime: s.reactionTime,
});

const NONE: RowResult = { place: null, mark: null, value: null, code: null, reactionTime: null };

/** Whether a header carries no numbers (`0,0,0`: FinishLynx saved an unnumbered event). */
export const unnumbered = (lif: Lif) => lif.header.event === 0 && lif.header.round === 0 && lif.header.heat === 0;

/**
 * One heat's results from a file, replacing the heat's previous read as a whole (the caller's
 * transaction, the heat locked): every competitor of the heat gets the result its row gives, and
 * one the file does not mention (or whose row is left out) loses place, mark, value, code and
 * reaction time; the wind is replaced (NWI or blank: none). Only the rows that change are
 * written (with a new version). The comp_log entry records the file and every change (the user
 * null: the results folder imported it, lif-folder.ts).
 */
export async function writeHeat(
  tx: DbOrTx,
  userId: number | null,
  round: RoundVO,
  heatId: number,
  lif: Lif,
  rows: readonly AssessedRow[],
  meta: { fileName: string; encoding: string },
): Promise<LifImportVO> {
  const heat = round.heats.find((h) => h.id === heatId);
  if (!heat) throw notFound();
  const wind = round.event.windMeasured ? lifWind(lif.header.wind) : null;
  const byStart = new Map(rows.filter((r) => r.start && !r.skipped).map((r) => [r.start!.id, r]));
  const changes: LifChangeVO[] = [];
  for (const s of heat.starts) {
    const next = byStart.get(s.id)?.result ?? NONE;
    const same =
      s.place === next.place &&
      s.mark === next.mark &&
      s.value === next.value &&
      s.code === next.code &&
      s.reactionTime === next.reactionTime;
    if (same) continue;
    await tx
      .update(compStart)
      .set({
        place: next.place,
        mark: next.mark,
        value: next.value,
        code: next.code,
        dqRule: next.code === 'DQ' && s.code === 'DQ' ? s.dqRule : null,
        reactionTime: next.reactionTime,
        ...nextVersion(compStart),
      })
      .where(eq(compStart.id, s.id));
    changes.push({ startId: s.id, bib: s.bib, lane: s.lane, name: s.name, before: resultOf(s), after: resultOf(next) });
  }
  await tx
    .update(compHeat)
    .set({ ...(round.event.windMeasured ? { wind } : {}), ...nextVersion(compHeat) })
    .where(eq(compHeat.id, heat.id));
  const h = lif.header;
  await tx.insert(compLog).values({
    meetingId: round.meetingId,
    roundId: round.id,
    heatId: heat.id,
    action: 'lif-import',
    detail: {
      file: meta.fileName,
      encoding: meta.encoding,
      event: h.event,
      round: h.round,
      heat: h.heat,
      name: h.name,
      windText: h.wind,
      wind,
      rows: byStart.size,
      changes,
    },
    userId,
  });
  const written: LifRowVO[] = [...byStart.values()].map((r) => ({
    line: r.row.line,
    startId: r.start!.id,
    bib: r.start!.bib,
    lane: r.start!.lane,
    name: r.start!.name,
    matchedBy: r.matchedBy ?? 'bib',
    place: r.result.place,
    mark: r.result.mark,
    value: r.result.value,
    code: r.result.code,
    reactionTime: r.result.reactionTime,
    time: r.row.time,
    reaction: r.row.reactionTime,
  }));
  return {
    heatId: heat.id,
    roundId: round.id,
    wind: round.event.windMeasured ? wind : null,
    rows: written,
    encoding: meta.encoding,
    changes,
  };
}

/**
 * Results of one heat from its FinishLynx `.lif` file, in one transaction. The file must be the
 * heat's (its event, round and heat; `0,0,0` goes to the heat chosen) and the heat `set`. Rows
 * are matched by ID (the bib), else by lane; an ID found in another lane is trusted and places
 * are kept as the file gives them (the review of several files lets a person choose otherwise);
 * a row matching nobody, the same competitor twice, an unknown place word or an unreadable
 * field refuses the whole file, naming the line. Results stay provisional until the results
 * referee makes the heat official.
 */
export async function importLif(
  db: Db,
  hub: RealtimeHub,
  u: CurrentUser,
  heatId: number,
  body: unknown,
): Promise<LifImportVO> {
  const [h0] = await db.select({ meetingId: compHeat.meetingId }).from(compHeat).where(eq(compHeat.id, heatId));
  if (!h0) throw notFound();
  await requireCompetition(db, u, h0.meetingId, 'officiate');
  const bytes = fileOf(body, ' .lif 结果文件', '.lif result file');
  if (bytes.length > LIF_MAX_BYTES) throw badInput('结果文件不能超过 1 MB', 'the result file must be at most 1 MB');
  const decoded = decodeText(bytes);
  const lif = parseLif(decoded.text);
  const result = await db.transaction(async (tx) => {
    const [heat] = await tx.select().from(compHeat).where(eq(compHeat.id, heatId)).for('update');
    if (!heat) throw notFound();
    if (heat.status !== 'set') {
      throw badInput(
        '只有已公布出发名单且成绩未确认的组次（状态“已公布”）可以导入成绩',
        'results can be imported only into a heat whose start list is published and whose results are not official (status “set”)',
      );
    }
    const round = await loadRound(tx, heat.roundId);
    if (!round) throw notFound();
    const want = lynxSlot(round, heat.number);
    const got = lif.header;
    if (!unnumbered(lif) && (got.event !== want.event || got.round !== want.round || got.heat !== want.heat)) {
      throw badInput(
        `文件是项目 ${got.event} 第 ${got.round} 轮第 ${got.heat} 组的成绩，而所选组次为 ${want.event}-${want.round}-${want.heat}`,
        `the file holds event ${got.event} round ${got.round} heat ${got.heat}, but the heat chosen is ${want.event}-${want.round}-${want.heat}`,
      );
    }
    const starts = round.heats.find((x) => x.id === heat.id)?.starts ?? [];
    const first = assessRows(lif.rows, starts, {}, round.event);
    // The single import's own choices: the ID over the lane, the file's places.
    const defaults: Record<string, LifResolution> = {};
    for (const c of first.conflicts) {
      if (c.kind === 'lane-mismatch') defaults[c.id] = 'trust-bib';
      if (c.kind === 'place-time') defaults[c.id] = 'keep-places';
    }
    const { rows, conflicts } = assessRows(lif.rows, starts, defaults, round.event);
    const left = conflicts.find((c) => !defaults[c.id]);
    if (left) {
      if (left.line === null) throw badInput(left.zh, left.en);
      throw lineError(left.line, left.zh, left.en);
    }
    const vo = await writeHeat(tx, u.id, round, heat.id, lif, rows, {
      fileName: fileName(body) ?? '',
      encoding: decoded.encoding,
    });
    return { groupItemId: round.groupItemId, vo };
  });
  await announce(
    hub,
    { meetingId: h0.meetingId, groupItemId: result.groupItemId, roundId: result.vo.roundId, heatId, change: 'results' },
    false,
  );
  return result.vo;
}

/** The `name` field sent beside the file, if any (multipart keeps no file names here). */
function fileName(body: unknown): string | null {
  const v = body && typeof body === 'object' ? (body as Record<string, unknown>).name : undefined;
  return typeof v === 'string' ? v.slice(0, 255) : null;
}
