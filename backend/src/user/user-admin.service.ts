import { DataSource, type EntityManager } from 'typeorm';
import type { MasterDataDefinition, MasterRecord } from '../../../contracts/master-data.js';
import { ROOMS } from '../../../contracts/events.js';
import { PERMISSION_ADMIN, USER_DEFINITION } from '../../../contracts/users.js';
import { hashPassword } from '../auth/password-hasher.js';
import { SessionRepository } from '../auth/session.repository.js';
import { DomainException } from '../common/errors/domain.exception.js';
import type { AuthenticatedUser } from '../common/http/route-access.decorators.js';
import { EventBus } from '../events/event-bus.service.js';
import { UnitOfWork, type Transaction } from '../events/unit-of-work.service.js';
import { MasterDataService, type WriteValues } from '../master-data/master-data.service.js';
import { ReferenceGuard } from '../master-data/reference-guard.js';
import type { UpdatePermissionDto } from './user-admin.dto.js';

interface AccessColumns {
  permissions: string[];
  process_ids: number[];
  attachment_process_ids: number[];
}

// Every change that could take the last permission administrator away takes this lock first,
// so two administrators demoting each other at the same moment cannot both succeed.
const PERMISSION_ADMINS_LOCK = `SELECT pg_advisory_xact_lock(hashtext('stitchboard.permission-admins'))`;

/**
 * Users on top of the generic master-data mechanism: passwords are hashed and never read back,
 * permissions and process lists are edited on their own screen, a disabled or deleted user's
 * sessions end at once, and at least one enabled user always keeps the Permission screen.
 */
export class UserAdminService extends MasterDataService {
  constructor(
    definition: MasterDataDefinition,
    dataSource: DataSource,
    unitOfWork: UnitOfWork,
    references: ReferenceGuard,
    private readonly sessions: SessionRepository,
    private readonly events: EventBus,
  ) {
    super(definition, dataSource, unitOfWork, references);
  }

  override async options(): Promise<{ id: number; code: string; name: string }[]> {
    return this.dataSource.query(`SELECT id, username AS code, nickname AS name FROM app_user ORDER BY lower(username), id`);
  }

  override async update(input: WriteValues & { id: number; version: number }, actor?: AuthenticatedUser): Promise<MasterRecord> {
    const record = await super.update(input, actor);
    if (record.enabled === false) await this.endSessionsOf(record.id);
    return record;
  }

  override async delete(id: number, actor?: AuthenticatedUser): Promise<void> {
    // The sessions go with the user (ON DELETE CASCADE); their sockets are closed afterwards.
    const sessionIds = await this.sessions.activeIdsOfUser(id);
    await super.delete(id, actor);
    this.events.endSessions(sessionIds);
  }

  async resetPassword(id: number, password: string, actor: AuthenticatedUser): Promise<void> {
    const passwordHash = await hashPassword(password);
    const rows: unknown = await this.dataSource.query(
      `UPDATE app_user SET password_hash = $2, version = version + 1, updated_at = now() WHERE id = $1`,
      [id, passwordHash],
    );
    if (!Array.isArray(rows) || rows[1] === 0) throw new DomainException('notFound');
    // A new password ends the user's other sessions (a stolen token dies with the old password).
    const ended = await this.sessions.revokeAllOfUser(id, id === actor.id ? actor.sessionId : undefined);
    this.events.endSessions(ended);
  }

  async updatePermission(change: UpdatePermissionDto, actor: AuthenticatedUser): Promise<MasterRecord> {
    const record = await this.write(async (tx) => {
      await tx.manager.query(PERMISSION_ADMINS_LOCK);
      const existing = await this.repository.findById(tx.manager, change.id);
      if (!existing) throw new DomainException('notFound');
      if (change.permissions && !change.permissions.includes(PERMISSION_ADMIN)) {
        if (change.id === actor.id) throw new DomainException('cannotRemoveOwnAdmin');
        await this.refuseLosingLastAdmin(tx.manager, change.id);
      }
      for (const ids of [change.processIds, change.attachmentProcessIds]) {
        if (ids?.length) await this.refuseUnknownProcesses(tx.manager, ids);
      }
      const rows: unknown = await tx.manager.query(
        `UPDATE app_user SET
           permissions = coalesce($3::text[], permissions),
           process_ids = coalesce($4::int[], process_ids),
           attachment_process_ids = coalesce($5::int[], attachment_process_ids),
           version = version + 1, updated_at = now()
         WHERE id = $1 AND version = $2`,
        [change.id, change.version, dedupe(change.permissions), dedupe(change.processIds), dedupe(change.attachmentProcessIds)],
      );
      if (!Array.isArray(rows) || rows[1] === 0) throw new DomainException('conflict');
      tx.publish('masterData.changed', { entity: 'user', id: change.id, action: 'updated' }, [ROOMS.masterData('user')]);
      return this.withDetails(tx.manager, (await this.repository.findById(tx.manager, change.id))!);
    });
    return record;
  }

  // ——— hooks ———

  protected override async beforeWrite(tx: Transaction, values: WriteValues, existing: MasterRecord | null, actor?: AuthenticatedUser): Promise<WriteValues> {
    if (existing && values.enabled === false) {
      if (actor && existing.id === actor.id) throw new DomainException('cannotDisableSelf');
      await tx.manager.query(PERMISSION_ADMINS_LOCK);
      await this.refuseLosingLastAdmin(tx.manager, existing.id);
    }
    if (!existing && typeof values.password === 'string') {
      return { ...values, passwordHash: await hashPassword(values.password) };
    }
    return values;
  }

  protected override extraColumns(values: WriteValues): Record<string, unknown> {
    return typeof values.passwordHash === 'string' ? { password_hash: values.passwordHash } : {};
  }

  protected override async beforeDelete(tx: Transaction, existing: MasterRecord, actor?: AuthenticatedUser): Promise<void> {
    if (actor && existing.id === actor.id) throw new DomainException('cannotDeleteSelf');
    await tx.manager.query(PERMISSION_ADMINS_LOCK);
    await this.refuseLosingLastAdmin(tx.manager, existing.id);
  }

  /** Sessions belong to the user and go with them. */
  protected override childTables(): string[] {
    return ['user_session'];
  }

  protected override async withDetails(manager: EntityManager, record: MasterRecord): Promise<MasterRecord> {
    const rows: AccessColumns[] = await manager.query(
      `SELECT permissions, process_ids, attachment_process_ids FROM app_user WHERE id = $1`,
      [record.id],
    );
    const access = rows[0];
    return {
      ...record,
      permissions: access?.permissions ?? [],
      processIds: access?.process_ids ?? [],
      attachmentProcessIds: access?.attachment_process_ids ?? [],
    };
  }

  // ——— rules ———

  /** Refuses when `userId` is the last enabled user who may edit permissions. */
  private async refuseLosingLastAdmin(manager: EntityManager, userId: number): Promise<void> {
    const rows: { others: number; is_admin: boolean }[] = await manager.query(
      `SELECT count(*) FILTER (WHERE id <> $1)::int AS others, bool_or(id = $1) AS is_admin
         FROM app_user WHERE enabled AND $2 = ANY (permissions)`,
      [userId, PERMISSION_ADMIN],
    );
    if (rows[0]?.is_admin && rows[0].others === 0) throw new DomainException('lastPermissionAdmin');
  }

  private async refuseUnknownProcesses(manager: EntityManager, ids: number[]): Promise<void> {
    const rows: { id: number }[] = await manager.query(`SELECT id FROM process WHERE id = ANY ($1::int[])`, [ids]);
    const known = new Set(rows.map((row) => row.id));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length) throw new DomainException('referenceInvalid');
  }

  private async endSessionsOf(userId: number): Promise<void> {
    this.events.endSessions(await this.sessions.revokeAllOfUser(userId));
  }
}

function dedupe<T>(values: T[] | undefined): T[] | null {
  return values ? [...new Set(values)] : null;
}

export const USER_ADMIN_DEFINITION = USER_DEFINITION;
