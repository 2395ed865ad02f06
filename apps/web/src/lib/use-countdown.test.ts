import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatCountdown, useCountdown } from './use-countdown.ts';

describe('formatCountdown', () => {
  it.each([
    [600_000, '10:00'],
    [545_000, '9:05'],
    [59_001, '1:00'],
    [1, '0:01'],
    [0, '0:00'],
    [-5000, '0:00'],
  ])('%i ms reads %s', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });
});

describe('useCountdown', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('moves every second and stops at 0', () => {
    vi.useFakeTimers();
    const deadline = Date.now() + 2500;
    const { result } = renderHook(() => useCountdown(deadline));
    expect(result.current).toBe(2500);
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(result.current).toBe(2000);
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(result.current).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('is 0 without a deadline', () => {
    const { result } = renderHook(() => useCountdown(null));
    expect(result.current).toBe(0);
  });
});
