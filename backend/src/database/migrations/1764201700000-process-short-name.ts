import type { MigrationInterface, QueryRunner } from 'typeorm';

// A process's name on the TV boards. Column heads there are an eighth of the screen wide, so
// "入库 Warehouse-in" lost its end; an empty short name lets the boards abbreviate by language.
export class ProcessShortName1764201700000 implements MigrationInterface {
  name = 'ProcessShortName1764201700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE process ADD COLUMN short_name varchar(16) NOT NULL DEFAULT ''`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE process DROP COLUMN short_name`);
  }
}
