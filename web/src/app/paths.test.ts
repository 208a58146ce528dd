import { describe, expect, it } from 'vitest';
import { MENU_TREE } from '../../../server/src/db/seed/menus';
import { CONSOLE_SECTIONS, isConsolePath, isWhitelisted } from './paths';

describe('which addresses are the console', () => {
  it('every top-level section of the server menus is a console section', () => {
    const sections = MENU_TREE.map((m) => m.path?.split('/')[1]).filter((s): s is string => Boolean(s));
    expect(sections.length).toBeGreaterThan(5);
    for (const s of sections) expect(CONSOLE_SECTIONS).toContain(s);
  });

  it('console pages are console paths; public frames and unknown addresses are not', () => {
    expect(isConsolePath('/system/user')).toBe(true);
    expect(isConsolePath('/apply/athlete')).toBe(true);
    expect(isConsolePath('/dashboard')).toBe(true);
    expect(isConsolePath('/nope')).toBe(false);
    expect(isConsolePath('/h5/wrj2025')).toBe(false);
    expect(isConsolePath('/home/nope')).toBe(false);
    expect(isConsolePath('/')).toBe(false);
  });

  it('meeting links on the phone frame are public', () => {
    expect(isWhitelisted('/h5/m/wrj2025')).toBe(true);
    expect(isWhitelisted('/m/wrj2025')).toBe(true);
    expect(isWhitelisted('/h5/m/a/b')).toBe(false);
  });
});
