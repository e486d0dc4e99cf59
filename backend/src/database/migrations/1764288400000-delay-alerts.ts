import type { MigrationInterface, QueryRunner } from 'typeorm';

// Live delay alerts (contracts/alerts.ts).
//
// - delay_alert: one row per raised alert; cleared_at is set when its cause goes away. The partial
//   unique index allows one OPEN alert per (kind, order, process) — NULLS NOT DISTINCT, so the
//   order-level alert (process_id null) is unique too. Raising is `INSERT … ON CONFLICT DO
//   NOTHING`: two evaluations, on one instance or two, never raise the same alert twice.
// - user_notification: one per user per alert (primary-key-like unique pair); read_at is the
//   user's own "mark read". The bell reads a user's newest first (index).
// - production_order_follower: users who follow an order (no such feature existed); they are
//   told about its alerts like its merchandiser.
// Alerts, notifications and followers go with their order (CASCADE): a deleted order has no
// cause left. A deleted user takes their notifications and follows along.
export class DelayAlerts1764288400000 implements MigrationInterface {
  name = 'DelayAlerts1764288400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE delay_alert (
        id serial PRIMARY KEY,
        kind varchar(16) NOT NULL CHECK (kind IN ('stepOverdue', 'deliveryAtRisk')),
        order_id integer NOT NULL REFERENCES production_order (id) ON DELETE CASCADE,
        process_id integer REFERENCES process (id) ON DELETE CASCADE,
        detail jsonb NOT NULL DEFAULT '{}',
        raised_at timestamptz NOT NULL,
        cleared_at timestamptz,
        CHECK ((kind = 'stepOverdue') = (process_id IS NOT NULL))
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX delay_alert_open_unique ON delay_alert (kind, order_id, process_id) NULLS NOT DISTINCT WHERE cleared_at IS NULL`,
    );
    await queryRunner.query(`CREATE INDEX delay_alert_order_index ON delay_alert (order_id)`);
    await queryRunner.query(`CREATE INDEX delay_alert_process_index ON delay_alert (process_id)`);

    await queryRunner.query(`
      CREATE TABLE user_notification (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        alert_id integer NOT NULL REFERENCES delay_alert (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        read_at timestamptz,
        UNIQUE (alert_id, user_id)
      )`);
    await queryRunner.query(`CREATE INDEX user_notification_user_index ON user_notification (user_id, id DESC)`);

    await queryRunner.query(`
      CREATE TABLE production_order_follower (
        order_id integer NOT NULL REFERENCES production_order (id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (order_id, user_id)
      )`);
    await queryRunner.query(`CREATE INDEX production_order_follower_user_index ON production_order_follower (user_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE production_order_follower`);
    await queryRunner.query(`DROP TABLE user_notification`);
    await queryRunner.query(`DROP TABLE delay_alert`);
  }
}
