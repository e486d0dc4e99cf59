import type { MigrationInterface, QueryRunner } from 'typeorm';

// Master data of a garment factory. Codes are unique trimmed and case-insensitively (unique
// index on lower(code), named <table>_code_unique: the service maps it to "code already
// exists"). References are RESTRICT: a record in use cannot be deleted.
const META = `
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()`;

const CODE_AND_NAME = `
  id serial PRIMARY KEY,
  code varchar(32) NOT NULL,
  name varchar(64) NOT NULL,
  note varchar(500) NOT NULL DEFAULT ''`;

function codeAndNameTable(table: string, extra = ''): string {
  return `CREATE TABLE ${table} (${CODE_AND_NAME},${extra ? `${extra},` : ''}${META})`;
}

const SIMPLE_TABLES: [string, string][] = [
  ['goods_category', 'sort_order integer NOT NULL DEFAULT 0'],
  ['tran_order_type', ''],
  ['pay_method', ''],
  ['unit_group', ''],
  ['currency', `symbol varchar(8) NOT NULL DEFAULT ''`],
  ['salesperson', `phone varchar(32) NOT NULL DEFAULT ''`],
  ['designer', `phone varchar(32) NOT NULL DEFAULT ''`],
  ['merchandiser', `phone varchar(32) NOT NULL DEFAULT ''`],
  ['order_type', ''],
  ['color', `hex varchar(7) NOT NULL DEFAULT '', card_image varchar(32)`],
];

export class MasterData1763856000000 implements MigrationInterface {
  name = 'MasterData1763856000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE department ADD COLUMN version integer NOT NULL DEFAULT 1, ADD COLUMN note varchar(500) NOT NULL DEFAULT ''`);
    await queryRunner.query(`ALTER INDEX department_code_unique RENAME TO department_code_unique_old`);
    await queryRunner.query(`CREATE UNIQUE INDEX department_code_unique ON department (lower(code))`);
    await queryRunner.query(`DROP INDEX department_code_unique_old`);

    for (const [table, extra] of SIMPLE_TABLES) {
      await queryRunner.query(codeAndNameTable(table, extra));
      await queryRunner.query(`CREATE UNIQUE INDEX ${table}_code_unique ON ${table} (lower(code))`);
    }

    await queryRunner.query(`
      CREATE TABLE customer (
        id serial PRIMARY KEY,
        code varchar(32) NOT NULL,
        short_name varchar(64) NOT NULL,
        full_name varchar(128) NOT NULL DEFAULT '',
        phone varchar(32) NOT NULL DEFAULT '',
        fax varchar(32) NOT NULL DEFAULT '',
        email varchar(128) NOT NULL DEFAULT '',
        address varchar(255) NOT NULL DEFAULT '',
        note varchar(500) NOT NULL DEFAULT '',${META}
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX customer_code_unique ON customer (lower(code))`);

    // Document types are fixed by the system: seeded here, listed only.
    await queryRunner.query(`
      INSERT INTO order_type (code, name, note) VALUES
        ('SO', '销售订单 Sales order', ''),
        ('PO', '生产订单 Production order', ''),
        ('SMP', '样衣单 Sample order', ''),
        ('RW', '返工单 Rework order', '')`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE customer`);
    for (const [table] of [...SIMPLE_TABLES].reverse()) await queryRunner.query(`DROP TABLE ${table}`);
    await queryRunner.query(`ALTER TABLE department DROP COLUMN version, DROP COLUMN note`);
  }
}
