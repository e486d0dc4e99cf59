import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { OVERVIEW_SCAN_LIMIT, type OrderOverview, type OverviewSaleOrder, type OverviewStep } from '../../../contracts/order-overview.js';
import type { ProductionOrder } from '../../../contracts/orders.js';
import type { ProgressColumn, ProgressRow } from '../../../contracts/production.js';
import { DomainException } from '../common/errors/domain.exception.js';
import type { AuthenticatedUser } from '../common/http/route-access.decorators.js';
import { ProductionOrderService } from '../production-order/production-order.service.js';
import { ProgressReadRepository } from '../progress/progress-read.repository.js';
import { SaleOrderRepository } from '../sale-order/sale-order.repository.js';
import { mayViewProductionDocument } from '../upload/document-access.js';
import { OrderOverviewRepository } from './order-overview.repository.js';

/**
 * One production order seen whole: it composes the reads the order, schedule, sales-order and
 * document screens already use, so the numbers here are those screens' numbers, and one route
 * permission (OrderOverview) suffices instead of each of theirs.
 */
@Injectable()
export class OrderOverviewService {
  private readonly saleOrders = new SaleOrderRepository();
  private readonly overview = new OrderOverviewRepository();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly productionOrders: ProductionOrderService,
    private readonly progress: ProgressReadRepository,
  ) {}

  /**
   * Read in one REPEATABLE READ transaction: a scan committed between two of these queries would
   * otherwise show in the route's numbers but not in the history (or the other way round).
   * Hidden orders are answered too, marked `hidden` (see contracts/order-overview.ts).
   */
  async overviewOf(id: number, user: AuthenticatedUser): Promise<OrderOverview> {
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const row = await this.progress.row(id, manager);
      if (!row) throw new DomainException('notFound');
      const order = await this.productionOrders.detail(id, manager);
      const columns = await this.progress.columns(manager);
      const saleOrder = order.saleOrderId !== null ? await this.saleOrderOf(manager, order.saleOrderId) : null;
      const scans = await this.progress.scanRecords(manager, { orderId: id }, OVERVIEW_SCAN_LIMIT);
      // Below the limit the history is the whole count: no second query.
      const scanCount = scans.length < OVERVIEW_SCAN_LIMIT ? scans.length : await this.overview.scanCount(manager, id);
      return {
        order: {
          id: order.id,
          version: order.version,
          orderNo: order.orderNo,
          customerLabel: order.customerLabel,
          customerOrderNo: order.customerOrderNo,
          goodsId: order.goodsId,
          goodsCode: order.goodsCode,
          productName: order.productName,
          goodsImage: order.goodsImage,
          orderDate: order.orderDate,
          deliveryDate: order.deliveryDate,
          totalQuantity: order.totalQuantity,
          note: order.note,
          hidden: order.hidden,
          completed: row.completed,
          completedAt: row.completedAt,
          flagged: row.flagged,
          finishRate: row.finishRate,
          delayDays: row.delayDays,
          status: row.status,
          lastScanAt: row.lastScanAt,
        },
        saleOrder,
        grid: { colors: order.colors ?? [], sizes: order.sizes ?? [], cells: order.cells ?? [] },
        route: routeOf(order, row, columns),
        document: {
          uploaded: order.document !== null,
          uploadedAt: order.documentUploadedAt ? new Date(order.documentUploadedAt).toISOString() : null,
          viewable: order.document !== null && (await mayViewProductionDocument(manager, user, id)),
        },
        review: { reviewed: order.reviewed, reviewedAt: order.reviewedAt, reviewedBy: order.reviewedBy, note: order.reviewNote },
        scans,
        scanCount,
      };
    });
  }

  private async saleOrderOf(manager: EntityManager, id: number): Promise<OverviewSaleOrder | null> {
    const sale = await this.saleOrders.findById(manager, id);
    if (!sale) return null;
    return {
      id: sale.id,
      orderNo: sale.orderNo,
      customerLabel: sale.customerLabel,
      customerOrderNo: sale.customerOrderNo,
      orderDate: sale.orderDate,
      deliveryDate: sale.deliveryDate,
      expectedDelivery: sale.expectedDelivery,
      merchandiserLabel: sale.merchandiserLabel,
      totalQuantity: sale.totalQuantity,
    };
  }
}

/** The route in its sequence, each step with its process's name and its progress. */
function routeOf(order: ProductionOrder, row: ProgressRow, columns: ProgressColumn[]): OverviewStep[] {
  const columnOf = new Map(columns.map((column) => [column.id, column]));
  return (order.route ?? []).flatMap((step) => {
    const progress = row.steps[String(step.processId)];
    if (!progress) return [];
    return [{ ...progress, processName: step.processName ?? columnOf.get(step.processId)?.name ?? '', endProcess: columnOf.get(step.processId)?.endProcess ?? false }];
  });
}
