import type { Clock } from '../../src/lib/clock.js';

/** Real time plus an offset the test moves forward (token expiry, rate-limit windows, retries). */
export interface TestClock extends Clock {
  advance(ms: number): void;
  reset(): void;
}

export function testClock(): TestClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms) {
      offset += ms;
    },
    reset() {
      offset = 0;
    },
  };
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
