import type { MigrationInterface, QueryRunner } from 'typeorm';

// Attachments (issue 12): every upload becomes an attachment record, and its bytes move into the
// database so that every instance reads the same files and backups, restores and clears include them.
//
// - upload keeps its 32-hex id (every goods.image, color.card_image, company.logo and
//   production_order.document keeps working) and gains: name (the file name as uploaded), number
//   (a human number from a sequence, in upload order), kind 'image' | 'pdf' (was always 'image'),
//   bytes = the stored size; created_by / created_at are "uploaded by / at". width and height are
//   null for PDFs.
// - upload_blob: the bytes, one row per variant: 'image' + 'thumbnail' (re-encoded WebP) for an
//   image, 'original' (as uploaded) for a PDF. Deleting the upload deletes its bytes.
// - production_order_document: an order's documents (several images and PDFs), the owning record
//   of a document attachment. production_order.document stays as "the newest document" so the
//   list's "document uploaded" flag, the review check and GET productionOrder/document keep their
//   meaning; existing documents are copied into the link table.
// - production_order.hidden_at: when an order was hidden (clear documents takes orders completed
//   or hidden before a date); orders hidden already take their last change as that time.
// Files under DATA_DIR/uploads are copied in at boot by the application (upload/legacy-file-import.ts):
// a migration cannot know the data directory.
export class Attachments1764288700000 implements MigrationInterface {
  name = 'Attachments1764288700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE SEQUENCE upload_number_seq`);
    await queryRunner.query(`
      ALTER TABLE upload
        ADD COLUMN name varchar(255) NOT NULL DEFAULT '',
        ADD COLUMN number bigint,
        ALTER COLUMN width DROP NOT NULL,
        ALTER COLUMN height DROP NOT NULL`);
    await queryRunner.query(`
      UPDATE upload SET number = numbered.n
        FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM upload) AS numbered
       WHERE upload.id = numbered.id`);
    await queryRunner.query(`SELECT setval('upload_number_seq', COALESCE((SELECT max(number) FROM upload), 0) + 1, false)`);
    await queryRunner.query(`ALTER TABLE upload ALTER COLUMN number SET DEFAULT nextval('upload_number_seq'), ALTER COLUMN number SET NOT NULL`);
    await queryRunner.query(`ALTER SEQUENCE upload_number_seq OWNED BY upload.number`);
    await queryRunner.query(`CREATE UNIQUE INDEX upload_number_unique ON upload (number)`);
    // The orphan cleanup looks at old uploads first.
    await queryRunner.query(`CREATE INDEX upload_created_at_index ON upload (created_at)`);

    await queryRunner.query(`
      CREATE TABLE upload_blob (
        upload_id char(32) NOT NULL REFERENCES upload (id) ON DELETE CASCADE,
        variant varchar(16) NOT NULL,
        data bytea NOT NULL,
        PRIMARY KEY (upload_id, variant)
      )`);

    await queryRunner.query(`
      CREATE TABLE production_order_document (
        order_id integer NOT NULL REFERENCES production_order (id) ON DELETE CASCADE,
        upload_id char(32) NOT NULL REFERENCES upload (id) ON DELETE CASCADE,
        added_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (order_id, upload_id)
      )`);
    await queryRunner.query(`CREATE INDEX production_order_document_upload_index ON production_order_document (upload_id)`);
    await queryRunner.query(`
      INSERT INTO production_order_document (order_id, upload_id, added_at)
      SELECT p.id, u.id, COALESCE(p.document_uploaded_at, u.created_at)
        FROM production_order p JOIN upload u ON u.id = p.document
      ON CONFLICT DO NOTHING`);

    await queryRunner.query(`ALTER TABLE production_order ADD COLUMN hidden_at timestamptz`);
    await queryRunner.query(`UPDATE production_order SET hidden_at = updated_at WHERE hidden`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE production_order DROP COLUMN hidden_at`);
    await queryRunner.query(`DROP TABLE production_order_document`);
    await queryRunner.query(`DROP TABLE upload_blob`);
    await queryRunner.query(`DROP INDEX upload_created_at_index`);
    await queryRunner.query(`DROP INDEX upload_number_unique`);
    await queryRunner.query(`UPDATE upload SET width = 0 WHERE width IS NULL`);
    await queryRunner.query(`UPDATE upload SET height = 0 WHERE height IS NULL`);
    await queryRunner.query(`
      ALTER TABLE upload
        DROP COLUMN number,
        DROP COLUMN name,
        ALTER COLUMN width SET NOT NULL,
        ALTER COLUMN height SET NOT NULL`);
  }
}
