import { describe, expect, it } from 'vitest';
import { passwordsCsv } from './passwords-csv';

describe('passwordsCsv', () => {
  it('writes a header and one quoted line per user, with a byte-order mark for Excel', () => {
    const csv = passwordsCsv(
      [
        { row: 2, username: 'judy', password: 'Kp7m-x2Qa-9rTz' },
        { row: 3, username: 'ann.lee', password: 'abcd-EFGH-2345' },
      ],
      ['用户名', '密码'],
    );
    expect(csv).toBe('\ufeff"用户名","密码"\r\n"judy","Kp7m-x2Qa-9rTz"\r\n"ann.lee","abcd-EFGH-2345"\r\n');
  });

  it('keeps a cell Excel would run as a formula inert, and doubles quotes', () => {
    const csv = passwordsCsv([{ row: 2, username: '-cmd', password: 'a"b' }], ['u', 'p']);
    expect(csv.split('\r\n')[1]).toBe(`"'-cmd","a""b"`);
  });
});
