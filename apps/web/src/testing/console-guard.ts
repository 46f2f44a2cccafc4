import { afterEach, beforeEach } from 'vitest';

/**
 * An unexpected console.error fails the test (STYLE.md): React warnings (act, keys,
 * invalid DOM nesting) and swallowed errors must not pass silently. A test that expects
 * an error log declares it with `allowConsoleError(/pattern/)`.
 */
let allowed: RegExp[] = [];
let unexpected: string[] = [];
const originalError = console.error;

function format(args: unknown[]): string {
  return args
    .map((arg) => {
      if (arg instanceof Error) return arg.stack ?? arg.message;
      if (typeof arg === 'string') return arg;
      try {
        return JSON.stringify(arg);
      } catch {
        return String(arg);
      }
    })
    .join(' ');
}

export function allowConsoleError(pattern: RegExp): void {
  allowed.push(pattern);
}

export function installConsoleGuard(): void {
  beforeEach(() => {
    allowed = [];
    unexpected = [];
    console.error = (...args: unknown[]) => {
      const message = format(args);
      if (allowed.some((pattern) => pattern.test(message))) return;
      unexpected.push(message);
      originalError(...args);
    };
  });

  afterEach(() => {
    console.error = originalError;
    if (unexpected.length > 0) {
      const messages = unexpected.join('\n---\n');
      unexpected = [];
      throw new Error(`Unexpected console.error during the test:\n${messages}`);
    }
  });
}
