import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { runExclusiveMaintenance } from '../common/maintenance/exclusive-maintenance.js';
import { DomainException } from '../common/errors/domain.exception.js';
import { SettingService } from '../setting/setting.service.js';
import { publishDataReset } from './data-reset.js';

/**
 * What "clear all" wipes: the orders and everything hanging off them (children first), the
 * piece-rate summaries built from scans, and the event log. Cut lays, bundles and QC findings go
 * with their orders. Base data (defect types too), users, roles, settings,
 * sessions, uploads, order-number counters and the audit trail (security_event) stay. The
 * clear-all spec checks that every table with a foreign key to one of these is listed too.
 */
export const CLEARED_TABLES = [
  'user_notification',
  'delay_alert',
  'production_order_follower',
  'production_order_document',
  'production_order_cell_progress',
  'bundle_defect',
  'bundle_inspection',
  'scan',
  'bundle',
  'cut_lay',
  'production_order_step',
  'production_order_cell',
  'production_order',
  'sale_order_cell',
  'sale_order_line',
  'sale_order',
  'worker_daily_output',
] as const;

export interface ClearAllResult {
  saleOrders: number;
  productionOrders: number;
  scans: number;
  events: number;
}

@Injectable()
export class ClearAllService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly settings: SettingService,
  ) {}

  async clearAll(confirmTitle: string): Promise<ClearAllResult> {
    const titles = await this.settings.systemTitles();
    const typed = confirmTitle.trim();
    if (!typed || (typed !== titles['zh-CN'].trim() && typed !== titles.en.trim())) {
      throw new DomainException('validation', {}, { field: 'confirmTitle', problem: 'titleMismatch', label: { 'zh-CN': '系统名称', en: 'System title' } });
    }
    return runExclusiveMaintenance(this.dataSource, async (manager) => {
      const [counts]: { sale_orders: number; production_orders: number; scans: number; events: number }[] = await manager.query(
        `SELECT (SELECT count(*)::int FROM sale_order) AS sale_orders,
                (SELECT count(*)::int FROM production_order) AS production_orders,
                (SELECT count(*)::int FROM scan) AS scans,
                (SELECT count(*)::int FROM domain_event) AS events`,
      );
      // One TRUNCATE of the whole set (foreign keys among them allowed, row triggers not fired);
      // CASCADE also empties a table added later that hangs off an order (it is order data too).
      // CONTINUE IDENTITY: ids and, above all, the event log's seq never go back (clients hold lastSeq).
      await manager.query(`TRUNCATE ${CLEARED_TABLES.join(', ')} CONTINUE IDENTITY CASCADE`);
      await manager.query(`DELETE FROM domain_event`);
      await publishDataReset(manager, 'clearAll');
      return { saleOrders: counts.sale_orders, productionOrders: counts.production_orders, scans: counts.scans, events: counts.events };
    });
  }
}
