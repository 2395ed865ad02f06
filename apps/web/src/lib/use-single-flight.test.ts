import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../app/query-client.ts';
import { useSingleFlight } from './use-single-flight.ts';

/** The hook as a form uses it: busy while its mutation is pending. */
function renderFlight(mutationFn: () => Promise<void>) {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client: queryClient }, children);
  return renderHook(
    () => {
      const mutation = useMutation({ mutationFn });
      const flight = useSingleFlight(mutation.isPending);
      return { ...flight, send: () => flight.run(() => mutation.mutateAsync()) };
    },
    { wrapper },
  );
}

describe('useSingleFlight', () => {
  it('ignores a second call while the first is running, is busy meanwhile, and runs again afterwards', async () => {
    let finish: () => void = () => undefined;
    let calls = 0;
    const work = () => {
      calls += 1;
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    };
    const { result } = renderFlight(work);

    let first: Promise<void> = Promise.resolve();
    await act(async () => {
      first = result.current.send();
      void result.current.send();
      await Promise.resolve();
    });
    expect(calls).toBe(1);
    // TanStack Query tells React on its next tick.
    await waitFor(() => {
      expect(result.current.busy).toBe(true);
    });

    await act(async () => {
      finish();
      await first;
    });
    await waitFor(() => {
      expect(result.current.busy).toBe(false);
    });

    await act(async () => {
      const again = result.current.send();
      await Promise.resolve();
      finish();
      await again;
    });
    expect(calls).toBe(2);
  });

  it('is free again after the work fails', async () => {
    let fail = true;
    let ran = false;
    const { result } = renderFlight(async () => {
      if (fail) throw new Error('offline');
      ran = true;
    });
    await act(async () => {
      await expect(result.current.send()).rejects.toThrow('offline');
    });
    expect(result.current.busy).toBe(false);
    fail = false;
    await act(async () => {
      await result.current.send();
    });
    expect(ran).toBe(true);
  });
});
