import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { realWorld } from '../test/real-world.js';
import { AppError } from './errors.js';
import { decodeText, encodeText } from './text-file.js';

const seltec = realWorld('finishlynx/seltec_60mH.lif').toString('utf8');

describe('decodeText: the one reader of imported text files', () => {
  it('reads the Seltec file as written (UTF-8) and as Windows-1252, GBK, UTF-16LE/BE with BOM', () => {
    expect(decodeText(Buffer.from(seltec, 'utf8'))).toMatchObject({ encoding: 'utf-8', bom: false });
    const cp1252 = iconv.encode(seltec, 'windows-1252');
    expect(cp1252.includes(0xfc)).toBe(true); // ü as one byte
    const a = decodeText(cp1252);
    expect(a.encoding).toBe('windows-1252');
    expect(a.text).toContain('60m Hürden Zeitläufe MJB');

    const chinese = '1,1,1,男子甲组 100米 预赛,+1.2,m/s\r\n1,101,4,欧阳,娜娜,北京市第一中学,10.845,,10.845,0.152\r\n';
    const gbk = decodeText(iconv.encode(chinese, 'gbk'));
    expect(gbk.encoding).toBe('gb18030');
    expect(gbk.text).toBe(chinese.replace(/\r\n/g, '\n'));

    const le = decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(chinese, 'utf-16le')]));
    expect(le).toMatchObject({ encoding: 'utf-16le', bom: true });
    expect(le.text).toBe(chinese.replace(/\r\n/g, '\n'));
    const be = decodeText(Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode(chinese, 'utf-16be')]));
    expect(be).toMatchObject({ encoding: 'utf-16be', bom: true });
    expect(be.text).toBe(le.text);
    const bom8 = decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(chinese)]));
    expect(bom8).toMatchObject({ encoding: 'utf-8', bom: true, text: le.text });
  });

  it('reads UTF-16LE without a BOM by its NUL bytes, and refuses a binary file', () => {
    expect(decodeText(iconv.encode('0,0,0,100m\r\n1,,1,,,,9.232\r\n', 'utf-16le'))).toMatchObject({
      encoding: 'utf-16le',
      text: '0,0,0,100m\n1,,1,,,,9.232\n',
    });
    expect(() => decodeText(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x10, 0x41, 0x42, 0x43]))).toThrow(AppError);
  });

  it('tells Windows-1252 names from GBK by how the high bytes pair', () => {
    for (const name of ['Müller', 'Zürich', 'Sébastien Lefèvre', 'Ærø']) {
      const d = decodeText(iconv.encode(`1,2,3,${name},x\r\n`, 'windows-1252'));
      expect([d.encoding, d.text]).toEqual(['windows-1252', `1,2,3,${name},x\n`]);
    }
    for (const name of ['张三', '欧阳娜娜', '李　明', '诸葛亮']) {
      const d = decodeText(iconv.encode(`1,2,3,${name},x\r\n`, 'gbk'));
      expect([d.encoding, d.text]).toEqual(['gb18030', `1,2,3,${name},x\n`]);
    }
  });
});

describe('encodeText: exports in the encoding the operator picks', () => {
  it('writes UTF-8, UTF-8 with BOM and GBK, and refuses a character GBK cannot hold', () => {
    expect(encodeText('张三', 'utf-8')).toEqual(Buffer.from('张三'));
    expect([...encodeText('a', 'utf-8-bom')]).toEqual([0xef, 0xbb, 0xbf, 0x61]);
    expect(iconv.decode(encodeText('欧阳娜娜,北京', 'gbk'), 'gbk')).toBe('欧阳娜娜,北京');
    expect(encodeText('欧阳娜娜', 'gbk').length).toBe(8);
    expect(() => encodeText('Ａ😀', 'gbk')).toThrow(/😀/);
  });
});
