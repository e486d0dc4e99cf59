import type { MigrationInterface, QueryRunner } from 'typeorm';

// Progress on the floor (contracts/production.ts).
//
// - scan is the history: one row per scan or correcting entry, never edited. scan_id is the
//   client-generated id; its unique index is what makes a repeated scan count once, also across
//   app instances (a second insert waits for the first transaction, then conflicts).
// - reverses_id is unique: a scan is taken back at most once, by one correcting entry.
// - The counters (production_order_step.done_quantity and production_order_cell_progress) are
//   updated in the scan's transaction under the step's row lock, so concurrent scans of one
//   order and process never lose an update. CHECK (done_quantity >= 0) is the last guard.
// - result keeps the answer of the first request, returned again when the same id is re-sent.
// - scan.order_id is RESTRICT: an order with progress cannot be deleted (the reference guard
//   says so), its history must stay.
/** Screens this capability adds; the administrator gets them (existing databases too). */
const NEW_SCREENS = ['Schedule', 'DashboardRedirect', 'Scan', 'Setting'];

export class Progress1764028800000 implements MigrationInterface {
  name = 'Progress1764028800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE production_order_step
        ADD COLUMN done_quantity integer NOT NULL DEFAULT 0 CHECK (done_quantity >= 0),
        ADD COLUMN first_scan_at timestamptz,
        ADD COLUMN last_scan_at timestamptz`);
    await queryRunner.query(`
      ALTER TABLE production_order
        ADD COLUMN completed_at timestamptz,
        ADD COLUMN last_activity_at timestamptz NOT NULL DEFAULT now()`);
    await queryRunner.query(`UPDATE production_order SET last_activity_at = updated_at`);
    // Boards read shown orders that are open or recently completed.
    await queryRunner.query(`CREATE INDEX production_order_board_index ON production_order (completed, completed_at) WHERE NOT hidden`);

    await queryRunner.query(`
      CREATE TABLE scan (
        id bigserial PRIMARY KEY,
        scan_id varchar(64) NOT NULL,
        order_id integer NOT NULL REFERENCES production_order (id) ON DELETE RESTRICT,
        process_id integer NOT NULL REFERENCES process (id) ON DELETE RESTRICT,
        quantity integer NOT NULL CHECK (quantity <> 0),
        color_id integer REFERENCES color (id) ON DELETE RESTRICT,
        size_id integer REFERENCES size (id) ON DELETE RESTRICT,
        worker_id integer REFERENCES app_user (id) ON DELETE SET NULL,
        device_id varchar(64) NOT NULL DEFAULT '',
        reverses_id bigint REFERENCES scan (id) ON DELETE RESTRICT,
        note varchar(500) NOT NULL DEFAULT '',
        flagged boolean NOT NULL DEFAULT false,
        scanned_at timestamptz NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now(),
        recorded_by integer NOT NULL,
        result jsonb NOT NULL
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX scan_scan_id_unique ON scan (scan_id)`);
    await queryRunner.query(`CREATE UNIQUE INDEX scan_reverses_id_unique ON scan (reverses_id) WHERE reverses_id IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX scan_order_index ON scan (order_id, id)`);
    await queryRunner.query(`CREATE INDEX scan_scanned_at_index ON scan (scanned_at)`);
    await queryRunner.query(`CREATE INDEX scan_process_id_index ON scan (process_id)`);
    await queryRunner.query(`CREATE INDEX scan_worker_index ON scan (worker_id, scanned_at)`);

    await queryRunner.query(`
      CREATE TABLE production_order_cell_progress (
        order_id integer NOT NULL REFERENCES production_order (id) ON DELETE CASCADE,
        process_id integer NOT NULL REFERENCES process (id) ON DELETE RESTRICT,
        color_id integer NOT NULL REFERENCES color (id) ON DELETE RESTRICT,
        size_id integer NOT NULL REFERENCES size (id) ON DELETE RESTRICT,
        done_quantity integer NOT NULL DEFAULT 0 CHECK (done_quantity >= 0),
        PRIMARY KEY (order_id, process_id, color_id, size_id)
      )`);

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
    await queryRunner.query(`DROP TABLE production_order_cell_progress`);
    await queryRunner.query(`DROP TABLE scan`);
    await queryRunner.query(`DROP INDEX production_order_board_index`);
    await queryRunner.query(`ALTER TABLE production_order DROP COLUMN completed_at, DROP COLUMN last_activity_at`);
    await queryRunner.query(`ALTER TABLE production_order_step DROP COLUMN done_quantity, DROP COLUMN first_scan_at, DROP COLUMN last_scan_at`);
  }
}
