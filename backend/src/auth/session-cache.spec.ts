import { invalidatesSessions, SessionCache } from './session-cache.js';
import type { SessionUser } from './session.repository.js';

const user: SessionUser = { id: 7, username: 'u', sessionId: 70, permissions: ['Home'], processIds: [1], attachmentProcessIds: [], mustChangePassword: false };

describe('SessionCache', () => {
  let now = 1_000_000;
  const cache = () => new SessionCache(2000, 3, () => now);

  it('serves a copy until the TTL, never past the session expiry', () => {
    const c = cache();
    c.set('a', user, now + 10_000, c.ticket());
    const got = c.get('a')!;
    expect(got).toEqual(user);
    expect(got).not.toBe(c.get('a'));
    now += 2001;
    expect(c.get('a')).toBeUndefined();
    c.set('b', user, now + 500, c.ticket());
    now += 600;
    expect(c.get('b')).toBeUndefined();
  });

  it('does not store a lookup that started before a clear (a logout in between)', () => {
    const c = cache();
    const ticket = c.ticket();
    c.clear();
    c.set('a', user, now + 10_000, ticket);
    expect(c.get('a')).toBeUndefined();
  });

  it('is off while the channel between instances is down, and starts empty when it is back', () => {
    const c = cache();
    c.set('a', user, now + 10_000, c.ticket());
    c.setEnabled(false);
    expect(c.get('a')).toBeUndefined();
    c.set('a', user, now + 10_000, c.ticket());
    expect(c.size).toBe(0);
    c.setEnabled(true);
    expect(c.get('a')).toBeUndefined();
  });

  it('holds at most maxEntries, dropping the oldest', () => {
    const c = cache();
    for (const key of ['a', 'b', 'c', 'd']) c.set(key, user, now + 10_000, c.ticket());
    expect(c.size).toBe(3);
    expect(c.get('a')).toBeUndefined();
    expect(c.get('d')).toBeDefined();
  });

  it('is invalidated by user, role and master-data events and a data reset, not by scans', () => {
    expect(['user.accessChanged', 'masterData.changed', 'data.reset', 'role.changed'].every(invalidatesSessions)).toBe(true);
    expect(['production.progressed', 'productionOrder.changed', 'settings.dashboardUpdated'].some(invalidatesSessions)).toBe(false);
  });
});
