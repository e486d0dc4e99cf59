import { useEffect } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { ROOMS } from '@contracts/events';
import { clearSession, useSession } from '../lib/session';
import { refreshSessionAccess } from '../lib/session-access';
import { realtime } from '../lib/socket';
import { notify } from '../lib/notify';
import { t } from '../lib/i18n';

// The one socket follows the session: connected with the token while signed in, closed on
// logout. A refused token ends the session like an HTTP 401.
realtime.onUnauthorized = () => {
  clearSession();
  notify({ severity: 'warn', detail: t('common:http.loginFirst') });
  navigate(`/login?redirect=${encodeURIComponent(window.location.pathname)}`, { replace: true });
};

/**
 * The session's access follows the server live: read once when the app starts (the cookies hold
 * the login's copy, possibly days old), then again whenever the server says it changed — the
 * user's own room `user:<id>`; the subscription's snapshot reload covers a change missed while
 * disconnected. The sidebar and the route guard read the session store, so a lost screen leaves
 * the menu at once and its route shows the 404 page.
 */
export function subscribeToAccessChanges(): () => void {
  let stopped = false;
  let unsubscribe: (() => void) | null = null;
  void refreshSessionAccess().then((access) => {
    if (stopped || !access) return;
    unsubscribe = realtime.subscribe([ROOMS.user(access.userId)], {
      onEvent: (event) => {
        if (event.name !== 'user.accessChanged') return;
        void refreshSessionAccess().then((now) => {
          // Only when the screens changed (a process-list change moves no menu entry).
          if (now?.changed) notify({ severity: 'info', detail: t('permission:live.changed') });
        });
      },
      onResync: () => refreshSessionAccess().then(() => undefined),
    });
  });
  return () => {
    stopped = true;
    unsubscribe?.();
  };
}

export function RealtimeConnection() {
  const token = useSession((session) => session.token);
  useEffect(() => {
    if (!token) {
      realtime.disconnect();
      return;
    }
    realtime.connect(token);
    return subscribeToAccessChanges();
  }, [token]);
  return null;
}
