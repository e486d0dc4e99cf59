import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { resolve } from 'node:path';
import { DataSource, type EntityManager } from 'typeorm';
import {
  DATABASE_SETTING_KEY,
  DEFAULT_DATABASE_SETTINGS,
  SYSTEM_SETTING_KEY,
  UPLOAD_SETTING_KEY,
  type AdminSettingsInit,
  type DatabaseSection,
  type DatabaseSettings,
  type SystemExtras,
  type SystemSection,
  type UploadSettings,
} from '../../../contracts/admin-settings.js';
import { ROOMS } from '../../../contracts/events.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { IN_MEMORY_DATA_DIR } from '../database/embedded-postgres.js';
import { UnitOfWork, type Transaction } from '../events/unit-of-work.service.js';
import { assertPublishableImage } from '../upload/upload-reference.js';
import { readUploadSettings, uploadSettingsOf } from '../upload/upload-settings.js';
import type { UpdateDatabaseSettingDto, UpdateImageSettingDto, UpdateSystemSettingDto, UpdateUploadSettingDto } from './admin-settings.dto.js';
import { SettingRepository } from './setting.repository.js';
import { SettingService } from './setting.service.js';

export function databaseSettingsOf(stored: Partial<DatabaseSettings> | null | undefined): DatabaseSettings {
  return { ...DEFAULT_DATABASE_SETTINGS, ...stored };
}

const definedOf = <T extends object>(change: T): Partial<T> =>
  Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)) as Partial<T>;

/**
 * "PostgreSQL 18.6 (PGlite 0.5.14)" of version()'s "PostgreSQL 18.6 (PGlite 0.5.14) on
 * wasm32-unknown-emscripten, compiled by emcc …": the build details say nothing to an administrator.
 */
export function productVersion(full: string): string {
  return full.split(' on ')[0].trim();
}

/** Where the database is, without user or password. */
export function databaseTarget(config: Pick<AppConfig, 'DATABASE_URL' | 'DATA_DIR'>): string {
  if (!config.DATABASE_URL) {
    return `embedded (${config.DATA_DIR === IN_MEMORY_DATA_DIR ? 'in memory' : resolve(config.DATA_DIR)})`;
  }
  try {
    const url = new URL(config.DATABASE_URL);
    return `${url.hostname}:${url.port || '5432'}/${decodeURIComponent(url.pathname.replace(/^\//, ''))}`;
  } catch {
    return 'server';
  }
}

/**
 * The system settings screen (issue 12): one read of everything it shows, and the updates of
 * the system, upload/image and database sections. Every update locks its row, merges, stores
 * and publishes 'settings.adminUpdated' in one transaction, so open screens follow.
 */
@Injectable()
export class AdminSettingsService {
  constructor(
    private readonly settings: SettingRepository,
    private readonly setting: SettingService,
    private readonly unitOfWork: UnitOfWork,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async init(): Promise<AdminSettingsInit> {
    const [system, production, upload, database] = await Promise.all([
      this.setting.systemSection(),
      this.setting.productionSettings(),
      // The upload pipeline's own reader: the screen shows exactly what the next upload applies.
      readUploadSettings(this.dataSource.manager),
      this.databaseSection(),
    ]);
    return { system, production, upload, database };
  }

  async databaseSettings(manager?: EntityManager): Promise<DatabaseSettings> {
    return databaseSettingsOf(await this.settings.get<Partial<DatabaseSettings>>(DATABASE_SETTING_KEY, manager));
  }

  async databaseSection(): Promise<DatabaseSection> {
    const engine = this.config.DATABASE_URL ? 'server' : 'embedded';
    const [versionRows, sizeRows, migrations, settings] = await Promise.all([
      this.dataSource.query(`SELECT version() AS version`) as Promise<{ version: string }[]>,
      this.dataSource.query(`SELECT pg_database_size(current_database())::bigint AS size`) as Promise<{ size: string | number }[]>,
      this.appliedMigrations(),
      this.databaseSettings(),
    ]);
    return {
      engine,
      version: productVersion(versionRows[0]?.version ?? ''),
      sizeBytes: Number(sizeRows[0]?.size ?? 0),
      migrations,
      target: databaseTarget(this.config),
      backupSupported: engine === 'embedded',
      settings,
    };
  }

  /** TypeORM's migrations table: it records the name and the migration's own timestamp, not when it ran. */
  private async appliedMigrations(): Promise<DatabaseSection['migrations']> {
    const table = this.dataSource.options.migrationsTableName ?? 'migrations';
    const rows: { name: string }[] = await this.dataSource.query(`SELECT name FROM "${table.replace(/"/g, '')}" ORDER BY id`);
    return rows.map((row) => ({ name: row.name, appliedAt: null }));
  }

  async updateSystem(change: UpdateSystemSettingDto): Promise<SystemSection> {
    const defined = definedOf(change);
    return this.unitOfWork.run(async (tx) => {
      if (defined.logo) await assertPublishableImage(tx.manager, defined.logo, 'logo');
      const current = await this.settings.getForUpdate<Partial<SystemExtras>>(tx.manager, SYSTEM_SETTING_KEY, {});
      await this.settings.set(SYSTEM_SETTING_KEY, { ...current, ...defined }, tx.manager);
      const system = await this.setting.systemSection(tx.manager);
      tx.publish('settings.adminUpdated', { section: 'system', system }, [ROOMS.settings, ROOMS.board]);
      return system;
    });
  }

  async updateDatabase(change: UpdateDatabaseSettingDto): Promise<DatabaseSettings> {
    return this.unitOfWork.run(async (tx) => {
      const current = await this.settings.getForUpdate<Partial<DatabaseSettings>>(tx.manager, DATABASE_SETTING_KEY, {});
      const database = databaseSettingsOf({ ...current, ...definedOf(change) });
      await this.settings.set(DATABASE_SETTING_KEY, database, tx.manager);
      tx.publish('settings.adminUpdated', { section: 'database', database }, [ROOMS.settings]);
      return database;
    });
  }

  /** The upload and image settings share one key; each endpoint changes its own fields. */
  async updateUpload(change: UpdateUploadSettingDto | UpdateImageSettingDto): Promise<UploadSettings> {
    const defined = definedOf(change as Partial<UploadSettings>);
    if (defined.allowedKinds) defined.allowedKinds = [...new Set(defined.allowedKinds)];
    return this.unitOfWork.run(async (tx: Transaction) => {
      const current = await this.settings.getForUpdate<Partial<UploadSettings>>(tx.manager, UPLOAD_SETTING_KEY, {});
      const upload = uploadSettingsOf({ ...current, ...defined });
      await this.settings.set(UPLOAD_SETTING_KEY, upload, tx.manager);
      tx.publish('settings.adminUpdated', { section: 'upload', upload }, [ROOMS.settings]);
      return upload;
    });
  }
}
