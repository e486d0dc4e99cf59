import type { EntityManager } from 'typeorm';
import {
  DEFAULT_UPLOAD_SETTINGS,
  UPLOAD_KINDS,
  UPLOAD_SETTING_KEY,
  UPLOAD_SETTING_LIMITS,
  type UploadKind,
  type UploadSettings,
} from '../../../contracts/admin-settings.js';

const within = (value: unknown, limits: { min: number; max: number }, fallback: number): number =>
  typeof value === 'number' && Number.isInteger(value) && value >= limits.min && value <= limits.max ? value : fallback;

/**
 * The 'upload' setting as the pipeline applies it, read for every upload (so a change applies
 * from the next upload on, on every instance). Missing or out-of-range values fall back to the
 * defaults, one field at a time: a damaged row never stops uploads.
 */
export async function readUploadSettings(manager: EntityManager): Promise<UploadSettings> {
  const rows: { value: Partial<UploadSettings> | null }[] = await manager.query(`SELECT value FROM system_setting WHERE key = $1`, [UPLOAD_SETTING_KEY]);
  return uploadSettingsOf(rows[0]?.value);
}

/** A stored 'upload' value completed field by field with the defaults (also for the settings screen). */
export function uploadSettingsOf(value: Partial<UploadSettings> | null | undefined): UploadSettings {
  const stored = value ?? {};
  const kinds = Array.isArray(stored.allowedKinds) ? stored.allowedKinds.filter((kind): kind is UploadKind => UPLOAD_KINDS.includes(kind)) : null;
  return {
    maxBytes: within(stored.maxBytes, UPLOAD_SETTING_LIMITS.maxBytes, DEFAULT_UPLOAD_SETTINGS.maxBytes),
    allowedKinds: kinds ?? [...DEFAULT_UPLOAD_SETTINGS.allowedKinds],
    imageQuality: within(stored.imageQuality, UPLOAD_SETTING_LIMITS.imageQuality, DEFAULT_UPLOAD_SETTINGS.imageQuality),
    maxDimension: within(stored.maxDimension, UPLOAD_SETTING_LIMITS.maxDimension, DEFAULT_UPLOAD_SETTINGS.maxDimension),
    thumbnailSize: within(stored.thumbnailSize, UPLOAD_SETTING_LIMITS.thumbnailSize, DEFAULT_UPLOAD_SETTINGS.thumbnailSize),
  };
}
