/**
 * Primitives every feature schema is built from, defined once.
 * Naming: `XxxSchema` is the zod schema, `Xxx` its inferred (output) type.
 */
import { z } from 'zod';
import { DURATION_OPTIONS, EMAIL_MAX_LENGTH, MAX_PAGE_SIZE, MONEY_MAX, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.js';
import {
  DURATION_INVALID,
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  EMAIL_TOO_LONG,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
  PRICE_NEGATIVE,
  PRICE_NOT_A_NUMBER,
  PRICE_TOO_LARGE,
  PRICE_TOO_MANY_DECIMALS,
} from '../messages.js';

/** A resource id (UUID). */
export const IdSchema = z.uuid();
export type Id = z.infer<typeof IdSchema>;

/** `{ id }` route parameters. */
export const IdParamsSchema = z.object({ id: IdSchema });
export type IdParams = z.infer<typeof IdParamsSchema>;

/** An instant as an ISO 8601 string with offset, e.g. '2025-01-05T10:00:00.000Z'. */
export const IsoDateTimeSchema = z.iso.datetime({ offset: true });

/**
 * An email address: trimmed and lower-cased before it is checked, so it compares exactly.
 * `requiredError` is the text for a blank value (forms differ: spec §5).
 */
export function emailSchema(requiredError: string = EMAIL_REQUIRED) {
  return z
    .string({ error: requiredError })
    .trim()
    .toLowerCase()
    .min(1, { error: requiredError, abort: true })
    .max(EMAIL_MAX_LENGTH, EMAIL_TOO_LONG)
    .check(z.email({ error: EMAIL_INVALID }));
}
export const EmailSchema = emailSchema();
export type Email = z.infer<typeof EmailSchema>;

/** A new password (spec §5). Not trimmed: it is compared exactly as typed. */
export const PasswordSchema = z
  .string({ error: PASSWORD_TOO_SHORT })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG);

/**
 * A price or amount in the currency unit: ≥ 0, at most 2 decimals (spec §5: min 0, step
 * 0.01). `requiredError` is the text for a missing value.
 */
export function moneySchema(requiredError: string = PRICE_NOT_A_NUMBER) {
  return z
    .number({ error: (issue) => (issue.input === undefined ? requiredError : PRICE_NOT_A_NUMBER) })
    .min(0, PRICE_NEGATIVE)
    .max(MONEY_MAX, PRICE_TOO_LARGE)
    .multipleOf(0.01, PRICE_TOO_MANY_DECIMALS);
}
export const MoneySchema = moneySchema();
export type Money = z.infer<typeof MoneySchema>;

/** A listing duration: 1, 3, 6 or 12 months (spec §5). */
export const DurationMonthsSchema = z.literal(DURATION_OPTIONS, { error: DURATION_INVALID });

/** Turns an empty query-string value ('?min_price=') into "absent". */
export function emptyAsUndefined(value: unknown): unknown {
  return value === '' || value === null ? undefined : value;
}

/** A boolean query parameter: 'true'/'false', '1'/'0', 'yes'/'no', 'on'/'off', or a real boolean. */
export const QueryBooleanSchema = z.union([z.boolean(), z.stringbool()]);

/**
 * The last page of a list (a user's listings, messages, payments): far past any real list, and
 * it keeps the database's offset bounded (issue 12: unbounded work).
 */
export const MAX_LIST_PAGE = 10_000;

/** `?page=&page_size=` with defaults. */
export const PageQuerySchema = z.object({
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_LIST_PAGE, { message: `Page must be a whole number from 1 to ${MAX_LIST_PAGE.toLocaleString('en-US')}.` })
    .default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** A page of items: `{ items, total, page, page_size }`. */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    page_size: z.number().int().min(1),
  });
}
export interface Paginated<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

/** Every failure answers `{ detail }` (spec §8); `code` is a stable machine-readable reason. */
export const ErrorResponseSchema = z.object({
  detail: z.string(),
  code: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

/** A plain confirmation: `{ message }`. */
export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/**
 * Characters no text a person writes needs, refused in titles, descriptions, names and
 * messages (issue 12): C0 controls (tab, line feed and carriage return only in multi-line
 * text), DEL and C1 controls, the bidirectional formatting characters that make text read
 * in another order than it is stored (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F,
 * U+061C: 'Trojan Source'), and halves of a surrogate pair.
 */
const SINGLE_LINE_FORBIDDEN =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const MULTI_LINE_FORBIDDEN =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `text` holds a character `plainText` refuses. */
export function hasForbiddenCharacters(text: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(text);
}

/** The message naming the field: 'Title must not contain control or text-direction characters.' */
export function forbiddenCharactersMessage(label: string): string {
  return `${label} must not contain control or text-direction characters.`;
}

/**
 * Adds the check to a string schema (after its trim and length checks, so those messages
 * come first): `plainText(z.string().trim().max(80), 'Title')`.
 */
export function plainText<T extends z.ZodString>(schema: T, label: string, options: { multiline?: boolean } = {}): T {
  return schema.refine((text) => !hasForbiddenCharacters(text, options), { error: forbiddenCharactersMessage(label) });
}
