// A minimal external store: one per live subscription, read through selectors so that a
// component re-renders only when its slice changes (useSyncExternalStore compares by Object.is).
import { useEffect, useSyncExternalStore } from 'react';

export interface Store<T> {
  get(): T;
  set(next: T | ((current: T) => T)): void;
  subscribe(listener: () => void): () => void;
  /**
   * Runs `update`; the listeners hear of its `set`s once, at the end (if the state changed):
   * a batch of live events becomes one render instead of one per event.
   */
  batch<R>(update: () => R): R;
}

export function createStore<T>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  let depth = 0;
  let changed = false;
  const notify = () => listeners.forEach((listener) => listener());
  return {
    get: () => state,
    set(next) {
      const value = typeof next === 'function' ? (next as (current: T) => T)(state) : next;
      if (Object.is(value, state)) return;
      state = value;
      if (depth > 0) changed = true;
      else notify();
    },
    batch(update) {
      depth += 1;
      try {
        return update();
      } finally {
        depth -= 1;
        if (depth === 0 && changed) {
          changed = false;
          notify();
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Select a slice; the selector must return a primitive or a reference held in the state. */
export function useStore<T, S>(store: Store<T>, selector: (state: T) => S): S {
  return useSyncExternalStore(
    store.subscribe,
    () => selector(store.get()),
    () => selector(store.get()),
  );
}

/** A live subscription with its store: `start` subscribes and returns the way to stop. */
export interface LiveSource<T> {
  store: Store<T>;
  start(): () => void;
}

/**
 * A hook reading a live source that runs only while at least one mounted component uses it:
 * the first user starts it, the last one to unmount stops it.
 */
export function createLiveSourceHook<T>(source: LiveSource<T>): <S>(selector: (state: T) => S) => S {
  let users = 0;
  let stop: (() => void) | null = null;
  return function useLiveSource<S>(selector: (state: T) => S): S {
    useEffect(() => {
      users += 1;
      if (users === 1) stop = source.start();
      return () => {
        users -= 1;
        if (users === 0) {
          stop?.();
          stop = null;
        }
      };
    }, []);
    return useStore(source.store, selector);
  };
}
