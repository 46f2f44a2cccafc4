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

function describe(issue: Issue): string | undefined {
  const field = fieldName(issue);
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? `${field} is required` : `${field} must be a ${issue.expected}`;
    case 'too_small':
      if (issue.origin === 'string') return `${field} must be at least ${String(issue.minimum)} characters`;
      if (issue.origin === 'array') return `${field} must have at least ${String(issue.minimum)} items`;
      return `${field} must be at least ${String(issue.minimum)}`;
    case 'too_big':
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
