// What the boards fetch. A signed-in board goes through the app's HTTP client (token header; a
// 401 ends the session like everywhere else). The public board sends its board key instead and
// handles a 401 itself: it has no session to end and no login screen to go to.
import axios from 'axios';
import { SUCCESS_CODE, UNAUTHORIZED_CODE, type ApiEnvelope, type DashboardSettingsView } from '@contracts/api';
import type { DelayAlert } from '@contracts/alerts';
import type { BoardSnapshot } from '@contracts/production';
import { ApiError, apiGet, REQUEST_TIMEOUT_MS } from '../../../lib/http-client';
import { currentLanguage, t } from '../../../lib/i18n';

export const BOARD_SNAPSHOT_URL = '/board/snapshot';

/** Who the board is: the signed-in user, the public board with its key, or a paired TV with its device key. */
export type BoardSource = { kind: 'session' } | { kind: 'boardKey'; key: string } | { kind: 'device'; key: string };

export function sourceId(source: BoardSource): string {
  return source.kind === 'session' ? 'session' : source.kind === 'device' ? `device:${source.key}` : `key:${source.key}`;
}

/** The header a keyed board sends: the public board key, or a paired TV's device key. */
function keyHeader(source: Exclude<BoardSource, { kind: 'session' }>): Record<string, string> {
  return source.kind === 'device' ? { deviceKey: source.key } : { boardKey: source.key };
}

/** GET /api/board/snapshot with the board key header, the envelope unwrapped. */
export function fetchSnapshotWithKey(boardKey: string): Promise<BoardSnapshot> {
  return fetchKeyedSnapshot({ kind: 'boardKey', key: boardKey });
}

/** GET /api/board/snapshot with a board or device key header, the envelope unwrapped; a refused key is an 'unauthorized' ApiError. */
export async function fetchKeyedSnapshot(source: Exclude<BoardSource, { kind: 'session' }>): Promise<BoardSnapshot> {
  const unauthorizedText = source.kind === 'device' ? 'board:kiosk.unpaired' : 'board:mobile.invalidKey';
  try {
    const response = await axios.get<ApiEnvelope<BoardSnapshot>>(`/api${BOARD_SNAPSHOT_URL}`, {
      headers: { ...keyHeader(source), 'Accept-Language': currentLanguage() },
      timeout: REQUEST_TIMEOUT_MS,
    });
    const body = response.data;
    if (body?.code !== SUCCESS_CODE) throw new ApiError(body?.message || t('common:http.generic'), body?.code ?? 500, body?.code === UNAUTHORIZED_CODE ? 'unauthorized' : 'api');
    return body.data;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (axios.isAxiosError(error)) {
      const body = error.response?.data as Partial<ApiEnvelope> | undefined;
      const code = typeof body?.code === 'number' ? body.code : (error.response?.status ?? 0);
      if (code === UNAUTHORIZED_CODE) throw new ApiError(body?.message || t(unauthorizedText), code, 'unauthorized');
      if (error.response) throw new ApiError(body?.message || t('common:http.generic'), code, 'api');
      const timedOut = error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT';
      throw new ApiError(t(timedOut ? 'common:http.timeout' : 'common:http.network'), 0, timedOut ? 'timeout' : 'network');
    }
    throw error;
  }
}

export function fetchBoardSnapshot(source: BoardSource): Promise<BoardSnapshot> {
  if (source.kind !== 'session') return fetchKeyedSnapshot(source);
  // Silent: the board shows its own banner and retries, a toast per retry would pile up on a TV.
  return apiGet<BoardSnapshot>(BOARD_SNAPSHOT_URL, { silent: true });
}

/** GET /api/admin/alerts/open: the open delay alerts the rows mark (session or board key). Silent: a marker is extra. */
export async function fetchOpenAlerts(source: BoardSource): Promise<DelayAlert[]> {
  if (source.kind === 'session') return apiGet<DelayAlert[]>('/admin/alerts/open', { silent: true });
  const response = await axios.get<ApiEnvelope<DelayAlert[]>>('/api/admin/alerts/open', { headers: keyHeader(source), timeout: REQUEST_TIMEOUT_MS });
  if (response.data?.code !== SUCCESS_CODE) throw new ApiError(response.data?.message ?? '', response.data?.code ?? 500, 'api');
  return response.data.data;
}

/** GET /admin/setting/getDashboardSetting: where /production/dashboardRedirect goes. */
export function getDashboardSetting(): Promise<DashboardSettingsView> {
  return apiGet<DashboardSettingsView>('/admin/setting/getDashboardSetting', { silent: true });
}
