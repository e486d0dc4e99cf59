import type { EntityManager } from 'typeorm';
import type { MatrixCell, SaleOrder, SaleOrderLine } from '../../../contracts/orders.js';
import { likePattern, SqlParams, type OrderListQuery, type OrderListSpec } from './order-list-query.js';

/** TypeORM returns [rows, affected] for UPDATE and DELETE on PostgreSQL. */
function affectedRows(result: unknown): number {
  return Array.isArray(result) && typeof result[1] === 'number' ? result[1] : 0;
}

export const SALE_ORDER_LIST_SPEC: OrderListSpec = {
  sortFields: ['orderNo', 'orderDate', 'deliveryDate', 'customer', 'customerOrderNo', 'totalQuantity', 'totalAmount', 'profit', 'profitRate', 'createdAt', 'updatedAt', 'id'],
  filterFields: {
    customer: 'id',
    merchandiser: 'id',
    salesperson: 'id',
    orderDateFrom: 'date',
    orderDateTo: 'date',
    deliveryDateFrom: 'date',
    deliveryDateTo: 'date',
  },
  defaultSort: { field: 'orderDate', order: 'desc' },
};

const SORT_COLUMNS: Record<string, string> = {
  orderNo: 'o.order_no',
  orderDate: 'o.order_date',
  deliveryDate: 'o.delivery_date',
  customer: 'c.short_name',
  customerOrderNo: 'o.customer_order_no',
  totalQuantity: 'o.total_quantity',
  totalAmount: 'o.total_amount',
  profit: 'o.profit',
  profitRate: 'o.profit_rate',
  createdAt: 'o.created_at',
  updatedAt: 'o.updated_at',
  id: 'o.id',
};

/** The header columns a sale_order row is written with (the derived totals included). */
export interface SaleOrderRow {
  orderNo: string;
  orderDate: string;
  deliveryDate: string;
  expectedDelivery: string | null;
  customer: number;
  customerOrderNo: string;
  currency: number | null;
  freight: number;
  payMethod: number | null;
  orderType: number | null;
  shipmentPlace: string;
  salesperson: number | null;
  designer: number | null;
  merchandiser: number | null;
  note: string;
  totalQuantity: number;
  totalAmount: number;
  totalCost: number;
  profit: number;
  profitRate: number;
}

const HEADER_COLUMNS: [keyof SaleOrderRow, string][] = [
  ['orderNo', 'order_no'],
  ['orderDate', 'order_date'],
  ['deliveryDate', 'delivery_date'],
  ['expectedDelivery', 'expected_delivery'],
  ['customer', 'customer_id'],
  ['customerOrderNo', 'customer_order_no'],
  ['currency', 'currency_id'],
  ['freight', 'freight'],
  ['payMethod', 'pay_method_id'],
  ['orderType', 'order_type_id'],
  ['shipmentPlace', 'shipment_place'],
  ['salesperson', 'salesperson_id'],
  ['designer', 'designer_id'],
  ['merchandiser', 'merchandiser_id'],
  ['note', 'note'],
  ['totalQuantity', 'total_quantity'],
  ['totalAmount', 'total_amount'],
  ['totalCost', 'total_cost'],
  ['profit', 'profit'],
  ['profitRate', 'profit_rate'],
];

/** A line as written: its figures are derived by the service. */
export interface LineRow {
  id?: number;
  lineNo: number;
  goodsId: number;
  productName: string;
  costPrice: number;
  sellingPrice: number;
  packingUnit: string;
  packingQuantity: number | null;
  note: string;
  quantity: number;
  amount: number;
  cells: MatrixCell[];
}

export interface GoodsFacts {
  id: number;
  code: string;
  name: string;
  costPrice: number | null;
  salesPrice: number | null;
  colorIds: number[];
  sizeIds: number[];
}

export interface ExistingLine {
  id: number;
  goodsId: number;
}

/**
 * SQL of sales orders: header, lines and cells. Bound parameters only; identifiers come from
 * the tables above.
 */
export class SaleOrderRepository {
  /** Whether production orders exist yet (their migration may not have run); only a positive answer is cached. */
  private productionOrdersKnown = false;

  async hasProductionOrders(manager: EntityManager): Promise<boolean> {
    if (this.productionOrdersKnown) return true;
    const rows: { ok: boolean }[] = await manager.query(
      `SELECT EXISTS (SELECT 1 FROM information_schema.columns
                       WHERE table_schema = current_schema() AND table_name = 'production_order' AND column_name = 'sale_order_id')
              AND to_regclass('production_order') IS NOT NULL AS ok`,
    );
    this.productionOrdersKnown = rows[0].ok;
    return this.productionOrdersKnown;
  }

  private async headerSelect(manager: EntityManager): Promise<string> {
    const productionCount = (await this.hasProductionOrders(manager))
      ? `(SELECT count(*)::int FROM production_order p WHERE p.sale_order_id = o.id)`
      : `0`;
    return `SELECT o.id, o.version, o.order_no AS "orderNo",
        to_char(o.order_date, 'YYYY-MM-DD') AS "orderDate", to_char(o.delivery_date, 'YYYY-MM-DD') AS "deliveryDate",
        to_char(o.expected_delivery, 'YYYY-MM-DD') AS "expectedDelivery",
        o.customer_id AS customer, c.short_name AS "customerLabel", o.customer_order_no AS "customerOrderNo",
        o.currency_id AS currency, cur.name AS "currencyLabel", o.freight::float8 AS freight,
        o.pay_method_id AS "payMethod", pm.name AS "payMethodLabel", o.order_type_id AS "orderType", ot.name AS "orderTypeLabel",
        o.shipment_place AS "shipmentPlace", o.salesperson_id AS salesperson, sp.name AS "salespersonLabel",
        o.designer_id AS designer, d.name AS "designerLabel", o.merchandiser_id AS merchandiser, m.name AS "merchandiserLabel",
        o.note, o.total_quantity::float8 AS "totalQuantity", o.total_amount::float8 AS "totalAmount", o.total_cost::float8 AS "totalCost",
        o.profit::float8 AS profit, o.profit_rate::float8 AS "profitRate", ${productionCount} AS "productionOrderCount",
        o.created_at AS "createdAt", o.updated_at AS "updatedAt"
      FROM sale_order o
      JOIN customer c ON c.id = o.customer_id
      LEFT JOIN currency cur ON cur.id = o.currency_id
      LEFT JOIN pay_method pm ON pm.id = o.pay_method_id
      LEFT JOIN order_type ot ON ot.id = o.order_type_id
      LEFT JOIN salesperson sp ON sp.id = o.salesperson_id
      LEFT JOIN designer d ON d.id = o.designer_id
      LEFT JOIN merchandiser m ON m.id = o.merchandiser_id`;
  }

  private where(query: OrderListQuery, params: SqlParams): string {
    const conditions: string[] = [];
    const f = query.filters;
    if (f.customer) conditions.push(`o.customer_id = ${params.add(Number(f.customer))}`);
    if (f.merchandiser) conditions.push(`o.merchandiser_id = ${params.add(Number(f.merchandiser))}`);
    if (f.salesperson) conditions.push(`o.salesperson_id = ${params.add(Number(f.salesperson))}`);
    if (f.orderDateFrom) conditions.push(`o.order_date >= ${params.add(f.orderDateFrom)}::date`);
    if (f.orderDateTo) conditions.push(`o.order_date <= ${params.add(f.orderDateTo)}::date`);
    if (f.deliveryDateFrom) conditions.push(`o.delivery_date >= ${params.add(f.deliveryDateFrom)}::date`);
    if (f.deliveryDateTo) conditions.push(`o.delivery_date <= ${params.add(f.deliveryDateTo)}::date`);
    if (query.keyword) {
      const pattern = params.add(likePattern(query.keyword));
      conditions.push(
        `(o.order_no ILIKE ${pattern} OR o.customer_order_no ILIKE ${pattern} OR o.note ILIKE ${pattern}
          OR c.short_name ILIKE ${pattern} OR c.code ILIKE ${pattern})`,
      );
    }
    return conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  }

  private orderBy(query: OrderListQuery): string {
    const direction = query.sortOrder === 'desc' ? 'DESC' : 'ASC';
    return `ORDER BY ${SORT_COLUMNS[query.sortField]} ${direction}, o.id ${direction}`;
  }

  async list(manager: EntityManager, query: OrderListQuery): Promise<{ rows: SaleOrder[]; total: number }> {
    const params = new SqlParams();
    const where = this.where(query, params);
    const select = await this.headerSelect(manager);
    const limit = params.add(query.pageSize);
    const offset = params.add((query.page - 1) * query.pageSize);
    const rows: SaleOrder[] = await manager.query(`${select} ${where} ${this.orderBy(query)} LIMIT ${limit} OFFSET ${offset}`, params.values);
    const countParams = new SqlParams();
    const countWhere = this.where(query, countParams);
    const joinCustomer = query.keyword ? 'JOIN customer c ON c.id = o.customer_id' : '';
    const count: { total: number }[] = await manager.query(`SELECT count(*)::int AS total FROM sale_order o ${joinCustomer} ${countWhere}`, countParams.values);
    return { rows, total: count[0].total };
  }

  async all(manager: EntityManager, query: OrderListQuery, limit: number): Promise<SaleOrder[]> {
    const params = new SqlParams();
    const where = this.where(query, params);
    return manager.query(`${await this.headerSelect(manager)} ${where} ${this.orderBy(query)} LIMIT ${params.add(limit)}`, params.values);
  }

  async findById(manager: EntityManager, id: number): Promise<SaleOrder | null> {
    const rows: SaleOrder[] = await manager.query(`${await this.headerSelect(manager)} WHERE o.id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** The stored header as written (ids, not labels), locked for the rest of the transaction. */
  async lockRow(manager: EntityManager, id: number): Promise<(SaleOrderRow & { id: number; version: number }) | null> {
    const columns = HEADER_COLUMNS.map(([field, column]) => {
      if (column.endsWith('_date') || column === 'expected_delivery') return `to_char(${column}, 'YYYY-MM-DD') AS "${field}"`;
      if (['freight', 'total_quantity', 'total_amount', 'total_cost', 'profit', 'profit_rate'].includes(column)) return `${column}::float8 AS "${field}"`;
      return `${column} AS "${field}"`;
    });
    const rows = await manager.query(`SELECT id, version, ${columns.join(', ')} FROM sale_order WHERE id = $1 FOR UPDATE`, [id]);
    return rows[0] ?? null;
  }

  async orderNoTaken(manager: EntityManager, orderNo: string, exceptId = 0): Promise<boolean> {
    const rows = await manager.query(`SELECT 1 FROM sale_order WHERE lower(order_no) = lower($1) AND id <> $2`, [orderNo, exceptId]);
    return rows.length > 0;
  }

  async insert(manager: EntityManager, row: SaleOrderRow): Promise<number> {
    const params = new SqlParams();
    const values = HEADER_COLUMNS.map(([field]) => params.add(row[field]));
    const rows: { id: number }[] = await manager.query(
      `INSERT INTO sale_order (${HEADER_COLUMNS.map(([, column]) => column).join(', ')}) VALUES (${values.join(', ')}) RETURNING id`,
      params.values,
    );
    return rows[0].id;
  }

  /** Writes the header when `version` is current; false when it changed meanwhile. */
  async update(manager: EntityManager, id: number, version: number, row: SaleOrderRow): Promise<boolean> {
    const params = new SqlParams();
    const assignments = HEADER_COLUMNS.map(([field, column]) => `${column} = ${params.add(row[field])}`);
    const result = await manager.query(
      `UPDATE sale_order SET ${assignments.join(', ')}, version = version + 1, updated_at = now()
        WHERE id = ${params.add(id)} AND version = ${params.add(version)}`,
      params.values,
    );
    return affectedRows(result) === 1;
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.query(`DELETE FROM sale_order WHERE id = $1`, [id]);
  }

  async existingLines(manager: EntityManager, orderId: number): Promise<ExistingLine[]> {
    return manager.query(`SELECT id, goods_id AS "goodsId" FROM sale_order_line WHERE sale_order_id = $1 ORDER BY line_no`, [orderId]);
  }

  /** Quantity, amount and cost of the stored lines (for a header-only change). */
  async storedFigures(manager: EntityManager, orderId: number): Promise<{ quantity: number; amount: number; cost: number }> {
    const rows = await manager.query(
      `SELECT coalesce(sum(quantity), 0)::float8 AS quantity, coalesce(sum(amount), 0)::float8 AS amount,
              coalesce(sum(quantity * cost_price), 0)::float8 AS cost
         FROM sale_order_line WHERE sale_order_id = $1`,
      [orderId],
    );
    return rows[0];
  }

  /** Styles with their colours and sizes (the sizes a style comes in: those selected, or its whole group). */
  async goodsFacts(manager: EntityManager, goodsIds: number[]): Promise<Map<number, GoodsFacts>> {
    const rows: GoodsFacts[] = await manager.query(
      `SELECT g.id, g.code, g.name, g.cost_price::float8 AS "costPrice", g.sales_price::float8 AS "salesPrice",
              ARRAY(SELECT color_id FROM goods_color WHERE goods_id = g.id) AS "colorIds",
              ARRAY(SELECT s.id FROM size s WHERE s.size_group_id = g.size_group_id
                      AND (NOT EXISTS (SELECT 1 FROM goods_size WHERE goods_id = g.id)
                           OR s.id IN (SELECT size_id FROM goods_size WHERE goods_id = g.id))) AS "sizeIds"
         FROM goods g WHERE g.id = ANY ($1::int[])`,
      [goodsIds],
    );
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** Which of the header's references are missing (field names). */
  async missingReferences(manager: EntityManager, refs: Record<string, number | null>): Promise<string[]> {
    const tables: Record<string, string> = {
      customer: 'customer',
      currency: 'currency',
      payMethod: 'pay_method',
      orderType: 'order_type',
      salesperson: 'salesperson',
      designer: 'designer',
      merchandiser: 'merchandiser',
    };
    const params = new SqlParams();
    const checks = Object.entries(refs)
      .filter(([, id]) => id !== null && id !== undefined)
      .map(([field, id]) => `SELECT '${field}' AS field WHERE NOT EXISTS (SELECT 1 FROM ${tables[field]} WHERE id = ${params.add(id)})`);
    if (!checks.length) return [];
    const rows: { field: string }[] = await manager.query(checks.join(' UNION ALL '), params.values);
    return rows.map((row) => row.field);
  }

  async deleteLines(manager: EntityManager, lineIds: number[]): Promise<void> {
    if (lineIds.length) await manager.query(`DELETE FROM sale_order_line WHERE id = ANY ($1::int[])`, [lineIds]);
  }

  /** Writes the lines (updating those with an id, inserting the others) and replaces their cells. */
  async writeLines(manager: EntityManager, orderId: number, lines: LineRow[]): Promise<void> {
    const kept = lines.filter((line) => line.id !== undefined).map((line) => line.id as number);
    if (kept.length) await manager.query(`DELETE FROM sale_order_cell WHERE line_id = ANY ($1::int[])`, [kept]);
    for (const line of lines) {
      const values = [line.lineNo, line.goodsId, line.productName, line.costPrice, line.sellingPrice, line.packingUnit, line.packingQuantity, line.note, line.quantity, line.amount, line.cells.length];
      if (line.id !== undefined) {
        await manager.query(
          `UPDATE sale_order_line SET line_no = $1, goods_id = $2, product_name = $3, cost_price = $4, selling_price = $5, packing_unit = $6,
                  packing_quantity = $7, note = $8, quantity = $9, amount = $10, cell_count = $11
            WHERE id = $12 AND sale_order_id = $13`,
          [...values, line.id, orderId],
        );
      } else {
        const rows: { id: number }[] = await manager.query(
          `INSERT INTO sale_order_line (sale_order_id, line_no, goods_id, product_name, cost_price, selling_price, packing_unit, packing_quantity, note, quantity, amount, cell_count)
           VALUES ($12, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
          [...values, orderId],
        );
        line.id = rows[0].id;
      }
    }
    const cells = lines.flatMap((line) => line.cells.map((cell) => [line.id as number, cell.colorId, cell.sizeId, cell.quantity]));
    await manager.query(
      `INSERT INTO sale_order_cell (line_id, color_id, size_id, quantity)
       SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::int[])`,
      [cells.map((c) => c[0]), cells.map((c) => c[1]), cells.map((c) => c[2]), cells.map((c) => c[3])],
    );
  }

  /** The lines of an order with the style's colours and sizes (plus any a cell still uses) and the cells. */
  async linesOf(manager: EntityManager, orderId: number): Promise<SaleOrderLine[]> {
    const lines: (SaleOrderLine & { packingQuantity: number | null })[] = await manager.query(
      `SELECT l.id, l.line_no AS "lineNo", l.goods_id AS "goodsId", g.code AS "goodsCode", l.product_name AS "productName",
              l.cost_price::float8 AS "costPrice", l.selling_price::float8 AS "sellingPrice", l.packing_unit AS "packingUnit",
              l.packing_quantity AS "packingQuantity", l.note, l.quantity::float8 AS quantity, l.amount::float8 AS amount
         FROM sale_order_line l JOIN goods g ON g.id = l.goods_id
        WHERE l.sale_order_id = $1 ORDER BY l.line_no, l.id`,
      [orderId],
    );
    if (!lines.length) return [];
    const colors: { lineId: number; id: number; code: string; name: string; hex: string }[] = await manager.query(
      `SELECT l.id AS "lineId", c.id, c.code, c.name, c.hex
         FROM sale_order_line l
         JOIN color c ON c.id IN (SELECT color_id FROM goods_color WHERE goods_id = l.goods_id
                                  UNION SELECT color_id FROM sale_order_cell WHERE line_id = l.id)
         LEFT JOIN goods_color gc ON gc.goods_id = l.goods_id AND gc.color_id = c.id
        WHERE l.sale_order_id = $1
        ORDER BY l.id, gc.sort_order NULLS LAST, c.id`,
      [orderId],
    );
    const sizes: { lineId: number; id: number; name: string }[] = await manager.query(
      `SELECT l.id AS "lineId", s.id, s.name
         FROM sale_order_line l
         JOIN goods g ON g.id = l.goods_id
         JOIN size s ON (s.size_group_id = g.size_group_id
                         AND (NOT EXISTS (SELECT 1 FROM goods_size WHERE goods_id = g.id)
                              OR s.id IN (SELECT size_id FROM goods_size WHERE goods_id = g.id)))
                     OR s.id IN (SELECT size_id FROM sale_order_cell WHERE line_id = l.id)
        WHERE l.sale_order_id = $1
        ORDER BY l.id, s.sort_order, s.id`,
      [orderId],
    );
    const cells: (MatrixCell & { lineId: number })[] = await manager.query(
      `SELECT c.line_id AS "lineId", c.color_id AS "colorId", c.size_id AS "sizeId", c.quantity
         FROM sale_order_cell c JOIN sale_order_line l ON l.id = c.line_id
        WHERE l.sale_order_id = $1 ORDER BY c.line_id, c.color_id, c.size_id`,
      [orderId],
    );
    return lines.map((line) => ({
      ...line,
      colors: colors.filter((row) => row.lineId === line.id).map(({ id, code, name, hex }) => ({ id, code, name, hex })),
      sizes: sizes.filter((row) => row.lineId === line.id).map(({ id, name }) => ({ id, name })),
      cells: cells.filter((row) => row.lineId === line.id).map(({ colorId, sizeId, quantity }) => ({ colorId, sizeId, quantity })),
    }));
  }
}
