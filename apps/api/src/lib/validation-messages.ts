import { z } from 'zod';
import type * as zcore from 'zod/v4/core';

/**
 * Readable default messages for request validation that name the field ("price must be at
 * least 0"). Messages written in our shared schemas (the spec's texts) take precedence.
 */
type Issue = zcore.$ZodRawIssue;

function fieldName(issue: Issue): string {
  const path = issue.path ?? [];
  const name = path.filter((part: PropertyKey) => typeof part !== 'symbol').join('.');
  return name || 'value';
}

/** How a message names a type: 'a number', 'a whole number', 'an object'. */
const TYPE_NAMES: Record<string, string> = {
  int: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
};

/** Whether any branch of a union wanted a boolean (query flags: `true`, `false`, `1`, `0`, …). */
function wantsBoolean(issue: Issue): boolean {
  const branches = (issue as { errors?: Array<Array<{ code?: string; expected?: string }>> }).errors ?? [];
  return branches.some((branch) => branch.some((inner) => inner.expected === 'boolean'));
}

function describe(issue: Issue): string | undefined {
  const field = fieldName(issue);
  switch (issue.code) {
    case 'invalid_type':
      // No path: the whole body (query strings and paths always arrive as objects).
      if ((issue.path ?? []).length === 0 && issue.expected === 'object') return 'The request body must be a JSON object';
      return issue.input === undefined ? `${field} is required` : `${field} must be ${TYPE_NAMES[issue.expected] ?? `a ${issue.expected}`}`;
    case 'invalid_union':
      return wantsBoolean(issue) ? `${field} must be true or false` : `${field} is not valid`;
    case 'too_small':
      // z.int()'s own bound (±2^53-1), beside the schema's: no number to tell people.
      if (issue.origin === 'number' && Number(issue.minimum) <= Number.MIN_SAFE_INTEGER) return `${field} is too small`;
      if (issue.origin === 'string') return `${field} must be at least ${String(issue.minimum)} characters`;
      if (issue.origin === 'array') return `${field} must have at least ${String(issue.minimum)} items`;
      return `${field} must be at least ${String(issue.minimum)}`;
    case 'too_big':
      if (issue.origin === 'number' && Number(issue.maximum) >= Number.MAX_SAFE_INTEGER) return `${field} is too large`;
      if (issue.origin === 'string') return `${field} must be at most ${String(issue.maximum)} characters`;
      if (issue.origin === 'array') return `${field} must have at most ${String(issue.maximum)} items`;
      return `${field} must be at most ${String(issue.maximum)}`;
    case 'invalid_format':
      return `${field} is not a valid ${issue.format}`;
    case 'invalid_value':
      return `${field} must be one of: ${issue.values.map(String).join(', ')}`;
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
    case 'not_multiple_of':
      return `${field} must be a multiple of ${String(issue.divisor)}`;
    default:
      return undefined;
  }
}

export function installValidationMessages(): void {
  z.config({ customError: describe });
}
