import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { BundleTicket, LayRecord } from '../../../contracts/bundles.js';

/** An order with its style, for lays and tickets. */
export interface CuttingOrder {
  id: number;
  orderNo: string;
  styleCode: string;
  styleName: string;
}

/** One cell of the order's grid with its names and the size's place in its size group. */
export interface GridCell {
  colorId: number;
  colorName: string;
  sizeId: number;
  sizeName: string;
  ordered: number;
}

/** The stored sizes of a lay: pieces per size (the ratio when the marker gave one). */
export interface StoredLaySize {
  sizeId: number;
  ratio: number | null;
  quantity: number;
}

export interface LayRow {
  id: number;
  orderId: number;
  layNo: number;
  colorId: number;
  plies: number;
  sizes: StoredLaySize[];
  bundleSize: number;
  cutterId: number | null;
  note: string;
  version: number;
}

export interface NewBundle {
  bundleNo: number;
  code: string;
  sizeId: number;
  quantity: number;
}

/** A live bundle of a lay with the cutting scans to take back. */
export interface LayBundle {
  id: number;
  bundleNo: number;
  code: string;
}

/** A scan of a bundle not taken back (nor itself a correcting entry). */
const LIVE_SCAN = `s.reverses_id IS NULL AND NOT EXISTS (SELECT 1 FROM scan r WHERE r.reverses_id = s.id)`;

/** A lay is locked once a bundle of it has a live scan past cutting, or an inspection found defects. */
const LAY_LOCKED = (lay: string) => `(EXISTS (
    SELECT 1 FROM bundle lb JOIN scan s ON s.bundle_id = lb.id JOIN process sp ON sp.id = s.process_id
     WHERE lb.lay_id = ${lay} AND NOT lb.voided AND NOT sp.cutting AND ${LIVE_SCAN})
  OR EXISTS (SELECT 1 FROM bundle lb JOIN bundle_defect d ON d.bundle_id = lb.id WHERE lb.lay_id = ${lay} AND NOT lb.voided))`;

/** Lays and their bundles (tables cut_lay, bundle). Callers hold the order's lock for writes. */
@Injectable()
export class CuttingRepository {
  async order(manager: EntityManager, orderId: number): Promise<CuttingOrder | null> {
    const rows: CuttingOrder[] = await manager.query(
      `SELECT o.id, o.order_no AS "orderNo", g.code AS "styleCode", g.name AS "styleName"
         FROM production_order o JOIN goods g ON g.id = o.goods_id WHERE o.id = $1`,
      [orderId],
    );
    return rows[0] ?? null;
  }

  /** The order's grid, colours then sizes in the order of the size group. */
  async grid(manager: EntityManager, orderId: number): Promise<GridCell[]> {
    return manager.query(
      `SELECT c.color_id AS "colorId", co.name AS "colorName", c.size_id AS "sizeId", sz.name AS "sizeName", c.quantity AS ordered
         FROM production_order_cell c JOIN color co ON co.id = c.color_id JOIN size sz ON sz.id = c.size_id
        WHERE c.order_id = $1
        ORDER BY co.id, sz.sort_order, sz.id`,
      [orderId],
    );
  }

  /** Pieces cut per colour × size: the live bundles. */
  async cut(manager: EntityManager, orderId: number): Promise<{ colorId: number; sizeId: number; cut: number }[]> {
    return manager.query(
      `SELECT color_id AS "colorId", size_id AS "sizeId", sum(quantity)::int AS cut FROM bundle
        WHERE order_id = $1 AND NOT voided GROUP BY color_id, size_id`,
      [orderId],
    );
  }

  async nextLayNo(manager: EntityManager, orderId: number): Promise<number> {
    const [row] = await manager.query(`SELECT coalesce(max(lay_no), 0)::int + 1 AS next FROM cut_lay WHERE order_id = $1`, [orderId]);
    return row.next as number;
  }

  /** Numbers are never reused: voided bundles keep theirs. */
  async nextBundleNo(manager: EntityManager, orderId: number): Promise<number> {
    const [row] = await manager.query(`SELECT coalesce(max(bundle_no), 0)::int + 1 AS next FROM bundle WHERE order_id = $1`, [orderId]);
    return row.next as number;
  }

  async insertLay(
    manager: EntityManager,
    lay: Omit<LayRow, 'id' | 'version'> & { createdBy: number },
  ): Promise<{ id: number; version: number }> {
    const [row] = await manager.query(
      `INSERT INTO cut_lay (order_id, lay_no, color_id, plies, sizes, bundle_size, cutter_id, note, created_by)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9) RETURNING id, version`,
      [lay.orderId, lay.layNo, lay.colorId, lay.plies, JSON.stringify(lay.sizes), lay.bundleSize, lay.cutterId, lay.note, lay.createdBy],
    );
    return row;
  }

  /** The edit: new values and version + 1, when the version read is still the lay's; null otherwise. */
  async updateLay(manager: EntityManager, id: number, version: number, lay: Pick<LayRow, 'colorId' | 'plies' | 'sizes' | 'bundleSize' | 'cutterId' | 'note'>): Promise<number | null> {
    const result: unknown[] = await manager.query(
      `UPDATE cut_lay SET color_id = $3, plies = $4, sizes = $5::jsonb, bundle_size = $6, cutter_id = $7, note = $8,
              version = version + 1, updated_at = now()
        WHERE id = $1 AND version = $2 AND voided_at IS NULL RETURNING version`,
      [id, version, lay.colorId, lay.plies, JSON.stringify(lay.sizes), lay.bundleSize, lay.cutterId, lay.note],
    );
    // TypeORM returns [rows, count] for UPDATE … RETURNING on PostgreSQL.
    const rows = (Array.isArray(result[0]) ? result[0] : result) as { version: number }[];
    return rows[0]?.version ?? null;
  }

  async voidLay(manager: EntityManager, id: number): Promise<void> {
    await manager.query(`UPDATE cut_lay SET voided_at = now(), version = version + 1, updated_at = now() WHERE id = $1`, [id]);
  }

  /** A live lay (not deleted). */
  async lay(manager: EntityManager, id: number): Promise<LayRow | null> {
    const rows: LayRow[] = await manager.query(
      `SELECT id, order_id AS "orderId", lay_no AS "layNo", color_id AS "colorId", plies, sizes, bundle_size AS "bundleSize",
              cutter_id AS "cutterId", note, version
         FROM cut_lay WHERE id = $1 AND voided_at IS NULL`,
      [id],
    );
    return rows[0] ?? null;
  }

  async layLocked(manager: EntityManager, id: number): Promise<boolean> {
    const [row] = await manager.query(`SELECT ${LAY_LOCKED('$1')} AS locked`, [id]);
    return Boolean(row.locked);
  }

  /**
   * Inserts the bundles of a lay in one statement; every bundle starts "last seen" at cutting
   * (the lay's cutting scan), credited to the cutter.
   */
  async insertBundles(
    manager: EntityManager,
    input: { orderId: number; layId: number; colorId: number; cuttingProcessId: number; cutterId: number; bundles: NewBundle[]; at?: Date },
  ): Promise<LayBundle[]> {
    if (input.bundles.length === 0) return [];
    const rows: LayBundle[] = await manager.query(
      `INSERT INTO bundle (code, order_id, lay_id, bundle_no, color_id, size_id, quantity, last_scan_at, last_process_id, last_worker_id)
       SELECT t.code, $1, $2, t.bundle_no, $3, t.size_id, t.quantity, coalesce($10::timestamptz, now()), $4, $5
         FROM unnest($6::text[], $7::int[], $8::int[], $9::int[]) AS t(code, bundle_no, size_id, quantity)
       RETURNING id::int AS id, bundle_no AS "bundleNo", code`,
      [
        input.orderId,
        input.layId,
        input.colorId,
        input.cuttingProcessId,
        input.cutterId,
        input.bundles.map((b) => b.code),
        input.bundles.map((b) => b.bundleNo),
        input.bundles.map((b) => b.sizeId),
        input.bundles.map((b) => b.quantity),
        input.at ?? null,
      ],
    );
    return rows.sort((a, b) => a.bundleNo - b.bundleNo);
  }

  /** The live cutting scans of a lay's live bundles (what an edit or delete takes back). */
  async cuttingScans(manager: EntityManager, layId: number): Promise<{ scanId: string; bundleNo: number }[]> {
    return manager.query(
      `SELECT s.scan_id AS "scanId", b.bundle_no AS "bundleNo"
         FROM bundle b JOIN scan s ON s.bundle_id = b.id JOIN process sp ON sp.id = s.process_id
        WHERE b.lay_id = $1 AND NOT b.voided AND sp.cutting AND ${LIVE_SCAN}
        ORDER BY b.bundle_no, s.id`,
      [layId],
    );
  }

  async voidBundles(manager: EntityManager, layId: number): Promise<void> {
    await manager.query(`UPDATE bundle SET voided = true WHERE lay_id = $1 AND NOT voided`, [layId]);
  }

  /** The order's live lays with their totals, in number order. */
  async lays(manager: EntityManager, orderId: number): Promise<LayRecord[]> {
    const rows: (Omit<LayRecord, 'sizes' | 'createdAt'> & { sizes: StoredLaySize[]; createdAt: Date })[] = await manager.query(
      `SELECT l.id, l.order_id AS "orderId", l.lay_no AS "layNo", l.color_id AS "colorId", co.name AS "colorName", l.plies, l.sizes,
              l.bundle_size AS "bundleSize", l.cutter_id AS "cutterId", coalesce(nullif(u.nickname, ''), u.username) AS "cutterName",
              l.note, l.version, l.created_at AS "createdAt",
              coalesce((SELECT sum(b.quantity) FROM bundle b WHERE b.lay_id = l.id AND NOT b.voided), 0)::int AS quantity,
              (SELECT count(*) FROM bundle b WHERE b.lay_id = l.id AND NOT b.voided)::int AS "bundleCount",
              ${LAY_LOCKED('l.id')} AS locked
         FROM cut_lay l JOIN color co ON co.id = l.color_id LEFT JOIN app_user u ON u.id = l.cutter_id
        WHERE l.order_id = $1 AND l.voided_at IS NULL
        ORDER BY l.lay_no`,
      [orderId],
    );
    const sizeNames = new Map<number, string>(
      (await manager.query(`SELECT id, name FROM size WHERE id = ANY($1::int[])`, [[...new Set(rows.flatMap((row) => row.sizes.map((size) => size.sizeId)))]])).map(
        (row: { id: number; name: string }) => [row.id, row.name],
      ),
    );
    return rows.map((row) => ({
      ...row,
      sizes: row.sizes.map((size) => ({ sizeId: size.sizeId, sizeName: sizeNames.get(size.sizeId) ?? '', ratio: size.ratio, quantity: size.quantity })),
      createdAt: new Date(row.createdAt).toISOString(),
    }));
  }

  /** Tickets of a lay's or an order's live bundles, in bundle order. */
  async tickets(manager: EntityManager, filter: { layId?: number; orderId?: number }): Promise<(Omit<BundleTicket, 'coupons' | 'qr'> & { orderId: number })[]> {
    const rows: (Omit<BundleTicket, 'coupons' | 'qr'> & { orderId: number })[] = await manager.query(
      `SELECT b.code, o.id AS "orderId", o.order_no AS "orderNo", g.code AS "styleCode", g.name AS "styleName", c.name AS "colorName",
              sz.name AS "sizeName", b.quantity, b.bundle_no AS "bundleNo", l.lay_no AS "layNo"
         FROM bundle b JOIN production_order o ON o.id = b.order_id JOIN goods g ON g.id = o.goods_id JOIN cut_lay l ON l.id = b.lay_id
         JOIN color c ON c.id = b.color_id JOIN size sz ON sz.id = b.size_id
        WHERE NOT b.voided AND ($1::int IS NULL OR b.lay_id = $1) AND ($2::int IS NULL OR b.order_id = $2)
        ORDER BY b.order_id, b.bundle_no`,
      [filter.layId ?? null, filter.orderId ?? null],
    );
    return rows;
  }
}

/** The bundles of one size: full bundles of `bundleSize`, the remainder last. */
export function cutIntoBundles(pieces: number, bundleSize: number): number[] {
  const full = Math.floor(pieces / bundleSize);
  const rest = pieces % bundleSize;
  return [...Array<number>(full).fill(bundleSize), ...(rest > 0 ? [rest] : [])];
}
