import { useEffect } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { ROOMS } from '@contracts/events';
import { clearSession, useSession } from '../lib/session';
import { refreshSessionAccess } from '../lib/session-access';
import { realtime, resyncAfterFirstJoin } from '../lib/socket';
import type { AdminSettingsChanged } from '@contracts/admin-settings';
import { applySystemSection, forgetSystemTitles, loadSystemTitle } from '../lib/system-title';
import { notify } from '../lib/notify';
import { currentLanguage, t } from '../lib/i18n';

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

/**
 * The system title in every tab (tab title, sidebar) follows an administrator's change live
 * (event settings.adminUpdated, section 'system', in room `settings`).
 */
export function subscribeToSystemTitle(client: Pick<typeof realtime, 'subscribe'> = realtime): () => void {
  return client.subscribe([ROOMS.settings], {
    onEvent: (event) => {
      if (event.name !== 'settings.adminUpdated') return;
      const change = event.payload as AdminSettingsChanged;
      if (change.section === 'system') applySystemSection(change.system);
    },
    // Missed while disconnected: read the title again.
    onResync: resyncAfterFirstJoin(() => {
      forgetSystemTitles();
      return loadSystemTitle(currentLanguage());
    }),
  });
}

export function RealtimeConnection() {
  const token = useSession((session) => session.token);
  useEffect(() => {
    if (!token) {
      realtime.disconnect();
      return;
    }
    realtime.connect(token);
    const stopAccess = subscribeToAccessChanges();
    const stopTitle = subscribeToSystemTitle();
    return () => {
      stopAccess();
      stopTitle();
    };
  }, [token]);
  return null;
}
