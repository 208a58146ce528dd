import { describe, expect, it } from 'vitest';
import { hasPerm, hasRole } from './usePerm';

const admin = { roles: ['ADMIN'], perms: ['sys:user:add', 'sys:user:edit'] };
const root = { roles: ['ROOT'], perms: [] };

describe('hasPerm', () => {
  it('passes the ROOT role for anything', () => {
    expect(hasPerm(root, 'sys:menu:delete')).toBe(true);
  });
  it('needs any one of the given permissions', () => {
    expect(hasPerm(admin, 'sys:user:add')).toBe(true);
    expect(hasPerm(admin, ['sys:role:add', 'sys:user:edit'])).toBe(true);
    expect(hasPerm(admin, ['sys:role:add'])).toBe(false);
    expect(hasPerm(null, 'sys:user:add')).toBe(false);
  });
  it('throws without a value', () => {
    expect(() => hasPerm(admin, '')).toThrow('need permission value');
    expect(() => hasPerm(admin, [])).toThrow('need permission value');
  });
});

describe('hasRole', () => {
  it('checks the roles list', () => {
    expect(hasRole(admin, 'ADMIN')).toBe(true);
    expect(hasRole(admin, ['ROOT'])).toBe(false);
    expect(() => hasRole(admin, [])).toThrow('need permission value');
  });
});
