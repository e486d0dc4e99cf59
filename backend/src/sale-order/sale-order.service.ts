import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { ROOMS } from '../../../contracts/events.js';
import type { ListPage } from '../../../contracts/master-data.js';
import type { SaleOrder } from '../../../contracts/orders.js';
import { DomainException } from '../common/errors/domain.exception.js';
import { UnitOfWork, type Transaction } from '../events/unit-of-work.service.js';
import { ReferenceGuard } from '../master-data/reference-guard.js';
import { OrderNumberService } from '../order-number/order-number.service.js';
import { isCalendarDate, type OrderListQuery } from './order-list-query.js';
import { lineFigures, orderTotals, parseLines, type LineFigures, type ParsedLine } from './sale-order-lines.js';
import type { SaleOrderCreateDto, SaleOrderUpdateDto } from './sale-order.dto.js';
import { SaleOrderRepository, type LineRow, type SaleOrderRow } from './sale-order.repository.js';

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

interface PgError {
  code?: string;
  constraint?: string;
  driverError?: { code?: string; constraint?: string };
}

type HeaderInput = Omit<SaleOrderCreateDto, 'lines'>;
const REFERENCE_FIELDS = ['customer', 'currency', 'payMethod', 'orderType', 'salesperson', 'designer', 'merchandiser'] as const;

/**
 * Sales orders: a header, one line per style, a colour × size grid per line. Totals, amounts,
 * profit and profit rate are derived here from the lines, never taken from the client. Every
 * change publishes 'saleOrder.changed' after commit.
 */
@Injectable()
export class SaleOrderService {
  readonly repository = new SaleOrderRepository();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly unitOfWork: UnitOfWork,
    private readonly references: ReferenceGuard,
    private readonly numbers: OrderNumberService,
  ) {}

  async list(query: OrderListQuery): Promise<ListPage<SaleOrder>> {
    const { rows, total } = await this.repository.list(this.dataSource.manager, query);
    return { list: rows, total, page: query.page, pageSize: query.pageSize };
  }

  exportRows(query: OrderListQuery, limit: number): Promise<SaleOrder[]> {
    return this.repository.all(this.dataSource.manager, query, limit);
  }

  async detail(id: number, manager: EntityManager = this.dataSource.manager): Promise<SaleOrder> {
    const order = await this.repository.findById(manager, id);
    if (!order) throw new DomainException('notFound');
    return { ...order, lines: await this.repository.linesOf(manager, id) };
  }

  async create(input: SaleOrderCreateDto): Promise<SaleOrder> {
    const parsed = parseLines(input.lines);
    const header = this.header(input, null);
    return this.write(async (tx) => {
      await this.checkReferences(tx.manager, header);
      const lines = await this.resolveLines(tx.manager, parsed, []);
      const row: SaleOrderRow = { ...header, ...orderTotals(lines.map(figuresOf), header.freight), orderNo: await this.orderNo(tx.manager, header.orderNo, 0) };
      const id = await this.repository.insert(tx.manager, row);
      await this.repository.writeLines(tx.manager, id, lines);
      tx.publish('saleOrder.changed', { id, orderNo: row.orderNo, action: 'created', version: 1 }, [ROOMS.saleOrders, ROOMS.saleOrder(id)]);
      return this.detail(id, tx.manager);
    });
  }

  async update(input: SaleOrderUpdateDto): Promise<SaleOrder> {
    const { id, version, lines: linesJson, ...changes } = input;
    const parsed = linesJson === undefined ? null : parseLines(linesJson);
    return this.write(async (tx) => {
      const existing = await this.repository.lockRow(tx.manager, id);
      if (!existing) throw new DomainException('notFound');
      if (existing.version !== version) throw new DomainException('conflict');
      const header = this.header(changes, existing);
      await this.checkReferences(tx.manager, header);

      let figures: LineFigures[];
      if (parsed) {
        const stored = await this.repository.existingLines(tx.manager, id);
        const lines = await this.resolveLines(tx.manager, parsed, stored.map((line) => line.id));
        // A line a production order was made from cannot be removed, nor become another style.
        const keptGoods = new Map(lines.filter((line) => line.id !== undefined).map((line) => [line.id as number, line.goodsId]));
        const removed = stored.filter((line) => !keptGoods.has(line.id));
        for (const line of stored.filter((line) => !keptGoods.has(line.id) || keptGoods.get(line.id) !== line.goodsId)) {
          await this.references.refuseIfReferenced(tx.manager, 'sale_order_line', line.id, ['sale_order_cell']);
        }
        await this.repository.deleteLines(tx.manager, removed.map((line) => line.id));
        await this.repository.writeLines(tx.manager, id, lines);
        figures = lines.map(figuresOf);
      } else {
        figures = [await this.repository.storedFigures(tx.manager, id)];
      }
      const row: SaleOrderRow = { ...header, ...orderTotals(figures, header.freight), orderNo: await this.orderNo(tx.manager, header.orderNo, id) };
      if (!(await this.repository.update(tx.manager, id, version, row))) throw new DomainException('conflict');
      tx.publish('saleOrder.changed', { id, orderNo: row.orderNo, action: 'updated', version: version + 1 }, [ROOMS.saleOrders, ROOMS.saleOrder(id)]);
      return this.detail(id, tx.manager);
    });
  }

  /** Deletes an order with its lines; refused while production orders were made from it (or a stale `version`, when given). */
  async delete(id: number, version?: number): Promise<void> {
    await this.write(async (tx) => {
      const existing = await this.repository.lockRow(tx.manager, id);
      if (!existing) throw new DomainException('notFound');
      if (version !== undefined && existing.version !== version) throw new DomainException('conflict');
      await this.references.refuseIfReferenced(tx.manager, 'sale_order', id, ['sale_order_line']);
      for (const line of await this.repository.existingLines(tx.manager, id)) {
        await this.references.refuseIfReferenced(tx.manager, 'sale_order_line', line.id, ['sale_order_cell']);
      }
      await this.repository.delete(tx.manager, id);
      tx.publish('saleOrder.changed', { id, orderNo: existing.orderNo, action: 'deleted', version: null }, [ROOMS.saleOrders, ROOMS.saleOrder(id)]);
    });
  }

  // ——— internals ———

  /** The header to write: the input over the stored values (update), checked; totals come later. */
  private header(input: Partial<HeaderInput>, existing: SaleOrderRow | null): Omit<SaleOrderRow, 'totalQuantity' | 'totalAmount' | 'totalCost' | 'profit' | 'profitRate'> {
    const pick = <K extends keyof SaleOrderRow>(field: K, fallback: SaleOrderRow[K]): SaleOrderRow[K] => {
      const value = (input as Record<string, unknown>)[field];
      if (value !== undefined) return value as SaleOrderRow[K];
      return existing ? existing[field] : fallback;
    };
    const header = {
      orderNo: (input.orderNo === undefined ? existing?.orderNo : input.orderNo) ?? '',
      orderDate: pick('orderDate', ''),
      deliveryDate: pick('deliveryDate', ''),
      expectedDelivery: pick('expectedDelivery', null) ?? null,
      customer: pick('customer', 0),
      customerOrderNo: pick('customerOrderNo', '') ?? '',
      currency: pick('currency', null) ?? null,
      freight: pick('freight', 0) ?? 0,
      payMethod: pick('payMethod', null) ?? null,
      orderType: pick('orderType', null) ?? null,
      shipmentPlace: pick('shipmentPlace', '') ?? '',
      salesperson: pick('salesperson', null) ?? null,
      designer: pick('designer', null) ?? null,
      merchandiser: pick('merchandiser', null) ?? null,
      note: pick('note', '') ?? '',
    };
    for (const field of ['orderDate', 'deliveryDate', 'expectedDelivery'] as const) {
      const value = header[field];
      if (value !== null && !isCalendarDate(value)) throw new DomainException('validation', {}, { field, problem: 'invalid', params: {} });
    }
    if (header.deliveryDate < header.orderDate) throw new DomainException('deliveryBeforeOrderDate', {}, { field: 'deliveryDate' });
    return header;
  }

  private async checkReferences(manager: EntityManager, header: Pick<SaleOrderRow, (typeof REFERENCE_FIELDS)[number]>): Promise<void> {
    const missing = await this.repository.missingReferences(manager, Object.fromEntries(REFERENCE_FIELDS.map((field) => [field, header[field]])));
    if (missing.length) throw new DomainException('referenceInvalid', {}, { field: missing[0] });
  }

  /**
   * Checks the lines against the database — the style exists, each colour and size is the
   * style's, a line id belongs to this order — and fills in defaults (product name, prices).
   */
  private async resolveLines(manager: EntityManager, parsed: ParsedLine[], storedLineIds: number[]): Promise<LineRow[]> {
    const goods = await this.repository.goodsFacts(manager, parsed.map((line) => line.goodsId));
    return parsed.map((line, index): LineRow => {
      const lineNo = index + 1;
      if (line.id !== undefined && !storedLineIds.includes(line.id)) {
        throw new DomainException('validation', {}, { field: `lines[${index}].id`, problem: 'invalid', params: {} });
      }
      const style = goods.get(line.goodsId);
      if (!style) throw new DomainException('goodsCodeInvalid', { line: lineNo }, { field: `lines[${index}].goodsId`, line: lineNo });
      const colors = new Set(style.colorIds);
      const sizes = new Set(style.sizeIds);
      if (line.cells.some((cell) => !colors.has(cell.colorId))) {
        throw new DomainException('colorNotOfStyle', { line: lineNo }, { field: `lines[${index}].cells`, line: lineNo });
      }
      if (line.cells.some((cell) => !sizes.has(cell.sizeId))) {
        throw new DomainException('sizeNotOfStyle', { line: lineNo }, { field: `lines[${index}].cells`, line: lineNo });
      }
      const costPrice = line.costPrice ?? style.costPrice ?? 0;
      const sellingPrice = line.sellingPrice ?? style.salesPrice ?? 0;
      const { quantity, amount } = lineFigures(line.cells, costPrice, sellingPrice);
      return {
        id: line.id,
        lineNo,
        goodsId: line.goodsId,
        productName: line.productName ?? style.name,
        costPrice,
        sellingPrice,
        packingUnit: line.packingUnit,
        packingQuantity: line.packingQuantity,
        note: line.note,
        quantity,
        amount,
        cells: line.cells,
      };
    });
  }

  /** The order number: the one given (unique, case-insensitively), or the next from the pattern. */
  private async orderNo(manager: EntityManager, given: string, exceptId: number): Promise<string> {
    if (given) {
      if (await this.repository.orderNoTaken(manager, given, exceptId)) throw new DomainException('orderNumberExists', {}, { field: 'orderNo' });
      return given;
    }
    return this.numbers.next(manager, 'saleOrder', (candidate) => this.repository.orderNoTaken(manager, candidate));
  }

  /** Runs a change; duplicates and broken references caught by the database become clear errors. */
  private async write<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    try {
      return await this.unitOfWork.run(work);
    } catch (error) {
      const pgError = error as PgError;
      const code = pgError?.driverError?.code ?? pgError?.code;
      const constraint = pgError?.driverError?.constraint ?? pgError?.constraint ?? '';
      if (code === UNIQUE_VIOLATION && constraint === 'sale_order_order_no_unique') throw new DomainException('orderNumberExists', {}, { field: 'orderNo' });
      if (code === UNIQUE_VIOLATION && constraint === 'sale_order_line_goods_unique') throw new DomainException('itemAlreadyExists', { line: '' }, { field: 'lines' });
      if (code === FOREIGN_KEY_VIOLATION) throw new DomainException('referenceInvalid');
      throw error;
    }
  }
}

function figuresOf(line: LineRow): LineFigures {
  return { quantity: line.quantity, amount: line.amount, cost: lineFigures(line.cells, line.costPrice, 0).cost };
}
