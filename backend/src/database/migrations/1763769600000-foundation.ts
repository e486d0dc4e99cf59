import type { MigrationInterface, QueryRunner } from 'typeorm';

// Users, sessions, departments, settings and the domain-event log that feeds every live screen.
export class Foundation1763769600000 implements MigrationInterface {
  name = 'Foundation1763769600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE department (
        id serial PRIMARY KEY,
        code varchar(32) NOT NULL,
        name varchar(64) NOT NULL,
        sort_order integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX department_code_unique ON department (lower(code))`);

    await queryRunner.query(`
      CREATE TABLE app_user (
        id serial PRIMARY KEY,
        username varchar(64) NOT NULL,
        nickname varchar(64) NOT NULL DEFAULT '',
        password_hash varchar(255) NOT NULL,
        mobile varchar(32) NOT NULL DEFAULT '',
        phone varchar(32) NOT NULL DEFAULT '',
        email varchar(128) NOT NULL DEFAULT '',
        position varchar(64) NOT NULL DEFAULT '',
        avatar varchar(255) NOT NULL DEFAULT '',
        department_id integer REFERENCES department (id) ON DELETE RESTRICT,
        enabled boolean NOT NULL DEFAULT true,
        permissions text[] NOT NULL DEFAULT '{}',
        process_ids integer[] NOT NULL DEFAULT '{}',
        attachment_process_ids integer[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX app_user_username_unique ON app_user (lower(username))`);

    await queryRunner.query(`
      CREATE TABLE user_session (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        token_hash char(64) NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        ip varchar(64) NOT NULL DEFAULT '',
        user_agent varchar(255) NOT NULL DEFAULT ''
      )`);
    await queryRunner.query(`CREATE INDEX user_session_user ON user_session (user_id)`);

    await queryRunner.query(`
      CREATE TABLE system_setting (
        key varchar(64) PRIMARY KEY,
        value jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    // seq comes from a database sequence so it increases across every app instance.
    // created_at uses clock_timestamp(): the moment of the insert, just before commit, which the
    // replay window relies on (see event-store.ts).
    await queryRunner.query(`
      CREATE TABLE domain_event (
        seq bigserial PRIMARY KEY,
        name varchar(64) NOT NULL,
        rooms text[] NOT NULL,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await queryRunner.query(`CREATE INDEX domain_event_created_at ON domain_event (created_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE domain_event`);
    await queryRunner.query(`DROP TABLE system_setting`);
    await queryRunner.query(`DROP TABLE user_session`);
    await queryRunner.query(`DROP TABLE app_user`);
    await queryRunner.query(`DROP TABLE department`);
  }
}
