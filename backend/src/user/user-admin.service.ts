import { DataSource, type EntityManager } from 'typeorm';
import type { ListPage, MasterDataDefinition, MasterRecord } from '../../../contracts/master-data.js';
import { ROOMS } from '../../../contracts/events.js';
import { PERMISSION_ADMIN, USER_DEFINITION } from '../../../contracts/users.js';
import type { PasswordHasher } from '../auth/password-hasher.js';
import { assertPasswordAcceptable } from '../auth/password-policy.js';
import { SessionRepository } from '../auth/session.repository.js';
import { DomainException } from '../common/errors/domain.exception.js';
import type { AuthenticatedUser } from '../common/http/route-access.decorators.js';
import { EventBus } from '../events/event-bus.service.js';
import { UnitOfWork, type Transaction } from '../events/unit-of-work.service.js';
import { MasterDataService, type WriteValues } from '../master-data/master-data.service.js';
import type { ParsedListQuery } from '../master-data/list-query.js';
import { ReferenceGuard } from '../master-data/reference-guard.js';
import { assertMayGrant, assertNoSelfEscalation, assertPermissionAdminRemains, effectivePermissionsSql, PERMISSION_ADMINS_LOCK } from '../role/access-rules.js';
import type { RoleRepository } from '../role/role.repository.js';
import type { SecurityAction, SecurityActor, SecurityLogService } from '../security-log/security-log.service.js';
import type { UpdatePermissionDto } from './user-admin.dto.js';

interface AccessColumns {
  permissions: string[];
  process_ids: number[];
  attachment_process_ids: number[];
  role_ids: number[];
  effective_permissions: string[];
  badge_code: string;
}

// What the permission screen shows of a user: extra pages, processes, roles and the union.
const ACCESS_COLUMNS = `SELECT u.permissions, u.process_ids, u.attachment_process_ids, u.badge_code,
         ARRAY(SELECT ur.role_id FROM app_user_role ur WHERE ur.user_id = u.id ORDER BY 1) AS role_ids,
         ${effectivePermissionsSql('u')} AS effective_permissions
    FROM app_user u WHERE u.id = $1`;

/** What the demo seeder passes to `create` for an account whose password is a published default. */
export const BUILT_IN_DEFAULT_PASSWORD = 'builtInDefaultPassword';

/**
 * Users on top of the generic master-data mechanism: passwords are hashed and never read back,
 * permissions and process lists are edited on their own screen, a disabled or deleted user's
 * sessions end at once, and at least one enabled user always keeps the Permission screen.
 *
 * Privilege: an actor may reset, update, disable or delete only users whose effective permissions
 * (roles and extra pages) are all their own too and who do not hold `Permission` — unless the
 * actor holds `Permission`. (Without this, a holder of the `User` screen could reset the
 * administrator's password and log in as them.) A password set by an administrator must be changed by its owner at their next login.
 */
export class UserAdminService extends MasterDataService {
  constructor(
    definition: MasterDataDefinition,
    dataSource: DataSource,
    unitOfWork: UnitOfWork,
    references: ReferenceGuard,
    private readonly sessions: SessionRepository,
    private readonly events: EventBus,
    private readonly hasher: PasswordHasher,
    private readonly securityLog: SecurityLogService,
    private readonly roles: RoleRepository,
  ) {
    super(definition, dataSource, unitOfWork, references);
  }

  /** The list with each user's badge code (for printing badges from it). */
  override async list(query: ParsedListQuery): Promise<ListPage<MasterRecord>> {
    const page = await super.list(query);
    const rows: { id: number; badge_code: string }[] = page.list.length
      ? await this.dataSource.query(`SELECT id, badge_code FROM app_user WHERE id = ANY ($1::int[])`, [page.list.map((row) => row.id)])
      : [];
    const codes = new Map(rows.map((row) => [row.id, row.badge_code]));
    return { ...page, list: page.list.map((row) => ({ ...row, badgeCode: codes.get(row.id) ?? null })) };
  }

  /**
   * A new badge code for the user (a lost or shared badge): the old badge stops working at once.
   * Not a version change — the badge is not part of the user's form, so an open edit of the
   * same user still saves.
   */
  async renewBadge(id: number, actor: AuthenticatedUser): Promise<MasterRecord> {
    return this.logged('user.badgeRenew', id, actor, () =>
      this.write(async (tx) => {
        const rows: unknown = await tx.manager.query(`UPDATE app_user SET badge_code = DEFAULT, updated_at = now() WHERE id = $1`, [id]);
        if (!Array.isArray(rows) || rows[1] === 0) throw new DomainException('notFound');
        tx.publish('masterData.changed', { entity: 'user', id, action: 'updated' }, [ROOMS.masterData('user')]);
        return this.withDetails(tx.manager, (await this.repository.findById(tx.manager, id))!);
      }),
    );
  }

  override async options(): Promise<{ id: number; code: string; name: string }[]> {
    return this.dataSource.query(`SELECT id, username AS code, nickname AS name FROM app_user ORDER BY lower(username), id`);
  }

  override async create(input: WriteValues, actor?: AuthenticatedUser): Promise<MasterRecord> {
    const { [BUILT_IN_DEFAULT_PASSWORD]: builtInDefault, ...values } = input;
    if (typeof values.password === 'string') {
      // The demo seeder's published passwords are exempt from the rules, and flagged instead.
      if (!builtInDefault) assertPasswordAcceptable(values.password, typeof values.username === 'string' ? values.username : '');
      // Hashed before the transaction: a half-second scrypt must not hold a connection.
      values.passwordHash = await this.hasher.hash(values.password);
      // Set by an administrator: the new user chooses their own at the first login.
      values.mustChangePassword = Boolean(actor);
      values.passwordIsDefault = Boolean(builtInDefault);
    }
    return super.create(values, actor);
  }

  override async update(input: WriteValues & { id: number; version: number }, actor?: AuthenticatedUser): Promise<MasterRecord> {
    const disabling = input.enabled === false;
    const record = await this.logged(disabling ? 'user.disable' : 'user.update', input.id, actor, () => super.update(input, actor), !disabling);
    if (record.enabled === false) await this.endSessionsOf(record.id);
    return record;
  }

  override async delete(id: number, actor?: AuthenticatedUser): Promise<void> {
    // The sessions go with the user (ON DELETE CASCADE); their sockets are closed afterwards.
    const sessionIds = await this.sessions.activeIdsOfUser(id);
    await this.logged('user.delete', id, actor, () => super.delete(id, actor));
    this.events.endSessions(sessionIds);
  }

  async resetPassword(id: number, password: string, actor: AuthenticatedUser): Promise<void> {
    await this.logged('password.reset', id, actor, async () => {
      const target: { username: string; permissions: string[] }[] = await this.dataSource.query(
        `SELECT u.username, ${effectivePermissionsSql('u')} AS permissions FROM app_user u WHERE u.id = $1`,
        [id],
      );
      if (!target[0]) throw new DomainException('notFound');
      refuseMorePrivileged(actor, target[0].permissions);
      assertPasswordAcceptable(password, target[0].username);
      const passwordHash = await this.hasher.hash(password);
      // Someone else chose it: its owner must replace it at the next login.
      const rows: unknown = await this.dataSource.query(
        `UPDATE app_user SET password_hash = $2, must_change_password = $3, password_is_default = false,
                password_changed_at = now(), version = version + 1, updated_at = now()
          WHERE id = $1`,
        [id, passwordHash, id !== actor.id],
      );
      if (!Array.isArray(rows) || rows[1] === 0) throw new DomainException('notFound');
      // A new password ends the user's other sessions (a stolen token dies with the old password).
      const ended = await this.sessions.revokeAllOfUser(id, id === actor.id ? actor.sessionId : undefined);
      this.events.endSessions(ended);
    });
  }

  async updatePermission(change: UpdatePermissionDto, actor: AuthenticatedUser): Promise<MasterRecord> {
    let before: AccessColumns | undefined;
    const record = await this.logged('permission.update', change.id, actor, () => this.write(async (tx) => {
      await tx.manager.query(PERMISSION_ADMINS_LOCK);
      const existing = await this.repository.findById(tx.manager, change.id);
      if (!existing) throw new DomainException('notFound');
      [before] = await tx.manager.query(ACCESS_COLUMNS, [change.id]);
      for (const ids of [change.processIds, change.attachmentProcessIds]) {
        if (ids?.length) await this.refuseUnknownProcesses(tx.manager, ids);
      }
      const roleIds = dedupe(change.roleIds);
      if (roleIds) {
        const roles = await this.roles.findByIds(tx.manager, roleIds);
        if (roles.length !== roleIds.length) throw new DomainException('referenceInvalid');
        assertMayGrant(actor, roles.filter((role) => !before!.role_ids.includes(role.id)));
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
      if (roleIds) await this.roles.setRolesOfUser(tx.manager, change.id, roleIds);
      // Checked on the state about to be committed, whichever list changed (access-rules.ts).
      if (change.id === actor.id) await assertNoSelfEscalation(tx.manager, actor);
      await assertPermissionAdminRemains(tx.manager);
      tx.publish('masterData.changed', { entity: 'user', id: change.id, action: 'updated' }, [ROOMS.masterData('user')]);
      // The user's open screens re-read their access (menus follow without a new login).
      tx.publish('user.accessChanged', { source: 'user', id: change.id }, [ROOMS.user(change.id)]);
      return this.withDetails(tx.manager, (await this.repository.findById(tx.manager, change.id))!);
    }), false);
    void this.securityLog.record({
      action: 'permission.update',
      result: 'success',
      actor,
      target: { type: 'user', id: record.id, label: String(record.username ?? '') },
      detail: {
        permissionsBefore: before?.permissions ?? [],
        permissionsAfter: record.permissions,
        rolesBefore: before?.role_ids ?? [],
        rolesAfter: record.roleIds,
        effectiveBefore: before?.effective_permissions ?? [],
        effectiveAfter: record.effectivePermissions,
        processIds: record.processIds,
        attachmentProcessIds: record.attachmentProcessIds,
      },
    });
    return record;
  }

  // ——— hooks ———

  protected override async beforeWrite(tx: Transaction, values: WriteValues, existing: MasterRecord | null, actor?: AuthenticatedUser): Promise<WriteValues> {
    if (existing && actor) refuseMorePrivileged(actor, await this.permissionsOf(tx.manager, existing.id));
    if (existing && values.enabled === false) {
      if (actor && existing.id === actor.id) throw new DomainException('cannotDisableSelf');
      await tx.manager.query(PERMISSION_ADMINS_LOCK);
      await this.refuseLosingLastAdmin(tx.manager, existing.id);
    }
    return values;
  }

  protected override extraColumns(values: WriteValues): Record<string, unknown> {
    if (typeof values.passwordHash !== 'string') return {};
    return {
      password_hash: values.passwordHash,
      must_change_password: values.mustChangePassword === true,
      password_is_default: values.passwordIsDefault === true,
    };
  }

  protected override async beforeDelete(tx: Transaction, existing: MasterRecord, actor?: AuthenticatedUser): Promise<void> {
    if (actor && existing.id === actor.id) throw new DomainException('cannotDeleteSelf');
    if (actor) refuseMorePrivileged(actor, await this.permissionsOf(tx.manager, existing.id));
    await tx.manager.query(PERMISSION_ADMINS_LOCK);
    await this.refuseLosingLastAdmin(tx.manager, existing.id);
  }

  /** Sessions belong to the user and go with them (and so do their notifications and follows). */
  protected override childTables(): string[] {
    return ['user_session', 'user_notification', 'production_order_follower'];
  }

  protected override async withDetails(manager: EntityManager, record: MasterRecord): Promise<MasterRecord> {
    const rows: AccessColumns[] = await manager.query(ACCESS_COLUMNS, [record.id]);
    const access = rows[0];
    return {
      ...record,
      permissions: access?.permissions ?? [],
      processIds: access?.process_ids ?? [],
      attachmentProcessIds: access?.attachment_process_ids ?? [],
      roleIds: access?.role_ids ?? [],
      effectivePermissions: access?.effective_permissions ?? [],
      badgeCode: access?.badge_code ?? null,
    };
  }

  // ——— rules ———

  private async permissionsOf(manager: EntityManager, userId: number): Promise<string[]> {
    const rows: { permissions: string[] }[] = await manager.query(`SELECT ${effectivePermissionsSql('u')} AS permissions FROM app_user u WHERE u.id = $1`, [userId]);
    return rows[0]?.permissions ?? [];
  }

  /**
   * Runs a change to user `targetId` and records it in the security log: refusals and failures
   * always (with the error), success unless `logSuccess` is false (the caller logs it itself).
   */
  private async logged<T>(action: SecurityAction, targetId: number, actor: AuthenticatedUser | undefined, work: () => Promise<T>, logSuccess = true): Promise<T> {
    const who = actor as (AuthenticatedUser & SecurityActor) | undefined;
    const target = async () => {
      const rows: { username: string }[] = await this.dataSource.query(`SELECT username FROM app_user WHERE id = $1`, [targetId]).catch(() => []);
      return { type: 'user', id: targetId, label: rows[0]?.username ?? '' };
    };
    try {
      const result = await work();
      if (logSuccess) void this.securityLog.record({ action, result: 'success', actor: who, target: await target() });
      return result;
    } catch (error) {
      const refused = error instanceof DomainException && error.status >= 400 && error.status < 500;
      void this.securityLog.record({
        action,
        result: refused ? 'refused' : 'failure',
        actor: who,
        target: await target(),
        detail: { error: error instanceof DomainException ? error.error : 'internal' },
      });
      throw error;
    }
  }

  /** Refuses when `userId` is the last enabled user who may edit permissions. */
  private async refuseLosingLastAdmin(manager: EntityManager, userId: number): Promise<void> {
    const rows: { others: number; is_admin: boolean }[] = await manager.query(
      `SELECT count(*) FILTER (WHERE u.id <> $1)::int AS others, bool_or(u.id = $1) AS is_admin
         FROM app_user u WHERE u.enabled AND $2 = ANY (${effectivePermissionsSql('u')})`,
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

/** A user may act on another only when that one holds nothing more than they do (see class doc). */
function refuseMorePrivileged(actor: AuthenticatedUser, targetPermissions: string[]): void {
  if (actor.permissions.includes(PERMISSION_ADMIN)) return;
  const held = new Set(actor.permissions);
  if (targetPermissions.includes(PERMISSION_ADMIN) || targetPermissions.some((name) => !held.has(name))) {
    throw new DomainException('userMorePrivileged');
  }
}

function dedupe<T>(values: T[] | undefined): T[] | null {
  return values ? [...new Set(values)] : null;
}

export const USER_ADMIN_DEFINITION = USER_DEFINITION;
