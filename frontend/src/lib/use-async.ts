// Two small hooks instead of a data-fetching library: load data on mount, and run an action
// with a loading flag. Results arriving after unmount are dropped.
import { useCallback, useEffect, useRef, useState } from 'react';

export interface AsyncData<T> {
  data: T | undefined;
  error: Error | undefined;
  loading: boolean;
  reload: () => Promise<void>;
}

export function useAsyncData<T>(load: () => Promise<T>, deps: readonly unknown[] = []): AsyncData<T> {
  const [state, setState] = useState<{ data?: T; error?: Error; loading: boolean }>({ loading: true });
  const mounted = useRef(true);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names the dependencies
  const stableLoad = useCallback(load, deps);

  const reload = useCallback(async () => {
    setState((current) => ({ ...current, loading: true }));
    try {
      const data = await stableLoad();
      if (mounted.current) setState({ data, loading: false });
    } catch (error) {
      if (mounted.current) setState((current) => ({ data: current.data, error: error as Error, loading: false }));
    }
  }, [stableLoad]);

  useEffect(() => {
    mounted.current = true;
    void reload();
    return () => {
      mounted.current = false;
    };
  }, [reload]);

  return { data: state.data, error: state.error, loading: state.loading, reload };
}

export interface AsyncAction<A extends unknown[], T> {
  run: (...args: A) => Promise<T>;
  loading: boolean;
}

export function useAsyncAction<A extends unknown[], T>(action: (...args: A) => Promise<T>): AsyncAction<A, T> {
  const [loading, setLoading] = useState(false);
  const latest = useRef(action);
  latest.current = action;
  const run = useCallback(async (...args: A) => {
    setLoading(true);
    try {
      return await latest.current(...args);
    } finally {
      setLoading(false);
    }
  }, []);
  return { run, loading };
}
