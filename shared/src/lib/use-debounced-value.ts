import { useEffect, useState } from 'react';

/** `value`, but only once it has stayed unchanged for `delayMs` (search boxes ask the server once the user pauses). */
export function useDebouncedValue<T>(value: T, delayMs = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
