import type { EntityManager } from 'typeorm';
import type { OrderLineRow } from '../../../contracts/orders.js';
import { likePattern, SqlParams, type OrderListQuery, type OrderListSpec } from '../sale-order/order-list-query.js';

export const ORDER_LINE_STATES = ['notInProduction', 'inProduction', 'completed'] as const;

export const ORDER_LINE_LIST_SPEC: OrderListSpec = {
  sortFields: ['orderDate', 'deliveryDate', 'orderNo', 'customer', 'goodsCode', 'quantity', 'amount'],
  filterFields: {
    customer: 'id',
    goods: 'id',
    color: 'id',
    size: 'id',
    dateFrom: 'date',
    dateTo: 'date',
    deliveryFrom: 'date',
    deliveryTo: 'date',
    state: 'text',
  },
  defaultSort: { field: 'orderDate', order: 'desc' },
};

const SORT_COLUMNS: Record<string, string> = {
  orderDate: 'o.order_date',
  deliveryDate: 'o.delivery_date',
  orderNo: 'o.order_no',
  customer: 'cu.short_name',
  goodsCode: 'g.code',
  quantity: 'c.quantity',
  amount: '(c.quantity * l.selling_price)',
};

export interface OrderLineTotals {
  rows: number;
  quantity: number;
  amount: number;
}

interface ProductionColumns {
  table: boolean;
  completed: boolean;
}

/**
 * The integrated order-line query: one row per sale_order_cell with its line, order, customer,
 * style, colour and size. Totals are aggregated at the coarsest level the filter allows: the
 * lines carry their quantity, amount and cell count, so without a colour or size filter the
 * cells are not read at all.
 */
export class SaleOrderSubRepository {
  private productionKnown: ProductionColumns | null = null;

  /** Which production-order columns exist (their migration may not have run yet); cached once found. */
  private async production(manager: EntityManager): Promise<ProductionColumns> {
    if (this.productionKnown) return this.productionKnown;
    const rows: { column_name: string }[] = await manager.query(
      `SELECT column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'production_order' AND column_name IN ('sale_order_line_id', 'completed')`,
    );
    const names = new Set(rows.map((row) => row.column_name));
    const found = { table: names.has('sale_order_line_id'), completed: names.has('completed') };
    if (found.table) this.productionKnown = found;
    return found;
  }

  /** SQL of a line's state, from the production orders made from it. */
  private async stateExpression(manager: EntityManager): Promise<string> {
    const production = await this.production(manager);
    if (!production.table) return `'notInProduction'`;
    const completed = production.completed
      ? `WHEN NOT EXISTS (SELECT 1 FROM production_order p WHERE p.sale_order_line_id = l.id AND NOT p.completed) THEN 'completed'`
      : '';
    return `(CASE WHEN NOT EXISTS (SELECT 1 FROM production_order p WHERE p.sale_order_line_id = l.id) THEN 'notInProduction'
                  ${completed} ELSE 'inProduction' END)`;
  }

  /** Conditions on the order, line and style (no cell columns), and whether the cells are needed. */
  private async where(manager: EntityManager, query: OrderListQuery, params: SqlParams): Promise<{ sql: string; needsCells: boolean; needsGoods: boolean; needsCustomer: boolean }> {
    const f = query.filters;
    const conditions: string[] = [];
    if (f.customer) conditions.push(`o.customer_id = ${params.add(Number(f.customer))}`);
    if (f.goods) conditions.push(`l.goods_id = ${params.add(Number(f.goods))}`);
    if (f.color) conditions.push(`c.color_id = ${params.add(Number(f.color))}`);
    if (f.size) conditions.push(`c.size_id = ${params.add(Number(f.size))}`);
    if (f.dateFrom) conditions.push(`o.order_date >= ${params.add(f.dateFrom)}::date`);
    if (f.dateTo) conditions.push(`o.order_date <= ${params.add(f.dateTo)}::date`);
    if (f.deliveryFrom) conditions.push(`o.delivery_date >= ${params.add(f.deliveryFrom)}::date`);
    if (f.deliveryTo) conditions.push(`o.delivery_date <= ${params.add(f.deliveryTo)}::date`);
    if (f.state) conditions.push(`${await this.stateExpression(manager)} = ${params.add(f.state)}`);
    if (query.keyword) {
      const pattern = params.add(likePattern(query.keyword));
      conditions.push(
        `(o.order_no ILIKE ${pattern} OR o.customer_order_no ILIKE ${pattern} OR cu.short_name ILIKE ${pattern}
          OR g.code ILIKE ${pattern} OR l.product_name ILIKE ${pattern})`,
      );
    }
    return {
      sql: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '',
      needsCells: Boolean(f.color || f.size),
      needsGoods: Boolean(query.keyword),
      needsCustomer: Boolean(query.keyword),
    };
  }

  async list(manager: EntityManager, query: OrderListQuery, limit = query.pageSize, offset = (query.page - 1) * query.pageSize): Promise<OrderLineRow[]> {
    const params = new SqlParams();
    const { sql: where } = await this.where(manager, query, params);
    const direction = query.sortOrder === 'desc' ? 'DESC' : 'ASC';
    const tieBreak = query.sortField === 'orderDate' || query.sortField === 'deliveryDate' ? `o.id ${direction}, ` : 'o.id DESC, ';
    const state = await this.stateExpression(manager);
    return manager.query(
      `SELECT o.id AS "saleOrderId", o.order_no AS "orderNo", to_char(o.order_date, 'YYYY-MM-DD') AS "orderDate",
              to_char(o.delivery_date, 'YYYY-MM-DD') AS "deliveryDate", cu.short_name AS "customerLabel",
              o.customer_order_no AS "customerOrderNo", l.id AS "lineId", g.code AS "goodsCode", l.product_name AS "productName",
              c.color_id AS "colorId", co.name AS "colorName", c.size_id AS "sizeId", s.name AS "sizeName",
              c.quantity, l.selling_price::float8 AS "sellingPrice", (c.quantity * l.selling_price)::float8 AS amount,
              ${state} AS state, o.currency_id AS currency
         FROM sale_order_cell c
         JOIN sale_order_line l ON l.id = c.line_id
         JOIN sale_order o ON o.id = l.sale_order_id
         JOIN customer cu ON cu.id = o.customer_id
         JOIN goods g ON g.id = l.goods_id
         JOIN color co ON co.id = c.color_id
         JOIN size s ON s.id = c.size_id
         ${where}
        ORDER BY ${SORT_COLUMNS[query.sortField]} ${direction}, ${tieBreak}l.line_no, co.id, s.sort_order, s.id
        LIMIT ${params.add(limit)} OFFSET ${params.add(offset)}`,
      params.values,
    );
  }

  async totals(manager: EntityManager, query: OrderListQuery): Promise<OrderLineTotals> {
    const params = new SqlParams();
    const { sql: where, needsCells, needsGoods, needsCustomer } = await this.where(manager, query, params);
    const joins = [
      'JOIN sale_order o ON o.id = l.sale_order_id',
      needsCustomer ? 'JOIN customer cu ON cu.id = o.customer_id' : '',
      needsGoods ? 'JOIN goods g ON g.id = l.goods_id' : '',
    ].join(' ');
    const sql = needsCells
      ? `SELECT count(*)::float8 AS rows, coalesce(sum(c.quantity), 0)::float8 AS quantity,
                coalesce(sum(c.quantity * l.selling_price), 0)::float8 AS amount
           FROM sale_order_cell c JOIN sale_order_line l ON l.id = c.line_id ${joins} ${where}`
      : `SELECT coalesce(sum(l.cell_count), 0)::float8 AS rows, coalesce(sum(l.quantity), 0)::float8 AS quantity,
                coalesce(sum(l.amount), 0)::float8 AS amount
           FROM sale_order_line l ${joins} ${where}`;
    const rows: OrderLineTotals[] = await manager.query(sql, params.values);
    return rows[0];
  }
}
