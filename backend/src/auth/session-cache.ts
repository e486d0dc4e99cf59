import type { SessionUser } from './session.repository.js';

interface Entry {
  user: SessionUser;
  /** Served until then (the cache's TTL), never past the session's own expiry. */
  until: number;
}

/** Events after which a cached session may be wrong: access, users, roles, processes, a restore. */
const INVALIDATING_EVENT = /^(user\.|role\.|masterData\.|data\.reset$)/;

export function invalidatesSessions(eventName: string): boolean {
  return INVALIDATING_EVENT.test(eventName);
}

/**
 * Validated sessions of this instance for a short TTL, keyed by token hash: the scan path (and
 * every other authenticated request) skips the session query on a hit. Correctness rests on
 * invalidation, not on the TTL: every path that ends a session or changes what it may do clears
 * the whole cache — through the EventBus on this instance (endSessions, the committed user/role/
 * master-data events) and through Redis on the others (RealtimeGateway forwards them). Clearing
 * everything is cheap (these are rare administrative acts) and leaves no mapping to get wrong.
 *
 * A lookup that started before a clear does not store its (possibly stale) answer: the generation
 * read before the query must still be current. While Redis is configured but down, another
 * instance's logout cannot reach this one, so the cache is off (`shared = false`): the session
 * query runs on every request, as before. The TTL bounds what a lost message could leave behind.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;
  private enabled = true;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get active(): boolean {
    return this.enabled && this.ttlMs > 0;
  }

  /** Turned off while the invalidation channel between instances is down; cleared both ways. */
  setEnabled(enabled: boolean): void {
    this.enabled = enabled;
    this.clear();
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  /** A copy of the cached user (the access guard decorates its own), or undefined. */
  get(tokenHash: string): SessionUser | undefined {
    if (!this.active) return undefined;
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return { ...entry.user };
  }

  /** The token to pass to `set` after the lookup: a clear in between voids it. */
  ticket(): number {
    return this.generation;
  }

  set(tokenHash: string, user: SessionUser, sessionExpiresAt: number, ticket: number): void {
    if (!this.active || ticket !== this.generation) return;
    if (this.entries.size >= this.maxEntries) {
      // Oldest first (insertion order); a flood of distinct tokens cannot grow the map.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(tokenHash, { user: { ...user }, until: Math.min(this.now() + this.ttlMs, sessionExpiresAt) });
  }
}
