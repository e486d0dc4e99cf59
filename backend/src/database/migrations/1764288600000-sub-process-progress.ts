import type { MigrationInterface, QueryRunner } from 'typeorm';

// Sub-processes (工序 steps of a process, e.g. sewing's collar → sleeves → side seams) are done
// one after another on the same pieces. Each step is paid per piece, but a piece has passed the
// process only once its LAST step is done: counting every step would count sewing three times.
//
// - scan.counts_progress: whether the scan moved the process's progress (production_order_step,
//   production_order_cell_progress) — true for a scan naming no step (the whole process) or the
//   process's last step at the time of recording, false for an earlier step. Stored because the
//   steps of a process may change later; a correcting entry takes back exactly what its scan did.
//   Scans recorded before this migration all moved progress, so they keep `true`.
// An earlier step has its own over-plan limit per order, process and step (and cell): the scan sums
// the order's scans of that step under the order's lock, through scan_order_index (an order has
// at most a few hundred scans), so no new index slows every scan's insert.
export class SubProcessProgress1764288600000 implements MigrationInterface {
  name = 'SubProcessProgress1764288600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE scan ADD COLUMN counts_progress boolean NOT NULL DEFAULT true`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE scan DROP COLUMN counts_progress`);
  }
}
