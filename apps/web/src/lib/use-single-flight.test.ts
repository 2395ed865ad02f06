import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSingleFlight } from './use-single-flight.ts';

describe('useSingleFlight', () => {
  it('ignores a second call while the first is running, is busy meanwhile, and runs again afterwards', async () => {
    const { result } = renderHook(() => useSingleFlight());
    let finish: () => void = () => undefined;
    let calls = 0;
    const work = () => {
      calls += 1;
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    };

    let first: Promise<void> = Promise.resolve();
    act(() => {
      first = result.current.run(work);
      void result.current.run(work);
    });
    expect(calls).toBe(1);
    expect(result.current.busy).toBe(true);

    await act(async () => {
      finish();
      await first;
    });
    expect(result.current.busy).toBe(false);

    await act(async () => {
      const again = result.current.run(work);
      finish();
      await again;
    });
    expect(calls).toBe(2);
  });

  it('is free again after the work fails', async () => {
    const { result } = renderHook(() => useSingleFlight());
    await act(async () => {
      await expect(result.current.run(() => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    });
    expect(result.current.busy).toBe(false);
    let ran = false;
    await act(async () => {
      await result.current.run(async () => {
        ran = true;
      });
    });
    expect(ran).toBe(true);
  });
});
