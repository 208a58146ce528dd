import type { Lang, RoundName } from '@baton/contracts';
import { meetingClock } from './format.js';

/** The words of the printed documents, in both languages (the requester's language is printed). */
const WORDS = {
  startList: ['检录单', 'Start list'],
  results: ['成绩单', 'Results'],
  scores: ['团体总分与奖牌榜', 'Team scores and medal table'],
  teamPoints: ['团体总分', 'Team points'],
  medalTable: ['奖牌榜', 'Medal table'],
  scoringRules: ['计分办法', 'Scoring rules'],
  scoringTable: ['各项目按 {list} 计分', 'Places score {list}'],
  relayDouble: ['接力项目加倍计分', 'Relays score double'],
  recordBonus: ['破大会纪录者另加 {n} 分', 'A meeting record adds {n} points to its team'],
  minusOne: [
    '参赛人数（队数）少于或等于录取名次时，按实际参赛人数减一录取',
    'Events with N starters at or below the places scored score N − 1 places (减一录取)',
  ],
  tieByPlaces: [
    '总分相等时，以获第一名多者列前，如再相等，以获第二名多者列前，依此类推',
    'Equal points: more firsts ranks higher, then more seconds, and so on',
  ],
  tieShared: ['总分相等时名次并列', 'Equal points share the rank'],
  bonus: ['加分', 'Bonus'],
  sportsmanship: ['体育道德风尚奖', 'Sportsmanship award'],
  awardNote: ['说明', 'Note'],
  certificates: ['获奖证书', 'Certificates'],
  certificate: ['获奖证书', 'Certificate'],
  bibs: ['号码布', 'Bib labels'],
  bibList: ['号码对照表', 'Bib list'],
  timetable: ['竞赛日程', 'Timetable'],
  heat: ['第{n}组', 'Heat {n}'],
  flight: ['第{n}组', 'Flight {n}'],
  heatsOf: ['共{n}组', '{n} heats'],
  lane: ['道次', 'Lane'],
  order: ['顺序', 'Order'],
  startPosition: ['起跑位', 'Pos.'],
  startGroup: ['起跑组', 'Group'],
  bib: ['号码', 'Bib'],
  name: ['姓名', 'Name'],
  team: ['队伍', 'Team'],
  delegation: ['代表队', 'Delegation'],
  gender: ['性别', 'Gender'],
  group: ['组别', 'Group'],
  events: ['项目', 'Events'],
  birthYear: ['出生年', 'Born'],
  seed: ['报名成绩', 'Seed'],
  place: ['名次', 'Place'],
  mark: ['成绩', 'Mark'],
  best: ['最好成绩', 'Best'],
  wind: ['风速', 'Wind'],
  reaction: ['反应时', 'Reaction'],
  qualifier: ['晋级', 'Q'],
  record: ['纪录', 'Record'],
  points: ['得分', 'Points'],
  series: ['试跳记录', 'Series'],
  jumpOff: ['附加赛', 'Jump-off'],
  trial: ['第{n}次', '{n}'],
  rank: ['排名', 'Rank'],
  gold: ['金', 'Gold'],
  silver: ['银', 'Silver'],
  bronze: ['铜', 'Bronze'],
  total: ['合计', 'Total'],
  finished: ['已完赛项目 {n} / {m}', '{n} of {m} events finished'],
  time: ['时间', 'Time'],
  event: ['项目', 'Event'],
  round: ['赛次', 'Round'],
  heats: ['组数', 'Heats'],
  competitors: ['人数', 'Competitors'],
  status: ['状态', 'Status'],
  unscheduled: ['未排入单元', 'Not in a session'],
  page: ['第 {n} / {m} 页', 'Page {n} / {m}'],
  printedAt: ['打印时间 {t}', 'Printed {t}'],
  members: ['队员', 'Runners'],
  alternate: ['替补', 'Alt.'],
  official: ['正式成绩', 'Official'],
  draft: ['草稿 · 未发布', 'Draft · not published'],
  set: ['已发布', 'Published'],
  noEntries: ['（无）', '(none)'],
  committee: ['组委会', 'Organising Committee'],
  programme: ['秩序册', 'Programme'],
  resultsBook: ['成绩册', 'Results book'],
  contents: ['目录', 'Contents'],
  dates: ['比赛日期', 'Dates'],
  venue: ['比赛地点', 'Venue'],
  regulations: ['竞赛规程', 'Competition regulations'],
  officials: ['大会官员', 'Officials'],
  duty: ['职务', 'Duty'],
  dutyReferee: ['裁判员', 'Referee'],
  dutyCallRoom: ['检录员', 'Call-room official'],
  delegations: ['代表队名单', 'Delegations'],
  delegationCount: ['共 {n} 个代表队，{m} 名运动员', '{n} delegations, {m} athletes'],
  roleLeader: ['领队', 'Leader'],
  roleHeadCoach: ['主教练', 'Head coach'],
  roleCoach: ['教练', 'Coach'],
  roleDoctor: ['队医', 'Doctor'],
  roleOther: ['工作人员', 'Staff'],
  bibRange: ['号码 {from}–{to}', 'Bibs {from}–{to}'],
  noBibs: ['尚未分配号码', 'No bibs assigned yet'],
  athleteCount: ['运动员 {n} 人', '{n} athletes'],
  startLists: ['分组表', 'Start lists'],
  records: ['大会纪录', 'Meeting records'],
  holder: ['纪录保持者', 'Holder'],
  year: ['年份', 'Year'],
  resultsSection: ['比赛成绩', 'Results'],
  recordsBroken: ['破纪录', 'Records broken'],
  combined: ['全能项目', 'Combined events'],
  combinedNotFinal: ['该全能项目尚未全部结束', 'Not every discipline of this event is official yet'],
  M: ['男', 'M'],
  F: ['女', 'F'],
} as const satisfies Record<string, readonly [string, string]>;
export type Word = keyof typeof WORDS;

const ROUND_NAMES: Record<RoundName, readonly [string, string]> = {
  heats: ['预赛', 'Heats'],
  semi: ['半决赛', 'Semi-final'],
  final: ['决赛', 'Final'],
  qualification: ['及格赛', 'Qualification'],
};

const STATUS: Record<'draft' | 'set' | 'official', Word> = { draft: 'draft', set: 'set', official: 'official' };

/**
 * The documents' dictionary in one language; `bilingual`: each word and name in that language
 * followed by the other one ("组别 Group", "U16男子组 U16 Boys"), for a bilingual edition.
 */
export function phrases(lang: Lang, bilingual = false) {
  const i = lang === 'en' ? 1 : 0;
  const j = lang === 'en' ? 0 : 1;
  const pair = (first: string, second: string) =>
    bilingual && second && second !== first ? `${first} ${second}` : first;
  const fill = (text: string, params: Record<string, string | number>) =>
    text.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));
  const w = (key: Word, params: Record<string, string | number> = {}) =>
    pair(fill(WORDS[key][i], params), fill(WORDS[key][j], params));
  return {
    lang,
    bilingual,
    w,
    /** Chinese and English at once ("获奖证书 Certificate"). */
    both: (key: Word) => `${WORDS[key][0]} ${WORDS[key][1]}`,
    round: (name: RoundName) => pair(ROUND_NAMES[name][i], ROUND_NAMES[name][j]),
    status: (s: 'draft' | 'set' | 'official') => w(STATUS[s]),
    /** The name in the language asked for, the other one when it is empty (both in a bilingual edition). */
    pick: (zh: string | null | undefined, en: string | null | undefined) => {
      const [first, second] = i === 1 ? [en, zh] : [zh, en];
      return first ? pair(first, second ?? '') : (second ?? '');
    },
    /** The name in the language asked for, the other one when it is empty (one of them, always). */
    own: (zh: string | null | undefined, en: string | null | undefined) => (i === 1 ? en || zh : zh || en) ?? '',
  };
}

/** The documents' dictionary in one language (or both), and the meeting's clock their times print on. */
export function words(lang: Lang, timeZone: string, bilingual = false) {
  return { ...phrases(lang, bilingual), ...meetingClock(timeZone) };
}
export type Words = ReturnType<typeof words>;
