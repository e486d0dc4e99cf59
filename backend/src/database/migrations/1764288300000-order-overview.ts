import type { MigrationInterface, QueryRunner } from 'typeorm';

// The order overview screen (route OrderOverview, issue 11). Nobody loses a page they had: the
// overview shows what the production-order and schedule screens showed, so the administrator,
// every role and every user (extra pages) holding ProductionOrder or Schedule gets it. Roles
// created later are edited on the permission screen like any other.
const SCREEN = 'OrderOverview';
const IMPLIED_BY = ['ProductionOrder', 'Schedule'];

export class OrderOverview1764288300000 implements MigrationInterface {
  name = 'OrderOverview1764288300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE app_user SET permissions = ARRAY(SELECT DISTINCT unnest(permissions || ARRAY[$1::text]) ORDER BY 1)
        WHERE (lower(username) = 'admin' OR permissions && $2::text[]) AND NOT ($1::text = ANY (permissions))`,
      [SCREEN, IMPLIED_BY],
    );
    await queryRunner.query(
      `UPDATE app_role SET permissions = ARRAY(SELECT DISTINCT unnest(permissions || ARRAY[$1::text]) ORDER BY 1), version = version + 1, updated_at = now()
        WHERE permissions && $2::text[] AND NOT ($1::text = ANY (permissions))`,
      [SCREEN, IMPLIED_BY],
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE app_user SET permissions = array_remove(permissions, $1::text) WHERE $1::text = ANY (permissions)`, [SCREEN]);
    await queryRunner.query(`UPDATE app_role SET permissions = array_remove(permissions, $1::text), version = version + 1, updated_at = now() WHERE $1::text = ANY (permissions)`, [SCREEN]);
  }
}
