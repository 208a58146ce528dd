import { type AthleteBody, HYTEK_MAX_BYTES, type ImportReport, type Lang } from '@baton/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.js';
import { athlete, delegation, group, groupItem, item } from '../../../db/schema/index.js';
import { AppError, badInput, messageOf } from '../../../lib/errors.js';
import { decodeText } from '../../../lib/text-file.js';
import type { CurrentUser } from '../../../plugins/auth.js';
import { requireWriting, type Writing } from '../../apply/access.js';
import { addAthlete } from '../../apply/athletes.js';
import { createEntry } from '../../apply/entries.js';
import { loadForms } from '../../apply/forms.js';
import { checkPerson, cleanName, eligibilityProblem, invalid, isUpload, RuleError } from '../../apply/rules.js';
import { raceError } from '../../apply/tx.js';
import { requireCompetition } from '../access.js';
import { type HytekAthlete, type HytekEntry, metricMark, parseHytek, personKey } from './hytek.js';
import { fileOf } from './service.js';
import { joinName } from './text.js';

// ─── Hy-Tek import ───────────────────────────────────────────────────────────────────────

/** Thrown to roll an all-or-nothing import back, carrying its report. */
class RolledBack extends Error {
  constructor(readonly report: ImportReport) {
    super('import rolled back');
  }
}

/**
 * Athletes (I records) and their entries (D or E records) from a Hy-Tek entry file, into the
 * meeting's delegations (matched by name or short name), through the registration services as
 * a manager: every rule of the registration applies (person once per meeting, eligibility,
 * limits, seed mark format). One transaction, each record in a savepoint; all-or-nothing unless
 * `validOnly`; the report lists every problem by line and the encoding the file was read in
 * (lib/text-file: a Hy-Tek file from a Chinese Windows is GBK).
 *
 * A file as Hy-Tek writes it has no ID number (its I record ends at field 25): the athlete is
 * registered without one (checkPerson's `idOptional`; one person once per meeting by name, birth
 * date and gender), in draft; the delegation adds the number by editing the athlete, and its
 * submission is refused until every athlete has one (submit.ts).
 */
export async function importHytek(
  db: Db,
  u: CurrentUser,
  meetingId: number,
  body: unknown,
  validOnly: boolean,
  lang: Lang,
): Promise<ImportReport> {
  await requireCompetition(db, u, meetingId, 'manage');
  const bytes = fileOf(body, ' Hy-Tek 报名文件', 'Hy-Tek entry file');
  if (bytes.length > HYTEK_MAX_BYTES) throw badInput('文件不能超过 2 MB', 'the file must be at most 2 MB');
  const decoded = decodeText(bytes);
  const file = parseHytek(decoded.text);
  const errors: ImportReport['errors'] = file.problems.map((p) => ({
    row: p.line,
    field: p.field,
    message: messageOf(badInput(p.zh, p.en), lang),
  }));
  const total = file.athletes.length + file.entries.length + file.problems.length;
  try {
    return await db.transaction(async (tx) => {
      const delegations = await tx.select().from(delegation).where(eq(delegation.meetingId, meetingId));
      const byName = new Map<string, number>();
      for (const d of delegations) {
        if (d.shortName) byName.set(d.shortName.trim().toLowerCase(), d.id);
      }
      for (const d of delegations) byName.set(d.name.trim().toLowerCase(), d.id);
      const delegationOf = (p: { teamName: string; teamCode: string }) => {
        const id = byName.get(p.teamName.toLowerCase()) ?? byName.get(p.teamCode.toLowerCase());
        if (id === undefined) {
          const name = p.teamName || p.teamCode;
          throw invalid(
            'delegation',
            `本赛事没有代表队 ${name}（第 7、8 项）：请先在赛事中添加该代表队，或改为已有代表队的名称或简称`,
            `the meeting has no delegation ${name} (fields 7, 8): add the delegation to the meeting first, or write the name or short name of one it has`,
          );
        }
        return id;
      };
      const writers = new Map<number, Writing>();
      const writer = async (dId: number) => {
        let w = writers.get(dId);
        if (!w) {
          w = await requireWriting(tx, u, dId);
          writers.set(dId, w);
        }
        return w;
      };
      const forms = await loadForms(tx, meetingId);
      const uploads = new Set(
        [...forms.athlete, ...[...forms.groupFields.values()].flat()].filter(isUpload).map((f) => f.key),
      );
      let valid = 0;
      const fail = (row: number, err: unknown) => {
        const e = raceError(err);
        if (!(e instanceof AppError)) throw e;
        errors.push({ row, field: e instanceof RuleError ? e.field : 'idNumber', message: messageOf(e, lang) });
      };

      // The divisions (groups by display order, field 14) the person's D records name: the group
      // when the I record names none and several groups fit.
      const divisions = new Map<string, Set<number>>();
      for (const e of file.entries) {
        if (e.division === null) continue;
        const k = personKey(e);
        divisions.set(k, new Set([...(divisions.get(k) ?? []), e.division]));
      }

      // Athletes (I records).
      const imported = new Map<string, { athleteId: number; groupId: number } | { failedAt: number }>();
      for (const a of file.athletes) {
        const key = personKey(a);
        try {
          if (imported.has(key)) {
            throw invalid('name', '同一运动员有多条 I 记录', 'the athlete has more than one I record');
          }
          const dId = delegationOf(a);
          const w = await writer(dId);
          const body = athleteBody(a, forms, uploads, divisions.get(key));
          const athleteId = await tx.transaction((sp) => addAthlete(sp, w, forms, body, { incomplete: true }));
          imported.set(key, { athleteId, groupId: body.groupId });
          valid += 1;
        } catch (err) {
          if (!imported.has(key)) imported.set(key, { failedAt: a.line });
          fail(a.line, err);
        }
      }

      // Entries (D and E records).
      const itemsOf = await tx
        .select({ id: groupItem.id, groupId: groupItem.groupId, code: item.code, format: item.resultFormat })
        .from(groupItem)
        .innerJoin(item, eq(item.id, groupItem.itemId))
        .innerJoin(group, eq(group.id, groupItem.groupId))
        .where(eq(group.meetingId, meetingId));
      for (const e of file.entries) {
        try {
          const dId = delegationOf(e);
          const known = imported.get(personKey(e));
          if (known && 'failedAt' in known) {
            throw invalid(
              'name',
              `该运动员未能导入（见第 ${known.failedAt} 行）`,
              `the athlete was not imported (see line ${known.failedAt})`,
            );
          }
          const who = known ?? (await registeredAthlete(tx, dId, e));
          const gi = itemsOf.find(
            (x) => x.groupId === who.groupId && x.code.toLowerCase() === e.eventCode.toLowerCase(),
          );
          if (!gi) {
            throw invalid(
              'groupItemId',
              `该运动员所在组别没有项目 ${e.eventCode}（第 11 项）：请核对项目代码，或先在组别中设置该项目`,
              `the athlete's group has no event ${e.eventCode} (field 11): check the event code, or add the event to the group first`,
            );
          }
          const seedMark = metricMark(e.mark, e.measure, gi.format);
          if (seedMark === null) {
            throw invalid(
              'seedMark',
              `英制成绩（第 12 项）${e.mark} 应为英尺-英寸，如 21-06.50`,
              `the English mark (field 12) ${e.mark} should be feet-inches such as 21-06.50`,
            );
          }
          // createEntry runs its own transaction: on a transaction it is a savepoint of this one.
          await createEntry(tx as unknown as Db, u, {
            delegationId: dId,
            athleteId: who.athleteId,
            groupItemId: gi.id,
            seedMark: seedMark || null,
          });
          valid += 1;
        } catch (err) {
          fail(e.line, err);
        }
      }
      errors.sort((a, b) => a.row - b.row);
      const report: ImportReport = {
        total,
        valid,
        invalid: new Set(errors.map((x) => x.row)).size,
        imported: 0,
        errors,
        encoding: decoded.encoding,
      };
      if (errors.length && !validOnly) throw new RolledBack(report);
      report.imported = valid;
      return report;
    });
  } catch (err) {
    if (err instanceof RolledBack) return err.report;
    throw err;
  }
}

/**
 * The athlete form an I record stands for: the group by name (field 29), or the one group that
 * fits the athlete, or — several fitting — the one the D records' division (field 14) names.
 */
function athleteBody(
  a: HytekAthlete,
  forms: Awaited<ReturnType<typeof loadForms>>,
  uploads: Set<string>,
  divisions: Set<number> | undefined,
): AthleteBody {
  const name = cleanName(joinName(a.lastName, a.firstName));
  if (name.length > 50) throw invalid('name', '姓名不能超过 50 字', 'the name is longer than 50 characters');
  if (a.nameEn.length > 100) {
    throw invalid('nameEn', '英文名不能超过 100 字', 'the English name is longer than 100 characters');
  }
  const idType = a.idType || '1';
  if (idType !== '1' && idType !== '2' && idType !== '3') {
    throw invalid(
      'idType',
      `证件类型（第 26 项）${a.idType} 无效：应为 1（身份证）、2（护照）或 3（通行证），或留空`,
      `the ID type (field 26) ${a.idType} is not known: write 1 (mainland ID), 2 (passport), 3 (permit) or leave it blank`,
    );
  }
  // Blank in a file as Hy-Tek writes it: the athlete is registered without an ID number.
  const idNumber = a.idNumber.replace(/\s+/g, '');
  if (idNumber && !/^[0-9A-Za-z()-]{5,30}$/.test(idNumber)) {
    throw invalid(
      'idNumber',
      '证件号码（第 27 项）应为 5–30 位字母或数字，或留空',
      'the ID number (field 27) should be 5–30 letters or digits, or blank',
    );
  }
  if (!idNumber) {
    if (!a.gender) {
      throw invalid(
        'gender',
        '性别（第 5 项）为空：没有证件号码时，运动员以姓名、出生日期和性别识别，请填写 M 或 F',
        'the gender (field 5) is empty: without an ID number the athlete is known by name, birth date and gender; write M or F',
      );
    }
    if (!a.birthDate) {
      throw invalid(
        'birthDate',
        '出生日期（第 6 项）为空：没有证件号码时，运动员以姓名、出生日期和性别识别，请填写 MM/DD/YYYY',
        'the birth date (field 6) is empty: without an ID number the athlete is known by name, birth date and gender; write MM/DD/YYYY',
      );
    }
  }
  const fields = Object.fromEntries(Object.entries(a.fields).filter(([k]) => !uploads.has(k)));
  const body: AthleteBody = {
    groupId: 0,
    name,
    nameEn: a.nameEn || null,
    idType,
    idNumber,
    ...(a.gender ? { gender: a.gender } : {}),
    ...(a.birthDate ? { birthDate: a.birthDate } : {}),
    fields,
  };
  const wanted = a.group.trim().toLowerCase();
  if (wanted) {
    const g = forms.groups.find((x) => x.name.toLowerCase() === wanted || x.nameEn.toLowerCase() === wanted);
    if (!g) throw invalid('group', `组别 ${a.group} 不存在`, `group ${a.group} does not exist`);
    return { ...body, groupId: g.id };
  }
  const p = checkPerson(body, { idOptional: true });
  let fitting = forms.groups.filter((g) => !eligibilityProblem(g, p));
  if (fitting.length > 1 && divisions?.size === 1) {
    const named = forms.groups[[...divisions][0]! - 1];
    fitting = fitting.filter((g) => g === named);
  }
  if (fitting.length !== 1) {
    throw invalid(
      'group',
      fitting.length
        ? '有多个组别适合该运动员：请在 D 记录第 14 项填写组别序号，或在第 29 项填写组别名称'
        : `没有适合该运动员的组别（性别 ${p.gender}，出生日期 ${p.birthDate}）：请核对第 5、6 项`,
      fitting.length
        ? "several groups fit this athlete: give the group's number in the D records' field 14, or its name in field 29"
        : `no group fits this athlete (gender ${p.gender}, born ${p.birthDate}): check fields 5 and 6`,
    );
  }
  return { ...body, groupId: fitting[0]!.id };
}

/** An athlete already registered in the delegation, for a D record without an I record. */
async function registeredAthlete(tx: DbOrTx, delegationId: number, e: HytekEntry) {
  const name = cleanName(joinName(e.lastName, e.firstName));
  const rows = await tx
    .select({ athleteId: athlete.id, groupId: athlete.groupId })
    .from(athlete)
    .where(
      and(
        eq(athlete.delegationId, delegationId),
        eq(athlete.name, name),
        e.gender ? eq(athlete.gender, e.gender) : undefined,
        e.birthDate ? eq(athlete.birthDate, e.birthDate) : undefined,
      ),
    )
    .limit(2);
  if (rows.length !== 1) {
    throw invalid(
      'name',
      rows.length ? `代表队中有多名运动员叫 ${name}，请加 I 记录` : `代表队中没有运动员 ${name}，且文件中没有其 I 记录`,
      rows.length
        ? `several athletes of the delegation are called ${name}; add an I record`
        : `the delegation has no athlete ${name} and the file has no I record for one`,
    );
  }
  return rows[0]!;
}
