// The loading half of a live screen about one thing (an order's cutting, a bundle, an order's
// progress): load it when the screen opens or the thing changes, reload it on request, and keep
// the state a page shows — the data, a loading flag, the last error, "does not exist".
// Reloads overlap (a live refresh while the user presses retry): only the answer to the latest
// request is applied, so a slow older answer never overwrites a newer one.
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { ApiError } from './http-client';

/** Fetches the thing; `quiet`: a background reload (the HTTP client shows no error toast). */
export type LatestFetch<T> = (quiet: boolean) => Promise<T>;

export interface LatestLoad<T> {
  data: T | null;
  /** Put a known answer in at once (a scan's result), before the reload that follows. */
  setData: Dispatch<SetStateAction<T | null>>;
  /** Raised by a loud load only: a quiet reload keeps the data on screen without a spinner. */
  loading: boolean;
  /** The last failure's message; the data loaded before stays. */
  error: string | null;
  /** The server answered 404. */
  notFound: boolean;
  /** Load again; `quiet` as for the fetch. */
  load: (quiet: boolean) => Promise<void>;
}

/**
 * `fetch` is the caller's memoised fetcher for the thing on screen: a new one (a new id) clears
 * the data and loads it loudly. `null`: there is nothing to load (an id that cannot be one).
 * `onLoaded` is called with every answer applied (the latest one given is called).
 */
export function useLatestLoad<T>(fetch: LatestFetch<T> | null, onLoaded?: (data: T) => void): LatestLoad<T> {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [notFound, setNotFound] = useState(false);
  const latest = useRef(0);
  const onLoadedRef = useRef(onLoaded);
  useEffect(() => {
    onLoadedRef.current = onLoaded;
  }, [onLoaded]);

  const load = useCallback(
    async (quiet: boolean) => {
      // A request still out for the thing shown before must not land now.
      const request = ++latest.current;
      if (!fetch) {
        setLoading(false);
        return;
      }
      if (!quiet) setLoading(true);
      try {
        const next = await fetch(quiet);
        if (request !== latest.current) return;
        setData(next);
        setError(null);
        setNotFound(false);
        onLoadedRef.current?.(next);
      } catch (failure) {
        if (request !== latest.current) return;
        if (failure instanceof ApiError && failure.code === 404) setNotFound(true);
        setError((failure as Error).message || 'error');
      } finally {
        if (request === latest.current) setLoading(false);
      }
    },
    [fetch],
  );

  useEffect(() => {
    setData(null);
    void load(false);
  }, [load]);

  return { data, setData, loading, error, notFound, load };
}
