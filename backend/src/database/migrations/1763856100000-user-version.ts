import type { MigrationInterface, QueryRunner } from 'typeorm';

// Users get optimistic concurrency like every other edited record, and the administrator is
// granted the screens added with the master data.
const NEW_SCREENS = [
  'Company', 'Department', 'Process', 'Goods', 'OrderType', 'Color', 'Category', 'TranOrderType', 'PayMethod',
  'Size', 'UnitGroup', 'Currency', 'Salesperson', 'Designer', 'Merchandiser', 'Customer', 'User', 'Permission',
];

export class UserVersion1763856100000 implements MigrationInterface {
  name = 'UserVersion1763856100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE app_user ADD COLUMN version integer NOT NULL DEFAULT 1`);
    await queryRunner.query(
      `UPDATE app_user SET permissions = ARRAY(SELECT DISTINCT unnest(permissions || $1::text[]) ORDER BY 1)
        WHERE lower(username) = 'admin'`,
      [NEW_SCREENS],
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE app_user DROP COLUMN version`);
  }
}
