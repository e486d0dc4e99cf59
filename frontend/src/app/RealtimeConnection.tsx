import { useEffect } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { clearSession, useSession } from '../lib/session';
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

export function RealtimeConnection() {
  const token = useSession((session) => session.token);
  useEffect(() => {
    if (token) realtime.connect(token);
    else realtime.disconnect();
  }, [token]);
  return null;
}
