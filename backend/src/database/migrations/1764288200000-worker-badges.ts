import type { MigrationInterface, QueryRunner } from 'typeorm';

// A worker badge (issue 11): a shared station identifies the worker by a QR holding
// `SBW1:<badge_code>`. The code is random per user — 20 hex digits (80 bits) from
// gen_random_uuid(), which PostgreSQL draws from its strong random source — so a badge cannot be
// guessed from a username or an id. It is the column's default: every existing user gets one
// now (a volatile default is evaluated per row), every new one on insert, whoever inserts, and a
// renewal is `SET badge_code = DEFAULT`. Upper-case hex keeps the QR in its compact alphanumeric
// mode and reads the same from a wedge scanner with Caps Lock on (the lookup upper-cases).
export const BADGE_CODE_DEFAULT = `upper(substr(md5(gen_random_uuid()::text), 1, 20))`;

export class WorkerBadges1764288200000 implements MigrationInterface {
  name = 'WorkerBadges1764288200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE app_user ADD COLUMN badge_code varchar(32) NOT NULL DEFAULT ${BADGE_CODE_DEFAULT}`);
    await queryRunner.query(`ALTER TABLE app_user ADD CONSTRAINT app_user_badge_code_unique UNIQUE (badge_code)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE app_user DROP COLUMN badge_code`);
  }
}
