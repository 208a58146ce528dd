import { type FieldLinkVO, idCheckChar } from '@baton/contracts';
import { describe, expect, it } from 'vitest';
import { AppError, messageOf } from '../../lib/errors.js';
import {
  checkFieldValues,
  checkPerson,
  eligibilityProblem,
  formFields,
  missingFields,
  RuleError,
  upgradeIdNumber,
} from './rules.js';
import { parseSeedMark } from './seed-mark.js';

const id18 = (first17: string) => `${first17}${idCheckChar(first17)}`;

const failure = (fn: () => unknown): AppError => {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a failure');
};

describe('seed marks', () => {
  it('parses times into seconds', () => {
    expect(parseSeedMark('time', '10.85')).toEqual({ mark: '10.85', value: 10.85 });
    expect(parseSeedMark('time', '1:58.30')).toEqual({ mark: '1:58.30', value: 118.3 });
    expect(parseSeedMark('time', '1:02:03.4')).toEqual({ mark: '1:02:03.4', value: 3723.4 });
    expect(parseSeedMark('time', '28:45.123')?.value).toBe(1725.123);
    expect(parseSeedMark('time', '')).toBeNull();
    expect(parseSeedMark('time', null)).toBeNull();
  });

  it('refuses malformed times, naming the format', () => {
    for (const bad of ['1:5.3', '1:60.00', '1:61:00', 'abc', '0', '10.1234', '1:02:3']) {
      const err = failure(() => parseSeedMark('time', bad));
      expect(messageOf(err, 'en')).toContain('a time such as 10.85, 1:58.30 or 1:02:03.4');
      expect(messageOf(err, 'zh-cn')).toContain('成绩格式应为 10.85、1:58.30 或 1:02:03.4');
    }
  });

  it('parses distances and heights in metres, points as whole numbers', () => {
    expect(parseSeedMark('distance', '5.62')).toEqual({ mark: '5.62', value: 5.62 });
    expect(parseSeedMark('height', '1.85')?.value).toBe(1.85);
    expect(parseSeedMark('points', '5120')).toEqual({ mark: '5120', value: 5120 });
    expect(
      messageOf(
        failure(() => parseSeedMark('distance', '5.625')),
        'en',
      ),
    ).toContain('metres such as 5.62');
    expect(
      messageOf(
        failure(() => parseSeedMark('height', '1:85')),
        'en',
      ),
    ).toContain('metres such as 1.85');
    expect(
      messageOf(
        failure(() => parseSeedMark('points', '51.2')),
        'en',
      ),
    ).toContain('whole points');
  });
});

describe('ID numbers', () => {
  it('takes birth date and gender from an 18-digit number', () => {
    const id = id18('33038120110615123');
    expect(checkPerson({ idNumber: id })).toEqual({ idType: '1', idNumber: id, gender: 'M', birthDate: '2011-06-15' });
    const lower = id18('33038120110615124').toLowerCase();
    expect(checkPerson({ idNumber: lower }).gender).toBe('F');
  });

  it('refuses a wrong check character, a wrong length, an impossible date', () => {
    const id = id18('33038120110615123');
    const wrong = `${id.slice(0, 17)}${id[17] === '9' ? '8' : '9'}`;
    expect(
      messageOf(
        failure(() => checkPerson({ idNumber: wrong })),
        'en',
      ),
    ).toContain('check digit is wrong');
    expect(
      messageOf(
        failure(() => checkPerson({ idNumber: '3303812011061512' })),
        'en',
      ),
    ).toContain('18 characters');
    expect(
      messageOf(
        failure(() => checkPerson({ idNumber: id18('33038120110230123') })),
        'en',
      ),
    ).toContain('not a valid date');
  });

  it('upgrades a 15-digit legacy number to 18 digits', () => {
    expect(upgradeIdNumber('330381780512123')).toBe(id18('33038119780512123'));
    expect(checkPerson({ idNumber: '330381780512123' })).toMatchObject({ birthDate: '1978-05-12', gender: 'M' });
  });

  it('refuses a gender or a birth date that differs from the number', () => {
    const id = id18('33038120110615123');
    const g = failure(() => checkPerson({ idNumber: id, gender: 'F' }));
    expect(g).toBeInstanceOf(RuleError);
    expect((g as RuleError).field).toBe('gender');
    expect(messageOf(g, 'zh-cn')).toBe('参数错误：性别与身份证号不符：身份证号为男性');
    const b = failure(() => checkPerson({ idNumber: id, birthDate: '2011-06-16' }));
    expect(messageOf(b, 'en')).toBe(
      'Invalid input: the birth date does not match the ID number, which gives 2011-06-15',
    );
  });

  it('other documents need gender and a real birth date', () => {
    expect(
      messageOf(
        failure(() => checkPerson({ idType: '2', idNumber: 'E1234567' })),
        'en',
      ),
    ).toContain('gender is required');
    expect(
      messageOf(
        failure(() => checkPerson({ idType: '2', idNumber: 'E1234567', gender: 'M', birthDate: '2011-02-30' })),
        'en',
      ),
    ).toContain('not valid');
    expect(checkPerson({ idType: '3', idNumber: 'h1234567', gender: 'F', birthDate: '2011-02-28' })).toEqual({
      idType: '3',
      idNumber: 'H1234567',
      gender: 'F',
      birthDate: '2011-02-28',
    });
  });
});

describe('groups', () => {
  const g = {
    name: 'U16女子组',
    nameEn: 'U16 Girls',
    gender: 'F' as const,
    birthFrom: '2010-01-01',
    birthTo: '2011-12-31',
  };
  it('fits gender (X takes both) and the birth range, inclusive', () => {
    expect(eligibilityProblem(g, { gender: 'F', birthDate: '2010-01-01' })).toBeNull();
    expect(eligibilityProblem(g, { gender: 'F', birthDate: '2011-12-31' })).toBeNull();
    expect(eligibilityProblem(g, { gender: 'M', birthDate: '2011-01-01' })?.en).toBe(
      'U16 Girls is for female athletes only',
    );
    expect(eligibilityProblem(g, { gender: 'F', birthDate: '2009-12-31' })?.zh).toBe(
      'U16女子组限 2010-01-01 至 2011-12-31 出生，该运动员出生于 2009-12-31',
    );
    expect(eligibilityProblem({ ...g, gender: 'X' }, { gender: 'M', birthDate: '2011-01-01' })).toBeNull();
  });
});

describe('form fields', () => {
  const f = (key: string, kind: FieldLinkVO['kind'], extra: Partial<FieldLinkVO> = {}): FieldLinkVO => ({
    fieldId: key.length,
    key,
    label: key,
    labelEn: key,
    kind,
    dictCode: null,
    target: 'athlete',
    pattern: null,
    required: false,
    sort: 0,
    ...extra,
  });
  const fields = [
    f('school', 'text', { required: true }),
    f('shoe', 'number', { pattern: '^\\d{2}(\\.5)?$' }),
    f('level', 'select', { dictCode: 'lvl' }),
    f('card', 'file', { required: true }),
    f('photo', 'image', { required: true }),
  ];
  const dicts = new Map([['lvl', new Set(['1', '2'])]]);

  it('the photo field is the photo, not a value; a field in both lists is required when either says so', () => {
    const merged = formFields(fields, [f('school', 'text'), f('shoe', 'number', { required: true })]);
    expect(merged.map((x) => x.key)).toEqual(['school', 'shoe', 'level', 'card']);
    expect(merged.find((x) => x.key === 'shoe')?.required).toBe(true);
  });

  it('keeps known fields only, checks kinds, patterns and dictionaries; uploads are asked for at submission', () => {
    const form = formFields(fields);
    const ok = checkFieldValues(form, { school: ' 一中 ', shoe: '37.5', level: '2', junk: 'x' }, dicts);
    expect(ok.values).toEqual({ school: '一中', shoe: 37.5, level: '2' });
    expect(missingFields(form, ok.values).map((x) => x.key)).toEqual(['card']);
    expect(
      messageOf(
        failure(() => checkFieldValues(form, {}, dicts)),
        'en',
      ),
    ).toContain('school is required');
    expect(
      messageOf(
        failure(() => checkFieldValues(form, { school: 'a', shoe: '7' }, dicts)),
        'en',
      ),
    ).toContain('shoe does not match');
    expect(
      messageOf(
        failure(() => checkFieldValues(form, { school: 'a', level: '9' }, dicts)),
        'en',
      ),
    ).toContain('not one of the options');
    expect(
      messageOf(
        failure(() => checkFieldValues(form, { school: 'a', card: '../x' }, dicts)),
        'en',
      ),
    ).toContain('uploaded file');
    const file = checkFieldValues(form, { school: 'a', card: 'AAAAAAAAAAAAAAAAAAAAAA' }, dicts);
    expect(file.fileIds).toEqual([{ key: 'card', id: 'AAAAAAAAAAAAAAAAAAAAAA', image: false }]);
    expect(
      messageOf(
        failure(() => checkFieldValues(form, { school: { x: 1 } }, dicts)),
        'en',
      ),
    ).toContain('wrong type');
  });
});

describe('a person without an ID number (the Hy-Tek import only)', () => {
  it('is its gender and birth date; the form still requires the number', () => {
    expect(checkPerson({ idNumber: ' ', gender: 'F', birthDate: '2011-07-04' }, { idOptional: true })).toEqual({
      idType: '1',
      idNumber: null,
      gender: 'F',
      birthDate: '2011-07-04',
    });
    expect(() => checkPerson({ idNumber: '', gender: 'F', birthDate: '2011-07-04' })).toThrow(/18 characters/);
    expect(() => checkPerson({ idNumber: '', birthDate: '2011-07-04' }, { idOptional: true })).toThrow(
      /gender is required when there is no ID number/,
    );
    expect(() => checkPerson({ idNumber: '', gender: 'M' }, { idOptional: true })).toThrow(/birth date is required/);
    expect(() => checkPerson({ idNumber: '', gender: 'M', birthDate: '2011-02-30' }, { idOptional: true })).toThrow(
      /2011-02-30 is not valid/,
    );
    // A number given is checked as always.
    expect(() =>
      checkPerson({ idNumber: '12345', gender: 'M', birthDate: '2011-02-03' }, { idOptional: true }),
    ).toThrow(/18 characters/);
  });
});
