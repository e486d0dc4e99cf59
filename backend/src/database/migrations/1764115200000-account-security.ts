import type { MigrationInterface, QueryRunner } from 'typeorm';

// Account security (issue 9, items 5 and 8).
//
// - app_user.must_change_password: the password was set by someone else (an administrator's
//   reset, or a new account); until the user changes it, only changePassword, logout and
//   user/info are open to them.
// - app_user.password_is_default: the password is a published built-in default (the try-out's
//   admin123, the demo accounts); the screens warn until it is changed.
// - security_event: who did what to which account, from where, and how it ended. Written for
//   logins, logouts, password changes and resets, permission changes, user disable/delete and
//   board-key rotation; read by time (and by actor) by the future audit screen.
export class AccountSecurity1764115200000 implements MigrationInterface {
  name = 'AccountSecurity1764115200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE app_user
        ADD COLUMN must_change_password boolean NOT NULL DEFAULT false,
        ADD COLUMN password_is_default boolean NOT NULL DEFAULT false,
        ADD COLUMN password_changed_at timestamptz`);
    await queryRunner.query(`
      CREATE TABLE security_event (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        actor_user_id integer,
        actor_username varchar(64) NOT NULL DEFAULT '',
        action varchar(48) NOT NULL,
        target_type varchar(32) NOT NULL DEFAULT '',
        target_id varchar(64),
        target_label varchar(128) NOT NULL DEFAULT '',
        ip varchar(64) NOT NULL DEFAULT '',
        user_agent varchar(255) NOT NULL DEFAULT '',
        result varchar(16) NOT NULL CHECK (result IN ('success', 'failure', 'refused')),
        detail jsonb NOT NULL DEFAULT '{}'::jsonb
      )`);
    await queryRunner.query(`CREATE INDEX security_event_at_idx ON security_event (at DESC)`);
    await queryRunner.query(`CREATE INDEX security_event_actor_idx ON security_event (actor_user_id, at DESC)`);
    // Sessions are purged by expiry: let that delete find them without a scan.
    await queryRunner.query(`CREATE INDEX IF NOT EXISTS user_session_expires_idx ON user_session (expires_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS user_session_expires_idx`);
    await queryRunner.query(`DROP TABLE security_event`);
    await queryRunner.query(`ALTER TABLE app_user DROP COLUMN must_change_password, DROP COLUMN password_is_default, DROP COLUMN password_changed_at`);
  }
}
