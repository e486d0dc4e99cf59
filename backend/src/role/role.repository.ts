import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { RoleRecord } from '../../../contracts/users.js';

interface RoleRow {
  id: number;
  version: number;
  name: string;
  description: string;
  permissions: string[];
  user_count: number;
  created_at: Date;
  updated_at: Date;
}

const SELECT_ROLES = `
  SELECT r.id, r.version, r.name, r.description, r.permissions, r.created_at, r.updated_at,
         (SELECT count(*)::int FROM app_user_role ur WHERE ur.role_id = r.id) AS user_count
    FROM app_role r`;

const toRecord = (row: RoleRow): RoleRecord => ({
  id: row.id,
  version: row.version,
  name: row.name,
  description: row.description,
  permissions: row.permissions,
  userCount: row.user_count,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

/** The SQL of roles and of who holds them; every method runs on the caller's manager (transaction). */
@Injectable()
export class RoleRepository {
  async list(manager: EntityManager): Promise<RoleRecord[]> {
    const rows: RoleRow[] = await manager.query(`${SELECT_ROLES} ORDER BY lower(r.name), r.id`);
    return rows.map(toRecord);
  }

  async findById(manager: EntityManager, id: number): Promise<RoleRecord | null> {
    const rows: RoleRow[] = await manager.query(`${SELECT_ROLES} WHERE r.id = $1`, [id]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async findByIds(manager: EntityManager, ids: readonly number[]): Promise<RoleRecord[]> {
    if (ids.length === 0) return [];
    const rows: RoleRow[] = await manager.query(`${SELECT_ROLES} WHERE r.id = ANY ($1::int[]) ORDER BY lower(r.name), r.id`, [ids]);
    return rows.map(toRecord);
  }

  /** Another role with this name, ignoring case (the unique index is the last line of defence). */
  async nameTaken(manager: EntityManager, name: string, exceptId?: number): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM app_role WHERE lower(name) = lower($1) AND id IS DISTINCT FROM $2`, [name, exceptId ?? null]);
    return rows.length > 0;
  }

  async insert(manager: EntityManager, values: { name: string; description: string; permissions: string[] }): Promise<number> {
    const rows: { id: number }[] = await manager.query(
      `INSERT INTO app_role (name, description, permissions) VALUES ($1, $2, $3::text[]) RETURNING id`,
      [values.name, values.description, values.permissions],
    );
    return rows[0].id;
  }

  /** Writes the given fields when `version` is current; false when it is stale (or the role is gone). */
  async update(manager: EntityManager, id: number, version: number, values: { name?: string; description?: string; permissions?: string[] }): Promise<boolean> {
    const result: [unknown[], number] = await manager.query(
      `UPDATE app_role SET name = coalesce($3, name), description = coalesce($4, description),
              permissions = coalesce($5::text[], permissions), version = version + 1, updated_at = now()
        WHERE id = $1 AND version = $2`,
      [id, version, values.name ?? null, values.description ?? null, values.permissions ?? null],
    );
    return result[1] > 0;
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.query(`DELETE FROM app_role WHERE id = $1`, [id]);
  }

  /** Usernames of the users holding a role, at most `limit` of them, and how many there are. */
  async holders(manager: EntityManager, roleId: number, limit = 5): Promise<{ count: number; usernames: string[] }> {
    const rows: { username: string; total: number }[] = await manager.query(
      `SELECT u.username, count(*) OVER ()::int AS total FROM app_user_role ur JOIN app_user u ON u.id = ur.user_id
        WHERE ur.role_id = $1 ORDER BY lower(u.username) LIMIT $2`,
      [roleId, limit],
    );
    return { count: rows[0]?.total ?? 0, usernames: rows.map((row) => row.username) };
  }

  async holderIds(manager: EntityManager, roleId: number): Promise<number[]> {
    const rows: { user_id: number }[] = await manager.query(`SELECT user_id FROM app_user_role WHERE role_id = $1`, [roleId]);
    return rows.map((row) => row.user_id);
  }

  async roleIdsOfUser(manager: EntityManager, userId: number): Promise<number[]> {
    const rows: { role_id: number }[] = await manager.query(`SELECT role_id FROM app_user_role WHERE user_id = $1 ORDER BY role_id`, [userId]);
    return rows.map((row) => row.role_id);
  }

  /** Replaces the roles a user holds. */
  async setRolesOfUser(manager: EntityManager, userId: number, roleIds: readonly number[]): Promise<void> {
    await manager.query(`DELETE FROM app_user_role WHERE user_id = $1 AND role_id <> ALL ($2::int[])`, [userId, roleIds]);
    if (roleIds.length) {
      await manager.query(
        `INSERT INTO app_user_role (user_id, role_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`,
        [userId, roleIds],
      );
    }
  }
}
