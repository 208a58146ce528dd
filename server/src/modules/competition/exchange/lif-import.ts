import { LIF_MAX_BYTES, type LifImportVO, type LifRowVO, type MarkCode } from '@baton/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { compHeat, compLog, compStart } from '../../../db/schema/index.js';
import { badInput, notFound } from '../../../lib/errors.js';
import { decodeText } from '../../../lib/text-file.js';
import { nextVersion } from '../../../lib/versioned.js';
import type { CurrentUser } from '../../../plugins/auth.js';
import type { RealtimeHub } from '../../../plugins/realtime.js';
import { requireCompetition } from '../access.js';
import { announce } from '../publish.js';
import { formatTime, parseTime, roundWind } from '../results/rules/marks.js';
import { loadRound } from '../views.js';
import { parseLif } from './lynx.js';
import { fileOf, lynxLane, lynxSlot } from './service.js';
import { joinName } from './text.js';

// ─── FinishLynx .lif import ──────────────────────────────────────────────────────────────

const CODE_WORDS: Record<string, MarkCode> = { DNS: 'DNS', DNF: 'DNF', DQ: 'DQ', DSQ: 'DQ' };

const lineError = (line: number, zh: string, en: string) => badInput(`第 ${line} 行：${zh}`, `line ${line}: ${en}`);

interface LifResult {
  place: number | null;
  mark: string | null;
  value: number | null;
  code: MarkCode | null;
  reactionTime: number | null;
}

/** What one .lif row says: a place and time, or a status code; null when it says nothing. */
function lifResult(row: { line: number; place: string; time: string; reactionTime: string }): LifResult | null {
  const placeWord = row.place.toUpperCase();
  const timeWord = row.time.toUpperCase();
  const code = CODE_WORDS[placeWord] ?? CODE_WORDS[timeWord] ?? null;
  let reactionTime: number | null = null;
  if (row.reactionTime) {
    if (!/^\d(\.\d{1,3})?$/.test(row.reactionTime)) {
      throw lineError(
        row.line,
        `反应时 ${row.reactionTime.slice(0, 20)} 无效`,
        `the reaction time ${row.reactionTime.slice(0, 20)} is not valid`,
      );
    }
    reactionTime = Number(row.reactionTime);
  }
  if (code) return { place: null, mark: null, value: null, code, reactionTime };
  if (!row.time) return null;
  // The results' time parser and display (results/rules/marks.ts): a photo-finish time is fully
  // automatic, shown to 1/100 rounded up (WA TR 19.24) whatever the decimals the file gave.
  const parsed = parseTime(row.time);
  if (!parsed) {
    throw lineError(row.line, `成绩 ${row.time.slice(0, 20)} 无效`, `the time ${row.time.slice(0, 20)} is not valid`);
  }
  let place: number | null = null;
  if (row.place) {
    if (!/^\d{1,3}$/.test(row.place) || Number(row.place) < 1) {
      throw lineError(
        row.line,
        `名次 ${row.place.slice(0, 20)} 无效`,
        `the place ${row.place.slice(0, 20)} is not valid`,
      );
    }
    place = Number(row.place);
  }
  return {
    place,
    mark: formatTime(parsed.value, Math.max(2, parsed.decimals)),
    value: parsed.value,
    code: null,
    reactionTime,
  };
}

function windOf(raw: string): number | null {
  const t = raw.trim();
  if (!t || /^nwi$/i.test(t)) return null;
  if (!/^[+-]?\d{1,2}(\.\d{1,3})?$/.test(t)) {
    throw lineError(1, `风速 ${t.slice(0, 20)} 无效`, `the wind ${t.slice(0, 20)} is not valid`);
  }
  // Rounded to the next higher 0.1 m/s (WA TR 17.13, results/rules/marks.ts).
  return roundWind(Number(t));
}

/**
 * Results of one heat from its FinishLynx `.lif` file, in one transaction: every row is matched
 * to a start row of the heat by its ID (the bib), else by its lane; a row that matches nobody
 * (or the same competitor twice), a file of another heat, or a heat that is not `set` refuses
 * the whole file. Times keep 1/1000 as given (the display rounds up to 1/100, TR 19.24);
 * results stay provisional until the results referee makes them official.
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
  await requireCompetition(db, u, h0.meetingId, 'manage');
  const bytes = fileOf(body, ' .lif 结果文件', '.lif result file');
  if (bytes.length > LIF_MAX_BYTES) throw badInput('结果文件不能超过 1 MB', 'the result file must be at most 1 MB');
  const lif = parseLif(decodeText(bytes).text);
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
    if (got.event !== want.event || got.round !== want.round || got.heat !== want.heat) {
      throw badInput(
        `文件是项目 ${got.event} 第 ${got.round} 轮第 ${got.heat} 组的成绩，而所选组次为 ${want.event}-${want.round}-${want.heat}`,
        `the file holds event ${got.event} round ${got.round} heat ${got.heat}, but the heat chosen is ${want.event}-${want.round}-${want.heat}`,
      );
    }
    const starts = round.heats.find((x) => x.id === heat.id)?.starts ?? [];
    const wind = round.event.windMeasured ? windOf(got.wind) : null;
    const taken = new Map<number, number>();
    const rows: (LifRowVO & { result: LifResult })[] = [];
    for (const row of lif.rows) {
      const byBib = row.id ? starts.find((s) => s.relayTeamId === null && s.bib === row.id) : undefined;
      const byLane = byBib ? undefined : row.lane !== null ? starts.find((s) => lynxLane(s) === row.lane) : undefined;
      const s = byBib ?? byLane;
      if (!s) {
        const who = [row.id && `ID ${row.id}`, row.lane !== null && `lane ${row.lane}`].filter(Boolean).join(', ');
        throw lineError(
          row.line,
          `${joinName(row.lastName, row.firstName)}（${who || '无号码、无道次'}）不在该组出发名单中`,
          `${joinName(row.lastName, row.firstName)} (${who || 'no ID, no lane'}) is not in this heat's start list`,
        );
      }
      const twice = taken.get(s.id);
      if (twice !== undefined) {
        throw lineError(row.line, `与第 ${twice} 行是同一名运动员`, `the same competitor as line ${twice}`);
      }
      taken.set(s.id, row.line);
      const result = lifResult(row);
      if (!result) continue;
      rows.push({
        line: row.line,
        startId: s.id,
        bib: s.bib,
        lane: s.lane,
        name: s.name,
        matchedBy: byBib ? 'bib' : 'lane',
        ...result,
        result,
      });
    }
    for (const r of rows) {
      const before = starts.find((s) => s.id === r.startId)!;
      await tx
        .update(compStart)
        .set({
          place: r.result.place,
          mark: r.result.mark,
          value: r.result.value,
          code: r.result.code,
          dqRule: r.result.code === 'DQ' ? before.dqRule : null,
          reactionTime: r.result.reactionTime,
          ...nextVersion(compStart),
        })
        .where(eq(compStart.id, r.startId));
    }
    await tx
      .update(compHeat)
      .set({ ...(wind !== null ? { wind } : {}), ...nextVersion(compHeat) })
      .where(eq(compHeat.id, heat.id));
    await tx.insert(compLog).values({
      meetingId: heat.meetingId,
      roundId: heat.roundId,
      heatId: heat.id,
      action: 'lif-import',
      detail: { rows: rows.length, wind, event: got.event, round: got.round, heat: got.heat, name: got.name },
      userId: u.id,
    });
    return {
      groupItemId: round.groupItemId,
      vo: {
        heatId: heat.id,
        roundId: heat.roundId,
        wind: wind ?? (round.event.windMeasured ? heat.wind : null),
        rows: rows.map(({ result: _r, ...x }) => x),
      } satisfies LifImportVO,
    };
  });
  await announce(
    hub,
    {
      meetingId: h0.meetingId,
      groupItemId: result.groupItemId,
      roundId: result.vo.roundId,
      heatId: heatId,
      change: 'results',
    },
    false,
  );
  return result.vo;
}
