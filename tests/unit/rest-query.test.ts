import { describe, expect, it } from 'vitest';
import { ApiError } from '../../server/lib/errors';
import { containsPattern, parseId, parseListQuery } from '../../server/lib/rest-query';

const parse = (query: string) => parseListQuery(new URLSearchParams(query), ['title', 'id'], ['id', 'q', 'level']);

function statusOf(fn: () => unknown): number | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof ApiError ? error.status : -1;
  }
  return undefined;
}

describe('parseListQuery', () => {
  it('reads sort, range and filter of ra-data-simple-rest', () => {
    expect(parse('sort=["title","DESC"]&range=[10,19]&filter={"level":"info"}')).toEqual({
      sort: { field: 'title', order: 'DESC' },
      range: { start: 10, end: 19 },
      filter: { level: 'info' },
    });
  });

  it('defaults to the first 25 records, no filter', () => {
    expect(parse('')).toEqual({ range: { start: 0, end: 24 }, filter: {} });
  });

  it.each([
    'sort=["secret","ASC"]',
    'sort=["title"]',
    'sort=oops',
    'range=[-1,5]',
    'range=[3,1]',
    'range=[0,1000]',
    'range=[0,"9"]',
    'filter={"nope":1}',
    'filter="x"',
    'other=1',
  ])('refuses %s with 400', (query) => {
    expect(statusOf(() => parse(query))).toBe(400);
  });

  it('accepts exactly the largest page', () => {
    expect(parse('range=[0,999]').range).toEqual({ start: 0, end: 999 });
  });
});

describe('parseId', () => {
  it('accepts positive whole numbers, 404 for anything else', () => {
    expect(parseId('42')).toBe(42);
    for (const raw of ['0', '-1', '1.5', 'abc', '01', '3000000000', '']) expect(statusOf(() => parseId(raw))).toBe(404);
  });
});

describe('containsPattern', () => {
  it('takes % and _ literally', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});
