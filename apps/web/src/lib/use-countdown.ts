import { useEffect, useState } from 'react';

/**
 * Milliseconds left until `deadline` (epoch ms), moved on every second and 0 once it has passed;
 * 0 without a deadline. For a countdown a person watches: a QR's life, a resend cooldown.
 */
export function useCountdown(deadline: number | null): number {
  const [now, setNow] = useState(Date.now);
  const left = deadline === null ? 0 : Math.max(0, deadline - now);

  useEffect(() => {
    if (deadline === null) return;
    // Ticks on the second boundaries of the deadline, so mm:ss turns over when it should.
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      const remaining = deadline - current;
      if (remaining <= 0) return;
      timer = setTimeout(tick, remaining % 1000 || 1000);
    };
    tick();
    return () => {
      clearTimeout(timer);
    };
  }, [deadline]);

  return left;
}

/** `9:05` for 545 s: minutes and seconds, rounded up so 0:00 means it has run out. */
export function formatCountdown(ms: number): string {
  const seconds = Math.ceil(Math.max(0, ms) / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
