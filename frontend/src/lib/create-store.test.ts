import { jest } from '@jest/globals';
import { createStore } from './create-store';

describe('createStore', () => {
  afterEach(() => jest.useRealTimers());

  it('tells listeners of every change at once by default, a batch once', () => {
    const store = createStore(0);
    const heard: number[] = [];
    store.subscribe(() => heard.push(store.get()));
    store.set(1);
    store.set(2);
    store.batch(() => {
      store.set(3);
      store.set(4);
    });
    store.set(4); // no change: not told
    expect(heard).toEqual([1, 2, 4]);
  });

  it('with notifyEveryMs, tells the first change at once and the rest of the interval once, at its end, with the latest state', () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const store = createStore(0, { notifyEveryMs: 100 });
    const heard: number[] = [];
    store.subscribe(() => heard.push(store.get()));
    store.set(1);
    expect(heard).toEqual([1]); // a lone change: at once
    jest.advanceTimersByTime(30);
    store.set(2);
    store.set(3);
    expect(heard).toEqual([1]);
    expect(store.get()).toBe(3); // readers see the state at once; only the telling waits
    jest.advanceTimersByTime(69);
    expect(heard).toEqual([1]);
    jest.advanceTimersByTime(1);
    expect(heard).toEqual([1, 3]);
    // A quiet spell longer than the interval: the next change is told at once again.
    jest.advanceTimersByTime(500);
    store.set(4);
    expect(heard).toEqual([1, 3, 4]);
    // Within the interval after it, a batch waits for the interval's end too.
    store.batch(() => {
      store.set(5);
      store.set(6);
    });
    expect(heard).toEqual([1, 3, 4]);
    jest.advanceTimersByTime(100);
    expect(heard).toEqual([1, 3, 4, 6]);
    jest.advanceTimersByTime(1_000);
    expect(heard).toEqual([1, 3, 4, 6]); // nothing more without changes
  });
});
