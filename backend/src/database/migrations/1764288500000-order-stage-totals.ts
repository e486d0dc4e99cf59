import type { MigrationInterface, QueryRunner } from 'typeorm';

// Per-order stage totals for the difference statistics (issue 11).
//
// - production_order.stage_cut, stage_finished, stage_stock_in, stage_stock_out: what was done
//   at the first step (by route sequence) of each measured stage — cutting, end process
//   (finished), warehouse-in, warehouse-out; null when no step of the order's route carries that
//   flag. The report's totals over every matching order read these four columns of the order
//   row itself instead of aggregating every order's steps: at 50,000 orders that aggregate was
//   most of the report's time, and a table of their own still cost a hash join as large as the
//   filter (measured: the join alone doubled the totals' time).
// - Kept by the database itself, in the writer's statement: statement triggers on
//   production_order_step (insert, delete, and updates of sequence/process, or of done at a
//   stage's process) and on process (a flag turned on or off) recompute the orders they
//   touched. So every writer is covered — the scan's CTE, route edits, order deletion, a
//   process's flags edited in master data, and any writer added later — without each having to
//   remember the summary. The refresh locks the orders first (the scan already holds its
//   order's lock, an order edit too) and then reads a fresh snapshot, so two transactions
//   writing steps of one order cannot leave the older numbers behind. It writes only orders
//   whose numbers changed.
// - The cost is on the writers (docs/ARCHITECTURE.md, measured): about 0.2 ms per step write
//   that can change a stage (a scan at a process without a stage flag skips the refresh),
//   and a stage flag changed on a process that every route of 50,000 orders uses rewrites every
//   order row (seconds) — rare, an administrator's edit.
// - Statement triggers with transition tables rather than row triggers: a route edit or an
//   import writes many steps in one statement and is recomputed once per order.
// - The stage choice is the report's (difference.repository.ts stageStepsSql): the lowest
//   sequence wins, packed with done into one int8 so min() is a plain aggregate (done ≥ 0).
const STAGE_COLUMNS = { stage_cut: 'cutting', stage_finished: 'end_process', stage_stock_in: 'warehouse_in', stage_stock_out: 'warehouse_out' } as const;

const stageDone = Object.entries(STAGE_COLUMNS)
  .map(([column, flag]) => `(min((s.sequence::int8 << 32) | s.done_quantity) FILTER (WHERE pr.${flag}) & 4294967295)::int AS ${column}`)
  .join(',\n                ');
const columns = Object.keys(STAGE_COLUMNS);
const anyStageFlag = Object.values(STAGE_COLUMNS)
  .map((flag) => `pr.${flag}`)
  .join(' OR ');

export class OrderStageTotals1764288500000 implements MigrationInterface {
  name = 'OrderStageTotals1764288500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE production_order ${columns.map((column) => `ADD COLUMN ${column} integer`).join(', ')}`);
    await queryRunner.query(`
      CREATE FUNCTION production_order_stage_refresh(order_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        IF cardinality(order_ids) = 0 THEN RETURN; END IF;
        PERFORM 1 FROM production_order WHERE id = ANY (order_ids) ORDER BY id FOR NO KEY UPDATE;
        UPDATE production_order o SET ${columns.map((column) => `${column} = m.${column}`).join(', ')}
          FROM (SELECT i.id,
                ${stageDone}
                  FROM unnest(order_ids) AS i (id)
                  LEFT JOIN production_order_step s ON s.order_id = i.id
                  LEFT JOIN process pr ON pr.id = s.process_id
                 GROUP BY i.id) m
         WHERE o.id = m.id
           AND (${columns.map((column) => `o.${column}`).join(', ')}) IS DISTINCT FROM (${columns.map((column) => `m.${column}`).join(', ')});
      END $$`);
    // One function for the three events; each trigger names its transition tables alike. A scan
    // updates one step's done: only a step of a stage's process can change the order's numbers,
    // so a scan elsewhere (sewing, most scans) neither locks nor re-aggregates the order.
    await queryRunner.query(`
      CREATE FUNCTION production_order_step_stage_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM production_order_stage_refresh(ARRAY(SELECT DISTINCT order_id FROM new_steps));
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM production_order_stage_refresh(ARRAY(SELECT DISTINCT order_id FROM old_steps));
        ELSE
          PERFORM production_order_stage_refresh(ARRAY(
            SELECT DISTINCT unnest(ARRAY[n.order_id, o.order_id])
              FROM new_steps n JOIN old_steps o ON o.id = n.id
             WHERE (n.order_id, n.process_id, n.sequence) IS DISTINCT FROM (o.order_id, o.process_id, o.sequence)
                OR (n.done_quantity IS DISTINCT FROM o.done_quantity
                    AND EXISTS (SELECT 1 FROM process pr WHERE pr.id = n.process_id AND (${anyStageFlag})))));
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER production_order_step_stage_insert AFTER INSERT ON production_order_step
        REFERENCING NEW TABLE AS new_steps FOR EACH STATEMENT EXECUTE FUNCTION production_order_step_stage_trigger()`);
    await queryRunner.query(`
      CREATE TRIGGER production_order_step_stage_update AFTER UPDATE ON production_order_step
        REFERENCING OLD TABLE AS old_steps NEW TABLE AS new_steps FOR EACH STATEMENT EXECUTE FUNCTION production_order_step_stage_trigger()`);
    await queryRunner.query(`
      CREATE TRIGGER production_order_step_stage_delete AFTER DELETE ON production_order_step
        REFERENCING OLD TABLE AS old_steps FOR EACH STATEMENT EXECUTE FUNCTION production_order_step_stage_trigger()`);
    const flags = Object.values(STAGE_COLUMNS);
    await queryRunner.query(`
      CREATE FUNCTION process_stage_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM production_order_stage_refresh(ARRAY(
          SELECT DISTINCT s.order_id
            FROM new_processes n JOIN old_processes o ON o.id = n.id JOIN production_order_step s ON s.process_id = n.id
           WHERE (${flags.map((flag) => `n.${flag}`).join(', ')}) IS DISTINCT FROM (${flags.map((flag) => `o.${flag}`).join(', ')})));
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER process_stage_update AFTER UPDATE ON process
        REFERENCING OLD TABLE AS old_processes NEW TABLE AS new_processes FOR EACH STATEMENT EXECUTE FUNCTION process_stage_trigger()`);
    // Existing orders.
    await queryRunner.query(`SELECT production_order_stage_refresh(ARRAY(SELECT id FROM production_order))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER process_stage_update ON process`);
    for (const event of ['insert', 'update', 'delete']) await queryRunner.query(`DROP TRIGGER production_order_step_stage_${event} ON production_order_step`);
    await queryRunner.query(`DROP FUNCTION process_stage_trigger(), production_order_step_stage_trigger(), production_order_stage_refresh(integer[])`);
    await queryRunner.query(`ALTER TABLE production_order ${columns.map((column) => `DROP COLUMN ${column}`).join(', ')}`);
  }
}
