/** Time as a dependency, so expiry and token lifetimes can be tested with a clock the test controls. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
