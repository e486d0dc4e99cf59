import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

/** Reads and writes one JSON value per key in system_setting. */
@Injectable()
export class SettingRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async get<T>(key: string, manager: EntityManager = this.dataSource.manager): Promise<T | undefined> {
    const rows: { value: T }[] = await manager.query(`SELECT value FROM system_setting WHERE key = $1`, [key]);
    return rows[0]?.value;
  }

  /** Several keys in one round trip (screens and the board snapshot read a few together); a missing key is absent from the map. */
  async getMany(keys: readonly string[], manager: EntityManager = this.dataSource.manager): Promise<Map<string, unknown>> {
    const rows: { key: string; value: unknown }[] = await manager.query(`SELECT key, value FROM system_setting WHERE key = ANY($1::text[])`, [keys]);
    return new Map(rows.map((row) => [row.key, row.value]));
  }

  async insertIfMissing(key: string, value: unknown): Promise<void> {
    await this.dataSource.query(`INSERT INTO system_setting (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO NOTHING`, [
      key,
      JSON.stringify(value),
    ]);
  }

  /** Reads a key and locks its row for the rest of the transaction (creating it when missing). */
  async getForUpdate<T>(manager: EntityManager, key: string, initial: T): Promise<T> {
    await manager.query(`INSERT INTO system_setting (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO NOTHING`, [
      key,
      JSON.stringify(initial),
    ]);
    const rows: { value: T }[] = await manager.query(`SELECT value FROM system_setting WHERE key = $1 FOR UPDATE`, [key]);
    return rows[0].value;
  }

  async set(key: string, value: unknown, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(
      `INSERT INTO system_setting (key, value) VALUES ($1, $2::jsonb)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now()`,
      [key, JSON.stringify(value)],
    );
  }

  /** How many of `ids` exist in `table` (a fixed table name from our code, never input). */
  async countExisting(manager: EntityManager, table: 'process' | 'customer', ids: readonly number[]): Promise<number> {
    const rows: { count: number }[] = await manager.query(`SELECT count(*)::int AS count FROM ${table} WHERE id = ANY($1::int[])`, [ids]);
    return rows[0].count;
  }
}
