import type { MigrationInterface, QueryRunner } from 'typeorm';

// The orders' stage totals (stage_cut, stage_finished, stage_stock_in, stage_stock_out; migration
// 1764288500000) written by the scan itself instead of by a trigger on every step update
// (issue 13, item 4: the lean scan path).
//
// Measured (scan bench, 64 scans in flight at the cutting process): the statement trigger on
// every UPDATE of production_order_step cost PostgreSQL about 0.8 ms of CPU per scan at a stage's
// process — a transition table, a PL/pgSQL call, and a refresh whose UPDATE … FROM unnest($1) was
// planned anew on every call (the plan cache kept choosing a custom plan) — more than the scan's
// own statements (0.86 ms with the trigger off). Now:
// - The scan's write sets the four columns from the route it read under the order's lock (the
//   done of the lowest-sequence step carrying each flag: backend/src/progress/stage-totals.ts,
//   the same choice as the refresh's aggregate).
// - Step updates that move a step to another order, process or place in the route still refresh
//   the orders they touch, by a row trigger limited to those columns (a column list cannot go
//   with transition tables). Inserts and deletes keep their statement triggers. The one other
//   writer of done_quantity, a route replacement (production-order.repository.ts replaceRoute),
//   refreshes its order itself.
// - The refresh plans its statements once per session (plan_cache_mode force_generic_plan):
//   still called by route edits, imports, process flag changes.
// The difference statistics spec checks the columns against the steps after scans, correcting
// entries, sub-process scans, route changes and process flag changes.
export class StageTotalsFromScans1764289400000 implements MigrationInterface {
  name = 'StageTotalsFromScans1764289400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER FUNCTION production_order_stage_refresh(integer[]) SET plan_cache_mode = force_generic_plan`);
    await queryRunner.query(`DROP TRIGGER production_order_step_stage_update ON production_order_step`);
    await queryRunner.query(`
      CREATE FUNCTION production_order_step_moved_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM production_order_stage_refresh(CASE WHEN NEW.order_id = OLD.order_id THEN ARRAY[NEW.order_id] ELSE ARRAY[NEW.order_id, OLD.order_id] END);
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER production_order_step_stage_moved AFTER UPDATE OF order_id, process_id, sequence ON production_order_step
        FOR EACH ROW WHEN ((NEW.order_id, NEW.process_id, NEW.sequence) IS DISTINCT FROM (OLD.order_id, OLD.process_id, OLD.sequence))
        EXECUTE FUNCTION production_order_step_moved_trigger()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER production_order_step_stage_moved ON production_order_step`);
    await queryRunner.query(`DROP FUNCTION production_order_step_moved_trigger()`);
    await queryRunner.query(`
      CREATE TRIGGER production_order_step_stage_update AFTER UPDATE ON production_order_step
        REFERENCING OLD TABLE AS old_steps NEW TABLE AS new_steps FOR EACH STATEMENT EXECUTE FUNCTION production_order_step_stage_trigger()`);
    await queryRunner.query(`ALTER FUNCTION production_order_stage_refresh(integer[]) RESET plan_cache_mode`);
  }
}
