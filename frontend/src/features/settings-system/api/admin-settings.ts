// /api/admin/setting/init and the per-section updates of the system settings screen
// (route Setting); backup and restore of the embedded database (another module answers those).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AdminSettingsInit, DatabaseSettings, SystemLanguage, SystemSection, UploadKind, UploadSettings } from '@contracts/admin-settings';
import { ROOMS } from '@contracts/events';
import { apiDownload, apiGet, apiPost, saveFile } from '../../../lib/http-client';
import { realtime, resyncAfterFirstJoin, type RealtimeClient } from '../../../lib/socket';

export function getAdminSettings(quiet = false): Promise<AdminSettingsInit> {
  return apiGet<AdminSettingsInit>('/admin/setting/init', { silent: quiet });
}

/** Silent: each section shows the server's message itself. `logo: null` removes the logo. */
export function updateSystemSetting(change: { logo?: string | null; defaultLanguage?: SystemLanguage }): Promise<SystemSection> {
  const body = { ...change, logo: change.logo === null ? '' : change.logo };
  return apiPost<SystemSection>('/admin/setting/updateSystemSetting', body, { silent: true });
}

export function updateUploadSetting(change: { maxBytes?: number; allowedKinds?: UploadKind[] }): Promise<UploadSettings> {
  return apiPost<UploadSettings>('/admin/setting/upload_update', { ...change, allowedKinds: change.allowedKinds?.join(',') }, { silent: true });
}

export function updateImageSetting(change: Partial<Pick<UploadSettings, 'imageQuality' | 'maxDimension' | 'thumbnailSize'>>): Promise<UploadSettings> {
  return apiPost<UploadSettings>('/admin/setting/updateImageSetting', { ...change }, { silent: true });
}

export function updateDatabaseSetting(change: DatabaseSettings): Promise<DatabaseSettings> {
  return apiPost<DatabaseSettings>('/admin/setting/database_update', { ...change }, { silent: true });
}

/** GET /admin/setting/backup: a consistent copy of the embedded database, saved by the browser. */
export async function downloadBackup(): Promise<string> {
  const file = await apiDownload('/admin/setting/backup', {}, 'stitchboard-backup.json.gz');
  saveFile(file);
  return file.fileName;
}

/** POST /admin/setting/restore: replaces every table with the backup's rows (confirm = RESTORE). */
export function restoreBackup(file: File): Promise<{ tables: number; rows: number }> {
  const body = new FormData();
  body.append('file', file);
  body.append('confirm', 'RESTORE');
  return apiPost<{ tables: number; rows: number }>('/admin/setting/restore', body, { timeout: 10 * 60_000, silent: true });
}

export interface LiveAdminSettings {
  data: AdminSettingsInit | null;
  failed: boolean;
  loading: boolean;
  reload: () => Promise<void>;
  /** Apply a section's saved values at once (the event follows and confirms them). */
  patch: (update: (current: AdminSettingsInit) => AdminSettingsInit) => void;
}

/**
 * The screen's data, kept current: another administrator's save (event settings.adminUpdated in
 * room `settings`) or missed events (a resync, e.g. after a restore) load it again quietly.
 */
export function useAdminSettings(client: Pick<RealtimeClient, 'subscribe'> = realtime): LiveAdminSettings {
  const [data, setData] = useState<AdminSettingsInit | null>(null);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(true);
  const alive = useRef(true);

  const load = useCallback(async (quiet: boolean) => {
    if (!quiet) setLoading(true);
    try {
      const result = await getAdminSettings(quiet);
      if (!alive.current) return;
      setData(result);
      setFailed(false);
    } catch {
      if (alive.current) setFailed(true);
    } finally {
      if (alive.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    alive.current = true;
    void load(false);
    const stop = client.subscribe([ROOMS.settings], {
      // (The tab title and the sidebar follow the system section app-wide: RealtimeConnection.)
      onEvent(event) {
        if (event.name === 'settings.adminUpdated') void load(true);
      },
      onResync: resyncAfterFirstJoin(() => load(true)),
    });
    return () => {
      alive.current = false;
      stop();
    };
  }, [client, load]);

  const reload = useCallback(() => load(false), [load]);
  const patch = useCallback((update: (current: AdminSettingsInit) => AdminSettingsInit) => setData((current) => (current ? update(current) : current)), []);
  return { data, failed, loading, reload, patch };
}
