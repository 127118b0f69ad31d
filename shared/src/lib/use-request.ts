import { useCallback, useEffect, useRef, useState } from 'react';

export interface RequestState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  /** Runs the request again with the same inputs. */
  reload: () => void;
  /** Replaces the data locally (optimistic updates, e.g. after a delete). */
  setData: (update: T | ((previous: T | undefined) => T)) => void;
}

/**
 * Runs `load` whenever `deps` change; an earlier request still in flight is aborted,
 * so a slow answer never overwrites a newer one. `enabled: false` waits (e.g. no id yet).
 */
export function useRequest<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: readonly unknown[],
  enabled = true,
): RequestState<T> {
  const [data, setDataState] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(enabled);
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    loadRef.current(controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        setDataState(result);
        setLoading(false);
      },
      (err: unknown) => {
        if (controller.signal.aborted) return;
        setError(err ?? new Error('request failed'));
        setLoading(false);
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, enabled, tick]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  const setData = useCallback((update: T | ((previous: T | undefined) => T)) => {
    setDataState((previous) => (typeof update === 'function' ? (update as (p: T | undefined) => T)(previous) : update));
  }, []);
  return { data, error, loading, reload, setData };
}
