import { COMBINED_DISCIPLINES, combinedPreset, type EventVO, type RoundPlanVO } from '@baton/contracts';
import { badInput } from '../../../lib/errors.js';

/**
 * The rounds of a combined event (issue 23): one a discipline, in the order they are held. A
 * group item's plan names them (`RoundPlan.discipline`); a plan that names none (a new event,
 * or one made before combined events were run as disciplines) takes the item's preset for the
 * group's sex (contracts `COMBINED_FORMATS`).
 */
export function combinedDisciplines(itemCode: string, gender: 'M' | 'F' | 'X', plan: RoundPlanVO[]): string[] {
  const named = plan.map((r) => r.discipline).filter((d): d is string => !!d);
  return named.length ? named : combinedPreset(itemCode, gender);
}

/**
 * A combined event's round plan as stored: each discipline a round of its own (a 'final',
 * nothing qualifies from one to the next). 400 when a discipline is unknown, twice, or has no
 * table row for the group's sex (a mixed group: for either).
 */
export function checkCombinedRounds(itemCode: string, gender: 'M' | 'F' | 'X', plan: RoundPlanVO[]): RoundPlanVO[] {
  const codes = combinedDisciplines(itemCode, gender, plan);
  if (!codes.length) {
    throw badInput(
      '请为全能项目选择单项（各轮的 discipline）',
      'choose the disciplines of the combined event (each round\u2019s discipline)',
    );
  }
  if (new Set(codes).size !== codes.length) throw badInput('全能项目的单项不能重复', 'a discipline appears twice');
  for (const code of codes) {
    const d = COMBINED_DISCIPLINES[code];
    const scored = d && (gender === 'X' ? d.table.M || d.table.F : d.table[gender]);
    if (!scored) {
      throw badInput(
        `单项 ${code} 没有该性别的全能评分表`,
        `${code} has no combined-events scoring table for this group's sex`,
      );
    }
  }
  return codes.map((discipline) => ({ name: 'final', discipline }));
}

/**
 * The event a round is run as: a combined event's discipline round takes the discipline's
 * kind, format, wind, lanes and code (so its start list, results and rules are those of the
 * event on its own), named "七项全能 100米栏"; any other round, its group item's event.
 */
export function roundEvent(event: EventVO, discipline: string | null): EventVO {
  const d = discipline ? COMBINED_DISCIPLINES[discipline] : undefined;
  if (event.kind !== 'combined' || !d) return event;
  return {
    ...event,
    itemCode: d.code,
    itemName: `${event.itemName} ${d.name}`,
    itemNameEn: `${event.itemNameEn} ${d.nameEn}`,
    kind: d.kind,
    resultFormat: d.resultFormat,
    windMeasured: d.windMeasured,
    usesLanes: d.usesLanes,
    relayLegs: null,
  };
}
