import type { MigrationInterface, QueryRunner } from 'typeorm';

// Kiosk TVs and board profiles (issue 13 item 6).
// - board_profile: named board settings (processes, customers, display mode, presentation =
//   refreshType, refresh interval, sort). There is no row for the default profile: a device
//   without a profile shows the dashboard settings exactly as every board did before.
// - board_device: a paired TV. Only the SHA-256 of its key is stored (the key is shown once, at
//   pairing). Deleting a profile moves its devices to the default profile (ON DELETE SET NULL):
//   a TV on the wall keeps showing a board rather than going dark.
export class BoardProfiles1764289200000 implements MigrationInterface {
  name = 'BoardProfiles1764289200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE board_profile (
        id serial PRIMARY KEY,
        name varchar(64) NOT NULL,
        process_ids integer[] NOT NULL DEFAULT '{}',
        customer_ids integer[] NOT NULL DEFAULT '{}',
        display_mode varchar(16) NOT NULL,
        refresh_type smallint NOT NULL,
        refresh_interval integer NOT NULL,
        sort_by varchar(32) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Names are told apart without regard to case ("Line 1" and "line 1" are the same TV group).
    await queryRunner.query(`CREATE UNIQUE INDEX board_profile_name_unique ON board_profile (lower(name))`);
    await queryRunner.query(`
      CREATE TABLE board_device (
        id serial PRIMARY KEY,
        name varchar(64) NOT NULL,
        profile_id integer REFERENCES board_profile (id) ON DELETE SET NULL,
        key_hash char(64) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz,
        revoked_at timestamptz
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX board_device_key_hash_unique ON board_device (key_hash)`);
    await queryRunner.query(`CREATE INDEX board_device_profile_index ON board_device (profile_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE board_device`);
    await queryRunner.query(`DROP TABLE board_profile`);
  }
}
