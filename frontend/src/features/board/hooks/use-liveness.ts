import { useStore } from '../../../lib/create-store';
import { realtime } from '../../../lib/socket';
import { useNow } from '../../../lib/use-now';
import { boardLiveness, type BoardLiveness } from '../model/presentation';

/** Live / reconnecting / stale, re-evaluated every second only while not connected. */
export function useLiveness(loadedAt: number | null): BoardLiveness {
  const status = useStore(realtime.connection, (state) => state.status);
  const staleSince = useStore(realtime.connection, (state) => state.staleSince);
  const now = useNow(status !== 'connected');
  return boardLiveness({ status, staleSince }, now, loadedAt);
}
