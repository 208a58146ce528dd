import { describe, expect, it } from 'vitest';
import {
  type Lif,
  type LynxHeat,
  parseEvt,
  parseLif,
  parsePpl,
  parseSch,
  writeEvt,
  writeLif,
  writePpl,
  writeSch,
} from './lynx.js';
import { joinName, splitName } from './text.js';

const heats: LynxHeat[] = [
  {
    event: 12,
    round: 1,
    heat: 1,
    name: 'U16 Boys 100 m Heats',
    competitors: [
      { id: '101', lane: 3, lastName: '张', firstName: '三', affiliation: '瑞中' },
      { id: '', lane: 4, lastName: 'Smith', firstName: 'Mary Ann', affiliation: 'Club' },
    ],
  },
  { event: 12, round: 1, heat: 2, name: 'U16 Boys 100 m Heats', competitors: [] },
  {
    event: 40,
    round: 2,
    heat: 1,
    name: '1500 m Final',
    competitors: [{ id: '7', lane: 1, lastName: 'Li', firstName: 'Lei', affiliation: 'A' }],
  },
];

describe('FinishLynx files', () => {
  it('lynx.evt: parse ∘ write is the identity, with the documented layout', () => {
    const text = writeEvt(heats);
    expect(text.split('\r\n').slice(0, 3)).toEqual([
      '12,1,1,U16 Boys 100 m Heats',
      ',101,3,张,三,瑞中',
      ',,4,Smith,Mary Ann,Club',
    ]);
    expect(parseEvt(text)).toEqual(heats);
  });

  it('lynx.evt: a field with a comma goes in double quotes (FinishLynx help); comments and LF lines are read', () => {
    const text = writeEvt([
      {
        ...heats[2]!,
        name: 'A, B',
        competitors: [{ ...heats[2]!.competitors[0]!, lastName: 'Huang, Jr.', firstName: 'Say "Hi"' }],
      },
    ]);
    expect(text).toContain('40,2,1,"A, B"\r\n,7,1,"Huang, Jr.","Say ""Hi""",A');
    const back = parseEvt(`; made by hand\n${text.replaceAll('\r\n', '\n')}`)[0]!;
    expect(back.name).toBe('A, B');
    expect(back.competitors[0]).toMatchObject({ lastName: 'Huang, Jr.', firstName: 'Say "Hi"', affiliation: 'A' });
  });

  it('lynx.ppl and lynx.sch round-trip', () => {
    const people = [
      { id: '101', lastName: '张', firstName: '三', affiliation: '瑞中' },
      { id: '102', lastName: '欧', firstName: '阳娜娜', affiliation: '温中' },
    ];
    expect(writePpl(people)).toBe('101,张,三,瑞中\r\n102,欧,阳娜娜,温中\r\n');
    expect(parsePpl(writePpl(people))).toEqual(people);
    const slots = heats.map(({ event, round, heat }) => ({ event, round, heat }));
    expect(writeSch(slots)).toBe('12,1,1\r\n12,1,2\r\n40,2,1\r\n');
    expect(parseSch(writeSch(slots))).toEqual(slots);
  });

  it('.lif round-trips and reads a FinishLynx-style file', () => {
    const lif: Lif = {
      header: { event: 12, round: 1, heat: 1, name: 'U16 Boys 100 m Heats', wind: '+1.2' },
      rows: [
        {
          line: 2,
          place: '1',
          id: '101',
          lane: 3,
          lastName: '张',
          firstName: '三',
          affiliation: '瑞中',
          time: '10.841',
          reactionTime: '0.145',
        },
        {
          line: 3,
          place: 'DNF',
          id: '',
          lane: 4,
          lastName: 'Smith',
          firstName: 'Mary Ann',
          affiliation: 'Club',
          time: '',
          reactionTime: '',
        },
      ],
    };
    expect(parseLif(writeLif(lif))).toEqual(lif);
    const real =
      '12,1,1,U16 Boys 100 m Heats,-0.3,m/s,AUTO,,,100,14:05:00.000\n1,101,3,张,三,瑞中,10.841,,10.841,0.145,10.841\n';
    const parsed = parseLif(real);
    expect(parsed.header.wind).toBe('-0.3');
    expect(parsed.rows[0]).toMatchObject({ place: '1', id: '101', lane: 3, time: '10.841', reactionTime: '0.145' });
  });

  it('refuses a header without event, round and heat', () => {
    expect(() => parseLif('x,1,1,Name\n')).toThrow(/line 1/);
    expect(() => parseLif('')).toThrow(/empty/);
    expect(() => parseEvt(',1,2,A,B,C\n')).toThrow(/before any event/);
  });
});

describe('names', () => {
  it('splits and joins names without loss', () => {
    for (const n of ['张三', '欧阳娜娜', 'Mary Ann Smith', 'Madonna', '李']) {
      const s = splitName(n);
      expect(joinName(s.last, s.first)).toBe(n);
    }
    expect(splitName('张三')).toEqual({ last: '张', first: '三' });
    expect(splitName('Mary Ann Smith')).toEqual({ last: 'Smith', first: 'Mary Ann' });
  });
});
