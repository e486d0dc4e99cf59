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

export interface StoreOptions {
  /**
   * Listeners hear of changes at most this often (ms; 0: at once, every time). The first change
   * after a quiet spell is told at once; changes within the interval after it are told together
   * at its end, with the state as it is then. For screens fed faster than anyone can read them:
   * a TV board at 100 scans/s rendered every frame of events and spent half its time rendering.
   */
  notifyEveryMs?: number;
}

export function createStore<T>(initial: T, { notifyEveryMs = 0 }: StoreOptions = {}): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  let depth = 0;
  let changed = false;
  const notifyNow = () => listeners.forEach((listener) => listener());
  let lastNotified = -Infinity;
  let pending: ReturnType<typeof setTimeout> | null = null;
  const notify =
    notifyEveryMs <= 0
      ? notifyNow
      : () => {
          if (pending) return; // told at the end of the interval, with whatever state holds then
          const wait = lastNotified + notifyEveryMs - Date.now();
          if (wait <= 0) {
            lastNotified = Date.now();
            notifyNow();
            return;
          }
          pending = setTimeout(() => {
            pending = null;
            lastNotified = Date.now();
            notifyNow();
          }, wait);
        };
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
