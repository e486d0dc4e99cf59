import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { decodeTicket, type ProgressColumn, type ProgressRow, type ScanLookup, type ScanLookupCell, type ScanLookupSubProcess } from '../../../contracts/production.js';
import { DomainException } from '../common/errors/domain.exception.js';
import { ProgressReadRepository } from '../progress/progress-read.repository.js';
import { SettingService } from '../setting/setting.service.js';
import type { ScanLookupQueryDto } from './scan.dto.js';
import { ScanRepository } from './scan.repository.js';
import { cellNumbers, roomLeft, stationNumbers } from './scan.rules.js';

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
    const [columns, settings] = await Promise.all([this.progress.columns(manager), this.settings.productionSettings(manager)]);
    const processId = query.processId ?? columns.find((column) => column.code === typed?.processCode)?.id ?? null;
    const step = processId === null ? undefined : row.steps[String(processId)];
    const warnings: string[] = [];
    if (!row.reviewed) warnings.push('orderNotReviewed');
    if (!row.hasDocument) warnings.push('uploadProductionOrderFirst');
    // "Remaining" is plan − done; the tolerance is a number of its own (issue 10: one tap on
    // "all remaining" of a 520-piece order used to record 546).
    const route = routeOf(row, columns);
    const here = step ? { ...step, ...flagsOf(columns, step.processId) } : null;
    const numbers = here ? stationNumbers(route, here, settings) : null;
    // The grid and the sub-processes are read side by side.
    const [grid, subs] = await Promise.all([this.gridOf(row.id, step ? processId : null), here ? this.scans.subProcessesOf(manager, row.id, here.processId) : []]);
    // Each sub-process's own pieces and room (ScanService.record checks an earlier one the same way;
    // the last one's pieces are the process's progress, so its room is the process's).
    const subProcesses: ScanLookupSubProcess[] = here
      ? subs.map((sub) => ({
          id: sub.id,
          sequence: sub.sequence,
          name: sub.name,
          pieceRate: sub.pieceRate,
          last: sub.last,
          done: sub.done,
          remaining: Math.max(0, here.planned - sub.done),
          limit: sub.last ? numbers!.limit : roomLeft(route, { ...here, done: sub.done }, settings),
        }))
      : [];
    const cells: ScanLookupCell[] = numbers
      ? grid.cells.map(({ colorId, sizeId, planned, done }) => ({ colorId, sizeId, planned, done, ...cellNumbers({ planned, done }, numbers, settings) }))
      : [];
    return {
      row,
      columns,
      processId,
      remaining: numbers?.remaining ?? null,
      colors: grid.colors,
      sizes: grid.sizes,
      warnings,
      tolerance: numbers?.tolerance ?? null,
      ready: numbers?.ready ?? null,
      limit: numbers?.limit ?? null,
      cells,
      subProcesses,
    };
  }

  /** The order's colours and sizes, and at `processId` each cell's plan and done. */
  private async gridOf(orderId: number, processId: number | null) {
    const rows: { colorId: number; colorName: string; sizeId: number; sizeName: string; planned: number; done: number }[] = await this.dataSource.query(
      `SELECT c.color_id AS "colorId", co.name AS "colorName", c.size_id AS "sizeId", sz.name AS "sizeName",
              c.quantity AS planned, coalesce(p.done_quantity, 0) AS done
         FROM production_order_cell c JOIN color co ON co.id = c.color_id JOIN size sz ON sz.id = c.size_id
         LEFT JOIN production_order_cell_progress p
           ON p.order_id = c.order_id AND p.process_id = $2 AND p.color_id = c.color_id AND p.size_id = c.size_id
        WHERE c.order_id = $1 ORDER BY co.code, sz.sort_order, sz.id`,
      [orderId, processId ?? 0],
    );
    const unique = <T extends { id: number }>(items: T[]) => [...new Map(items.map((item) => [item.id, item])).values()];
    return {
      colors: unique(rows.map((row) => ({ id: row.colorId, name: row.colorName }))),
      sizes: unique(rows.map((row) => ({ id: row.sizeId, name: row.sizeName }))),
      cells: rows.map((row) => ({ colorId: row.colorId, sizeId: row.sizeId, planned: Number(row.planned), done: Number(row.done) })),
    };
  }
}
