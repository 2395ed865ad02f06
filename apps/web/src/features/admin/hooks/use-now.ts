import { useEffect, useState } from 'react';

/** The time now, moved on every `everyMs`: for "in 5 h" and "overdue" that stay true while a tab stays open. */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
    }, everyMs);
    return () => {
      clearInterval(timer);
    };
  }, [everyMs]);
  return now;
}
