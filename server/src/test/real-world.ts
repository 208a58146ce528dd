import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The genuine files other programs wrote (`shared/fixtures/real-world/`, beside the project, see
 * its README): found by walking up from this file, so tests read them from a checkout or a git
 * worktree alike. Missing fixtures fail the test that needs them, loudly.
 */
function realWorldDir(): string {
  let dir = import.meta.dirname;
  for (;;) {
    const candidate = path.join(dir, 'shared', 'fixtures', 'real-world');
    if (existsSync(candidate)) return candidate;
    const up = path.dirname(dir);
    if (up === dir) {
      throw new Error(`shared/fixtures/real-world not found above ${import.meta.dirname}`);
    }
    dir = up;
  }
}

/** The bytes of a genuine file, e.g. `realWorld('finishlynx/seltec_60mH.lif')`. */
export const realWorld = (file: string): Buffer => readFileSync(path.join(realWorldDir(), file));
