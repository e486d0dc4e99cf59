import { jest } from '@jest/globals';
import { act, renderHook, waitFor } from '@testing-library/react';
import { ApiError } from './http-client';
import { useLatestLoad, type LatestFetch } from './use-latest-load';

/** A fetch whose answers the test hands out one by one, in any order. */
function controlledFetch<T>() {
  const calls: { quiet: boolean; resolve: (value: T) => void; reject: (error: unknown) => void }[] = [];
  const fetch: LatestFetch<T> = (quiet) =>
    new Promise<T>((resolve, reject) => {
      calls.push({ quiet, resolve, reject });
    });
  return { fetch, calls };
}

describe('useLatestLoad', () => {
  it('loads loudly when opened, then reloads quietly without the loading flag', async () => {
    const { fetch, calls } = controlledFetch<string>();
    const { result } = renderHook(() => useLatestLoad(fetch));
    expect(result.current.loading).toBe(true);
    expect(calls.map((call) => call.quiet)).toEqual([false]);

    await act(async () => calls[0].resolve('first'));
    expect(result.current).toMatchObject({ data: 'first', loading: false, error: null, notFound: false });

    let reload: Promise<void> = Promise.resolve();
    act(() => {
      reload = result.current.load(true);
    });
    expect(calls[1].quiet).toBe(true);
    expect(result.current.loading).toBe(false);
    await act(async () => {
      calls[1].resolve('second');
      await reload;
    });
    expect(result.current.data).toBe('second');
  });

  it('applies only the answer to the latest request: a slow older answer is dropped', async () => {
    const { fetch, calls } = controlledFetch<string>();
    const onLoaded = jest.fn();
    const { result } = renderHook(() => useLatestLoad(fetch, onLoaded));
    act(() => void result.current.load(true));
    expect(calls).toHaveLength(2);

    await act(async () => calls[1].resolve('newer'));
    expect(result.current).toMatchObject({ data: 'newer', loading: false });
    await act(async () => calls[0].resolve('older'));
    expect(result.current.data).toBe('newer');
    // A late failure of the older request is dropped too.
    act(() => void result.current.load(false));
    act(() => void result.current.load(true));
    await act(async () => calls[3].resolve('newest'));
    await act(async () => calls[2].reject(new Error('late')));
    expect(result.current).toMatchObject({ data: 'newest', error: null, loading: false });
    expect(onLoaded.mock.calls).toEqual([['newer'], ['newest']]);
  });

  it('says "not found" on a 404, keeps the data on other failures, and clears both on the next answer', async () => {
    const { fetch, calls } = controlledFetch<string>();
    const { result } = renderHook(() => useLatestLoad(fetch));
    await act(async () => calls[0].reject(new ApiError('不存在', 404, 'api')));
    expect(result.current).toMatchObject({ data: null, notFound: true, error: '不存在', loading: false });

    act(() => void result.current.load(false));
    await act(async () => calls[1].resolve('found'));
    expect(result.current).toMatchObject({ data: 'found', notFound: false, error: null });

    act(() => void result.current.load(true));
    await act(async () => calls[2].reject(new Error('')));
    expect(result.current).toMatchObject({ data: 'found', notFound: false, error: 'error' });
  });

  it('clears the data and loads again for a new fetcher; loads nothing for none', async () => {
    const first = controlledFetch<string>();
    const second = controlledFetch<string>();
    const { result, rerender } = renderHook(({ fetch }: { fetch: LatestFetch<string> | null }) => useLatestLoad(fetch), {
      initialProps: { fetch: first.fetch as LatestFetch<string> | null },
    });
    await act(async () => first.calls[0].resolve('order 1'));
    expect(result.current.data).toBe('order 1');

    rerender({ fetch: second.fetch });
    expect(result.current).toMatchObject({ data: null, loading: true });
    await act(async () => second.calls[0].resolve('order 2'));
    expect(result.current.data).toBe('order 2');

    // Nothing to load: no request, no spinner, and an answer still out for before is not shown.
    act(() => void result.current.load(true));
    rerender({ fetch: null });
    await act(async () => second.calls[1].resolve('order 2 again'));
    expect(result.current).toMatchObject({ data: null, loading: false });
    expect(first.calls).toHaveLength(1);
  });

  it('lets the caller put a known answer in before the reload', async () => {
    const { fetch, calls } = controlledFetch<number>();
    const { result } = renderHook(() => useLatestLoad(fetch));
    await act(async () => calls[0].resolve(1));
    act(() => result.current.setData((current) => (current ?? 0) + 1));
    await waitFor(() => expect(result.current.data).toBe(2));
  });
});
