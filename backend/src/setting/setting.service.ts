import { Injectable } from '@nestjs/common';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { DashboardSettings, DashboardSettingsView } from '../../../contracts/api.js';
import type { RouteCatalogue } from '../../../contracts/users.js';
import type { Localized } from '../../../contracts/master-data.js';
import type { Language } from '../common/i18n/translator.js';
import { DEFAULT_PRODUCTION_SETTINGS, type ProductionSettings } from '../../../contracts/production.js';
import type { EntityManager } from 'typeorm';
import type { UpdateProductionSettingsDto } from './production-settings.dto.js';
import { ROOMS } from '../../../contracts/events.js';
import { DomainException } from '../common/errors/domain.exception.js';
import { EventBus } from '../events/event-bus.service.js';
import { UnitOfWork } from '../events/unit-of-work.service.js';
import type { UpdateDashboardSettingsDto } from './dashboard-settings.dto.js';
import { SettingRepository } from './setting.repository.js';
import { DEFAULT_SYSTEM_EXTRAS, SYSTEM_SETTING_KEY, type SystemExtras, type SystemSection } from '../../../contracts/admin-settings.js';

/** The title per language until an administrator sets one (PRODUCT.md: 订单跟踪系统). */
export const DEFAULT_SYSTEM_TITLES: Localized = { 'zh-CN': '订单跟踪系统', en: 'Order Tracking System' };

/** The stored title row as titles per language. Older installs stored one string: it stays the Chinese title. */
function titlesOf(stored: string | Partial<Localized> | undefined): Localized {
  return typeof stored === 'string' ? { ...DEFAULT_SYSTEM_TITLES, 'zh-CN': stored } : { ...DEFAULT_SYSTEM_TITLES, ...stored };
}

function dashboardSettingsOf(stored: Partial<DashboardSettings> | undefined): DashboardSettings {
  return { ...DEFAULT_DASHBOARD_SETTINGS, ...stored };
}

function systemSectionOf(stored: Map<string, unknown>): SystemSection {
  return {
    titles: titlesOf(stored.get(KEYS.title) as string | Partial<Localized> | undefined),
    ...DEFAULT_SYSTEM_EXTRAS,
    ...(stored.get(SYSTEM_SETTING_KEY) as Partial<SystemExtras> | undefined),
  };
}
export const DEFAULT_DASHBOARD_SETTINGS: DashboardSettings = {
  refreshType: 0,
  refreshInterval: 10,
  completedVisibleDays: 3,
  displayMode: 'delivery',
  sortBy: 'deliveryAsc',
  boardKeyEnabled: true,
  density: 'default',
  processIds: [],
  customerIds: [],
  showWip: false,
};

/** Stored production rules completed with the defaults (rules added later get their default). */
export function productionSettingsOf(stored: Partial<ProductionSettings> | null | undefined): ProductionSettings {
  return { ...DEFAULT_PRODUCTION_SETTINGS, ...stored };
}

const KEYS = { title: 'system.title', dashboard: 'dashboard.settings', boardKey: 'dashboard.boardKey', routes: 'route.catalogue', production: 'production.settings' } as const;

@Injectable()
export class SettingService {
  constructor(
    private readonly settings: SettingRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly events: EventBus,
  ) {}

  /** The title in each language. */
  async systemTitles(manager?: EntityManager): Promise<Localized> {
    return titlesOf(await this.settings.get<string | Partial<Localized>>(KEYS.title, manager));
  }

  async systemTitle(language: Language): Promise<string> {
    return (await this.systemTitles())[language];
  }

  async updateSystemTitles(change: Partial<Localized>): Promise<Localized> {
    return this.unitOfWork.run(async (tx) => {
      const current = await this.settings.getForUpdate<string | Partial<Localized>>(tx.manager, KEYS.title, {});
      const next: Localized = { ...titlesOf(current), ...Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)) };
      await this.settings.set(KEYS.title, next, tx.manager);
      // Open boards and settings screens show the new title at once (tab title, headers).
      const extras = await this.systemExtras(tx.manager);
      tx.publish('settings.adminUpdated', { section: 'system', system: { ...extras, titles: next } }, [ROOMS.settings, ROOMS.board]);
      return next;
    });
  }

  /** The board logo and the default language (contracts/admin-settings.ts SystemExtras). */
  async systemExtras(manager?: EntityManager): Promise<SystemExtras> {
    return { ...DEFAULT_SYSTEM_EXTRAS, ...(await this.settings.get<Partial<SystemExtras>>(SYSTEM_SETTING_KEY, manager)) };
  }

  /** The system section of the settings screen; public (login page and boards read it). One read for both keys. */
  async systemSection(manager?: EntityManager): Promise<SystemSection> {
    return systemSectionOf(await this.settings.getMany([KEYS.title, SYSTEM_SETTING_KEY], manager));
  }

  async dashboardSettings(): Promise<DashboardSettings> {
    return dashboardSettingsOf(await this.settings.get<Partial<DashboardSettings>>(KEYS.dashboard));
  }

  /** What a board snapshot shows besides its rows — the dashboard settings and the system section — in one read. */
  async boardSection(): Promise<{ dashboard: DashboardSettings; system: SystemSection }> {
    const stored = await this.settings.getMany([KEYS.dashboard, KEYS.title, SYSTEM_SETTING_KEY]);
    return { dashboard: dashboardSettingsOf(stored.get(KEYS.dashboard) as Partial<DashboardSettings> | undefined), system: systemSectionOf(stored) };
  }

  /** What a user sees; the board key only for those who may edit board settings. */
  async dashboardSettingsView(includeBoardKey: boolean): Promise<DashboardSettingsView> {
    const settings = await this.dashboardSettings();
    return includeBoardKey ? { ...settings, boardKey: await this.boardKey() } : settings;
  }

  /** Merges the change and pushes the result to every subscribed board, after commit. */
  async updateDashboardSettings(change: UpdateDashboardSettingsDto): Promise<DashboardSettingsView> {
    const defined = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
    // The same id twice means nothing more; keep the first place it was given.
    if (change.processIds) defined.processIds = [...new Set(change.processIds)];
    if (change.customerIds) defined.customerIds = [...new Set(change.customerIds)];
    const updated = await this.unitOfWork.run(async (tx) => {
      // A filter on a process or customer that does not exist would show an empty board for no visible reason.
      for (const [field, table] of [
        ['processIds', 'process'],
        ['customerIds', 'customer'],
      ] as const) {
        const ids = defined[field] as number[] | undefined;
        if (ids?.length && (await this.settings.countExisting(tx.manager, table, ids)) !== ids.length) {
          throw new DomainException('validation', {}, { field, problem: 'unknownId' });
        }
      }
      // Row lock: two admins saving at once both land, one after the other, neither lost.
      const current = await this.settings.getForUpdate<Partial<DashboardSettings>>(tx.manager, KEYS.dashboard, {});
      const next: DashboardSettings = { ...DEFAULT_DASHBOARD_SETTINGS, ...current, ...defined };
      await this.settings.set(KEYS.dashboard, next, tx.manager);
      tx.publish('settings.dashboardUpdated', next, [ROOMS.settings, ROOMS.board]);
      return next;
    });
    if (change.boardKeyEnabled === false) this.events.endBoardKeySockets();
    return { ...updated, boardKey: await this.boardKey() };
  }

  async rotateBoardKey(): Promise<DashboardSettingsView> {
    await this.settings.set(KEYS.boardKey, newBoardKey());
    this.events.endBoardKeySockets();
    return this.dashboardSettingsView(true);
  }

  async boardKey(): Promise<string> {
    const existing = await this.settings.get<string>(KEYS.boardKey);
    if (existing) return existing;
    // Two instances may get here at once: the first insert wins and both read it back.
    await this.settings.insertIfMissing(KEYS.boardKey, newBoardKey());
    return (await this.settings.get<string>(KEYS.boardKey))!;
  }

  /** The rules scans obey; read inside the scan's transaction when a manager is given. */
  async productionSettings(manager?: EntityManager): Promise<ProductionSettings> {
    const stored = await this.settings.get<Partial<ProductionSettings>>(KEYS.production, manager);
    return productionSettingsOf(stored);
  }

  async updateProductionSettings(change: UpdateProductionSettingsDto): Promise<ProductionSettings> {
    const defined = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
    return this.unitOfWork.run(async (tx) => {
      const current = await this.settings.getForUpdate<Partial<ProductionSettings>>(tx.manager, KEYS.production, {});
      const next = productionSettingsOf({ ...current, ...defined });
      await this.settings.set(KEYS.production, next, tx.manager);
      tx.publish('settings.adminUpdated', { section: 'production', production: next }, [ROOMS.settings]);
      return next;
    });
  }

  /** The screens the permission screen offers, as the frontend's route table last described them. */
  async routeCatalogue(): Promise<RouteCatalogue> {
    return (await this.settings.get<RouteCatalogue>(KEYS.routes)) ?? [];
  }

  async storeRouteCatalogue(routes: RouteCatalogue): Promise<RouteCatalogue> {
    const unique = [...new Map(routes.map((route) => [route.name, route])).values()];
    await this.settings.set(KEYS.routes, unique);
    return unique;
  }

  /** True when the public board may connect with this key. */
  async verifyBoardKey(candidate: string | undefined): Promise<boolean> {
    if (!candidate) return false;
    const [settings, key] = await Promise.all([this.dashboardSettings(), this.boardKey()]);
    if (!settings.boardKeyEnabled) return false;
    const a = Buffer.from(candidate);
    const b = Buffer.from(key);
    return a.length === b.length && timingSafeEqual(a, b);
  }
}

function newBoardKey(): string {
  return randomBytes(18).toString('base64url');
}
