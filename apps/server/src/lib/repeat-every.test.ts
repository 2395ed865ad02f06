import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { repeatEvery } from './repeat-every.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A run the test finishes by hand. */
function controlledRuns() {
  const finishers: (() => void)[] = [];
  let started = 0;
  return {
    task: () =>
      new Promise<void>((resolve) => {
        started += 1;
        finishers.push(resolve);
      }),
    started: () => started,
    finishOne: () => finishers.shift()?.(),
  };
}

describe('repeatEvery', () => {
  it('runs the task every interval, and skips ticks while a run is still going', async () => {
    const runs = controlledRuns();
    const repeating = repeatEvery(100, runs.task, () => undefined);
    await vi.advanceTimersByTimeAsync(99);
    expect(runs.started()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs.started()).toBe(1);
    await vi.advanceTimersByTimeAsync(300);
    expect(runs.started()).toBe(1);
    runs.finishOne();
    await vi.advanceTimersByTimeAsync(100);
    expect(runs.started()).toBe(2);
    runs.finishOne();
    await repeating.stop();
  });

  it('hands a failed run to onFailure and runs again on the next tick', async () => {
    const failures: unknown[] = [];
    const broken = new Error('database is locked');
    let calls = 0;
    const task = () => {
      calls += 1;
      // Failing before returning a promise must not escape the timer either.
      if (calls === 1) throw broken;
      return Promise.reject(broken);
    };
    const repeating = repeatEvery(100, task, (error) => failures.push(error));
    await vi.advanceTimersByTimeAsync(200);
    expect(calls).toBe(2);
    expect(failures).toEqual([broken, broken]);
    await repeating.stop();
  });

  it('stop() waits for the run still going, and no run starts after it', async () => {
    const runs = controlledRuns();
    const repeating = repeatEvery(100, runs.task, () => undefined);
    await vi.advanceTimersByTimeAsync(100);
    let stopped = false;
    const stopping = repeating.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    runs.finishOne();
    await stopping;
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs.started()).toBe(1);
  });

  it('keeps no process alive', () => {
    const setInterval = vi.spyOn(globalThis, 'setInterval');
    const repeating = repeatEvery(
      100,
      () => Promise.resolve(),
      () => undefined,
    );
    const timer = setInterval.mock.results[0]?.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    setInterval.mockRestore();
    void repeating.stop();
  });
});
