import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `ms` (the first value at once).
 * Stepping through months quickly then asks the API only for the month the
 * user stops on. Pass a memoised value: a new object each render restarts
 * the wait.
 */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(value, settled)) return;
    const id = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(id);
  }, [value, ms, settled]);
  return settled;
}
