import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { DEFAULT_ORDER_NUMBER_PATTERNS } from '../../../contracts/orders.js';
import { assertValidPattern, ORDER_NUMBER_KINDS, resolvePattern, type OrderNumberKind } from './order-number-pattern.js';

export type OrderNumberPatterns = Record<OrderNumberKind, string>;

const settingKey = (kind: OrderNumberKind) => `order.numberPattern.${kind}`;
/** Tries before giving up when generated numbers are already taken (by numbers typed in by hand). */
const MAX_ATTEMPTS = 20;

/**
 * Issues order numbers from the pattern in system_setting. The counter row is incremented with
 * INSERT … ON CONFLICT DO UPDATE … RETURNING in the caller's transaction: concurrent creates get
 * distinct numbers (the row lock serialises them), a rolled-back create leaves a gap, never a
 * duplicate.
 */
@Injectable()
export class OrderNumberService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async patterns(manager: EntityManager = this.dataSource.manager): Promise<OrderNumberPatterns> {
    const rows: { key: string; value: unknown }[] = await manager.query(`SELECT key, value FROM system_setting WHERE key = ANY ($1::text[])`, [
      ORDER_NUMBER_KINDS.map(settingKey),
    ]);
    const stored = new Map(rows.map((row) => [row.key, row.value]));
    return Object.fromEntries(
      ORDER_NUMBER_KINDS.map((kind) => {
        const value = stored.get(settingKey(kind));
        return [kind, typeof value === 'string' && value ? value : DEFAULT_ORDER_NUMBER_PATTERNS[kind]];
      }),
    ) as OrderNumberPatterns;
  }

  async updatePatterns(changes: Partial<OrderNumberPatterns>): Promise<OrderNumberPatterns> {
    for (const kind of ORDER_NUMBER_KINDS) {
      const pattern = changes[kind];
      if (pattern !== undefined) assertValidPattern(pattern, kind);
    }
    await this.dataSource.transaction(async (manager) => {
      for (const kind of ORDER_NUMBER_KINDS) {
        const pattern = changes[kind];
        if (pattern === undefined) continue;
        await manager.query(
          `INSERT INTO system_setting (key, value) VALUES ($1, $2::jsonb)
           ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now()`,
          [settingKey(kind), JSON.stringify(pattern)],
        );
      }
    });
    return this.patterns();
  }

  /**
   * The next number for `kind`, inside the caller's transaction (`manager`). `isTaken` lets the
   * caller skip numbers already used (an order number typed in by hand that matches the pattern).
   */
  async next(
    manager: EntityManager,
    kind: OrderNumberKind,
    isTaken: (orderNo: string) => Promise<boolean> = async () => false,
    date: Date = new Date(),
  ): Promise<string> {
    const pattern = (await this.patterns(manager))[kind];
    const { prefix, format } = resolvePattern(pattern, date);
    const key = `${kind}:${prefix}`;
    let orderNo = '';
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const rows: { last: number }[] = await manager.query(
        `INSERT INTO order_number_counter AS c (prefix, last) VALUES ($1, 1)
         ON CONFLICT (prefix) DO UPDATE SET last = c.last + 1
         RETURNING last`,
        [key],
      );
      orderNo = format(rows[0].last);
      if (!(await isTaken(orderNo))) return orderNo;
    }
    return orderNo;
  }
}
