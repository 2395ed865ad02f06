import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clockFollower } from './simulator-clock.js';

describe('a simulator following the system clock', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('on its own, ticks from the start', () => {
    vi.useFakeTimers();
    const tick = vi.fn();
    const follower = clockFollower(1000, tick);
    vi.advanceTimersByTime(3000);
    expect(tick).toHaveBeenCalledTimes(3);
    follower.stop();
    vi.advanceTimersByTime(3000);
    expect(tick).toHaveBeenCalledTimes(3);
  });

  it('registered on an app, waits until the app is ready, so its webhooks never ready the app mid start-up', async () => {
    vi.useFakeTimers();
    const app = Fastify();
    const tick = vi.fn();
    const follower = clockFollower(1000, tick);
    follower.waitFor(app);
    vi.advanceTimersByTime(5000);
    expect(tick).not.toHaveBeenCalled();
    // Start-up can still add hooks, which a readied app refuses.
    app.addHook('preClose', async () => undefined);
    await app.ready();
    vi.advanceTimersByTime(2000);
    expect(tick).toHaveBeenCalledTimes(2);
    follower.stop();
    await app.close();
    vi.advanceTimersByTime(2000);
    expect(tick).toHaveBeenCalledTimes(2);
  });

  it('with no interval never ticks (a test moves a FakeClock and runs what is due itself)', async () => {
    vi.useFakeTimers();
    const app = Fastify();
    const tick = vi.fn();
    const follower = clockFollower(0, tick);
    follower.waitFor(app);
    await app.ready();
    vi.advanceTimersByTime(10_000);
    expect(tick).not.toHaveBeenCalled();
    expect(follower.enabled).toBe(false);
    await app.close();
  });
});
