import type { MigrationInterface, QueryRunner } from 'typeorm';

// The audit screen (/setting/audit) and user avatars (issue 12, items 4 and 5).
//
// - security_event_action_idx: the screen filters by action, newest first (the time and actor
//   filters already have their indexes from AccountSecurity1764115200000).
// - app_user.avatar: the id of an image the user uploaded (upload.id), or NULL for none. The
//   column was an unused URL text ('' for none): anything that is not an upload id becomes NULL.
// - The administrator gets the audit screen's permission (existing databases too).
const NEW_SCREENS = ['SettingAudit'];

export class AuditTrail1764289000000 implements MigrationInterface {
  name = 'AuditTrail1764289000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX IF NOT EXISTS security_event_action_idx ON security_event (action, at DESC)`);
    await queryRunner.query(`ALTER TABLE app_user ALTER COLUMN avatar DROP NOT NULL, ALTER COLUMN avatar DROP DEFAULT`);
    await queryRunner.query(`UPDATE app_user SET avatar = NULL WHERE avatar IS NOT NULL AND avatar !~ '^[0-9a-f]{32}$'`);
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
    await queryRunner.query(`UPDATE app_user SET avatar = '' WHERE avatar IS NULL`);
    await queryRunner.query(`ALTER TABLE app_user ALTER COLUMN avatar SET DEFAULT '', ALTER COLUMN avatar SET NOT NULL`);
    await queryRunner.query(`DROP INDEX IF EXISTS security_event_action_idx`);
  }
}
