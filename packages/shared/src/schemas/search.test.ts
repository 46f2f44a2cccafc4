import { describe, expect, it } from 'vitest';
import { SearchQuerySchema } from './search.js';

describe('SearchQuerySchema', () => {
  it('coerces numbers and booleans from the query string', () => {
    expect(
      SearchQuerySchema.parse({
        query: ' pcr machine ',
        min_price: '100',
        max_price: '2500.5',
        condition: 'new',
        location: 'de',
        use_rag: 'true',
        page: '2',
      }),
    ).toEqual({
      query: 'pcr machine',
      min_price: 100,
      max_price: 2500.5,
      condition: 'new',
      location: 'Germany',
      use_rag: true,
      page: 2,
    });
  });

  it('treats empty values as absent and applies defaults', () => {
    expect(SearchQuerySchema.parse({ query: '', min_price: '', max_price: '', condition: '', location: '' })).toEqual({
      query: undefined,
      min_price: undefined,
      max_price: undefined,
      condition: undefined,
      location: undefined,
      use_rag: false,
      page: 1,
    });
  });

  it('keeps a location it does not know as typed', () => {
    expect(SearchQuerySchema.parse({ location: 'Bavaria' }).location).toBe('Bavaria');
  });

  it('refuses negative prices and a minimum above the maximum', () => {
    expect(SearchQuerySchema.safeParse({ min_price: '-1' }).error?.issues[0]?.message).toBe('Price must be 0 or more');
    expect(SearchQuerySchema.safeParse({ min_price: 'abc' }).success).toBe(false);
    expect(SearchQuerySchema.safeParse({ min_price: '500', max_price: '100' }).error?.issues[0]?.message).toBe(
      'Minimum price cannot be greater than maximum price',
    );
  });

  it('limits the query length', () => {
    expect(SearchQuerySchema.safeParse({ query: 'x'.repeat(201) }).success).toBe(false);
  });
});
