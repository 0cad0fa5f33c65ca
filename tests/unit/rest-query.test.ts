import { describe, expect, it } from 'vitest';
import { ApiError } from '../../server/lib/errors';
import { containsPattern, parseId, parseListQuery, parseODataFilter } from '../../server/lib/rest-query';

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

describe('OData-style filter', () => {
  it('reads `field eq value` terms joined with and', () => {
    expect(parseODataFilter('projectUnitID eq 12')).toEqual({ projectUnitID: 12 });
    expect(parseODataFilter("level eq 'it''s' AND id EQ -3 and q eq null and x eq true")).toEqual({ level: "it's", id: -3, q: null, x: true });
  });

  it('refuses anything else, so that JSON and malformed text go their own way', () => {
    for (const raw of ['{"id":1}', 'id eq', 'id eq 1 and', 'id eq 1 or level eq 2', 'id ne 1', 'id eq 1 and id eq 2', "q eq 'open", '__proto__ eq 1', 'id eq 1; drop']) {
      expect(parseODataFilter(raw), raw).toBeUndefined();
    }
  });

  it('is accepted by the list query with the same field checks as JSON', () => {
    expect(parse(`filter=${encodeURIComponent('id eq 7')}`).filter).toEqual({ id: 7 });
    expect(statusOf(() => parse(`filter=${encodeURIComponent('unknown eq 7')}`))).toBe(400);
    expect(statusOf(() => parse(`filter=${encodeURIComponent('id gt 7')}`))).toBe(400);
  });
});
