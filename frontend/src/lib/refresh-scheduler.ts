// Turns a stream of "something changed" signals into reloads: the first signal starts a wait of
// `delayMs`, the signals during the wait join it, and a reload never overlaps another (a signal
// during a reload asks for one more after it). So at most one reload per `delayMs`, and the
// last change is always followed by a reload — under hundreds of events a second too.

export interface RefreshScheduler {
  request(): void;
  /** Reload now (a filter changed): a pending wait is dropped. */
  flush(): void;
  cancel(): void;
  readonly pending: boolean;
}

export function createRefreshScheduler(run: () => Promise<unknown> | unknown, delayMs: number): RefreshScheduler {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running = false;
  let again = false;
  let cancelled = false;

  const fire = async () => {
    timer = null;
    running = true;
    try {
      await run();
    } catch {
      // The caller shows failures; a failed reload must not stop later ones.
    } finally {
      running = false;
    }
    if (again && !cancelled) {
      again = false;
      request();
    }
  };

  function request(): void {
    cancelled = false;
    if (running) {
      again = true;
      return;
    }
    if (timer) return;
    timer = setTimeout(() => void fire(), delayMs);
  }

  return {
    request,
    flush() {
      cancelled = false;
      if (timer) clearTimeout(timer);
      timer = null;
      if (running) {
        again = true;
        return;
      }
      void fire();
    },
    cancel() {
      cancelled = true;
      again = false;
      if (timer) clearTimeout(timer);
      timer = null;
    },
    get pending() {
      return timer !== null || running;
    },
  };
}
