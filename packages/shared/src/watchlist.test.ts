import { describe, expect, it } from 'vitest';
import { COMPARE_EMPTY, COMPARE_MALFORMED, COMPARE_TOO_MANY, parseCompareIds } from './watchlist.js';

const id = (n: number) => `0b7a9c1e-1111-4111-8111-11111111111${n}`;

describe('parseCompareIds', () => {
  it('reads up to 4 listing ids, in order, folding repeats and blanks', () => {
    expect(parseCompareIds(`${id(1)}, ${id(2)},,${id(1)},${id(3).toUpperCase()}`)).toEqual({ ok: true, ids: [id(1), id(2), id(3)] });
  });

  it('refuses more than 4, anything that is not a listing id, and nothing at all', () => {
    expect(parseCompareIds([1, 2, 3, 4, 5].map(id).join(','))).toEqual({ ok: false, error: COMPARE_TOO_MANY });
    expect(parseCompareIds(`${id(1)},42`)).toEqual({ ok: false, error: COMPARE_MALFORMED });
    expect(parseCompareIds(null)).toEqual({ ok: false, error: COMPARE_EMPTY });
    expect(parseCompareIds(' , ')).toEqual({ ok: false, error: COMPARE_EMPTY });
  });
});
