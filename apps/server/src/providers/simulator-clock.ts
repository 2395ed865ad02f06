import type { FastifyInstance } from 'fastify';

/** A simulator's timer that does its due work on the system clock. */
export interface ClockFollower {
  /** Whether a timer was asked for (everyMs > 0). */
  readonly enabled: boolean;
  /**
   * The timer waits until the app is ready. Due work calls the app (its webhooks, through
   * selfTransport), and an injected request readies a Fastify app; one readied mid start-up
   * takes no more hooks or routes, and the start-up that was adding them fails.
   */
  waitFor(app: FastifyInstance): void;
  stop(): void;
}

/**
 * Calls `tick` every `everyMs` (0: never; a test moving a FakeClock calls runDue itself). It
 * starts at once, or, once waitFor(app) was called, when that app is ready.
 */
export function clockFollower(everyMs: number, tick: () => void): ClockFollower {
  const enabled = everyMs > 0;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const start = () => {
    if (!enabled || stopped || timer !== null) return;
    timer = setInterval(tick, everyMs);
    timer.unref();
  };
  const clear = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };
  start();
  return {
    enabled,
    waitFor(app) {
      clear();
      app.addHook('onReady', async () => {
        start();
      });
    },
    stop() {
      stopped = true;
      clear();
    },
  };
}
