import type { MigrationInterface, QueryRunner } from 'typeorm';

// Piece-rate pay (contracts/appraisal.ts).
//
// - scan.piece_rate is the rate in force when the scan was recorded (its sub-process's rate, else
//   its process's, else null = no pay); a later rate change never rewrites recorded pay. A
//   correcting entry carries the rate of the scan it takes back.
// - scan.step_id names the sub-process the pieces were done at (optional). RESTRICT: a step with
//   scans keeps its row (the process form edits steps in place, see ProcessRepository.replaceSteps).
// - worker_daily_output is the pay summary: one row per worker, factory day, process, step
//   (0 = none) and rate, moved by every scan and correcting entry in the scan's own write, so a
//   worker's month is a few dozen rows and the factory's month a few ten thousand instead of
//   millions of scans. It is derived data: no foreign keys (the reference guard reads foreign
//   keys, and a user's or process's history must not be "in use" by its own summary). The rate is
//   part of the key so the report can tell one rate from several.
/** Screens this capability adds; the administrator gets them (existing databases too). */
const NEW_SCREENS = ['PerformanceAppraisalDetails'];

/** The server's time zone: the factory's calendar day (progress-math localDay) in SQL. */
const FACTORY_TIME_ZONE = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export class PieceRatePay1764288000000 implements MigrationInterface {
  name = 'PieceRatePay1764288000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE scan
        ADD COLUMN piece_rate numeric(10,2),
        ADD COLUMN step_id integer REFERENCES process_step (id) ON DELETE RESTRICT`);
    await queryRunner.query(`CREATE INDEX scan_step_id_index ON scan (step_id) WHERE step_id IS NOT NULL`);
    // Scans recorded before this release: the process's rate now is the best record of the rate then.
    await queryRunner.query(`UPDATE scan s SET piece_rate = p.piece_rate FROM process p WHERE p.id = s.process_id AND p.piece_rate IS NOT NULL`);

    await queryRunner.query(`
      CREATE TABLE worker_daily_output (
        worker_id integer NOT NULL,
        day date NOT NULL,
        process_id integer NOT NULL,
        step_id integer NOT NULL DEFAULT 0,
        piece_rate numeric(10,2),
        pieces integer NOT NULL DEFAULT 0,
        pay numeric(12,2) NOT NULL DEFAULT 0
      )`);
    // The key (rate null = no rate); it also serves "a worker's month" (worker, day range).
    await queryRunner.query(
      `CREATE UNIQUE INDEX worker_daily_output_key ON worker_daily_output (worker_id, day, process_id, step_id, (coalesce(piece_rate, -1)))`,
    );
    // "The factory's month": every worker, a day range.
    await queryRunner.query(`CREATE INDEX worker_daily_output_day_index ON worker_daily_output (day)`);
    await queryRunner.query(
      `INSERT INTO worker_daily_output (worker_id, day, process_id, step_id, piece_rate, pieces, pay)
       SELECT worker_id, (scanned_at AT TIME ZONE $1)::date, process_id, coalesce(step_id, 0), piece_rate,
              sum(quantity), sum(quantity * coalesce(piece_rate, 0))
         FROM scan WHERE worker_id IS NOT NULL
        GROUP BY 1, 2, 3, 4, 5`,
      [FACTORY_TIME_ZONE()],
    );

    await queryRunner.query(
      `UPDATE app_user SET permissions = ARRAY(SELECT DISTINCT unnest(permissions || $1::text[]) ORDER BY 1)
        WHERE lower(username) = 'admin'`,
      [NEW_SCREENS],
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE app_user SET permissions = ARRAY(SELECT p FROM unnest(permissions) p WHERE p <> ALL($1::text[]))
        WHERE lower(username) = 'admin'`,
      [NEW_SCREENS],
    );
    await queryRunner.query(`DROP TABLE worker_daily_output`);
    await queryRunner.query(`ALTER TABLE scan DROP COLUMN step_id, DROP COLUMN piece_rate`);
  }
}
