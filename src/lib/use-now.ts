import { useEffect, useState } from 'react';

/** The time (ms since the epoch), read on mount and again every `intervalMs`, so "5 minutes ago" keeps up while the page stays open. */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
