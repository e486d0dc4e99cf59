import type { MigrationInterface, QueryRunner } from 'typeorm';

// Process flow, size groups, goods with their colours and sizes, the company record and
// uploaded images. Literal SQL, like every migration: never generated from the definitions, so
// a later change of a definition cannot silently rewrite history.
//
// - Codes are unique trimmed and case-insensitively (<table>_code_unique on lower(code)).
// - At most one end process and one warehouse-in process: partial unique indexes, so the
//   database itself holds the rule even if a writer forgets to clear the other flag.
// - Child rows (steps, sizes, a style's colours and sizes) CASCADE with their owner; references
//   to other master data are RESTRICT, so a colour, size or category in use cannot vanish.
// - Image columns hold an upload id; the services check it exists (upload ids are char(32),
//   image columns varchar(32) like color.card_image, so no foreign key).
const META = `
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()`;

export class ProcessGoodsSizes1763856200000 implements MigrationInterface {
  name = 'ProcessGoodsSizes1763856200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE process (
        id serial PRIMARY KEY,
        code varchar(32) NOT NULL,
        name varchar(64) NOT NULL,
        sort_order integer NOT NULL DEFAULT 0,
        end_process boolean NOT NULL DEFAULT false,
        warehouse_in boolean NOT NULL DEFAULT false,
        warehouse_out boolean NOT NULL DEFAULT false,
        workshop boolean NOT NULL DEFAULT false,
        cutting boolean NOT NULL DEFAULT false,
        piece_rate numeric(10,2),
        note varchar(500) NOT NULL DEFAULT '',${META}
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX process_code_unique ON process (lower(code))`);
    await queryRunner.query(`CREATE UNIQUE INDEX process_end_process_unique ON process ((true)) WHERE end_process`);
    await queryRunner.query(`CREATE UNIQUE INDEX process_warehouse_in_unique ON process ((true)) WHERE warehouse_in`);

    await queryRunner.query(`
      CREATE TABLE process_step (
        id serial PRIMARY KEY,
        process_id integer NOT NULL REFERENCES process (id) ON DELETE CASCADE,
        sequence integer NOT NULL,
        name varchar(64) NOT NULL,
        piece_rate numeric(10,2),
        UNIQUE (process_id, sequence)
      )`);

    await queryRunner.query(`
      CREATE TABLE size_group (
        id serial PRIMARY KEY,
        code varchar(32) NOT NULL,
        name varchar(64) NOT NULL,
        note varchar(500) NOT NULL DEFAULT '',${META}
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX size_group_code_unique ON size_group (lower(code))`);

    await queryRunner.query(`
      CREATE TABLE size (
        id serial PRIMARY KEY,
        size_group_id integer NOT NULL REFERENCES size_group (id) ON DELETE CASCADE,
        name varchar(16) NOT NULL,
        sort_order integer NOT NULL DEFAULT 0
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX size_name_unique ON size (size_group_id, lower(name))`);

    await queryRunner.query(`
      CREATE TABLE goods (
        id serial PRIMARY KEY,
        code varchar(32) NOT NULL,
        name varchar(128) NOT NULL,
        category_id integer NOT NULL REFERENCES goods_category (id) ON DELETE RESTRICT,
        unit_group_id integer REFERENCES unit_group (id) ON DELETE RESTRICT,
        size_group_id integer NOT NULL REFERENCES size_group (id) ON DELETE RESTRICT,
        cost_price numeric(12,2),
        sales_price numeric(12,2),
        image varchar(32),
        note varchar(500) NOT NULL DEFAULT '',${META}
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX goods_code_unique ON goods (lower(code))`);
    // The delete guard counts rows per referenced id: keep those counts indexed.
    await queryRunner.query(`CREATE INDEX goods_category_id_index ON goods (category_id)`);
    await queryRunner.query(`CREATE INDEX goods_unit_group_id_index ON goods (unit_group_id)`);
    await queryRunner.query(`CREATE INDEX goods_size_group_id_index ON goods (size_group_id)`);

    await queryRunner.query(`
      CREATE TABLE goods_color (
        goods_id integer NOT NULL REFERENCES goods (id) ON DELETE CASCADE,
        color_id integer NOT NULL REFERENCES color (id) ON DELETE RESTRICT,
        sort_order integer NOT NULL DEFAULT 0,
        PRIMARY KEY (goods_id, color_id)
      )`);
    await queryRunner.query(`CREATE INDEX goods_color_color_id_index ON goods_color (color_id)`);

    await queryRunner.query(`
      CREATE TABLE goods_size (
        goods_id integer NOT NULL REFERENCES goods (id) ON DELETE CASCADE,
        size_id integer NOT NULL REFERENCES size (id) ON DELETE RESTRICT,
        PRIMARY KEY (goods_id, size_id)
      )`);
    await queryRunner.query(`CREATE INDEX goods_size_size_id_index ON goods_size (size_id)`);

    await queryRunner.query(`
      CREATE TABLE company (
        id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        name varchar(128) NOT NULL DEFAULT '',
        short_name varchar(64) NOT NULL DEFAULT '',
        phone varchar(32) NOT NULL DEFAULT '',
        fax varchar(32) NOT NULL DEFAULT '',
        email varchar(128) NOT NULL DEFAULT '',
        address varchar(255) NOT NULL DEFAULT '',
        tax_number varchar(32) NOT NULL DEFAULT '',
        logo varchar(32),
        note varchar(500) NOT NULL DEFAULT '',${META}
      )`);

    // created_by has no foreign key on purpose: it is a record of who uploaded, and must not make
    // a user undeletable (the delete guard treats every foreign key as "in use").
    await queryRunner.query(`
      CREATE TABLE upload (
        id char(32) PRIMARY KEY,
        kind varchar(16) NOT NULL,
        mime varchar(64) NOT NULL,
        width integer NOT NULL,
        height integer NOT NULL,
        bytes integer NOT NULL,
        created_by integer,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['upload', 'company', 'goods_size', 'goods_color', 'goods', 'size', 'size_group', 'process_step', 'process']) {
      await queryRunner.query(`DROP TABLE ${table}`);
    }
  }
}
