import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ROOMS } from '../../../contracts/events.js';
import type { RoleRecord } from '../../../contracts/users.js';
import { DomainException } from '../common/errors/domain.exception.js';
import type { AuthenticatedUser } from '../common/http/route-access.decorators.js';
import { UnitOfWork, type Transaction } from '../events/unit-of-work.service.js';
import { SecurityLogService, type SecurityActor } from '../security-log/security-log.service.js';
import { assertNoSelfEscalation, assertPermissionAdminRemains, PERMISSION_ADMINS_LOCK } from './access-rules.js';
import type { CreateRoleDto, UpdateRoleDto } from './role.dto.js';
import { RoleRepository } from './role.repository.js';

const UNIQUE_VIOLATION = '23505';
const NAME_LABEL = { 'zh-CN': '角色名称', en: 'Role name' };

/**
 * Roles: named permission sets. Every write runs under the permission-administrators lock and
 * re-checks the access rules on the state it is about to commit (access-rules.ts): the last
 * administrator is never lost, an administrator cannot widen or drop their own access through a
 * role they hold. Holders of a changed role get `user.accessChanged` in their own room, so their
 * open screens re-read their access; the server itself reads it from the database per request.
 */
@Injectable()
export class RoleService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly unitOfWork: UnitOfWork,
    private readonly roles: RoleRepository,
    private readonly securityLog: SecurityLogService,
  ) {}

  list(): Promise<RoleRecord[]> {
    return this.roles.list(this.dataSource.manager);
  }

  async create(input: CreateRoleDto, actor: AuthenticatedUser): Promise<RoleRecord> {
    return this.logged('create', null, actor, () =>
      this.write(async (tx) => {
        if (await this.roles.nameTaken(tx.manager, input.name)) throw nameTaken();
        const id = await this.roles.insert(tx.manager, { name: input.name, description: input.description ?? '', permissions: dedupe(input.permissions) });
        return (await this.roles.findById(tx.manager, id))!;
      }),
    );
  }

  async update(change: UpdateRoleDto, actor: AuthenticatedUser): Promise<RoleRecord> {
    return this.logged('update', change.id, actor, () =>
      this.write(async (tx) => {
        const existing = await this.roles.findById(tx.manager, change.id);
        if (!existing) throw new DomainException('notFound');
        if (change.name !== undefined && (await this.roles.nameTaken(tx.manager, change.name, change.id))) throw nameTaken();
        const permissions = change.permissions ? dedupe(change.permissions) : undefined;
        const written = await this.roles.update(tx.manager, change.id, change.version, { name: change.name, description: change.description, permissions });
        if (!written) throw new DomainException('conflict');
        if (permissions && !samePermissions(permissions, existing.permissions)) {
          await assertPermissionAdminRemains(tx.manager);
          await assertNoSelfEscalation(tx.manager, actor);
          const holders = await this.roles.holderIds(tx.manager, change.id);
          if (holders.length) tx.publish('user.accessChanged', { source: 'role', id: change.id }, holders.map(ROOMS.user));
        }
        return (await this.roles.findById(tx.manager, change.id))!;
      }),
    );
  }

  /** Refused while anyone holds the role: deleting it would silently take their pages away. */
  async delete(id: number, actor: AuthenticatedUser): Promise<void> {
    await this.logged('delete', id, actor, () =>
      this.write(async (tx) => {
        const existing = await this.roles.findById(tx.manager, id);
        if (!existing) throw new DomainException('notFound');
        const holders = await this.roles.holders(tx.manager, id);
        if (holders.count > 0) {
          const more = holders.count - holders.usernames.length;
          const names = holders.usernames.join(', ') + (more > 0 ? ' …' : '');
          throw new DomainException('roleInUse', { role: existing.name, count: holders.count, users: names }, { count: holders.count });
        }
        await this.roles.delete(tx.manager, id);
        return existing;
      }),
    );
  }

  private write<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.unitOfWork
      .run(async (tx) => {
        await tx.manager.query(PERMISSION_ADMINS_LOCK);
        return work(tx);
      })
      .catch((error: unknown) => {
        // The pre-check runs under the lock, so only a writer outside this service could get here.
        if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw nameTaken();
        throw error;
      });
  }

  /** Role changes are permission changes: each is in the security log, refusals included. */
  private async logged(
    change: 'create' | 'update' | 'delete',
    roleId: number | null,
    actor: AuthenticatedUser,
    work: () => Promise<RoleRecord>,
  ): Promise<RoleRecord> {
    const who = actor as AuthenticatedUser & SecurityActor;
    try {
      const role = await work();
      void this.securityLog.record({
        action: 'permission.update',
        result: 'success',
        actor: who,
        target: { type: 'role', id: role.id, label: role.name },
        detail: { change, permissions: role.permissions },
      });
      return role;
    } catch (error) {
      const refused = error instanceof DomainException && error.status < 500;
      void this.securityLog.record({
        action: 'permission.update',
        result: refused ? 'refused' : 'failure',
        actor: who,
        target: { type: 'role', id: roleId },
        detail: { change, error: error instanceof DomainException ? error.error : 'internal' },
      });
      throw error;
    }
  }
}

const nameTaken = () => new DomainException('alreadyExists', {}, { field: 'name', label: NAME_LABEL });

function dedupe(values: readonly string[]): string[] {
  return [...new Set(values)];
}

function samePermissions(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  return left.size === new Set(b).size && b.every((name) => left.has(name));
}
