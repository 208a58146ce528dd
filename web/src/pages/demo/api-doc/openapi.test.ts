import { describe, expect, it } from 'vitest';
import { groupByTag, isOpenApiDoc } from './openapi';

describe('isOpenApiDoc', () => {
  it('accepts a document and refuses what a failed load leaves', () => {
    expect(isOpenApiDoc({ openapi: '3.0.3', paths: {} })).toBe(true);
    expect(isOpenApiDoc({ openapi: '3.0.3', paths: { '/a': { get: {} } } })).toBe(true);
    expect(isOpenApiDoc('<!doctype html><html></html>')).toBe(false);
    expect(isOpenApiDoc('')).toBe(false);
    expect(isOpenApiDoc(null)).toBe(false);
    expect(isOpenApiDoc(undefined)).toBe(false);
    expect(isOpenApiDoc({ code: 'B0002', data: null, msg: 'error' })).toBe(false);
    expect(isOpenApiDoc({ openapi: '3.0.3' })).toBe(false);
  });

  it('groups the operations of a document by tag', () => {
    const groups = groupByTag({
      openapi: '3.0.3',
      paths: { '/b': { get: { tags: ['x'] } }, '/a': { post: { tags: ['x'] }, get: {} } },
    });
    expect([...groups.keys()]).toEqual(['other', 'x']);
    expect(groups.get('x')?.map((e) => e.key)).toEqual(['post /a', 'get /b']);
  });
});
