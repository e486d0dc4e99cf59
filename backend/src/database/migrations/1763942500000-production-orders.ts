import type { MigrationInterface, QueryRunner } from 'typeorm';

// Production orders: one style of one customer order, with its colour × size grid and the
// process route it follows (contracts/orders.ts).
//
// - order_no is unique case-insensitively (production_order_order_no_unique on lower(order_no)).
// - A sales-order line goes into at most one production order: a partial unique index, so two
//   users converting the same line at once cannot both succeed.
// - Cells and steps CASCADE with their order; references to master data and sales orders are
//   RESTRICT, so a style, colour, size, process or sales-order line in production cannot vanish.
// - reviewed_by is a record of who reviewed (user id, no foreign key: it must not make a user
//   undeletable); document is an upload id (varchar(32) like goods.image, checked by the service).
const META = `
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()`;

export class ProductionOrders1763942500000 implements MigrationInterface {
  name = 'ProductionOrders1763942500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE production_order (
        id serial PRIMARY KEY,
        order_no varchar(32) NOT NULL,
        sale_order_id integer REFERENCES sale_order (id) ON DELETE RESTRICT,
        sale_order_line_id integer REFERENCES sale_order_line (id) ON DELETE RESTRICT,
        customer_id integer NOT NULL REFERENCES customer (id) ON DELETE RESTRICT,
        goods_id integer NOT NULL REFERENCES goods (id) ON DELETE RESTRICT,
        product_name varchar(128) NOT NULL DEFAULT '',
        customer_order_no varchar(64) NOT NULL DEFAULT '',
        order_date date NOT NULL,
        delivery_date date NOT NULL,
        total_quantity integer NOT NULL DEFAULT 0 CHECK (total_quantity >= 0),
        note varchar(500) NOT NULL DEFAULT '',
        reviewed boolean NOT NULL DEFAULT false,
        reviewed_at date,
        review_note varchar(500) NOT NULL DEFAULT '',
        reviewed_by integer,
        hidden boolean NOT NULL DEFAULT false,
        document varchar(32),
        document_uploaded_at timestamptz,
        completed boolean NOT NULL DEFAULT false,${META}
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX production_order_order_no_unique ON production_order (lower(order_no))`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX production_order_sale_order_line_unique ON production_order (sale_order_line_id) WHERE sale_order_line_id IS NOT NULL`,
    );
    // The default list: shown orders by delivery date; filters by customer and style; the
    // reference guard counts rows per referenced id.
    await queryRunner.query(`CREATE INDEX production_order_shown_delivery_index ON production_order (delivery_date, id) WHERE NOT hidden`);
    await queryRunner.query(`CREATE INDEX production_order_delivery_index ON production_order (delivery_date, id)`);
    await queryRunner.query(`CREATE INDEX production_order_hidden_index ON production_order (hidden)`);
    await queryRunner.query(`CREATE INDEX production_order_customer_id_index ON production_order (customer_id)`);
    await queryRunner.query(`CREATE INDEX production_order_goods_id_index ON production_order (goods_id)`);
    await queryRunner.query(`CREATE INDEX production_order_sale_order_id_index ON production_order (sale_order_id)`);

    await queryRunner.query(`
      CREATE TABLE production_order_cell (
        order_id integer NOT NULL REFERENCES production_order (id) ON DELETE CASCADE,
        color_id integer NOT NULL REFERENCES color (id) ON DELETE RESTRICT,
        size_id integer NOT NULL REFERENCES size (id) ON DELETE RESTRICT,
        quantity integer NOT NULL CHECK (quantity > 0),
        PRIMARY KEY (order_id, color_id, size_id)
      )`);
    await queryRunner.query(`CREATE INDEX production_order_cell_color_id_index ON production_order_cell (color_id)`);
    await queryRunner.query(`CREATE INDEX production_order_cell_size_id_index ON production_order_cell (size_id)`);

    await queryRunner.query(`
      CREATE TABLE production_order_step (
        id serial PRIMARY KEY,
        order_id integer NOT NULL REFERENCES production_order (id) ON DELETE CASCADE,
        process_id integer NOT NULL REFERENCES process (id) ON DELETE RESTRICT,
        sequence integer NOT NULL,
        due_date date NOT NULL,
        planned_quantity integer NOT NULL DEFAULT 0 CHECK (planned_quantity >= 0),
        UNIQUE (order_id, sequence),
        UNIQUE (order_id, process_id)
      )`);
    await queryRunner.query(`CREATE INDEX production_order_step_process_id_index ON production_order_step (process_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['production_order_step', 'production_order_cell', 'production_order']) {
      await queryRunner.query(`DROP TABLE ${table}`);
    }
  }
}
