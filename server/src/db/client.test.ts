import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseLockedError, openDatabase } from './client.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function tempDir() {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'baton-lock-'));
  dirs.push(d);
  return d;
}

describe.runIf(process.env.BATON_TEST_DB !== 'postgres')('PGlite data directory lock', () => {
  it('refuses a directory held by a live process, with a clear message', async () => {
    const dir = tempDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      fs.writeFileSync(path.join(dir, 'baton.lock'), String(holder.pid));
      await expect(openDatabase({ url: null, pgliteDir: dir })).rejects.toThrow(DatabaseLockedError);
      await expect(openDatabase({ url: null, pgliteDir: dir })).rejects.toThrow(/in use by another Baton process/);
    } finally {
      holder.kill();
    }
  });

  it('takes over a lock left by a dead process and releases it on close', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'baton.lock'), '999999');
    const database = await openDatabase({ url: null, pgliteDir: dir });
    expect(fs.readFileSync(path.join(dir, 'baton.lock'), 'utf8')).toBe(String(process.pid));
    await database.close();
    expect(fs.existsSync(path.join(dir, 'baton.lock'))).toBe(false);
  });
});
