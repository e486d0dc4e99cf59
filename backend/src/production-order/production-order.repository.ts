import type { EntityManager } from 'typeorm';
import type { MatrixCell, ProductionOrder, RouteStep } from '../../../contracts/orders.js';
import type { ParsedListQuery } from '../master-data/list-query.js';

/** TypeORM returns [rows, affected] for UPDATE and DELETE on PostgreSQL. */
function affectedRows(result: unknown): number {
  return Array.isArray(result) && typeof result[1] === 'number' ? result[1] : 0;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const TRUE_WORDS = ['true', '1', 'yes'];

/** The header columns a write may set (field → column). */
export const HEADER_COLUMNS = {
  orderNo: 'order_no',
  saleOrderId: 'sale_order_id',
  saleOrderLineId: 'sale_order_line_id',
  customer: 'customer_id',
  goodsId: 'goods_id',
  productName: 'product_name',
  customerOrderNo: 'customer_order_no',
  orderDate: 'order_date',
  deliveryDate: 'delivery_date',
  totalQuantity: 'total_quantity',
  note: 'note',
} as const;

export type HeaderValues = Partial<Record<keyof typeof HEADER_COLUMNS, string | number | null>>;

/** One new order with its children, for the bulk insert of create-from-sales-order and import. */
export interface NewProductionOrder {
  header: HeaderValues & { orderNo: string };
  cells: MatrixCell[];
  route: RouteStep[];
}

// Sort fields of the list → SQL expression. Only these names are ever accepted (the list query
// parser checks them against the list definition), so nothing from the query becomes SQL.
const SORT_EXPRESSIONS: Record<string, string> = {
  id: 'p.id',
  orderNo: 'lower(p.order_no)',
  customer: 'lower(c.short_name)',
  customerOrderNo: 'lower(p.customer_order_no)',
  goodsCode: 'lower(g.code)',
  productName: 'lower(p.product_name)',
  orderDate: 'p.order_date',
  deliveryDate: 'p.delivery_date',
  totalQuantity: 'p.total_quantity',
  reviewed: 'p.reviewed',
  createdAt: 'p.created_at',
  updatedAt: 'p.updated_at',
};

const SELECT = `
  SELECT p.id, p.version, p.order_no AS "orderNo", p.sale_order_id AS "saleOrderId", so.order_no AS "saleOrderNo",
         p.sale_order_line_id AS "saleOrderLineId", p.customer_id AS customer, c.short_name AS "customerLabel",
         p.customer_order_no AS "customerOrderNo", p.goods_id AS "goodsId", g.code AS "goodsCode", p.product_name AS "productName",
         g.image AS "goodsImage", to_char(p.order_date, 'YYYY-MM-DD') AS "orderDate", to_char(p.delivery_date, 'YYYY-MM-DD') AS "deliveryDate",
         p.total_quantity AS "totalQuantity", p.note, p.reviewed, to_char(p.reviewed_at, 'YYYY-MM-DD') AS "reviewedAt",
         p.review_note AS "reviewNote", COALESCE(NULLIF(u.nickname, ''), u.username) AS "reviewedBy", p.hidden,
         p.document, p.document_uploaded_at AS "documentUploadedAt", p.completed,
         (NOT p.reviewed OR p.document IS NULL) AS flagged, p.created_at AS "createdAt", p.updated_at AS "updatedAt"
    FROM production_order p
    JOIN customer c ON c.id = p.customer_id
    JOIN goods g ON g.id = p.goods_id
    LEFT JOIN sale_order so ON so.id = p.sale_order_id
    LEFT JOIN app_user u ON u.id = p.reviewed_by`;

/** SQL of production orders, their cells and route steps. */
export class ProductionOrderRepository {
  private where(query: ParsedListQuery): { sql: string; params: unknown[] } {
    const conditions: string[] = [];
    const params: unknown[] = [];
    const bind = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const filters = query.filters;
    const yes = (value: string) => TRUE_WORDS.includes(value.toLowerCase());
    // Hidden orders drop out of the default list; filter.hidden=true lists only them, =all both.
    const hidden = (filters.hidden ?? '').toLowerCase();
    if (hidden !== 'all') conditions.push(yes(hidden) ? 'p.hidden' : 'NOT p.hidden');
    if (query.keyword) {
      const pattern = bind(likePattern(query.keyword));
      conditions.push(`(p.order_no ILIKE ${pattern} OR p.customer_order_no ILIKE ${pattern} OR p.product_name ILIKE ${pattern} OR g.code ILIKE ${pattern})`);
    }
    for (const [field, value] of Object.entries(filters)) {
      switch (field) {
        case 'orderNo':
          conditions.push(`p.order_no ILIKE ${bind(likePattern(value))}`);
          break;
        case 'customer':
        case 'goods': {
          const column = field === 'customer' ? 'p.customer_id' : 'p.goods_id';
          conditions.push(/^\d{1,9}$/.test(value) ? `${column} = ${bind(Number(value))}` : 'false');
          break;
        }
        case 'reviewed':
          conditions.push(yes(value) ? 'p.reviewed' : 'NOT p.reviewed');
          break;
        case 'document':
          conditions.push(yes(value) ? 'p.document IS NOT NULL' : 'p.document IS NULL');
          break;
        case 'flagged':
          conditions.push(yes(value) ? '(NOT p.reviewed OR p.document IS NULL)' : '(p.reviewed AND p.document IS NOT NULL)');
          break;
        case 'completed':
          conditions.push(yes(value) ? 'p.completed' : 'NOT p.completed');
          break;
        case 'deliveryFrom':
          conditions.push(`p.delivery_date >= ${bind(value)}::date`);
          break;
        case 'deliveryTo':
          conditions.push(`p.delivery_date <= ${bind(value)}::date`);
          break;
        case 'saleOrder':
          conditions.push(/^\d{1,9}$/.test(value) ? `p.sale_order_id = ${bind(Number(value))}` : 'false');
          break;
      }
    }
    return { sql: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
  }

  async list(manager: EntityManager, query: ParsedListQuery, limit = query.pageSize, offset = (query.page - 1) * query.pageSize): Promise<{ rows: ProductionOrder[]; total: number }> {
    const where = this.where(query);
    const order = `${SORT_EXPRESSIONS[query.sortField] ?? 'p.id'} ${query.sortOrder.toUpperCase()} NULLS LAST, p.id ${query.sortOrder.toUpperCase()}`;
    const rows: ProductionOrder[] = await manager.query(`${SELECT} ${where.sql} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`, where.params);
    const complete = offset === 0 && rows.length < limit;
    if (complete) return { rows, total: rows.length };
    const counted: { total: number }[] = await manager.query(
      `SELECT count(*)::int AS total FROM production_order p JOIN goods g ON g.id = p.goods_id ${where.sql}`,
      where.params,
    );
    return { rows, total: counted[0].total };
  }

  async findById(manager: EntityManager, id: number, lock = false): Promise<ProductionOrder | null> {
    if (lock) await manager.query(`SELECT 1 FROM production_order WHERE id = $1 FOR UPDATE`, [id]);
    const rows: ProductionOrder[] = await manager.query(`${SELECT} WHERE p.id = $1`, [id]);
    return rows[0] ?? null;
  }

  async cellsOf(manager: EntityManager, id: number): Promise<MatrixCell[]> {
    return manager.query(
      `SELECT color_id AS "colorId", size_id AS "sizeId", quantity FROM production_order_cell WHERE order_id = $1 ORDER BY color_id, size_id`,
      [id],
    );
  }

  async routeOf(manager: EntityManager, id: number): Promise<RouteStep[]> {
    return manager.query(
      `SELECT s.process_id AS "processId", pr.name AS "processName", s.sequence, to_char(s.due_date, 'YYYY-MM-DD') AS "dueDate"
         FROM production_order_step s JOIN process pr ON pr.id = s.process_id
        WHERE s.order_id = $1 ORDER BY s.sequence`,
      [id],
    );
  }

  /** Ids of the processes on the order's route (who may see its document). */
  async routeProcessIds(manager: EntityManager, id: number): Promise<number[]> {
    const rows: { processId: number }[] = await manager.query(`SELECT process_id AS "processId" FROM production_order_step WHERE order_id = $1`, [id]);
    return rows.map((row) => row.processId);
  }

  /** The process flow in its order: the default route. */
  async processFlow(manager: EntityManager): Promise<{ id: number; name: string }[]> {
    return manager.query(`SELECT id, name FROM process ORDER BY sort_order, id`);
  }

  async existingProcessIds(manager: EntityManager, ids: number[]): Promise<Set<number>> {
    const rows: { id: number }[] = await manager.query(`SELECT id FROM process WHERE id = ANY ($1::int[])`, [ids]);
    return new Set(rows.map((row) => row.id));
  }

  async customerExists(manager: EntityManager, id: number): Promise<boolean> {
    return (await manager.query(`SELECT 1 FROM customer WHERE id = $1`, [id])).length > 0;
  }

  /** Inserts orders with their cells and routes in a few statements (not one round trip per row). */
  async insertMany(manager: EntityManager, orders: NewProductionOrder[]): Promise<{ id: number; orderNo: string }[]> {
    if (orders.length === 0) return [];
    const fields = Object.keys(HEADER_COLUMNS) as (keyof typeof HEADER_COLUMNS)[];
    const types: Record<keyof typeof HEADER_COLUMNS, string> = {
      orderNo: 'text',
      saleOrderId: 'int',
      saleOrderLineId: 'int',
      customer: 'int',
      goodsId: 'int',
      productName: 'text',
      customerOrderNo: 'text',
      orderDate: 'date',
      deliveryDate: 'date',
      totalQuantity: 'int',
      note: 'text',
    };
    const arrays = fields.map((field) => orders.map((order) => order.header[field] ?? (types[field] === 'text' ? '' : null)));
    const inserted: { id: number; orderNo: string }[] = await manager.query(
      `INSERT INTO production_order (${fields.map((field) => HEADER_COLUMNS[field]).join(', ')})
       SELECT * FROM unnest(${fields.map((field, i) => `$${i + 1}::${types[field]}[]`).join(', ')})
       RETURNING id, order_no AS "orderNo"`,
      arrays,
    );
    const idOf = new Map(inserted.map((row) => [row.orderNo.toLowerCase(), row.id]));
    const ids = orders.map((order) => idOf.get(order.header.orderNo.toLowerCase())!);
    const cellRows = orders.flatMap((order, i) => order.cells.map((cell) => [ids[i], cell.colorId, cell.sizeId, cell.quantity]));
    await this.insertCellRows(manager, cellRows);
    const stepRows = orders.flatMap((order, i) => {
      const total = order.cells.reduce((sum, cell) => sum + cell.quantity, 0);
      return order.route.map((step) => [ids[i], step.processId, step.sequence, step.dueDate, total] as const);
    });
    await this.insertStepRows(manager, stepRows);
    return orders.map((order, i) => ({ id: ids[i], orderNo: order.header.orderNo }));
  }

  private async insertCellRows(manager: EntityManager, rows: number[][]): Promise<void> {
    if (rows.length === 0) return;
    await manager.query(
      `INSERT INTO production_order_cell (order_id, color_id, size_id, quantity) SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::int[])`,
      [0, 1, 2, 3].map((column) => rows.map((row) => row[column])),
    );
  }

  private async insertStepRows(manager: EntityManager, rows: (readonly [number, number, number, string, number])[]): Promise<void> {
    if (rows.length === 0) return;
    await manager.query(
      `INSERT INTO production_order_step (order_id, process_id, sequence, due_date, planned_quantity)
       SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::date[], $5::int[])`,
      [0, 1, 2, 3, 4].map((column) => rows.map((row) => row[column])),
    );
  }

  async replaceCells(manager: EntityManager, id: number, cells: MatrixCell[]): Promise<void> {
    await manager.query(`DELETE FROM production_order_cell WHERE order_id = $1`, [id]);
    await this.insertCellRows(manager, cells.map((cell) => [id, cell.colorId, cell.sizeId, cell.quantity]));
  }

  /**
   * Replaces the route. Progress stays with its process: the counters of the new steps are
   * rebuilt from the scans that moved progress (not those of earlier sub-processes). Returns the
   * name of a process that has scans but is not on the new route (the caller refuses such a
   * change), else null.
   */
  async replaceRoute(manager: EntityManager, id: number, route: RouteStep[], plannedQuantity: number): Promise<string | null> {
    const dropped: { name: string }[] = await manager.query(
      `SELECT p.name FROM scan s JOIN process p ON p.id = s.process_id
        WHERE s.order_id = $1 AND NOT (s.process_id = ANY ($2::int[])) LIMIT 1`,
      [id, route.map((step) => step.processId)],
    );
    if (dropped.length > 0) return dropped[0].name;
    await manager.query(`DELETE FROM production_order_step WHERE order_id = $1`, [id]);
    await this.insertStepRows(manager, route.map((step) => [id, step.processId, step.sequence, step.dueDate, plannedQuantity] as const));
    await manager.query(
      `UPDATE production_order_step st
          SET done_quantity = agg.done, first_scan_at = agg.first_at, last_scan_at = agg.last_at
         FROM (SELECT process_id, sum(quantity)::int AS done, min(scanned_at) AS first_at, max(scanned_at) AS last_at
                 FROM scan WHERE order_id = $1 AND counts_progress GROUP BY process_id) agg
        WHERE st.order_id = $1 AND st.process_id = agg.process_id`,
      [id],
    );
    // Step updates of done do not refresh the order's stage totals (scans write theirs: migration 1764289400000).
    await manager.query(`SELECT production_order_stage_refresh(ARRAY[$1::int])`, [id]);
    return null;
  }

  /** True once any scan was recorded for the order: its history must stay. */
  async hasProgress(manager: EntityManager, id: number): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM scan WHERE order_id = $1 LIMIT 1`, [id]);
    return rows.length > 0;
  }

  async setPlannedQuantity(manager: EntityManager, id: number, plannedQuantity: number): Promise<void> {
    await manager.query(`UPDATE production_order_step SET planned_quantity = $2 WHERE order_id = $1`, [id, plannedQuantity]);
  }

  /**
   * Sets columns when `version` is current and bumps it; false when the order changed (or
   * vanished) meanwhile. Column names come only from callers in this module.
   */
  async update(manager: EntityManager, id: number, version: number, columns: Record<string, unknown>): Promise<number | null> {
    const entries = Object.entries(columns);
    const assignments = entries.map(([column], i) => `${column} = $${i + 3}`);
    const rows: { version: number }[] = await manager.query(
      `UPDATE production_order SET ${[...assignments, 'version = version + 1', 'updated_at = now()'].join(', ')}
        WHERE id = $1 AND version = $2 RETURNING version`,
      [id, version, ...entries.map(([, value]) => value)],
    );
    // TypeORM returns [rows, count] for UPDATE … RETURNING on PostgreSQL.
    const returned = Array.isArray(rows[0]) ? (rows[0] as unknown as { version: number }[]) : rows;
    return returned[0]?.version ?? null;
  }

  /** Hide or show many orders; returns those whose state changed, with their new version. */
  async setHidden(manager: EntityManager, ids: number[], hidden: boolean): Promise<{ id: number; orderNo: string; version: number }[]> {
    const result: unknown = await manager.query(
      `UPDATE production_order SET hidden = $2, hidden_at = CASE WHEN $2 THEN now() END, version = version + 1, updated_at = now()
        WHERE id = ANY ($1::int[]) AND hidden <> $2 RETURNING id, order_no AS "orderNo", version`,
      [ids, hidden],
    );
    return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as { id: number; orderNo: string; version: number }[];
  }

  async existingIds(manager: EntityManager, ids: number[]): Promise<Set<number>> {
    const rows: { id: number }[] = await manager.query(`SELECT id FROM production_order WHERE id = ANY ($1::int[])`, [ids]);
    return new Set(rows.map((row) => row.id));
  }

  /** Unlinks one document from the order; false when it was not among the order's documents. */
  async unlinkDocument(manager: EntityManager, orderId: number, uploadId: string): Promise<boolean> {
    return affectedRows(await manager.query(`DELETE FROM production_order_document WHERE order_id = $1 AND upload_id = $2`, [orderId, uploadId])) > 0;
  }

  async delete(manager: EntityManager, id: number, version: number): Promise<boolean> {
    return affectedRows(await manager.query(`DELETE FROM production_order WHERE id = $1 AND version = $2`, [id, version])) > 0;
  }

  /** Which of the order numbers are taken already (compared case-insensitively), in lower case. */
  async takenOrderNos(manager: EntityManager, orderNos: string[]): Promise<Set<string>> {
    const rows: { no: string }[] = await manager.query(
      `SELECT lower(order_no) AS no FROM production_order WHERE lower(order_no) = ANY ($1::text[])`,
      [orderNos.map((no) => no.toLowerCase())],
    );
    return new Set(rows.map((row) => row.no));
  }

  // ——— sales orders (read only: the sales-order module owns them) ———

  async saleOrderHeader(
    manager: EntityManager,
    id: number,
  ): Promise<{ id: number; orderNo: string; customer: number; customerOrderNo: string; orderDate: string; deliveryDate: string; note: string } | null> {
    const rows = await manager.query(
      `SELECT id, order_no AS "orderNo", customer_id AS customer, customer_order_no AS "customerOrderNo",
              to_char(order_date, 'YYYY-MM-DD') AS "orderDate", to_char(delivery_date, 'YYYY-MM-DD') AS "deliveryDate"
         FROM sale_order WHERE id = $1 FOR SHARE`,
      [id],
    );
    return rows[0] ?? null;
  }

  async saleOrderLines(
    manager: EntityManager,
    saleOrderId: number,
  ): Promise<
    { id: number; lineNo: number; goodsId: number; styleCode: string; productName: string; note: string; inProduction: boolean; productionOrderNo: string | null; cells: MatrixCell[] }[]
  > {
    return manager.query(
      `SELECT l.id, l.line_no AS "lineNo", l.goods_id AS "goodsId", (SELECT g.code FROM goods g WHERE g.id = l.goods_id) AS "styleCode",
              l.product_name AS "productName", l.note,
              EXISTS (SELECT 1 FROM production_order p WHERE p.sale_order_line_id = l.id) AS "inProduction",
              (SELECT p.order_no FROM production_order p WHERE p.sale_order_line_id = l.id ORDER BY p.id LIMIT 1) AS "productionOrderNo",
              COALESCE((SELECT json_agg(json_build_object('colorId', c.color_id, 'sizeId', c.size_id, 'quantity', c.quantity) ORDER BY c.color_id, c.size_id)
                          FROM sale_order_cell c WHERE c.line_id = l.id AND c.quantity > 0), '[]') AS cells
         FROM sale_order_line l WHERE l.sale_order_id = $1 ORDER BY l.line_no, l.id`,
      [saleOrderId],
    );
  }
}
