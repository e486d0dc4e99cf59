import type { EntityManager } from 'typeorm';
import type { GoodsColor, SizeEntry } from '../../../contracts/master-data.js';

/** SQL of a style's colours and sizes. */
export class GoodsRepository {
  /** Which of `ids` are colours. */
  async existingColorIds(manager: EntityManager, ids: number[]): Promise<Set<number>> {
    const rows: { id: number }[] = await manager.query(`SELECT id FROM color WHERE id = ANY ($1::int[])`, [ids]);
    return new Set(rows.map((row) => row.id));
  }

  /** Which of `ids` are sizes of `sizeGroupId`. */
  async sizeIdsInGroup(manager: EntityManager, sizeGroupId: number, ids: number[]): Promise<Set<number>> {
    const rows: { id: number }[] = await manager.query(`SELECT id FROM size WHERE size_group_id = $1 AND id = ANY ($2::int[])`, [sizeGroupId, ids]);
    return new Set(rows.map((row) => row.id));
  }

  async replaceColors(manager: EntityManager, goodsId: number, colorIds: number[]): Promise<void> {
    await manager.query(`DELETE FROM goods_color WHERE goods_id = $1`, [goodsId]);
    await manager.query(
      `INSERT INTO goods_color (goods_id, color_id, sort_order) SELECT $1, c.id, c.ord FROM unnest($2::int[]) WITH ORDINALITY AS c (id, ord)`,
      [goodsId, colorIds],
    );
  }

  async replaceSizes(manager: EntityManager, goodsId: number, sizeIds: number[]): Promise<void> {
    await manager.query(`DELETE FROM goods_size WHERE goods_id = $1`, [goodsId]);
    if (sizeIds.length) {
      await manager.query(`INSERT INTO goods_size (goods_id, size_id) SELECT $1, unnest($2::int[])`, [goodsId, sizeIds]);
    }
  }

  async colorsOf(manager: EntityManager, goodsId: number): Promise<GoodsColor[]> {
    return manager.query(
      `SELECT c.id, c.code, c.name, c.hex FROM goods_color gc JOIN color c ON c.id = gc.color_id
        WHERE gc.goods_id = $1 ORDER BY gc.sort_order, c.id`,
      [goodsId],
    );
  }

  /** The sizes a style comes in: those selected, or every size of its group when none are. */
  async sizesOf(manager: EntityManager, goodsId: number, sizeGroupId: number): Promise<SizeEntry[]> {
    return manager.query(
      `SELECT s.id, s.name, s.sort_order AS "sortOrder" FROM size s
        WHERE s.size_group_id = $2
          AND (NOT EXISTS (SELECT 1 FROM goods_size WHERE goods_id = $1)
               OR s.id IN (SELECT size_id FROM goods_size WHERE goods_id = $1))
        ORDER BY s.sort_order, s.id`,
      [goodsId, sizeGroupId],
    );
  }
}
