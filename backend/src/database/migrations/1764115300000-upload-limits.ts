import type { MigrationInterface, QueryRunner } from 'typeorm';

// Uploads served by id check whether the image is a production order's document (the document
// rule then applies, upload/document-access.ts): every image and thumbnail request asks
// "which orders have this document", so that lookup needs an index.
export class UploadLimits1764115300000 implements MigrationInterface {
  name = 'UploadLimits1764115300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX production_order_document_idx ON production_order (document) WHERE document IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX production_order_document_idx`);
  }
}
