import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  EmailSchema,
  ErrorResponseSchema,
  IdSchema,
  MoneySchema,
  PageQuerySchema,
  PasswordSchema,
  QueryBooleanSchema,
  hasForbiddenCharacters,
  paginated,
  plainText,
} from './common.js';

const firstMessage = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('EmailSchema', () => {
  it('trims and lower-cases an address before checking it', () => {
    expect(EmailSchema.parse('  Jane.Doe@Example.COM ')).toBe('jane.doe@example.com');
  });

  it('asks for an address when blank and for a valid one when malformed', () => {
    expect(firstMessage(EmailSchema, '   ')).toBe('Please enter your email address');
    expect(firstMessage(EmailSchema, undefined)).toBe('Please enter your email address');
    expect(firstMessage(EmailSchema, 'jane@')).toBe('Please enter a valid email address');
  });

  it('refuses an address over 254 characters', () => {
    expect(EmailSchema.safeParse(`${'a'.repeat(250)}@x.io`).success).toBe(false);
  });
});

describe('PasswordSchema', () => {
  it('refuses fewer than 6 characters with the spec text', () => {
    expect(firstMessage(PasswordSchema, '12345')).toBe('Password must be at least 6 characters');
    expect(PasswordSchema.parse('123456')).toBe('123456');
  });

  it('keeps the password exactly as typed', () => {
    expect(PasswordSchema.parse('  secret  ')).toBe('  secret  ');
  });

  it('refuses more than 128 characters', () => {
    expect(PasswordSchema.safeParse('x'.repeat(129)).success).toBe(false);
  });
});

describe('MoneySchema', () => {
  it('accepts amounts with up to two decimals', () => {
    for (const value of [0, 19.99, 1234.5, 0.07, 0.1 + 0.2, 99_999_999.99, 100_000_000]) {
      expect(MoneySchema.safeParse(value).success, String(value)).toBe(true);
    }
  });

  it('refuses more decimals, negatives, huge amounts and non-numbers', () => {
    expect(firstMessage(MoneySchema, 12.345)).toBe('Price can have at most 2 decimal places');
    expect(firstMessage(MoneySchema, 1.001)).toBe('Price can have at most 2 decimal places');
    expect(firstMessage(MoneySchema, -1)).toBe('Price must be 0 or more');
    expect(firstMessage(MoneySchema, 100_000_000.01)).toBe('Price must be at most 100,000,000');
    expect(firstMessage(MoneySchema, '12')).toBe('Price must be a number');
    expect(MoneySchema.safeParse(Number.NaN).success).toBe(false);
    expect(MoneySchema.safeParse(Number.POSITIVE_INFINITY).success).toBe(false);
  });
});

describe('IdSchema', () => {
  it('accepts a UUID and nothing else', () => {
    expect(IdSchema.safeParse('3f0e0c4e-8a53-4c5e-9d6b-2f1a7c9e0b11').success).toBe(true);
    expect(IdSchema.safeParse('42').success).toBe(false);
  });
});

describe('query helpers', () => {
  it('reads booleans from the query string', () => {
    expect(QueryBooleanSchema.parse('true')).toBe(true);
    expect(QueryBooleanSchema.parse('0')).toBe(false);
    expect(QueryBooleanSchema.parse(true)).toBe(true);
    expect(QueryBooleanSchema.safeParse('maybe').success).toBe(false);
  });

  it('defaults and coerces page parameters', () => {
    expect(PageQuerySchema.parse({})).toEqual({ page: 1, page_size: 20 });
    expect(PageQuerySchema.parse({ page: '3', page_size: '50' })).toEqual({ page: 3, page_size: 50 });
    expect(PageQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(PageQuerySchema.safeParse({ page_size: '1000' }).success).toBe(false);
  });

  it('builds a page schema for any item', () => {
    const page = paginated(z.string());
    expect(page.parse({ items: ['a'], total: 1, page: 1, page_size: 12 })).toEqual({
      items: ['a'],
      total: 1,
      page: 1,
      page_size: 12,
    });
    expect(page.safeParse({ items: [1], total: 1, page: 1, page_size: 12 }).success).toBe(false);
  });
});

describe('ErrorResponseSchema', () => {
  it('requires detail and allows a code', () => {
    expect(ErrorResponseSchema.parse({ detail: 'Listing not found', code: 'NOT_FOUND' })).toEqual({
      detail: 'Listing not found',
      code: 'NOT_FOUND',
    });
    expect(ErrorResponseSchema.safeParse({ message: 'x' }).success).toBe(false);
  });
});

describe('plainText', () => {
  const title = plainText(z.string().trim().max(80), 'Title');
  const description = plainText(z.string().trim(), 'Description', { multiline: true });

  it('refuses Bidi formatting, C0/C1 control characters, NUL and lone surrogates, naming the field', () => {
    for (const bad of [
      '\u202E',
      '\u2066',
      '\u2069',
      '\u200E',
      '\u200F',
      '\u061C',
      '\u0000',
      '\u001B',
      '\u007F',
      '\u0085',
      '\uD800',
      '\uDC00',
    ]) {
      const result = description.safeParse(`a${bad}b`);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Description must not contain control or text-direction characters.');
    }
  });

  it('allows tab and line breaks only in multi-line text, and every script and emoji', () => {
    expect(description.safeParse('one\r\ntwo\tthree').success).toBe(true);
    expect(title.safeParse('one\ttwo').success).toBe(false);
    expect(title.safeParse('one\ntwo').success).toBe(false);
    expect(title.safeParse('Zentrifuge — 日本語 עברית 🧪').success).toBe(true);
    expect(hasForbiddenCharacters('שלום world')).toBe(false);
  });
});
