import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { decodeTicket, type ProgressColumn, type ProgressRow, type ScanLookup } from '../../../contracts/production.js';
import { DomainException } from '../common/errors/domain.exception.js';
import { ProgressReadRepository } from '../progress/progress-read.repository.js';
import { SettingService } from '../setting/setting.service.js';
import type { ScanLookupQueryDto } from './scan.dto.js';
import { ScanRepository } from './scan.repository.js';
import { roomLeft } from './scan.rules.js';

function flagsOf(columns: ProgressColumn[], processId: number) {
  const column = columns.find((candidate) => candidate.id === processId);
  return { warehouseIn: column?.warehouseIn ?? false, warehouseOut: column?.warehouseOut ?? false };
}

/** The order's route in sequence, with each process's warehouse flags. */
function routeOf(row: ProgressRow, columns: ProgressColumn[]) {
  return Object.values(row.steps)
    .map((step) => ({ ...step, ...flagsOf(columns, step.processId) }))
    .sort((a, b) => a.sequence - b.sequence);
}

/** What the scan station shows after an order is scanned: progress, room left, grid, flags. */
@Injectable()
export class ScanLookupService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly progress: ProgressReadRepository,
    private readonly scans: ScanRepository,
    private readonly settings: SettingService,
  ) {}

  /** Warnings are message keys (errors.<key>); the controller translates them. */
  async lookup(query: ScanLookupQueryDto): Promise<ScanLookup> {
    const manager = this.dataSource.manager;
    const typed = query.orderNo !== undefined ? decodeTicket(query.orderNo) : null;
    const orderId = query.orderId ?? (typed ? await this.scans.orderIdByNumber(manager, typed.orderNo) : null);
    const row = orderId === null ? null : await this.progress.row(orderId, manager);
    if (!row) throw new DomainException('orderNotFound', { orderNo: typed?.orderNo ?? String(query.orderId ?? '') }, { field: 'orderNo' });
    const [columns, settings, grid] = await Promise.all([
      this.progress.columns(manager),
      this.settings.productionSettings(manager),
      this.gridOf(row.id),
    ]);
    const processId = query.processId ?? columns.find((column) => column.code === typed?.processCode)?.id ?? null;
    const step = processId === null ? undefined : row.steps[String(processId)];
    const warnings: string[] = [];
    if (!row.reviewed) warnings.push('orderNotReviewed');
    if (!row.hasDocument) warnings.push('uploadProductionOrderFirst');
    return {
      row,
      columns,
      processId,
      remaining: step ? roomLeft(routeOf(row, columns), { ...step, ...flagsOf(columns, step.processId) }, settings) : null,
      ...grid,
      warnings,
    };
  }

  private async gridOf(orderId: number): Promise<Pick<ScanLookup, 'colors' | 'sizes'>> {
    const rows: { colorId: number; colorName: string; sizeId: number; sizeName: string }[] = await this.dataSource.query(
      `SELECT c.color_id AS "colorId", co.name AS "colorName", c.size_id AS "sizeId", sz.name AS "sizeName"
         FROM production_order_cell c JOIN color co ON co.id = c.color_id JOIN size sz ON sz.id = c.size_id
        WHERE c.order_id = $1 ORDER BY co.code, sz.sort_order, sz.id`,
      [orderId],
    );
    const unique = <T extends { id: number }>(items: T[]) => [...new Map(items.map((item) => [item.id, item])).values()];
    return {
      colors: unique(rows.map((row) => ({ id: row.colorId, name: row.colorName }))),
      sizes: unique(rows.map((row) => ({ id: row.sizeId, name: row.sizeName }))),
    };
  }
}
