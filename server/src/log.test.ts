import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { bearer, login, makeTestApp } from './test/app.js';

describe('request log', () => {
  it('never records query strings (they can carry passwords and tokens)', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const t = await makeTestApp({ logLevel: 'info', logStream: stream });
    try {
      const pair = await login(t, 'admin');
      await t.app.inject({
        method: 'PUT',
        url: '/api/v1/users/3/password/reset?password=Sup3r-Secret-99',
        headers: bearer(pair.accessToken),
      });
      const log = lines.join('');
      expect(log).toContain('/api/v1/users/3/password/reset');
      expect(log).not.toContain('Sup3r-Secret-99');
    } finally {
      await t.close();
    }
  });
});
