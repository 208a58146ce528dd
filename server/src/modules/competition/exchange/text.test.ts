import { describe, expect, it } from 'vitest';
import { cleanName, normalizeName } from '../../apply/rules.js';
import { COMPOUND_SURNAMES, joinName, splitName } from './text.js';

/** Names as (last, first) for the FinishLynx and Hy-Tek files, and as stored (issue 22). */
describe('Chinese and Latin names', () => {
  it('splits a Chinese name after its compound surname (复姓), never inside it', () => {
    expect(splitName('欧阳娜娜')).toEqual({ last: '欧阳', first: '娜娜' });
    expect(splitName('司马相如')).toEqual({ last: '司马', first: '相如' });
    expect(splitName('诸葛亮')).toEqual({ last: '诸葛', first: '亮' });
    expect(splitName('上官婉儿')).toEqual({ last: '上官', first: '婉儿' });
    expect(splitName('令狐冲')).toEqual({ last: '令狐', first: '冲' });
    expect(splitName('慕容复')).toEqual({ last: '慕容', first: '复' });
    expect(splitName('万俟卨')).toEqual({ last: '万俟', first: '卨' });
    // Single surnames: the first character, whatever follows.
    expect(splitName('张三')).toEqual({ last: '张', first: '三' });
    expect(splitName('王小明')).toEqual({ last: '王', first: '小明' });
    expect(splitName('欧娜')).toEqual({ last: '欧', first: '娜' });
    // 阳 is not a surname after 欧 unless 欧阳 starts the name; a two-character name is surname + given name.
    expect(splitName('欧阳')).toEqual({ last: '欧', first: '阳' });
    expect(splitName('东方')).toEqual({ last: '东', first: '方' });
  });

  it('knows every compound surname the issue lists', () => {
    const listed =
      '欧阳 司马 诸葛 上官 东方 皇甫 尉迟 公孙 慕容 长孙 宇文 司徒 夏侯 轩辕 令狐 端木 独孤 南宫 西门 百里 呼延 澹台 公冶 宗政 濮阳 淳于 单于 太叔 申屠 仲孙 钟离 闻人 赫连 万俟 司空 羊舌 第五 左丘 东郭 拓跋 亓官 司寇 梁丘 谷梁 乐正 公羊 微生';
    for (const s of listed.split(' ')) {
      expect(COMPOUND_SURNAMES.has(s), s).toBe(true);
      expect(splitName(`${s}明`)).toEqual({ last: s, first: '明' });
    }
  });

  it('normalises full-width and other Unicode spaces on the way in', () => {
    // U+3000 (full-width, as Excel sheets and Chinese input methods write it) between two characters.
    expect(normalizeName('李\u3000明')).toBe('李明');
    expect(normalizeName('\u3000李 明\u00a0')).toBe('李明');
    expect(normalizeName('欧阳\u2002娜娜\u200b')).toBe('欧阳娜娜');
    expect(cleanName(' 李\u3000明 ')).toBe('李明');
    expect(() => cleanName('\u3000\u3000')).toThrow(/name is required/);
    // Latin names: letters and case kept, runs of spaces one space.
    expect(normalizeName('  Mary\u3000 Ann   O\u2019Neil ')).toBe('Mary Ann O\u2019Neil');
    expect(normalizeName('de la Cruz')).toBe('de la Cruz');
    // A Chinese name with a Latin part keeps the space between the two.
    expect(normalizeName('李明 Li')).toBe('李明 Li');
    // The old behaviour the issue saw: 李　明 exported as surname 明, given name 李.
    expect(splitName('李\u3000明')).toEqual({ last: '李', first: '明' });
  });

  it('keeps Latin names as written, the last word the surname', () => {
    expect(splitName('Mary Ann Smith')).toEqual({ last: 'Smith', first: 'Mary Ann' });
    expect(splitName('McDONALD')).toEqual({ last: 'McDONALD', first: '' });
    expect(joinName('Smith', 'Mary Ann')).toBe('Mary Ann Smith');
  });

  it('joinName ∘ splitName gives the normalised name back', () => {
    for (const n of ['欧阳娜娜', '张三', '诸葛亮', 'Mary Ann Smith', '李\u3000明', '司马 相如']) {
      const { last, first } = splitName(n);
      expect(joinName(last, first)).toBe(normalizeName(n));
    }
    expect(joinName('欧阳', '娜娜')).toBe('欧阳娜娜');
    expect(joinName('李\u3000', '明')).toBe('李明');
  });
});
