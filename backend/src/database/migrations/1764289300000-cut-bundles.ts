import type { MigrationInterface, QueryRunner } from 'typeorm';

// Cut bundles (菲号), QC defects and rework (issue 14; contracts/bundles.ts has the flow).
// - cut_lay: one lay at the cutting table (colour, plies, sizes with ratio or quantity). Edited or
//   deleted lays are voided, not removed: their bundles' cutting scans (and the correcting
//   entries that took them back) keep pointing at them, so history stays whole.
// - bundle: one bundle of one colour × size; code is `<order no>-<bundle no>` and unique without
//   regard to case (the station looks bundles up by the scanned code: one index probe). Numbers
//   are per order and never reused, also after a lay is voided (old tickets stay unambiguous).
//   last_* say where the bundle is, written by every bundle scan (the list and "stuck" read them).
// - scan.bundle_id: the bundle a scan recorded; a bundle's numbers per process are sums over its
//   scans (a handful per bundle, read through scan_bundle_index) — no second counter to drift.
//   scan.kind: 'normal', 'rework' (reworked pieces: paid, not progress) or 'chargeBack' (pay
//   taken back from the worker charged with a defect: negative pieces, not progress).
// - bundle_inspection: one QC inspection of a bundle (its client id makes a re-sent inspection
//   count once, also when no piece passed and so no scan was written).
// - bundle_defect: defects found by an inspection, with their disposition; `reworked` counts the
//   pieces of a rework lot done so far (they are open at the QC process again).
// - process.qc flags an inspection process; process.rework_rate is what a rework piece pays.
// - defect_type: base data (code, name).
const META = `
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()`;

/** Screens this capability adds; the administrator gets them (existing databases too). */
const NEW_SCREENS = ['Cutting', 'Bundle', 'DefectType'];

export class CutBundles1764289300000 implements MigrationInterface {
  name = 'CutBundles1764289300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE process ADD COLUMN qc boolean NOT NULL DEFAULT false, ADD COLUMN rework_rate numeric(10,2)`);
    await queryRunner.query(`
      CREATE TABLE defect_type (
        id serial PRIMARY KEY,
        code varchar(32) NOT NULL,
        name varchar(64) NOT NULL,
        note varchar(500) NOT NULL DEFAULT '',${META}
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX defect_type_code_unique ON defect_type (lower(code))`);

    await queryRunner.query(`
      CREATE TABLE cut_lay (
        id serial PRIMARY KEY,
        order_id integer NOT NULL REFERENCES production_order (id) ON DELETE RESTRICT,
        lay_no integer NOT NULL,
        color_id integer NOT NULL REFERENCES color (id) ON DELETE RESTRICT,
        plies integer NOT NULL CHECK (plies BETWEEN 1 AND 1000),
        sizes jsonb NOT NULL,
        bundle_size integer NOT NULL CHECK (bundle_size BETWEEN 1 AND 500),
        cutter_id integer REFERENCES app_user (id) ON DELETE SET NULL,
        note varchar(500) NOT NULL DEFAULT '',
        voided_at timestamptz,
        created_by integer,${META}
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX cut_lay_number_unique ON cut_lay (order_id, lay_no)`);

    await queryRunner.query(`
      CREATE TABLE bundle (
        id bigserial PRIMARY KEY,
        code varchar(80) NOT NULL,
        order_id integer NOT NULL REFERENCES production_order (id) ON DELETE RESTRICT,
        lay_id integer NOT NULL REFERENCES cut_lay (id) ON DELETE RESTRICT,
        bundle_no integer NOT NULL CHECK (bundle_no > 0),
        color_id integer NOT NULL REFERENCES color (id) ON DELETE RESTRICT,
        size_id integer NOT NULL REFERENCES size (id) ON DELETE RESTRICT,
        quantity integer NOT NULL CHECK (quantity > 0),
        rejected integer NOT NULL DEFAULT 0 CHECK (rejected >= 0 AND rejected <= quantity),
        voided boolean NOT NULL DEFAULT false,
        last_scan_at timestamptz,
        last_process_id integer REFERENCES process (id) ON DELETE SET NULL,
        last_worker_id integer REFERENCES app_user (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX bundle_code_unique ON bundle (lower(code))`);
    await queryRunner.query(`CREATE UNIQUE INDEX bundle_number_unique ON bundle (order_id, bundle_no)`);
    await queryRunner.query(`CREATE INDEX bundle_lay_index ON bundle (lay_id)`);
    // "Stuck" and WIP read the live bundles of open orders by their last movement.
    await queryRunner.query(`CREATE INDEX bundle_last_scan_index ON bundle (last_scan_at) WHERE NOT voided`);

    await queryRunner.query(`
      ALTER TABLE scan
        ADD COLUMN bundle_id bigint REFERENCES bundle (id) ON DELETE RESTRICT,
        ADD COLUMN kind varchar(16) NOT NULL DEFAULT 'normal' CHECK (kind IN ('normal', 'rework', 'chargeBack'))`);
    await queryRunner.query(`CREATE INDEX scan_bundle_index ON scan (bundle_id, process_id) WHERE bundle_id IS NOT NULL`);

    await queryRunner.query(`
      CREATE TABLE bundle_inspection (
        id bigserial PRIMARY KEY,
        scan_id varchar(64) NOT NULL,
        bundle_id bigint NOT NULL REFERENCES bundle (id) ON DELETE RESTRICT,
        process_id integer NOT NULL REFERENCES process (id) ON DELETE RESTRICT,
        inspector_id integer REFERENCES app_user (id) ON DELETE SET NULL,
        passed integer NOT NULL CHECK (passed >= 0),
        recorded_at timestamptz NOT NULL DEFAULT now(),
        result jsonb NOT NULL
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX bundle_inspection_scan_id_unique ON bundle_inspection (scan_id)`);
    await queryRunner.query(`CREATE INDEX bundle_inspection_bundle_index ON bundle_inspection (bundle_id)`);

    await queryRunner.query(`
      CREATE TABLE bundle_defect (
        id bigserial PRIMARY KEY,
        inspection_id bigint NOT NULL REFERENCES bundle_inspection (id) ON DELETE RESTRICT,
        bundle_id bigint NOT NULL REFERENCES bundle (id) ON DELETE RESTRICT,
        qc_process_id integer NOT NULL REFERENCES process (id) ON DELETE RESTRICT,
        defect_type_id integer NOT NULL REFERENCES defect_type (id) ON DELETE RESTRICT,
        quantity integer NOT NULL CHECK (quantity > 0),
        disposition varchar(8) NOT NULL CHECK (disposition IN ('rework', 'reject')),
        rework_process_id integer REFERENCES process (id) ON DELETE RESTRICT,
        reworked integer NOT NULL DEFAULT 0,
        responsible_worker_id integer REFERENCES app_user (id) ON DELETE SET NULL,
        recorded_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((disposition = 'rework') = (rework_process_id IS NOT NULL)),
        CHECK (reworked >= 0 AND reworked <= quantity AND (disposition = 'rework' OR reworked = 0))
      )`);
    await queryRunner.query(`CREATE INDEX bundle_defect_bundle_index ON bundle_defect (bundle_id)`);
    await queryRunner.query(`CREATE INDEX bundle_defect_type_index ON bundle_defect (defect_type_id)`);

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
    await queryRunner.query(`DROP TABLE bundle_defect`);
    await queryRunner.query(`DROP TABLE bundle_inspection`);
    await queryRunner.query(`ALTER TABLE scan DROP COLUMN bundle_id, DROP COLUMN kind`);
    await queryRunner.query(`DROP TABLE bundle`);
    await queryRunner.query(`DROP TABLE cut_lay`);
    await queryRunner.query(`DROP TABLE defect_type`);
    await queryRunner.query(`ALTER TABLE process DROP COLUMN qc, DROP COLUMN rework_rate`);
  }
}
