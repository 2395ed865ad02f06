import { useRef } from 'react';

/**
 * One request at a time from a form or a button. `pending` is the TanStack Query mutation's
 * `isPending` (with anything else that keeps the button busy): the button shows it, and `run`
 * does nothing while it is true. It is read from the last render, though, so a second submit in
 * the same tick (a double click, Enter pressed twice before React re-renders) would still see
 * false; `run` also refuses work while its own last work is out, which closes that gap.
 */
export function useSingleFlight(pending: boolean) {
  const running = useRef(false);
  const run = async (work: () => Promise<void>) => {
    if (pending || running.current) return;
    running.current = true;
    try {
      await work();
    } finally {
      running.current = false;
    }
  };
  return { busy: pending, run };
}
