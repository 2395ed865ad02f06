import { useRef, useState } from 'react';

/**
 * Runs one piece of async work at a time: a second call while the first is out (a double click,
 * Enter pressed twice before React re-renders) does nothing. `busy` is for the button's label.
 */
export function useSingleFlight() {
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await work();
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };
  return { busy, run };
}
