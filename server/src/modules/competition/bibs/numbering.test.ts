import type { BibSettings } from '@baton/contracts';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../../lib/errors.js';
import { type BibAthlete, planBibs } from './numbering.js';

const delegations = [
  { id: 1, name: '瑞安中学代表队', nameEn: '' },
  { id: 2, name: '玉海中学代表队', nameEn: '' },
  { id: 3, name: '锦湖体校代表队', nameEn: '' },
];
const groups = [
  { id: 10, name: 'U16男子组', nameEn: 'U16 Boys' },
  { id: 20, name: 'U16女子组', nameEn: 'U16 Girls' },
];

let nextId = 1;
function a(delegationId: number, groupId: number, name: string, extra: Partial<BibAthlete> = {}): BibAthlete {
  return { id: nextId++, name, delegationId, groupId, bib: null, status: 'approved', ...extra };
}

function plan(athletes: BibAthlete[], settings: BibSettings) {
  const p = planBibs({ athletes, delegations, groups, settings });
  const bibOf = new Map(athletes.map((x) => [x.id, x.bib]));
  for (const c of p.changes) bibOf.set(c.id, c.bib);
  return { ...p, bib: (x: BibAthlete) => bibOf.get(x.id) ?? null };
}

function error(fn: () => unknown): { zh: string; en: string } {
  try {
    fn();
  } catch (e) {
    return (e as AppError).text!;
  }
  throw new Error('expected an error');
}

describe('bib numbering: by delegation', () => {
  it('gives each delegation its block of `step` numbers, its athletes by pinyin order of names', () => {
    // 张 (zhang) after 李 (li) after 陈 (chen) in pinyin order.
    const zhang = a(1, 10, '张伟');
    const li = a(1, 20, '李娜');
    const chen = a(1, 10, '陈晨');
    const wang = a(2, 10, '王强');
    const zhao = a(3, 20, '赵敏');
    const p = plan([zhang, li, chen, wang, zhao], {
      scheme: { kind: 'delegation', start: 101, step: 100 },
      keepExisting: false,
    });
    expect([chen, li, zhang].map(p.bib)).toEqual(['101', '102', '103']);
    expect(p.bib(wang)).toBe('201');
    expect(p.bib(zhao)).toBe('301');
    expect(p.blocks.map((b) => [b.from, b.to, b.count, b.first, b.last])).toEqual([
      [101, 200, 3, 101, 103],
      [201, 300, 1, 201, 201],
      [301, 400, 1, 301, 301],
    ]);
    expect(p).toMatchObject({ eligible: 5, assigned: 5, kept: 0, cleared: 0 });
  });

  it('numbers continuously with step 0, delegations one after the other', () => {
    const x = [a(2, 10, '王一'), a(1, 10, '陈二'), a(1, 10, '陈三'), a(3, 10, '周四')];
    const p = plan(x, { scheme: { kind: 'delegation', start: 1, step: 0 }, keepExisting: false });
    expect(x.map(p.bib)).toEqual(['3', '1', '2', '4']);
    expect(p.blocks.map((b) => [b.first, b.last])).toEqual([
      [1, 2],
      [3, 3],
      [4, 4],
    ]);
  });

  it('orders delegations by name when asked', () => {
    // 锦 (jin) < 瑞 (rui) < 玉 (yu)
    const x = [a(1, 10, '甲'), a(2, 10, '乙'), a(3, 10, '丙')];
    const p = plan(x, { scheme: { kind: 'delegation', start: 1, step: 10, order: 'name' }, keepExisting: false });
    expect(x.map(p.bib)).toEqual(['11', '21', '1']);
  });

  it('skips delegations with no eligible athlete, numbers only approved athletes and clears the others', () => {
    const draft = a(1, 10, '草稿', { status: 'draft', bib: '150' });
    const submitted = a(1, 10, '待审');
    submitted.status = 'submitted';
    const ok = a(2, 10, '通过');
    const p = plan([draft, submitted, ok], {
      scheme: { kind: 'delegation', start: 101, step: 100 },
      keepExisting: false,
    });
    expect(p.bib(ok)).toBe('101');
    expect(p.bib(submitted)).toBeNull();
    expect(p.bib(draft)).toBeNull();
    expect(p).toMatchObject({ eligible: 1, assigned: 1, cleared: 1 });

    const withSubmitted = plan([draft, submitted, ok], {
      scheme: { kind: 'delegation', start: 101, step: 100 },
      keepExisting: false,
      includeSubmitted: true,
    });
    expect([submitted, ok].map(withSubmitted.bib)).toEqual(['101', '201']);
  });

  it('keepExisting: bibs stay, new athletes get the next free numbers of their block', () => {
    const old1 = a(1, 10, '甲', { bib: '101' });
    const old2 = a(1, 10, '乙', { bib: '103' });
    const other = a(2, 10, '丙', { bib: '102' }); // a hand-given number inside delegation 1's block
    const late1 = a(1, 10, '丁');
    const late2 = a(1, 10, '戊');
    const late3 = a(2, 10, '己');
    const p = plan([old1, old2, other, late1, late2, late3], {
      scheme: { kind: 'delegation', start: 101, step: 100 },
      keepExisting: true,
    });
    expect([old1, old2, other].map(p.bib)).toEqual(['101', '103', '102']);
    // 丁 (ding) before 戊 (wu): 104, 105 — 102 and 103 are taken.
    expect([late1, late2].map(p.bib)).toEqual(['104', '105']);
    expect(p.bib(late3)).toBe('201');
    expect(p).toMatchObject({ eligible: 6, assigned: 3, kept: 3, cleared: 0 });
    expect(p.changes).toHaveLength(3);
  });

  it('a renumbering leaves unchanged rows out of the changes', () => {
    const x = [a(1, 10, '甲', { bib: '101' }), a(1, 10, '乙', { bib: '999' })];
    const p = plan(x, { scheme: { kind: 'delegation', start: 101, step: 100 }, keepExisting: false });
    expect(p.changes).toEqual([{ id: x[1]!.id, bib: '102' }]);
  });

  it('refuses a delegation larger than its block, naming it and the range', () => {
    const x = [a(1, 10, '甲'), a(1, 10, '乙'), a(1, 10, '丙'), a(2, 10, '丁')];
    const e = error(() => plan(x, { scheme: { kind: 'delegation', start: 11, step: 2 }, keepExisting: false }));
    expect(e.en).toContain('"瑞安中学代表队" needs 3 bibs but the range 11–12 has only 2 free');
    expect(e.zh).toContain('号码段 11–12');
  });

  it('counts the taken numbers when a kept bib fills a block', () => {
    const x = [a(1, 10, '甲', { bib: '11' }), a(1, 10, '乙', { bib: '12' }), a(1, 10, '丙')];
    const e = error(() => plan(x, { scheme: { kind: 'delegation', start: 11, step: 2 }, keepExisting: true }));
    expect(e.en).toContain('needs 1 bibs but the range 11–12 has only 0 free');
  });
});

describe('bib numbering: group ranges', () => {
  const scheme = {
    kind: 'group-ranges' as const,
    ranges: [
      { groupId: 10, from: 1001, to: 1999 },
      { groupId: 20, from: 2001, to: 2003 },
    ],
  };

  it('numbers each group inside its range, by delegation then name', () => {
    const b1 = a(2, 10, '王');
    const b2 = a(1, 10, '赵');
    const b3 = a(1, 10, '陈');
    const g1 = a(3, 20, '李');
    const p = plan([b1, b2, b3, g1], { scheme, keepExisting: false });
    expect([b3, b2, b1, g1].map(p.bib)).toEqual(['1001', '1002', '1003', '2001']);
    expect(p.blocks.map((b) => [b.nameEn, b.count, b.first, b.last])).toEqual([
      ['U16 Boys', 3, 1001, 1003],
      ['U16 Girls', 1, 2001, 2001],
    ]);
  });

  it('keepExisting fills the free numbers of the group range', () => {
    const kept = a(1, 20, '甲', { bib: '2001' });
    const late = a(1, 20, '乙');
    const p = plan([kept, late], { scheme, keepExisting: true });
    expect([kept, late].map(p.bib)).toEqual(['2001', '2002']);
  });

  it('refuses an overflowing range, an overlap, a missing range and a foreign group', () => {
    const girls = [a(1, 20, '甲'), a(1, 20, '乙'), a(1, 20, '丙'), a(2, 20, '丁')];
    expect(error(() => plan(girls, { scheme, keepExisting: false })).en).toContain(
      '"U16 Girls" needs 4 bibs but the range 2001–2003 has only 3 free',
    );
    const overlap = {
      kind: 'group-ranges' as const,
      ranges: [
        { groupId: 10, from: 1, to: 100 },
        { groupId: 20, from: 100, to: 200 },
      ],
    };
    expect(error(() => plan([], { scheme: overlap, keepExisting: false })).en).toContain('ranges overlap');
    const onlyBoys = { kind: 'group-ranges' as const, ranges: [{ groupId: 10, from: 1, to: 100 }] };
    expect(error(() => plan(girls, { scheme: onlyBoys, keepExisting: false })).en).toBe(
      'these groups have athletes to number but no range: U16 Girls',
    );
    const foreign = { kind: 'group-ranges' as const, ranges: [{ groupId: 99, from: 1, to: 100 }] };
    expect(error(() => plan([], { scheme: foreign, keepExisting: false })).en).toContain('not a group of this meeting');
    const backwards = { kind: 'group-ranges' as const, ranges: [{ groupId: 10, from: 100, to: 1 }] };
    expect(error(() => plan([], { scheme: backwards, keepExisting: false })).en).toContain('ends before it starts');
  });
});
