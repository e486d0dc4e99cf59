import type { MigrationInterface, QueryRunner } from 'typeorm';

// Sales orders (header, one line per style, a colour × size grid per line) and order numbering.
//
// - order_no is unique case-insensitively (sale_order_order_no_unique on lower(order_no)).
// - Totals (quantity, amount, cost, profit, profit rate) are derived by the service from the
//   lines and stored, so lists and sorting never aggregate the cells.
// - Lines and cells CASCADE with their order; references to master data are RESTRICT, so a
//   customer, style, colour or size in use cannot vanish. Production orders reference
//   sale_order_line.id (added by the production-order migration), so a line in production
//   cannot be removed either.
// - order_number_counter counts per resolved prefix (e.g. "SO202511-"); gaps are allowed,
//   duplicates never (INSERT … ON CONFLICT DO UPDATE … RETURNING inside the caller's transaction).
// - Indexes: every foreign key column (the delete guard counts per referenced id) and what the
//   list and the order-details query filter and sort on.
const META = `
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()`;

const NEW_SCREENS = ['SaleOrder', 'ProductionOrder', 'Order', 'OrderReview', 'OrderHide', 'SaleOrderSub'];

export class SalesOrders1763942400000 implements MigrationInterface {
  name = 'SalesOrders1763942400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE order_number_counter (
        prefix varchar(64) PRIMARY KEY,
        last integer NOT NULL
      )`);

    await queryRunner.query(`
      CREATE TABLE sale_order (
        id serial PRIMARY KEY,
        order_no varchar(32) NOT NULL,
        order_date date NOT NULL,
        delivery_date date NOT NULL,
        expected_delivery date,
        customer_id integer NOT NULL REFERENCES customer (id) ON DELETE RESTRICT,
        customer_order_no varchar(64) NOT NULL DEFAULT '',
        currency_id integer REFERENCES currency (id) ON DELETE RESTRICT,
        freight numeric(12,2) NOT NULL DEFAULT 0,
        pay_method_id integer REFERENCES pay_method (id) ON DELETE RESTRICT,
        order_type_id integer REFERENCES order_type (id) ON DELETE RESTRICT,
        shipment_place varchar(128) NOT NULL DEFAULT '',
        salesperson_id integer REFERENCES salesperson (id) ON DELETE RESTRICT,
        designer_id integer REFERENCES designer (id) ON DELETE RESTRICT,
        merchandiser_id integer REFERENCES merchandiser (id) ON DELETE RESTRICT,
        note varchar(500) NOT NULL DEFAULT '',
        total_quantity bigint NOT NULL DEFAULT 0,
        total_amount numeric(16,2) NOT NULL DEFAULT 0,
        total_cost numeric(16,2) NOT NULL DEFAULT 0,
        profit numeric(16,2) NOT NULL DEFAULT 0,
        profit_rate numeric(12,6) NOT NULL DEFAULT 0,
        CHECK (delivery_date >= order_date),${META}
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX sale_order_order_no_unique ON sale_order (lower(order_no))`);
    await queryRunner.query(`CREATE INDEX sale_order_order_date_index ON sale_order (order_date DESC, id DESC)`);
    await queryRunner.query(`CREATE INDEX sale_order_delivery_date_index ON sale_order (delivery_date)`);
    for (const column of ['customer_id', 'currency_id', 'pay_method_id', 'order_type_id', 'salesperson_id', 'designer_id', 'merchandiser_id']) {
      await queryRunner.query(`CREATE INDEX sale_order_${column}_index ON sale_order (${column})`);
    }

    await queryRunner.query(`
      CREATE TABLE sale_order_line (
        id serial PRIMARY KEY,
        sale_order_id integer NOT NULL REFERENCES sale_order (id) ON DELETE CASCADE,
        line_no integer NOT NULL,
        goods_id integer NOT NULL REFERENCES goods (id) ON DELETE RESTRICT,
        product_name varchar(128) NOT NULL DEFAULT '',
        cost_price numeric(12,2) NOT NULL DEFAULT 0 CHECK (cost_price >= 0),
        selling_price numeric(12,2) NOT NULL DEFAULT 0 CHECK (selling_price >= 0),
        packing_unit varchar(16) NOT NULL DEFAULT '',
        packing_quantity integer CHECK (packing_quantity >= 0),
        note varchar(500) NOT NULL DEFAULT '',
        quantity bigint NOT NULL DEFAULT 0,
        amount numeric(16,2) NOT NULL DEFAULT 0,
        cell_count integer NOT NULL DEFAULT 0
      )`);
    // One line per style and order; also serves "lines of an order". Deferred to commit, so an
    // update may swap the styles of two lines.
    await queryRunner.query(
      `ALTER TABLE sale_order_line ADD CONSTRAINT sale_order_line_goods_unique UNIQUE (sale_order_id, goods_id) DEFERRABLE INITIALLY DEFERRED`,
    );
    await queryRunner.query(`CREATE INDEX sale_order_line_goods_id_index ON sale_order_line (goods_id)`);

    await queryRunner.query(`
      CREATE TABLE sale_order_cell (
        line_id integer NOT NULL REFERENCES sale_order_line (id) ON DELETE CASCADE,
        color_id integer NOT NULL REFERENCES color (id) ON DELETE RESTRICT,
        size_id integer NOT NULL REFERENCES size (id) ON DELETE RESTRICT,
        quantity integer NOT NULL CHECK (quantity > 0),
        PRIMARY KEY (line_id, color_id, size_id)
      )`);
    await queryRunner.query(`CREATE INDEX sale_order_cell_color_id_index ON sale_order_cell (color_id)`);
    await queryRunner.query(`CREATE INDEX sale_order_cell_size_id_index ON sale_order_cell (size_id)`);

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
    for (const table of ['sale_order_cell', 'sale_order_line', 'sale_order', 'order_number_counter']) {
      await queryRunner.query(`DROP TABLE ${table}`);
    }
    await queryRunner.query(`DELETE FROM system_setting WHERE key LIKE 'order.numberPattern.%'`);
  }
}
