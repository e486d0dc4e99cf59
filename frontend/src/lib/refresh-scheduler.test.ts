import { jest } from '@jest/globals';
import { createRefreshScheduler } from './refresh-scheduler';

describe('refresh scheduler', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('turns a burst of requests into one reload after the delay', async () => {
    const run = jest.fn(async () => undefined);
    const scheduler = createRefreshScheduler(run, 1000);
    for (let index = 0; index < 50; index += 1) scheduler.request();
    await jest.advanceTimersByTimeAsync(999);
    expect(run).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('reloads at most once per delay under a steady stream, and always after the last request', async () => {
    const run = jest.fn(async () => undefined);
    const scheduler = createRefreshScheduler(run, 1000);
    // One request every 100 ms for 5 s: a debounce would starve; this reloads about once a second.
    for (let tick = 0; tick < 50; tick += 1) {
      scheduler.request();
      await jest.advanceTimersByTimeAsync(100);
    }
    expect(run.mock.calls.length).toBeGreaterThanOrEqual(4);
    expect(run.mock.calls.length).toBeLessThanOrEqual(5);
    await jest.advanceTimersByTimeAsync(1000);
    const settled = run.mock.calls.length;
    await jest.advanceTimersByTimeAsync(5000);
    expect(run.mock.calls.length).toBe(settled);
  });

  it('never overlaps two reloads: a request during a reload waits for it, then reloads once more', async () => {
    let finish: () => void = () => undefined;
    const run = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const scheduler = createRefreshScheduler(run, 100);
    scheduler.request();
    await jest.advanceTimersByTimeAsync(100);
    expect(run).toHaveBeenCalledTimes(1);
    scheduler.request();
    scheduler.request();
    await jest.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(1);
    finish();
    await jest.advanceTimersByTimeAsync(100);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('forgets a pending reload when cancelled', async () => {
    const run = jest.fn(async () => undefined);
    const scheduler = createRefreshScheduler(run, 100);
    scheduler.request();
    scheduler.cancel();
    await jest.advanceTimersByTimeAsync(500);
    expect(run).not.toHaveBeenCalled();
  });
});
