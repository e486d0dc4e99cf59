import type { ProductionSettings } from './production.js';

// The administrator's settings (issue 12): one shape per settings-screen section, stored as one
// system_setting key each. Shared by the settings screen, the upload pipeline and the audit job.

/** A kind of file the upload pipeline accepts. */
export type UploadKind = 'image' | 'pdf';
export const UPLOAD_KINDS: readonly UploadKind[] = ['image', 'pdf'];

/** system_setting key 'upload': applied by the upload pipeline from the next upload on. */
export interface UploadSettings {
  /** Largest accepted upload, in bytes (the request body limit stays the outer bound). */
  maxBytes: number;
  allowedKinds: UploadKind[];
  /** Stored WebP quality, 1–100. */
  imageQuality: number;
  /** Longest side of a stored image, in pixels (larger images are scaled down). */
  maxDimension: number;
  /** Longest side of a thumbnail, in pixels. */
  thumbnailSize: number;
}

export const UPLOAD_SETTING_KEY = 'upload';
export const DEFAULT_UPLOAD_SETTINGS: UploadSettings = {
  // The values the pipeline used before these settings existed.
  maxBytes: 8 * 1024 * 1024,
  allowedKinds: ['image', 'pdf'],
  imageQuality: 85,
  maxDimension: 2000,
  thumbnailSize: 240,
};
export const UPLOAD_SETTING_LIMITS = {
  maxBytes: { min: 64 * 1024, max: 32 * 1024 * 1024 },
  imageQuality: { min: 30, max: 100 },
  maxDimension: { min: 320, max: 8192 },
  thumbnailSize: { min: 64, max: 1024 },
} as const;

/** system_setting key 'database': what the database section may change. */
export interface DatabaseSettings {
  /** Audit rows older than this are removed by the daily retention job. */
  auditRetentionDays: number;
}
export const DATABASE_SETTING_KEY = 'database';
export const DEFAULT_DATABASE_SETTINGS: DatabaseSettings = { auditRetentionDays: 365 };
export const AUDIT_RETENTION_LIMITS = { min: 7, max: 3650 } as const;

/** The languages a new session may start in (the screens' two languages). */
export type SystemLanguage = 'zh-CN' | 'en';
export const SYSTEM_LANGUAGES: readonly SystemLanguage[] = ['zh-CN', 'en'];

/**
 * system_setting key 'system': the board logo (an uploaded image id) and the language a browser
 * without a saved choice starts in (users have no language of their own: the choice is per browser).
 */
export interface SystemExtras {
  logo: string | null;
  defaultLanguage: SystemLanguage;
}
export const SYSTEM_SETTING_KEY = 'system';
export const DEFAULT_SYSTEM_EXTRAS: SystemExtras = { logo: null, defaultLanguage: 'zh-CN' };

/** The settings screen's system section: the title per language plus the extras. */
export interface SystemSection extends SystemExtras {
  titles: { 'zh-CN': string; en: string };
}

/** What the public (login page, boards) may know before a login: GET /admin/setting/getPublicSetting. */
export type PublicSettings = SystemSection;

export type DatabaseEngine = 'embedded' | 'server';

/** Facts about the database the settings screen lists (never credentials). */
export interface DatabaseSection {
  engine: DatabaseEngine;
  /** `SELECT version()`. */
  version: string;
  sizeBytes: number;
  /** Applied migrations, oldest first (TypeORM records no time: appliedAt is null then). */
  migrations: { name: string; appliedAt: string | null }[];
  /** host:port/database for a server, 'embedded (<data dir or in memory>)' otherwise. */
  target: string;
  /** A consistent backup and restore through the screen: embedded database only. */
  backupSupported: boolean;
  settings: DatabaseSettings;
}

/** GET /admin/setting/init: everything the settings screen shows, in one call. */
export interface AdminSettingsInit {
  system: SystemSection;
  production: ProductionSettings;
  upload: UploadSettings;
  database: DatabaseSection;
}

/** Event 'settings.adminUpdated': one section changed (to rooms settings, and board for 'system'). */
export type AdminSettingsChanged =
  | { section: 'system'; system: SystemSection }
  | { section: 'production'; production: ProductionSettings }
  | { section: 'upload'; upload: UploadSettings }
  | { section: 'database'; database: DatabaseSettings };
