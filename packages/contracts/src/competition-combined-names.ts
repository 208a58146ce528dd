/**
 * The names of the disciplines a combined event can hold (competition-combined.ts), by item
 * code, in both languages. A file of its own: the public live pages label a combined event's
 * rounds with these and need nothing else of the combined events (their scoring tables stay out
 * of a phone page's download).
 */
export const COMBINED_DISCIPLINE_NAMES: Record<string, { name: string; nameEn: string }> = {
  '60': { name: '60米', nameEn: '60 m' },
  '100': { name: '100米', nameEn: '100 m' },
  '200': { name: '200米', nameEn: '200 m' },
  '400': { name: '400米', nameEn: '400 m' },
  '800': { name: '800米', nameEn: '800 m' },
  '1000': { name: '1000米', nameEn: '1000 m' },
  '1500': { name: '1500米', nameEn: '1500 m' },
  '60H': { name: '60米栏', nameEn: '60 m hurdles' },
  '100H': { name: '100米栏', nameEn: '100 m hurdles' },
  '110H': { name: '110米栏', nameEn: '110 m hurdles' },
  HJ: { name: '跳高', nameEn: 'High jump' },
  PV: { name: '撑竿跳高', nameEn: 'Pole vault' },
  LJ: { name: '跳远', nameEn: 'Long jump' },
  SP: { name: '铅球', nameEn: 'Shot put' },
  DT: { name: '铁饼', nameEn: 'Discus throw' },
  JT: { name: '标枪', nameEn: 'Javelin throw' },
};
