import { Injectable, Optional } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { ROOMS, type ProductionOrderAction } from '../../../contracts/events.js';
import type { ListPage } from '../../../contracts/master-data.js';
import type { MatrixCell, ProductionOrder, RouteStep } from '../../../contracts/orders.js';
import { AuthService } from '../auth/auth.service.js';
import { DomainException } from '../common/errors/domain.exception.js';
import type { AuthenticatedUser } from '../common/http/route-access.decorators.js';
import { UnitOfWork, type Transaction } from '../events/unit-of-work.service.js';
import { GoodsRepository } from '../goods/goods.repository.js';
import { OrderNumberService } from '../order-number/order-number.service.js';
import type { ParsedListQuery } from '../master-data/list-query.js';
import type { Attachment, OrderDocuments } from '../../../contracts/attachments.js';
import { UPLOAD_ID_PATTERN } from '../upload/attachment-store.js';
import { mayViewProductionDocument } from '../upload/document-access.js';
import { assertUploadExists } from '../upload/upload-reference.js';
import { UPLOAD_IS_REFERENCED } from '../upload/orphan-cleanup.js';
import { UploadRepository } from '../upload/upload.repository.js';
import { UploadService, type ServedFile } from '../upload/upload.service.js';
import type { CancelReviewDto, ProductionOrderCreateDto, ProductionOrderUpdateDto, ReviewDto, UploadDocumentDto } from './production-order.dto.js';
import { HEADER_COLUMNS, ProductionOrderRepository, type HeaderValues, type NewProductionOrder } from './production-order.repository.js';
import {
  assertCellsFitStyle,
  assertDates,
  defaultRoute,
  invalid,
  isDate,
  loadStyleGrids,
  parseCells,
  parseIdList,
  parseRoute,
  totalOf,
} from './production-order.rules.js';

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

/** Rooms of a production-order change (contracts/events.ts). */
const roomsOf = (id: number) => [ROOMS.productionOrders, ROOMS.order(id), ROOMS.board, ROOMS.statistics];

/**
 * Production orders: direct entry, made from sales-order lines or imported; the grid and route
 * are frozen while the order is reviewed; review, the production document and hiding.
 */
@Injectable()
export class ProductionOrderService {
  readonly orders = new ProductionOrderRepository();
  private readonly goods = new GoodsRepository();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly unitOfWork: UnitOfWork,
    private readonly auth: AuthService,
    private readonly moduleRef: ModuleRef,
    // Optional until the order-number module is registered in the app.
    @Optional() private readonly numbers?: OrderNumberService,
  ) {}

  async list(query: ParsedListQuery): Promise<ListPage<ProductionOrder>> {
    const { rows, total } = await this.orders.list(this.dataSource.manager, query);
    return { list: rows, total, page: query.page, pageSize: query.pageSize };
  }

  /** Every order of the filter for an Excel export; more than `limit` is refused (exportTooLarge), never cut short silently. */
  async exportRows(query: ParsedListQuery, limit: number): Promise<ProductionOrder[]> {
    const { rows, total } = await this.orders.list(this.dataSource.manager, query, limit, 0);
    if (total > limit) throw new DomainException('exportTooLarge', { count: total, max: limit });
    return rows;
  }

  async detail(id: number, manager: EntityManager = this.dataSource.manager): Promise<ProductionOrder> {
    const order = await this.orders.findById(manager, id);
    if (!order) throw new DomainException('notFound');
    const goodsRow: { sizeGroupId: number }[] = await manager.query(`SELECT size_group_id AS "sizeGroupId" FROM goods WHERE id = $1`, [order.goodsId]);
    const sizes = await this.goods.sizesOf(manager, order.goodsId, goodsRow[0].sizeGroupId);
    return {
      ...order,
      cells: await this.orders.cellsOf(manager, id),
      colors: await this.goods.colorsOf(manager, order.goodsId),
      sizes: sizes.map((size) => ({ id: size.id, name: size.name })),
      route: await this.orders.routeOf(manager, id),
    };
  }

  // ——— creating ———

  async create(input: ProductionOrderCreateDto): Promise<ProductionOrder> {
    assertDates(input.orderDate, input.deliveryDate);
    const cells = parseCells(input.cells);
    return this.write(async (tx) => {
      if (!(await this.orders.customerExists(tx.manager, input.customer))) throw new DomainException('referenceInvalid', {}, { field: 'customer' });
      const grid = (await loadStyleGrids(tx.manager, [input.goodsId])).get(input.goodsId);
      if (!grid) throw new DomainException('goodsCodeInvalid', { line: 1 }, { field: 'goodsId' });
      assertCellsFitStyle(cells, grid);
      const route =
        input.route !== undefined
          ? await parseRoute(tx.manager, input.route, input.orderDate, input.deliveryDate)
          : defaultRoute(await this.orders.processFlow(tx.manager), input.orderDate, input.deliveryDate);
      const [orderNo] = input.orderNo ? [input.orderNo] : await this.issueOrderNos(tx, 1);
      const [created] = await this.orders.insertMany(tx.manager, [
        {
          header: {
            orderNo,
            customer: input.customer,
            goodsId: input.goodsId,
            productName: input.productName || grid.name,
            customerOrderNo: input.customerOrderNo ?? '',
            orderDate: input.orderDate,
            deliveryDate: input.deliveryDate,
            totalQuantity: totalOf(cells),
            note: input.note ?? '',
          },
          cells,
          route,
        },
      ]);
      this.publish(tx, created.id, orderNo, 'created', 1);
      return this.detail(created.id, tx.manager);
    });
  }

  /** One production order per selected sales-order line (all lines not yet in production when none are selected). */
  async createFromSaleOrder(saleOrderId: number, lineIdsText: string | undefined): Promise<ProductionOrder[]> {
    const lineIds = parseIdList(lineIdsText, 'lineIds');
    return this.write(async (tx) => {
      const saleOrder = await this.orders.saleOrderHeader(tx.manager, saleOrderId);
      if (!saleOrder) throw new DomainException('notFound');
      const lines = await this.orders.saleOrderLines(tx.manager, saleOrderId);
      let chosen = lines.filter((line) => !line.inProduction);
      if (lineIds.length) {
        const byId = new Map(lines.map((line) => [line.id, line]));
        const unknown = lineIds.filter((id) => !byId.has(id));
        if (unknown.length) throw new DomainException('referenceInvalid', {}, { field: 'lineIds', ids: unknown });
        chosen = lineIds.map((id) => byId.get(id)!);
        const taken = chosen.filter((line) => line.inProduction);
        if (taken.length) {
          const [first] = taken;
          throw new DomainException(
            'saleLineInProduction',
            { line: first.lineNo, style: first.styleCode, orderNo: first.productionOrderNo ?? '' },
            { field: 'lineIds', ids: taken.map((line) => line.id), productionOrderNo: first.productionOrderNo },
          );
        }
      }
      if (chosen.length === 0) throw new DomainException('saleLinesAllInProduction', {}, { field: 'lineIds' });
      const grids = await loadStyleGrids(tx.manager, [...new Set(chosen.map((line) => line.goodsId))]);
      const flow = await this.orders.processFlow(tx.manager);
      const numbers = await this.issueOrderNos(tx, chosen.length);
      const orders: NewProductionOrder[] = chosen.map((line, index) => {
        const grid = grids.get(line.goodsId);
        if (!grid) throw new DomainException('goodsCodeInvalid', { line: line.lineNo }, { field: 'lineIds' });
        assertCellsFitStyle(line.cells, grid, line.lineNo);
        return {
          header: {
            orderNo: numbers[index],
            saleOrderId,
            saleOrderLineId: line.id,
            customer: saleOrder.customer,
            goodsId: line.goodsId,
            productName: line.productName || grid.name,
            customerOrderNo: saleOrder.customerOrderNo,
            orderDate: saleOrder.orderDate,
            deliveryDate: saleOrder.deliveryDate,
            totalQuantity: totalOf(line.cells),
            note: line.note ?? '',
          },
          cells: line.cells,
          route: defaultRoute(flow, saleOrder.orderDate, saleOrder.deliveryDate),
        };
      });
      const created = await this.orders.insertMany(tx.manager, orders);
      for (const order of created) this.publish(tx, order.id, order.orderNo, 'created', 1);
      return Promise.all(created.map((order) => this.detail(order.id, tx.manager)));
    });
  }

  /** Inserts prepared orders (the Excel import) in the caller's transaction and publishes them. */
  async insertPrepared(tx: Transaction, orders: NewProductionOrder[]): Promise<{ id: number; orderNo: string }[]> {
    const missing = orders.filter((order) => !order.header.orderNo);
    if (missing.length) {
      const numbers = await this.issueOrderNos(tx, missing.length);
      missing.forEach((order, index) => (order.header.orderNo = numbers[index]));
    }
    const created = await this.orders.insertMany(tx.manager, orders);
    for (const order of created) this.publish(tx, order.id, order.orderNo, 'created', 1);
    return created;
  }

  // ——— changing ———

  async update(input: ProductionOrderUpdateDto): Promise<ProductionOrder> {
    const cells = input.cells !== undefined ? parseCells(input.cells) : undefined;
    return this.write(async (tx) => {
      const existing = await this.current(tx, input.id, input.version);
      const orderDate = input.orderDate ?? existing.orderDate;
      const deliveryDate = input.deliveryDate ?? existing.deliveryDate;
      if (input.orderDate !== undefined || input.deliveryDate !== undefined) assertDates(orderDate, deliveryDate);
      const goodsId = input.goodsId ?? existing.goodsId;
      const currentCells = await this.orders.cellsOf(tx.manager, existing.id);
      const gridChanges = (cells !== undefined && !sameCells(cells, currentCells)) || goodsId !== existing.goodsId;
      let route: RouteStep[] | undefined;
      if (input.route !== undefined) {
        route = await parseRoute(tx.manager, input.route, orderDate, deliveryDate);
        const currentRoute = await this.orders.routeOf(tx.manager, existing.id);
        if (existing.reviewed && !sameRoute(route, currentRoute)) throw new DomainException('cancelReviewFirst', {}, { field: 'route' });
      }
      if (existing.reviewed && gridChanges) throw new DomainException('cancelReviewFirst', {}, { field: 'cells' });

      if (input.customer !== undefined && !(await this.orders.customerExists(tx.manager, input.customer))) {
        throw new DomainException('referenceInvalid', {}, { field: 'customer' });
      }
      const newCells = cells ?? currentCells;
      if (gridChanges) {
        const grid = (await loadStyleGrids(tx.manager, [goodsId])).get(goodsId);
        if (!grid) throw new DomainException('goodsCodeInvalid', { line: 1 }, { field: 'goodsId' });
        assertCellsFitStyle(newCells, grid);
      }
      const header: HeaderValues = {};
      for (const field of ['orderNo', 'customer', 'goodsId', 'productName', 'customerOrderNo', 'orderDate', 'deliveryDate', 'note'] as const) {
        if (input[field] !== undefined) header[field] = input[field];
      }
      header.totalQuantity = totalOf(newCells);
      const columns = Object.fromEntries(Object.entries(header).map(([field, value]) => [HEADER_COLUMNS[field as keyof typeof HEADER_COLUMNS], value]));
      const version = await this.orders.update(tx.manager, existing.id, input.version, columns);
      if (version === null) throw new DomainException('conflict');
      if (cells !== undefined) await this.orders.replaceCells(tx.manager, existing.id, cells);
      const datesMoved = orderDate !== existing.orderDate || deliveryDate !== existing.deliveryDate;
      if (route === undefined && datesMoved && !existing.reviewed) {
        // Due dates follow the new dates unless the route was given explicitly.
        const steps = await this.orders.routeOf(tx.manager, existing.id);
        route = await parseRoute(tx.manager, JSON.stringify(steps.map(({ processId, sequence }) => ({ processId, sequence }))), orderDate, deliveryDate).catch(() => undefined);
      }
      if (route !== undefined) {
        const dropped = await this.orders.replaceRoute(tx.manager, existing.id, route, header.totalQuantity);
        if (dropped !== null) throw new DomainException('processHasProgress', { process: dropped }, { field: 'route' });
      }
      else await this.orders.setPlannedQuantity(tx.manager, existing.id, header.totalQuantity);
      const orderNo = (header.orderNo as string | undefined) ?? existing.orderNo;
      this.publish(tx, existing.id, orderNo, 'updated', version);
      return this.detail(existing.id, tx.manager);
    });
  }

  async delete(id: number, version: number | undefined): Promise<void> {
    await this.write(async (tx) => {
      const existing = await this.current(tx, id, version);
      if (existing.reviewed) throw new DomainException('cancelReviewFirst');
      if (await this.orders.hasProgress(tx.manager, id)) throw new DomainException('orderHasProgress');
      if (!(await this.orders.delete(tx.manager, id, existing.version))) throw new DomainException('conflict');
      this.publish(tx, id, existing.orderNo, 'deleted', null);
    });
  }

  // ——— production document ———

  /**
   * The original single-document endpoint, kept for existing clients: adds the upload to the
   * order's documents and makes it "the" document (GET productionOrder/document serves it).
   */
  async uploadDocument(input: UploadDocumentDto): Promise<ProductionOrder> {
    return this.write(async (tx) => {
      const existing = await this.current(tx, input.id, input.version);
      await assertUploadExists(tx.manager, input.document, 'document');
      await tx.manager.query(`INSERT INTO production_order_document (order_id, upload_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [existing.id, input.document]);
      const version = await this.orders.update(tx.manager, existing.id, input.version, { document: input.document, document_uploaded_at: new Date() });
      if (version === null) throw new DomainException('conflict');
      this.publish(tx, existing.id, existing.orderNo, 'documentUploaded', version);
      return this.detail(existing.id, tx.manager);
    });
  }

  /** An order's documents (newest first), and whether this user may open them (the document rule). */
  async documents(id: number, user: AuthenticatedUser): Promise<OrderDocuments> {
    const manager = this.dataSource.manager;
    if (!(await this.orders.findById(manager, id))) throw new DomainException('notFound');
    const list = await this.moduleRef.get(UploadRepository, { strict: false }).documentsOf(manager, id);
    return { list, viewable: await mayViewProductionDocument(manager, user, id) };
  }

  /** Uploads a file (image or PDF, per the 'upload' setting) as one more document of the order; it becomes the order's document. */
  async addDocument(id: number, file: Express.Multer.File | undefined, actor: AuthenticatedUser): Promise<Attachment> {
    return this.write(async (tx) => {
      const existing = await this.current(tx, id, undefined);
      const attachment = await this.moduleRef.get(UploadService, { strict: false }).saveFile(file, actor.id, tx.manager);
      await tx.manager.query(`INSERT INTO production_order_document (order_id, upload_id) VALUES ($1, $2)`, [existing.id, attachment.id]);
      const version = await this.orders.update(tx.manager, existing.id, existing.version, { document: attachment.id, document_uploaded_at: new Date() });
      if (version === null) throw new DomainException('conflict');
      this.publish(tx, existing.id, existing.orderNo, 'documentUploaded', version);
      return { ...attachment, owner: { type: 'productionOrder', id: existing.id } };
    });
  }

  /**
   * Removes one document from the order; the newest remaining one becomes the order's document
   * (none: the order has no document again). The file goes at once when nothing else refers to
   * it (else the orphan cleanup decides). Returns the remaining documents.
   */
  async removeDocument(id: number, upload: string, actor: AuthenticatedUser): Promise<OrderDocuments> {
    if (!UPLOAD_ID_PATTERN.test(upload)) throw new DomainException('validation', {}, { field: 'upload', problem: 'invalid', label: { 'zh-CN': '文件编号', en: 'File id' } });
    await this.write(async (tx) => {
      const existing = await this.current(tx, id, undefined);
      // Not linked and not the order's document: nothing to remove (the transaction rolls back).
      const unlinked = await this.orders.unlinkDocument(tx.manager, id, upload);
      if (!unlinked && existing.document !== upload) throw new DomainException('notFound');
      const newest: { uploadId: string; addedAt: Date }[] = await tx.manager.query(
        `SELECT d.upload_id AS "uploadId", d.added_at AS "addedAt" FROM production_order_document d
           JOIN upload u ON u.id = d.upload_id WHERE d.order_id = $1 ORDER BY d.added_at DESC, u.number DESC LIMIT 1`,
        [id],
      );
      const version = await this.orders.update(tx.manager, id, existing.version, {
        document: newest[0]?.uploadId ?? null,
        document_uploaded_at: newest[0]?.addedAt ?? null,
      });
      if (version === null) throw new DomainException('conflict');
      await tx.manager.query(`DELETE FROM upload u WHERE u.id = $1 AND NOT ${UPLOAD_IS_REFERENCED}`, [upload]);
      this.publish(tx, id, existing.orderNo, 'documentRemoved', version);
    });
    return this.documents(id, actor);
  }

  /**
   * The production document, to users who may view attachments of a process on the order's
   * route, or who hold the Permission screen. The endpoint is public to the access guard (an
   * <img> cannot send the token header): the session comes from the header or the cookie.
   * An image is served inline; a PDF only ever as a download.
   */
  async openDocument(id: number, token: string | undefined): Promise<ServedFile> {
    if (!token) throw new DomainException('unauthorized');
    const user = await this.auth.authenticate(token);
    if (!user) throw new DomainException('tokenInvalid');
    const manager = this.dataSource.manager;
    const order = await this.orders.findById(manager, id);
    if (!order) throw new DomainException('notFound');
    if (!(await mayViewProductionDocument(manager, user, id))) throw new DomainException('forbidden');
    if (!order.document) throw new DomainException('documentNotUploaded');
    // Clients of this endpoint show it in an <img>: the newest image when there is one, else the
    // newest document (a PDF, then served as a download).
    const images: { id: string }[] = await manager.query(
      `SELECT u.id FROM production_order_document d JOIN upload u ON u.id = d.upload_id
        WHERE d.order_id = $1 AND u.kind = 'image' ORDER BY d.added_at DESC, u.number DESC LIMIT 1`,
      [id],
    );
    return this.moduleRef.get(UploadService, { strict: false }).serve(images[0]?.id ?? order.document, 'file');
  }

  // ——— review ———

  async review(input: ReviewDto, actor: AuthenticatedUser): Promise<ProductionOrder> {
    if (input.reviewDate !== undefined && !isDate(input.reviewDate)) throw invalid('reviewDate');
    return this.write(async (tx) => {
      const existing = await this.current(tx, input.id, input.version);
      if (existing.reviewed) throw new DomainException('alreadyReviewed');
      if (!existing.document && input.confirmWithoutDocument !== true) throw new DomainException('documentNotUploaded', {}, { needsConfirmation: true });
      const version = await this.orders.update(tx.manager, existing.id, input.version, {
        reviewed: true,
        reviewed_at: input.reviewDate ?? new Date().toISOString().slice(0, 10),
        review_note: input.note ?? '',
        reviewed_by: actor.id,
      });
      if (version === null) throw new DomainException('conflict');
      this.publish(tx, existing.id, existing.orderNo, 'reviewed', version);
      return this.detail(existing.id, tx.manager);
    });
  }

  async cancelReview(input: CancelReviewDto): Promise<ProductionOrder> {
    return this.write(async (tx) => {
      const existing = await this.current(tx, input.id, input.version);
      if (!existing.reviewed) throw new DomainException('notReviewed');
      const version = await this.orders.update(tx.manager, existing.id, input.version, {
        reviewed: false,
        reviewed_at: null,
        review_note: input.note ?? '',
        reviewed_by: null,
      });
      if (version === null) throw new DomainException('conflict');
      this.publish(tx, existing.id, existing.orderNo, 'reviewCancelled', version);
      return this.detail(existing.id, tx.manager);
    });
  }

  // ——— hiding ———

  /** Hides or shows orders in bulk; orders already in that state are left alone. Returns how many changed. */
  async setHidden(idsText: string, hidden: boolean): Promise<{ changed: number }> {
    const ids = parseIdList(idsText, 'ids');
    if (ids.length === 0) throw invalid('ids', 'required');
    return this.write(async (tx) => {
      const existing = await this.orders.existingIds(tx.manager, ids);
      const unknown = ids.filter((id) => !existing.has(id));
      if (unknown.length) throw new DomainException('notFound', {}, { ids: unknown });
      const changed = await this.orders.setHidden(tx.manager, ids, hidden);
      for (const order of changed) this.publish(tx, order.id, order.orderNo, hidden ? 'hidden' : 'shown', order.version);
      return { changed: changed.length };
    });
  }

  // ——— internals ———

  /** The order, locked for this transaction, when `version` (if given) is current. */
  private async current(tx: Transaction, id: number, version: number | undefined): Promise<ProductionOrder> {
    const existing = await this.orders.findById(tx.manager, id, true);
    if (!existing) throw new DomainException('notFound');
    if (version !== undefined && existing.version !== version) throw new DomainException('conflict');
    return existing;
  }

  private publish(tx: Transaction, id: number, orderNo: string, action: ProductionOrderAction, version: number | null): void {
    tx.publish('productionOrder.changed', { id, orderNo, action, version }, roomsOf(id));
  }

  /**
   * Numbers from the numbering pattern (kind 'productionOrder'). The OrderNumberService belongs
   * to the sales-order work; until it is there, an order number must be given.
   */
  private async issueOrderNos(tx: Transaction, count: number): Promise<string[]> {
    if (count === 0) return [];
    if (!this.numbers) throw new DomainException('validation', {}, { field: 'orderNo', problem: 'required', label: { 'zh-CN': '生产单号', en: 'Production order no.' } });
    const issued: string[] = [];
    const isTaken = async (orderNo: string) => (await this.orders.takenOrderNos(tx.manager, [orderNo])).size > 0;
    for (let i = 0; i < count; i++) issued.push(await this.numbers.next(tx.manager, 'productionOrder', isTaken));
    return issued;
  }

  private async write<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    try {
      return await this.unitOfWork.run(work);
    } catch (error) {
      const pg = error as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
      const code = pg?.driverError?.code ?? pg?.code;
      const constraint = pg?.driverError?.constraint ?? pg?.constraint ?? '';
      if (code === UNIQUE_VIOLATION && constraint === 'production_order_sale_order_line_unique') {
        throw new DomainException('saleLineInProductionJustNow', {}, { field: 'lineIds' });
      }
      if (code === UNIQUE_VIOLATION) {
        throw new DomainException('alreadyExists', {}, { field: 'orderNo', label: { 'zh-CN': '生产单号', en: 'Production order no.' } });
      }
      if (code === FOREIGN_KEY_VIOLATION) throw new DomainException('referenceInvalid');
      throw error;
    }
  }
}

function sameCells(a: MatrixCell[], b: MatrixCell[]): boolean {
  const key = (cells: MatrixCell[]) =>
    cells
      .map((cell) => `${cell.colorId}:${cell.sizeId}:${cell.quantity}`)
      .sort()
      .join(',');
  return key(a) === key(b);
}

function sameRoute(a: RouteStep[], b: RouteStep[]): boolean {
  const key = (steps: RouteStep[]) => steps.map((step) => `${step.processId}:${step.sequence}:${step.dueDate}`).join(',');
  return key(a) === key(b);
}
