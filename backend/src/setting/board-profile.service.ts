import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { DashboardSettings } from '../../../contracts/api.js';
import { KIOSK_KEY_PARAM, KIOSK_PATH, type BoardDevice, type BoardProfile, type PairedDevice } from '../../../contracts/board-profiles.js';
import { ROOMS } from '../../../contracts/events.js';
import type { BoardSnapshot } from '../../../contracts/production.js';
import { DomainException } from '../common/errors/domain.exception.js';
import { UnitOfWork } from '../events/unit-of-work.service.js';
import { DEVICE_ROOM } from '../realtime/room-policy.js';
import { BoardDeviceEntity, BoardProfileEntity } from './board-profile.entity.js';
import type { CreateBoardProfileDto, PairBoardDeviceDto, UpdateBoardProfileDto } from './board-profile.dto.js';
import { SettingRepository } from './setting.repository.js';
import { SettingService } from './setting.service.js';

/** The room of one paired TV's sockets (not one a client can ask for): revoke closes it. */

/** Who a device key belongs to, as the access guard and the socket handshake see it. */
export interface DeviceIdentity {
  deviceId: number;
  name: string;
  profileId: number | null;
}

/** last_seen_at is written at most this often per device: a TV reads the board every few seconds at worst. */
export const LAST_SEEN_EVERY_MS = 60_000;

const NAME_LABEL = { 'zh-CN': '看板方案名称', en: 'Board profile name' };

export function hashDeviceKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

function isUniqueViolation(error: unknown): boolean {
  const candidate = error as { code?: string; driverError?: { code?: string } } | null;
  return candidate?.code === '23505' || candidate?.driverError?.code === '23505';
}

interface ProfileRow {
  id: number;
  name: string;
  process_ids: number[];
  customer_ids: number[];
  display_mode: BoardProfile['displayMode'];
  refresh_type: number;
  refresh_interval: number;
  sort_by: BoardProfile['sortBy'];
  created_at: Date;
  updated_at: Date;
  device_count: string | number;
}

interface DeviceRow {
  id: number;
  name: string;
  profile_id: number | null;
  profile_name: string | null;
  created_at: Date;
  last_seen_at: Date | null;
  revoked_at: Date | null;
}

const iso = (at: Date | string | null): string | null => (at === null ? null : new Date(at).toISOString());

function profileOf(row: ProfileRow): BoardProfile {
  return {
    id: Number(row.id),
    name: row.name,
    processIds: (row.process_ids ?? []).map(Number),
    customerIds: (row.customer_ids ?? []).map(Number),
    displayMode: row.display_mode,
    refreshType: Number(row.refresh_type),
    refreshInterval: Number(row.refresh_interval),
    sortBy: row.sort_by,
    deviceCount: Number(row.device_count ?? 0),
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
  };
}

function deviceOf(row: DeviceRow): BoardDevice {
  return {
    id: Number(row.id),
    name: row.name,
    profileId: row.profile_id === null ? null : Number(row.profile_id),
    profileName: row.profile_name,
    createdAt: iso(row.created_at)!,
    lastSeenAt: iso(row.last_seen_at),
    revokedAt: iso(row.revoked_at),
  };
}

const PROFILE_SELECT = `
  SELECT p.*, (SELECT count(*) FROM board_device d WHERE d.profile_id = p.id AND d.revoked_at IS NULL) AS device_count
    FROM board_profile p`;
const DEVICE_SELECT = `
  SELECT d.id, d.name, d.profile_id, p.name AS profile_name, d.created_at, d.last_seen_at, d.revoked_at
    FROM board_device d LEFT JOIN board_profile p ON p.id = d.profile_id`;

/**
 * Board profiles and paired TVs (kiosk devices). A device runs the board on its own key: the key
 * authenticates only the board's read endpoints and the board's socket rooms, never anything else.
 */
@Injectable()
export class BoardProfileService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly unitOfWork: UnitOfWork,
    private readonly settings: SettingService,
    private readonly settingRows: SettingRepository,
  ) {}

  // ——— profiles ———

  async profiles(): Promise<BoardProfile[]> {
    const rows: ProfileRow[] = await this.dataSource.query(`${PROFILE_SELECT} ORDER BY lower(p.name), p.id`);
    return rows.map(profileOf);
  }

  async createProfile(input: CreateBoardProfileDto): Promise<BoardProfile> {
    return this.writeProfile(async (manager) => {
      const fields = await this.checkedFields(manager, input);
      await this.assertNameFree(manager, input.name, null);
      const saved = await manager.getRepository(BoardProfileEntity).save(manager.getRepository(BoardProfileEntity).create({ ...fields, name: input.name }));
      return { id: saved.id, action: 'created' as const };
    });
  }

  async updateProfile(input: UpdateBoardProfileDto): Promise<BoardProfile> {
    return this.writeProfile(async (manager) => {
      const repository = manager.getRepository(BoardProfileEntity);
      // Row lock: two administrators saving the same profile land one after the other.
      const current = await repository.findOne({ where: { id: input.id }, lock: { mode: 'pessimistic_write' } });
      if (!current) throw new DomainException('notFound');
      const fields = await this.checkedFields(manager, input);
      if (input.name !== undefined) await this.assertNameFree(manager, input.name, input.id);
      const defined = Object.fromEntries(Object.entries({ ...fields, name: input.name }).filter(([, value]) => value !== undefined));
      await repository.update({ id: input.id }, { ...defined, updatedAt: new Date() });
      return { id: input.id, action: 'updated' as const };
    });
  }

  /** Deletes a profile; its devices move to the default profile (the dashboard settings) and keep running. */
  async deleteProfile(id: number): Promise<{ id: number; movedDevices: number }> {
    return this.unitOfWork.run(async (tx) => {
      const [moved]: { count: string }[] = await tx.manager.query(`SELECT count(*) AS count FROM board_device WHERE profile_id = $1 AND revoked_at IS NULL`, [id]);
      const deleted: unknown[] = await tx.manager.query(`DELETE FROM board_profile WHERE id = $1 RETURNING id`, [id]);
      // pg answers [rows, count] for a DELETE … RETURNING through TypeORM's query().
      const rows = Array.isArray(deleted[0]) ? (deleted[0] as unknown[]) : deleted;
      if (rows.length === 0) throw new DomainException('notFound');
      tx.publish('boardProfile.changed', { id, action: 'deleted' }, [ROOMS.settings, ROOMS.board]);
      return { id, movedDevices: Number(moved?.count ?? 0) };
    });
  }

  private async writeProfile(work: (manager: EntityManager) => Promise<{ id: number; action: 'created' | 'updated' }>): Promise<BoardProfile> {
    try {
      const id = await this.unitOfWork.run(async (tx) => {
        const change = await work(tx.manager);
        // TVs on this profile re-read their board; settings screens refresh their lists.
        tx.publish('boardProfile.changed', change, [ROOMS.settings, ROOMS.board]);
        return change.id;
      });
      const rows: ProfileRow[] = await this.dataSource.query(`${PROFILE_SELECT} WHERE p.id = $1`, [id]);
      return profileOf(rows[0]);
    } catch (error) {
      // Two administrators creating the same name at once: the unique index decides.
      if (isUniqueViolation(error)) throw new DomainException('alreadyExists', {}, { field: 'name', label: NAME_LABEL });
      throw error;
    }
  }

  private async assertNameFree(manager: EntityManager, name: string, exceptId: number | null): Promise<void> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM board_profile WHERE lower(name) = lower($1) AND id IS DISTINCT FROM $2`, [name, exceptId]);
    if (rows.length > 0) throw new DomainException('alreadyExists', {}, { field: 'name', label: NAME_LABEL });
  }

  /** The filters deduplicated and checked: a filter on a process or customer that does not exist would show an empty board. */
  private async checkedFields<T extends Partial<CreateBoardProfileDto>>(manager: EntityManager, input: T): Promise<Omit<T, 'name' | 'id'>> {
    const { name: _name, ...rest } = input as T & { id?: number };
    delete (rest as { id?: number }).id;
    for (const [field, table] of [
      ['processIds', 'process'],
      ['customerIds', 'customer'],
    ] as const) {
      const ids = rest[field];
      if (!ids) continue;
      const unique = [...new Set(ids)];
      (rest as Record<string, unknown>)[field] = unique;
      if (unique.length && (await this.settingRows.countExisting(manager, table, unique)) !== unique.length) {
        throw new DomainException('validation', {}, { field, problem: 'unknownId' });
      }
    }
    return rest as Omit<T, 'name' | 'id'>;
  }

  // ——— devices ———

  async devices(): Promise<BoardDevice[]> {
    const rows: DeviceRow[] = await this.dataSource.query(`${DEVICE_SELECT} ORDER BY d.revoked_at IS NOT NULL, lower(d.name), d.id`);
    return rows.map(deviceOf);
  }

  /** Pairs a TV: a new device with a new key. The key is in this answer only; the database keeps its hash. */
  async pair(input: PairBoardDeviceDto): Promise<PairedDevice> {
    const deviceKey = randomBytes(24).toString('base64url');
    const profileId = input.profileId ?? null;
    const id = await this.unitOfWork.run(async (tx) => {
      if (profileId !== null && !(await tx.manager.getRepository(BoardProfileEntity).exists({ where: { id: profileId } }))) {
        throw new DomainException('referenceInvalid', {}, { field: 'profileId' });
      }
      const saved = await tx.manager.getRepository(BoardDeviceEntity).save({ name: input.name, profileId, keyHash: hashDeviceKey(deviceKey) });
      return saved.id;
    });
    return { device: await this.device(id), deviceKey, path: `${KIOSK_PATH}?${KIOSK_KEY_PARAM}=${encodeURIComponent(deviceKey)}` };
  }

  /**
   * Revokes a device: its key stops working at its next request, and the event makes every
   * instance close its sockets at once (the gateway disconnects room device:<id>).
   */
  async revoke(id: number): Promise<BoardDevice> {
    await this.unitOfWork.run(async (tx) => {
      const rows: { id: number; revoked_at: Date | null }[] = await tx.manager.query(`SELECT id, revoked_at FROM board_device WHERE id = $1 FOR UPDATE`, [id]);
      if (rows.length === 0) throw new DomainException('notFound');
      if (rows[0].revoked_at !== null) return;
      await tx.manager.query(`UPDATE board_device SET revoked_at = now() WHERE id = $1`, [id]);
      tx.publish('boardDevice.revoked', { id }, [DEVICE_ROOM(id)]);
    });
    return this.device(id);
  }

  private async device(id: number): Promise<BoardDevice> {
    const rows: DeviceRow[] = await this.dataSource.query(`${DEVICE_SELECT} WHERE d.id = $1`, [id]);
    if (rows.length === 0) throw new DomainException('notFound');
    return deviceOf(rows[0]);
  }

  /**
   * The device a key belongs to, or null (unknown or revoked). Marks it seen, with at most one
   * write a minute per device: the condition is checked on the row just read, so an API call or
   * socket connect within the minute costs only the indexed lookup.
   */
  async verifyDeviceKey(candidate: string | undefined): Promise<DeviceIdentity | null> {
    // A key is 32 base64url characters; anything far off is not worth a query.
    if (!candidate || candidate.length > 128) return null;
    const rows: { id: number; name: string; profile_id: number | null; last_seen_at: Date | null }[] = await this.dataSource.query(
      `SELECT id, name, profile_id, last_seen_at FROM board_device WHERE key_hash = $1 AND revoked_at IS NULL`,
      [hashDeviceKey(candidate)],
    );
    const row = rows[0];
    if (!row) return null;
    const lastSeen = row.last_seen_at === null ? 0 : new Date(row.last_seen_at).getTime();
    if (Date.now() - lastSeen >= LAST_SEEN_EVERY_MS) {
      await this.dataSource.query(`UPDATE board_device SET last_seen_at = now() WHERE id = $1 AND revoked_at IS NULL`, [row.id]);
    }
    return { deviceId: Number(row.id), name: row.name, profileId: row.profile_id === null ? null : Number(row.profile_id) };
  }

  /**
   * The board settings a device shows: the dashboard settings (the default profile, exactly what
   * every other board shows), with its profile's fields on top when it has one.
   */
  async boardSettingsFor(device: DeviceIdentity): Promise<{ settings: DashboardSettings; device: NonNullable<BoardSnapshot['device']> }> {
    const base = await this.settings.dashboardSettings();
    const profile = device.profileId === null ? null : await this.dataSource.getRepository(BoardProfileEntity).findOne({ where: { id: device.profileId } });
    const settings: DashboardSettings = profile
      ? {
          ...base,
          processIds: profile.processIds.map(Number),
          customerIds: profile.customerIds.map(Number),
          displayMode: profile.displayMode,
          refreshType: Number(profile.refreshType),
          refreshInterval: Number(profile.refreshInterval),
          sortBy: profile.sortBy,
        }
      : base;
    return { settings, device: { id: device.deviceId, name: device.name, profileId: profile?.id ?? null, profileName: profile?.name ?? null } };
  }
}
