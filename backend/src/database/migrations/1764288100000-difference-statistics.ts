import type { MigrationInterface, QueryRunner } from 'typeorm';

// Difference statistics (route StatisticsDifference, contracts/difference.ts).
//
// - The administrator gets the new screen (existing databases too; a new one gets every
//   permission name when the admin is created).
// - The demo roles that need it — production manager and merchandiser — get it where they were
//   already seeded (found by their seeded names; a role an administrator renamed is theirs and is
//   left alone). A new database seeds them with it (seed/demo-data.ts).
// - No new index: the report reads production_order through its existing indexes (shown by
//   delivery date, customer, style) and the counters through their keys (steps by
//   (order_id, sequence), cells and cell progress by primary keys starting with order_id).
//   backend/bench/difference.bench.ts measured it at 50,000 orders (docs/ARCHITECTURE.md).
const SCREEN = 'StatisticsDifference';
const DEMO_ROLES = ['生产经理 Production manager', '跟单员 Merchandiser'];

export class DifferenceStatistics1764288100000 implements MigrationInterface {
  name = 'DifferenceStatistics1764288100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE app_user SET permissions = ARRAY(SELECT DISTINCT unnest(permissions || ARRAY[$1]::text[]) ORDER BY 1)
        WHERE lower(username) = 'admin'`,
      [SCREEN],
    );
    await queryRunner.query(
      `UPDATE app_role SET permissions = permissions || ARRAY[$1]::text[], version = version + 1, updated_at = now()
        WHERE name = ANY ($2::text[]) AND NOT ($1 = ANY (permissions))`,
      [SCREEN, DEMO_ROLES],
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE app_user SET permissions = array_remove(permissions, $1) WHERE $1 = ANY (permissions)`, [SCREEN]);
    await queryRunner.query(
      `UPDATE app_role SET permissions = array_remove(permissions, $1), version = version + 1, updated_at = now() WHERE $1 = ANY (permissions)`,
      [SCREEN],
    );
  }
}
