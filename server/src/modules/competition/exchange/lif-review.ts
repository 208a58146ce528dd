import type {
  Lang,
  LifCommitVO,
  LifConflictVO,
  LifDecisions,
  LifFileReviewVO,
  LifHeatOptionVO,
  LifReviewVO,
  RoundVO,
} from '@baton/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.js';
import { compHeat, compRound } from '../../../db/schema/index.js';
import { AppError, badInput, say } from '../../../lib/errors.js';
import { decodeText } from '../../../lib/text-file.js';
import type { CurrentUser } from '../../../plugins/auth.js';
import type { RealtimeHub } from '../../../plugins/realtime.js';
import { requireCompetition } from '../access.js';
import { phrases } from '../documents/labels.js';
import { announce } from '../publish.js';
import { loadRounds } from '../views.js';
import { settled } from './lif-folder.js';
import { unnumbered, writeHeat } from './lif-import.js';
import { type AssessedRow, assessRows, type Conflict, lifWind } from './lif-rows.js';
import { type LifUpload, lifDecisions, lifUploads } from './lif-upload.js';
import { type Lif, parseLif } from './lynx.js';
import { lynxSlot } from './service.js';
import { joinName } from './text.js';

/**
 * Several FinishLynx `.lif` files at once (a results folder dragged in, or a zip of it): each
 * file is matched to its heat — by the header's event/round/heat (event = group item id, round =
 * index + 1, heat = number, lynxSlot), else by the name FinishLynx gives it (`EEE-R-HH.lif`),
 * else a person chooses — and reviewed against the heat's start list (lif-rows.ts) before
 * anything is written. The import takes the same files and the person's decisions and writes
 * every file in one transaction, refusing while any conflict is unresolved. The results stay
 * provisional; the results referee makes each heat official as for any heat.
 */

interface Candidate {
  round: RoundVO;
  option: LifHeatOptionVO;
}

/** The heats of the meeting's timed events, by id, with their labels (every status). */
async function candidates(db: DbOrTx, meetingId: number, lang: Lang): Promise<Map<number, Candidate>> {
  const ids = await db
    .select({ id: compRound.id })
    .from(compRound)
    .where(eq(compRound.meetingId, meetingId))
    .orderBy(asc(compRound.groupItemId), asc(compRound.index));
  const rounds = await loadRounds(
    db,
    ids.map((r) => r.id),
  );
  const w = phrases(lang);
  const out = new Map<number, Candidate>();
  for (const round of rounds) {
    if (round.event.resultFormat !== 'time') continue;
    const e = round.event;
    const name = `${w.pick(e.groupName, e.groupNameEn)} ${w.pick(e.itemName, e.itemNameEn)} ${w.round(round.name)}`;
    for (const h of round.heats) {
      const slot = lynxSlot(round, h.number);
      out.set(h.id, {
        round,
        option: {
          heatId: h.id,
          roundId: round.id,
          ...slot,
          label: `${name} · ${say(lang, `第 ${h.number} 组`, `heat ${h.number}`)} (${slot.event}-${slot.round}-${slot.heat})`,
          status: h.status,
        },
      });
    }
  }
  return out;
}

/** The slot FinishLynx writes in a result file's name: `EEE-R-HH.lif`. */
function slotOfName(name: string): { event: number; round: number; heat: number } | null {
  const base = name.split(/[\\/]/).pop() ?? '';
  const m = /^(\d{1,9})-(\d{1,3})-(\d{1,3})\.lif$/i.exec(base);
  return m ? { event: Number(m[1]), round: Number(m[2]), heat: Number(m[3]) } : null;
}

interface Assessed {
  upload: LifUpload;
  vo: LifFileReviewVO;
  lif: Lif | null;
  encoding: string;
  rows: AssessedRow[];
  round: RoundVO | null;
}

/** Every file against its heat, with the decisions applied; the conflicts left carry no resolution. */
function assess(
  uploads: readonly LifUpload[],
  heats: Map<number, Candidate>,
  decisions: LifDecisions,
  lang: Lang,
): Assessed[] {
  const bySlot = new Map([...heats.values()].map((c) => [`${c.option.event}-${c.option.round}-${c.option.heat}`, c]));
  const out = uploads.map((upload): Assessed => {
    const d = decisions.files.find((f) => f.index === upload.index && f.name === upload.name);
    const conflict = (c: Conflict): LifConflictVO => {
      const r = d?.resolutions?.[c.id];
      return {
        id: c.id,
        kind: c.kind,
        line: c.line,
        message: say(lang, c.zh, c.en),
        options: c.options,
        resolution: r !== undefined && c.options.includes(r) ? r : null,
      };
    };
    const vo: LifFileReviewVO = {
      index: upload.index,
      name: upload.name,
      encoding: null,
      slot: null,
      eventName: '',
      windText: '',
      wind: null,
      heatId: null,
      matchedBy: null,
      heatLabel: null,
      skipped: d?.skip === true,
      rows: [],
      conflicts: [],
    };
    const none: Assessed = { upload, vo, lif: null, encoding: '', rows: [], round: null };
    let lif: Lif;
    try {
      const decoded = decodeText(upload.bytes);
      vo.encoding = decoded.encoding;
      none.encoding = decoded.encoding;
      lif = parseLif(decoded.text);
    } catch (e) {
      const { zh, en } = bilingual(e);
      if (!vo.skipped)
        vo.conflicts.push(conflict({ id: 'unreadable', kind: 'unreadable', line: null, zh, en, options: [] }));
      return none;
    }
    const h = lif.header;
    vo.slot = { event: h.event, round: h.round, heat: h.heat };
    vo.eventName = h.name;
    vo.windText = h.wind;
    let chosen: Candidate | undefined;
    if (d?.heatId !== undefined) {
      chosen = heats.get(d.heatId);
      vo.matchedBy = 'chosen';
    } else if (!unnumbered(lif) && bySlot.has(`${h.event}-${h.round}-${h.heat}`)) {
      chosen = bySlot.get(`${h.event}-${h.round}-${h.heat}`);
      vo.matchedBy = 'header';
    } else {
      const s = slotOfName(upload.name);
      chosen = s ? bySlot.get(`${s.event}-${s.round}-${s.heat}`) : undefined;
      vo.matchedBy = chosen ? 'file-name' : null;
    }
    if (vo.skipped) return { ...none, lif };
    if (!chosen) {
      vo.matchedBy = null;
      vo.conflicts.push(
        conflict({
          id: 'no-heat',
          kind: 'no-heat',
          line: null,
          zh: unnumbered(lif)
            ? `文件未编号（0,0,0），文件名 ${upload.name} 也不对应任何组次：请选择组次`
            : `没有与文件对应的组次（项目 ${h.event} 第 ${h.round} 轮第 ${h.heat} 组，文件名 ${upload.name}）：请选择组次`,
          en: unnumbered(lif)
            ? `the file is unnumbered (0,0,0) and its name ${upload.name} names no heat: choose the heat`
            : `no heat matches the file (event ${h.event} round ${h.round} heat ${h.heat}, file name ${upload.name}): choose the heat`,
          options: [],
        }),
      );
      return { ...none, lif };
    }
    vo.heatId = chosen.option.heatId;
    vo.heatLabel = chosen.option.label;
    try {
      vo.wind = chosen.round.event.windMeasured ? lifWind(h.wind) : null;
    } catch (e) {
      const { zh, en } = bilingual(e);
      vo.conflicts.push(conflict({ id: 'unreadable', kind: 'unreadable', line: 1, zh, en, options: [] }));
      return { ...none, lif };
    }
    if (chosen.option.status !== 'set') {
      vo.conflicts.push(
        conflict({
          id: 'heat-not-set',
          kind: 'heat-not-set',
          line: null,
          zh: `${chosen.option.label} 不是“已公布”状态（出发名单未公布或成绩已确认），不能导入：请公布出发名单、重新打开该组，或选择其他组次`,
          en: `${chosen.option.label} is not “set” (its start list is not published, or its results are official): publish the start list, reopen the heat, or choose another heat`,
          options: [],
        }),
      );
      return { ...none, lif, round: chosen.round };
    }
    const heat = chosen.round.heats.find((x) => x.id === chosen.option.heatId)!;
    const assessed = assessRows(lif.rows, heat.starts, d?.resolutions ?? {}, chosen.round.event);
    vo.conflicts.push(...assessed.conflicts.map(conflict));
    vo.rows = assessed.rows.map((r) => ({
      line: r.row.line,
      file: {
        place: r.row.place,
        id: r.row.id,
        lane: r.row.lane,
        name: joinName(r.row.lastName, r.row.firstName),
        time: r.row.time,
        reaction: r.row.reactionTime,
      },
      startId: r.start?.id ?? null,
      bib: r.start?.bib ?? null,
      lane: r.start?.lane ?? null,
      name: r.start?.name ?? null,
      matchedBy: r.matchedBy,
      ...r.result,
      skipped: r.skipped,
    }));
    return { upload, vo, lif, encoding: none.encoding, rows: assessed.rows, round: chosen.round };
  });
  // The same heat in two files: each says which other file.
  const used = out.filter((a) => a.vo.heatId !== null && !a.vo.skipped);
  for (const a of used) {
    const others = used.filter((b) => b !== a && b.vo.heatId === a.vo.heatId).map((b) => b.upload.name);
    if (!others.length) continue;
    a.vo.conflicts.unshift({
      id: 'same-heat',
      kind: 'same-heat',
      line: null,
      message: say(
        lang,
        `${others.join('、')} 也导入到 ${a.vo.heatLabel}：请为其中一个文件选择其他组次，或跳过它`,
        `${others.join(', ')} also goes to ${a.vo.heatLabel}: choose another heat for one of the files, or leave it out`,
      ),
      options: [],
      resolution: null,
    });
  }
  return out;
}

/** The message of a file's refusal (badInput) in both languages; anything else is not the file's fault. */
function bilingual(e: unknown): { zh: string; en: string } {
  if (e instanceof AppError && e.text) return e.text;
  throw e;
}

const unresolvedOf = (files: readonly LifFileReviewVO[]) =>
  files.reduce((n, f) => n + f.conflicts.filter((c) => c.resolution === null).length, 0);

/** `POST .../exchange/lif/review`: every file matched and reviewed; nothing is written (the access checked before the body is read). */
export async function reviewLifs(
  db: Db,
  u: CurrentUser,
  meetingId: number,
  body: unknown,
  lang: Lang,
): Promise<LifReviewVO> {
  await requireCompetition(db, u, meetingId, 'officiate');
  const uploads = lifUploads(body);
  const decisions = lifDecisions(body);
  const heats = await candidates(db, meetingId, lang);
  const files = assess(uploads, heats, decisions, lang).map((a) => a.vo);
  return {
    files,
    heats: [...heats.values()].map((c) => c.option).filter((o) => o.status === 'set'),
    unresolved: unresolvedOf(files),
  };
}

/**
 * `POST .../exchange/lif/commit`: the same files and the decisions; every file not left out is
 * written into its heat in ONE transaction (the heats locked, the review made again on the
 * locked rows), or nothing is when a conflict is left without a resolution.
 */
export async function commitLifs(
  db: Db,
  hub: RealtimeHub,
  u: CurrentUser,
  meetingId: number,
  body: unknown,
  lang: Lang,
): Promise<LifCommitVO> {
  await requireCompetition(db, u, meetingId, 'officiate');
  const uploads = lifUploads(body);
  const decisions = lifDecisions(body);
  const vo = await importLifs(db, hub, u.id, meetingId, uploads, decisions, lang);
  await settled(meetingId, uploads);
  return vo;
}

/** The review of files against a meeting, without the caller's access (checked by the caller). */
export async function reviewFiles(
  db: DbOrTx,
  meetingId: number,
  uploads: readonly LifUpload[],
  decisions: LifDecisions,
  lang: Lang,
) {
  const files = assess(uploads, await candidates(db, meetingId, lang), decisions, lang).map((a) => a.vo);
  return { files, unresolved: unresolvedOf(files) };
}

/**
 * Every file not left out written into its heat in ONE transaction (the meeting's heats locked,
 * the review made again on the locked rows), or nothing when a conflict is left unresolved.
 * `userId` null: the results folder imports (lif-folder.ts).
 */
export async function importLifs(
  db: Db,
  hub: RealtimeHub,
  userId: number | null,
  meetingId: number,
  uploads: readonly LifUpload[],
  decisions: LifDecisions,
  lang: Lang,
): Promise<LifCommitVO> {
  const out = await db.transaction(async (tx) => {
    const ids = await tx
      .select({ id: compHeat.id })
      .from(compHeat)
      .where(eq(compHeat.meetingId, meetingId))
      .orderBy(asc(compHeat.id));
    if (ids.length) {
      await tx
        .select({ id: compHeat.id })
        .from(compHeat)
        .where(
          inArray(
            compHeat.id,
            ids.map((h) => h.id),
          ),
        )
        .orderBy(asc(compHeat.id))
        .for('update');
    }
    const heats = await candidates(tx, meetingId, lang);
    const files = assess(uploads, heats, decisions, lang);
    const left = unresolvedOf(files.map((f) => f.vo));
    if (left) {
      const first = files.flatMap((f) =>
        f.vo.conflicts.filter((c) => c.resolution === null).map((c) => ({ f, c })),
      )[0]!;
      const where = first.c.line !== null ? `${first.f.upload.name}:${first.c.line}` : first.f.upload.name;
      throw badInput(
        `还有 ${left} 个冲突未处理，未导入任何文件（如 ${where}：${first.c.message}）`,
        `${left} conflict(s) are not resolved; nothing was imported (e.g. ${where}: ${first.c.message})`,
      );
    }
    const todo = files.filter((f) => !f.vo.skipped);
    if (!todo.length) throw badInput('没有要导入的文件（都已跳过）', 'there is no file to import (all are left out)');
    const written: LifCommitVO['heats'] = [];
    for (const f of todo) {
      const result = await writeHeat(tx, userId, f.round!, f.vo.heatId!, f.lif!, f.rows, {
        fileName: f.upload.name,
        encoding: f.encoding,
      });
      written.push({
        fileName: f.upload.name,
        heatLabel: f.vo.heatLabel ?? '',
        groupItemId: f.round!.groupItemId,
        result,
      });
    }
    return written;
  });
  for (const h of out) {
    await announce(
      hub,
      { meetingId, groupItemId: h.groupItemId, roundId: h.result.roundId, heatId: h.result.heatId, change: 'results' },
      false,
    );
  }
  return { heats: out };
}
