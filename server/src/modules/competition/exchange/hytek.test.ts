import { describe, expect, it } from 'vitest';
import { type HytekAthlete, type HytekEntry, parseHytek, personKey, writeHytek } from './hytek.js';

/** Who the athlete and the entry records both name. */
const person = {
  lastName: '张',
  firstName: '三',
  gender: 'M',
  birthDate: '2011-06-15',
  teamCode: '瑞中',
  teamName: '瑞安中学',
} as const;
const athlete: HytekAthlete = {
  ...person,
  idType: '1',
  idNumber: '33038120110615101X',
  nameEn: 'Zhang San',
  group: 'U16 男子',
  fields: { school: '瑞安中学', note: 'a;b c' },
};
const entry: HytekEntry = {
  ...person,
  eventCode: '100',
  mark: '12.34',
  measure: 'M',
  division: 2,
  bib: '1001',
};

describe('Hy-Tek semicolon entry file', () => {
  it('writes I and D records in the documented layout', () => {
    const text = writeHytek([athlete], [entry]);
    const [i, d] = text.split('\r\n');
    const f = i!.split(';');
    expect(f.slice(0, 10)).toEqual(['I', '张', '三', '', 'M', '06/15/2011', '瑞中', '瑞安中学', '', '']);
    expect(f.slice(10, 25).every((x) => x === '')).toBe(true);
    expect(f.slice(25, 29)).toEqual(['1', '33038120110615101X', 'Zhang San', 'U16 男子']);
    expect(f).toHaveLength(30);
    expect(d).toBe('D;张;三;;M;06/15/2011;瑞中;瑞安中学;;;100;12.34;M;2;1001');
    expect(text.endsWith('\r\n')).toBe(true);
  });

  it('parse ∘ write is the identity (the bib is written, the form fields survive a semicolon)', () => {
    const back = parseHytek(
      writeHytek([athlete], [entry, { ...entry, eventCode: 'LJ', mark: '', division: null, bib: '' }]),
    );
    expect(back.problems).toEqual([]);
    expect(back.athletes).toEqual([{ ...athlete, line: 1 }]);
    expect(back.entries).toEqual([
      { ...entry, line: 2 },
      { ...entry, eventCode: 'LJ', mark: '', division: null, bib: '', line: 3 },
    ]);
    expect(personKey(back.entries[0]!)).toBe(personKey(back.athletes[0]!));
  });

  it('reads E records, NT marks, ISO dates and English marks, and lists problems by line', () => {
    const text = [
      'E;Smith;Mary;;F;05/01/2011;RUI;Rui An;;;400;NT;M;1',
      'Q;RUI;Rui An;A;F;;400',
      'D;Smith;Mary;;F;2011-05-01;RUI;Rui An;;;400;60.00;M',
      'D;Smith;Mary;;F;5/1/2011;RUI;Rui An;;;LJ;18-10.00;E',
      'X;junk',
      'D;;Mary;;F;05/01/2011;RUI;Rui An;;;400',
      'D;Smith;Mary;;F;13/01/2011;RUI;Rui An;;;400',
      'D;Smith;Mary;;F;05/01/2011;RUI;Rui An;;;400;60.00;K',
    ].join('\r\n');
    const back = parseHytek(text);
    expect(back.entries).toEqual([
      expect.objectContaining({ line: 1, eventCode: '400', mark: '', division: 1, birthDate: '2011-05-01', bib: '' }),
      expect.objectContaining({ line: 3, eventCode: '400', mark: '60.00', measure: 'M', birthDate: '2011-05-01' }),
      // English marks are converted by the import, which knows the event's result format.
      expect.objectContaining({ line: 4, eventCode: 'LJ', mark: '18-10.00', measure: 'E', birthDate: '2011-05-01' }),
    ]);
    expect(back.problems.map((p) => [p.line, p.field])).toEqual([
      [2, 'type'],
      [5, 'type'],
      [6, 'name'],
      [7, 'birthDate'],
      [8, 'seedMark'],
    ]);
  });

  it('reads an I record of the 25 fields Hy-Tek writes: no ID number, no group', () => {
    const i = ['I', '欧阳', '娜娜', '', 'W', '07/04/2011', '瑞中', '瑞安中学', '14', '', '罗阳大道 1 号'];
    const back = parseHytek(`${[...i, ...Array<string>(14).fill('')].join(';')}\r\n`);
    expect(back.problems).toEqual([]);
    expect(back.athletes).toEqual([
      {
        line: 1,
        lastName: '欧阳',
        firstName: '娜娜',
        gender: 'F',
        birthDate: '2011-07-04',
        teamCode: '瑞中',
        teamName: '瑞安中学',
        idType: '',
        idNumber: '',
        nameEn: '',
        group: '',
        fields: {},
      },
    ]);
  });
});
