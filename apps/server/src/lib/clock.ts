/** Time comes in through this so tests can move it (unlock windows, token expiry, rate limits). */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
